package validate

import (
	"strings"

	"github.com/oncard/oncard/model"
)

// cardVersion is the A2A shape a card is written in. The v0.3 shape is still
// common; it is checked against its own required list and flagged once,
// instead of drowning the author in v1.0 errors.
type cardVersion int

const (
	cardV10  cardVersion = iota // supportedInterfaces, no v0.3 endpoint fields
	cardV03                     // top-level url/protocolVersion/preferredTransport, no supportedInterfaces
	cardDual                    // v1.0 interfaces incl. a 0.x one, plus the v0.3 fields for old clients
)

func detectCardVersion(root *model.Node) cardVersion {
	ifaces := memberOf(root, "supportedInterfaces") // the proto name counts too
	if ifaces == nil {
		if looksV03(root) {
			return cardV03
		}
		return cardV10
	}
	if model.IsDualCard(root) {
		return cardDual
	}
	return cardV10
}

// looksV03 recognises a card without supportedInterfaces that is written in
// the v0.3 shape: a top-level endpoint, or a 0.x protocolVersion. A card
// that claims protocolVersion "1.0" without any endpoint is treated as a
// v1.0 card missing its interfaces, which is the more useful verdict.
func looksV03(root *model.Node) bool {
	if root.Get("url") != nil || root.Get("preferredTransport") != nil {
		return true
	}
	return strings.HasPrefix(root.Get("protocolVersion").Text(), "0.")
}

// The v0.3 card shape (A2A 0.3.0 AgentCard), for cards written in it.
var (
	shapeV03Interface = object("AgentInterface (v0.3)", []string{"url", "transport"}, map[string]*shape{
		"url": shapeRequiredStr, "transport": shapeRequiredStr,
	})
	shapeV03Requirement = &shape{name: "security requirement (v0.3)", kind: model.Object, values: shapeStrings}
	shapeV03Scheme      = object("SecurityScheme (v0.3)", []string{"type"}, map[string]*shape{
		"type": {kind: anyKind, enum: []string{"apiKey", "http", "oauth2", "openIdConnect", "mutualTLS"}},
	})
	shapeV03Skill = func() *shape {
		s := *shapeSkill
		s.props = copyProps(shapeSkill.props)
		s.props["security"] = arrayOf(shapeV03Requirement, 0)
		return &s
	}()
	shapeV03Capabilities = func() *shape {
		s := *shapeCapabilities
		s.props = copyProps(shapeCapabilities.props)
		s.props["stateTransitionHistory"] = shapeBool
		return &s
	}()
	shapeCardV03 = func() *shape {
		props := copyProps(cardV10Props)
		delete(props, "supportedInterfaces")
		delete(props, "securityRequirements")
		props["url"] = shapeRequiredStr
		props["protocolVersion"] = shapeRequiredStr
		props["preferredTransport"] = shapeString
		props["additionalInterfaces"] = arrayOf(shapeV03Interface, 0)
		props["supportsAuthenticatedExtendedCard"] = shapeBool
		props["security"] = arrayOf(shapeV03Requirement, 0)
		props["securitySchemes"] = &shape{kind: model.Object, values: &shape{v03Scheme: true}}
		props["capabilities"] = shapeV03Capabilities
		props["skills"] = arrayOf(shapeV03Skill, 1)
		return object("AgentCard (v0.3)", []string{
			"capabilities", "defaultInputModes", "defaultOutputModes", "description", "name",
			"protocolVersion", "skills", "url", "version",
		}, props)
	}()
)

func copyProps(m map[string]*shape) map[string]*shape {
	c := make(map[string]*shape, len(m)+4)
	for k, v := range m {
		c[k] = v
	}
	return c
}

// checkV03Scheme checks a security scheme of a v0.3 card: the v0.3
// {"type": ...} form, or the v1.0 wrapped form when the author already
// upgraded it.
func (w *walker) checkV03Scheme(n *model.Node) {
	if n.Kind == model.Object && !w.strictV03 {
		for _, k := range securitySchemeWrappers {
			if n.Get(k) != nil {
				w.check(n, shapeSecurityScheme)
				return
			}
		}
	}
	w.check(n, shapeV03Scheme)
	if n.Kind != model.Object {
		return
	}
	if typ, ok := n.Get("type").Str(); ok {
		if body := shapeV03SchemeTypes[typ]; body != nil {
			w.checkObject(n, body)
		}
	}
}

// shapeV03SchemeTypes are the members each v0.3 scheme type requires (A2A
// 0.3.0: an apiKey scheme names where the key goes, "in", and its "name").
var shapeV03SchemeTypes = map[string]*shape{
	"apiKey": object("APIKeySecurityScheme (v0.3)", []string{"in", "name"}, map[string]*shape{
		"in": {kind: anyKind, enum: []string{"query", "header", "cookie"}}, "name": shapeRequiredStr, "description": shapeString,
	}),
	"http": object("HTTPAuthSecurityScheme (v0.3)", []string{"scheme"}, map[string]*shape{
		"scheme": shapeRequiredStr, "bearerFormat": shapeString, "description": shapeString,
	}),
	"oauth2": object("OAuth2SecurityScheme (v0.3)", []string{"flows"}, map[string]*shape{
		"flows": shapeObject, "description": shapeString, "oauth2MetadataUrl": shapeString,
	}),
	"openIdConnect": object("OpenIdConnectSecurityScheme (v0.3)", []string{"openIdConnectUrl"}, map[string]*shape{
		"openIdConnectUrl": shapeRequiredStr, "description": shapeString,
	}),
}

