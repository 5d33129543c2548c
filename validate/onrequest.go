package validate

// The On Request extension: its entry points (a card's declaration, a
// standalone params document) and the checks against the card. The shapes
// are in onrequest_shape.go, the person-entry checks in onrequest_text.go
// and onrequest_caller.go; replies in reply.go.

import (
	"fmt"
	"strings"

	"github.com/oncard/oncard/model"
)

// OnRequestURI identifies the On Request extension (the model's constant).
const OnRequestURI = model.OnRequestURI

// The schema file is the spec's own, byte for byte; each shape is checked
// against its $defs member directly so that failures are specific.
const (
	onRequestSchemaFile = "on-request-v1.schema.json"
	onRequestDeclDef    = onRequestSchemaFile + "#/$defs/agentExtension"
	onRequestParamsDef  = onRequestSchemaFile + "#/$defs/params"
	onRequestReplyDef   = onRequestSchemaFile + "#/$defs/reply"
)

// checkOnRequestDecl checks one On Request AgentExtension entry of a card
// (ext at extPtr, e.g. /capabilities/extensions/0) against the card's root.
func checkOnRequestDecl(r *report, ext *model.Node, extPtr string, card *model.Node) {
	checkDeclShape(r, ext, extPtr)
	checkDuplicateDecl(r, ext, extPtr, card)
	checkOnRequestParams(r, ext.Get("params"), extPtr+"/params", &skillIndex{card: card})
}

// onRequest validates a standalone On Request document: the params object, or
// a whole AgentExtension entry (it has "uri" or "params"). With opts.Card the
// card checks run against that card.
func onRequest(doc *model.Doc, opts *Options) []Diagnostic {
	r := newReport(doc, opts)
	root := doc.Root()
	var cards *skillIndex
	if r.opts.Card != nil && r.opts.Card.Root() != nil {
		cards = &skillIndex{card: r.opts.Card.Root(), external: true}
	}
	if root != nil && root.Kind == model.Object && (root.Get("uri") != nil || root.Get("params") != nil) {
		checkDeclShape(r, root, "")
		checkOnRequestParams(r, root.Get("params"), "/params", cards)
	} else {
		checkParamsShape(r, root, "")
		checkOnRequestParams(r, root, "", cards)
	}
	checkDocumentIJSON(r)
	return r.sorted()
}

// checkDuplicateDecl reports a second (third …) On Request declaration in the
// card (interpretation 5 of ON-REQUEST.md: declared at most once per card).
func checkDuplicateDecl(r *report, ext *model.Node, extPtr string, card *model.Node) {
	exts := card.Get("capabilities").Get("extensions")
	first := -1
	for i := 0; i < exts.Len(); i++ {
		item := exts.Index(i)
		if item.Get("uri").Text() != OnRequestURI {
			continue
		}
		if first < 0 {
			first = i
		}
		if item == ext && i != first {
			r.emit(ruleOnrequestDuplicateExtension, extPtr+"/uri", fmt.Sprintf("the On Request extension is declared more than once (first at capabilities.extensions[%d]); declare it once and list every skill in its params", first), "merge the skills of both declarations into one params.skills list")
			return
		}
	}
}

// skillIndex is the card the params are checked against. external means the
// card is another file than the one validated (validate --card), so findings
// about the card's skills are reported at the params entry instead.
type skillIndex struct {
	card     *model.Node
	external bool
	byID     map[string]int // skill id -> index in card.skills (first one)
	ids      []string
}

func (c *skillIndex) build() {
	if c.byID != nil {
		return
	}
	skills := c.card.Get("skills")
	c.byID = make(map[string]int, skills.Len())
	for i := 0; i < skills.Len(); i++ {
		id, ok := skills.Index(i).Get("id").Str()
		if !ok {
			continue
		}
		if _, seen := c.byID[id]; !seen {
			c.byID[id] = i
			c.ids = append(c.ids, id)
		}
	}
}

// checkOnRequestParams runs the checks a schema cannot make on params at ptr;
// cards is nil when there is no card to check against. The schema has
// already reported the shape; anything malformed is skipped here.
func checkOnRequestParams(r *report, params *model.Node, ptr string, cards *skillIndex) {
	skills := params.Get("skills")
	if skills == nil || skills.Kind != model.Array {
		return
	}
	firstAt := make(map[string]int, skills.Len())
	skillsPtr := ptr + "/skills"
	for i := 0; i < skills.Len(); i++ {
		entry := skills.Index(i)
		entryPtr := itemPtr{skillsPtr, i}
		id, ok := entry.Get("id").Str()
		if !ok || id == "" {
			continue
		}
		if j, dup := firstAt[id]; dup {
			r.emit(ruleOnrequestDuplicateSkill, entryPtr.member("id"), fmt.Sprintf("skill %q is listed more than once (first at skills[%d]); one entry per skill", id, j), "")
		} else {
			firstAt[id] = i
		}
		entryValue, _ := entry.Get("personEntry").Str()
		checkCallerSpecific(r, entryValue, entryPtr)
		if cards != nil {
			r.entryAgainstCard(cards, id, entryValue, entryPtr)
		}
	}
}

// checkAgainstCard runs the card checks for one params entry: the skill
// exists (OR-3.3), is not secured, and does not repeat the person entry in
// its own text.
func checkAgainstCard(r *report, cards *skillIndex, id, personEntry string, entryPtr itemPtr) {
	cards.build()
	k, ok := cards.byID[id]
	if !ok {
		r.emit(ruleOnrequestUnknownSkill, entryPtr.member("id"), fmt.Sprintf("skill %q is not a skill of this card (OR-3.3); the card's skills are: %s", id, listIDs(cards.ids)), "use the id of an entry in the card's skills[], or add that skill to the card")
		return
	}
	skill := cards.card.Get("skills").Index(k)
	skillPtr := itemPtr{"/skills", k}
	for _, member := range SecuredSkillMembers(skill) {
		ptr, where := skillPtr.member(member), ""
		if cards.external {
			ptr, where = entryPtr.member("id"), fmt.Sprintf(" (card %s)", skillPtr.member(member))
		}
		r.emit(ruleOnrequestSecuredSkill, ptr, fmt.Sprintf("skill %q is listed On Request but carries %s%s: %s", id, member, where, SecuredSkillWhy), "remove the skill from the On Request params, or remove its "+member)
	}
	checkValueInSkillText(r, cards, skill, skillPtr, id, personEntry, entryPtr)
}

// SecuredSkillWhy is why a skill with security requirements cannot be
// listed On Request (check 2 of the extension), for messages on both faces.
const SecuredSkillWhy = "a skill a person handles on request takes no security requirements"

// SecuredSkillMembers names the members of skill that keep it from being
// listed On Request: "securityRequirements" (v1.0) and "security" (v0.3),
// each when it says anything. An empty list (or null) requires nothing, so
// it is no obstacle. It is the rule onrequest/secured-skill reports; the
// editor asks it too, to show which skills are eligible.
func SecuredSkillMembers(skill *model.Node) []string {
	var out []string
	for _, member := range []string{"securityRequirements", "security"} {
		if carries(skill.Get(member)) {
			out = append(out, member)
		}
	}
	return out
}

// carries reports whether a security member says anything: an empty list
// (or null) requires nothing.
func carries(n *model.Node) bool {
	if n == nil || n.Kind == model.Null {
		return false
	}
	if n.Kind == model.Array || n.Kind == model.Object {
		return n.Len() > 0
	}
	return true
}

// listIDs quotes the card's skill ids for a message, at most 20 of them.
func listIDs(ids []string) string {
	if len(ids) == 0 {
		return "(none)"
	}
	const most = 20
	q := make([]string, 0, most+1)
	for i, id := range ids {
		if i == most {
			q = append(q, fmt.Sprintf("… and %d more", len(ids)-most))
			break
		}
		q = append(q, fmt.Sprintf("%q", id))
	}
	return strings.Join(q, ", ")
}