// v03Leftover is a v0.3 member and what v1.0 writes instead.
type v03Leftover struct{ key, instead string }

var v03TopLevelLeftovers = []v03Leftover{
	{"url", "supportedInterfaces[].url"},
	{"preferredTransport", "supportedInterfaces[].protocolBinding (the first interface is the preferred one)"},
	{"additionalInterfaces", "more supportedInterfaces entries"},
	{"protocolVersion", `supportedInterfaces[].protocolVersion ("1.0")`},
	{"supportsAuthenticatedExtendedCard", "capabilities.extendedAgentCard"},
	{"security", `securityRequirements: [{"schemes": {"<name>": {"list": [...]}}}]`},
}

// ruleA2AV03Requirement is a v0.3 security requirement that v1.0 readers
// drop (an error: the requirement silently disappears for every client).

const upgradeHint = `v1.0 writes securityRequirements: [{"schemes": {"<name>": {"list": [...]}}}]; oncard edit --upgrade CARD converts it`

// specRequirement writes the spec form of a v0.3 map-form requirement
// {name: [scopes]}: {"schemes": {name: {"list": [scopes]}}}, as the
// upgrade converts it.
func specRequirement(req *model.Node) string {
	var b strings.Builder
	b.WriteString(`{"schemes": {`)
	for i, m := range req.Members() {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(quoted(m.Key()) + `: {"list": `)
		switch m.Value.Kind {
		case model.Array:
			scopes := make([]string, m.Value.Len())
			for j, it := range m.Value.All() {
				scopes[j] = quoted(it.Text())
			}
			b.WriteString("[" + strings.Join(scopes, ", ") + "]")
		default:
			b.WriteString("[]")
		}
		b.WriteString("}")
	}
	b.WriteString("}}")
	return b.String()
}

// checkV03Leftovers warns about v0.3 members in a v1.0 card. A dual card
// keeps them on purpose and is not warned.
func checkV03Leftovers(r *report, root *model.Node, skills *skillIndex) {
	for _, l := range v03TopLevelLeftovers {
		if root.Get(l.key) == nil {
			continue
		}
		if l.key == "security" && root.Get("securityRequirements") == nil {
			r.emit(ruleA2AV03Requirement, "/security", `v0.3 "security" in a v1.0 card, which has no securityRequirements: v1.0 readers see no security requirement at all`, upgradeHint)
			continue
		}
		r.emit(ruleA2AV03Leftover, "/"+l.key, "v0.3 member "+quoted(l.key)+" in a v1.0 card", "v1.0 writes "+l.instead+"; keep both only for a dual card that also lists a 0.3 interface")
	}
	if caps := root.Get("capabilities"); caps.Get("stateTransitionHistory") != nil {
		r.emit(ruleA2AV03Leftover, "/capabilities/stateTransitionHistory", `"stateTransitionHistory" was removed in v1.0`, "remove it")
	}
	mapForm := func(ptr, list string, req *model.Node) {
		if list == "securityRequirements" && req.Kind == model.Object && req.Get("schemes") == nil && req.Len() > 0 {
			r.emit(ruleA2AV03Requirement, ptr, "security requirement in the v0.3 map form (no \"schemes\"): every v1.0 reader drops it, so the card asks for no security there", "v1.0 writes "+specRequirement(req)+"; oncard edit --upgrade CARD converts it")
		}
	}
	for _, key := range requirementLists {
		name, list := namedMember(root, key)
		eachRequirement("", name, key, list, mapForm)
	}
	// A skill's members are read once for both of its checks: its
	// leftovers, and its requirements in the map form.
	for i, sk := range r.eachSkillOf(famV03Leftovers, root.Get("skills"), skills.withRequirements) {
		if !skills.withRequirements(i) {
			continue // most skills have neither list: nothing to read
		}
		lists := readSkillLists(sk)
		skillRequirements(i, lists, mapForm)
		switch {
		case lists.security == nil:
		case lists.securityRequirements == nil:
			r.emit(ruleA2AV03Requirement, indexPtr("/skills", i)+"/security", `v0.3 "security" in a v1.0 skill, which has no securityRequirements: v1.0 readers see no security requirement for the skill`, upgradeHint)
		default:
			r.emit(ruleA2AV03Leftover, indexPtr("/skills", i)+"/security", "v0.3 member \"security\" in a v1.0 skill", `v1.0 writes securityRequirements: [{"schemes": {"<name>": {"list": [...]}}}]`)
		}
	}
}
