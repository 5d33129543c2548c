package validate

import (
	"maps"
	"slices"
	"sync/atomic"

	"github.com/oncard/oncard/model"
)

// The structural rules of the card (types, required members, non-empty
// required values, exactly-one unions) are written twice on purpose: once as
// the embedded JSON Schema (schemas/a2a-card-v1.schema.json, the source of
// truth that other tools can read) and once here as a table the Go walker
// below interprets. The walker is what runs on every keystroke: it is an
// order of magnitude faster than a general JSON Schema validator and its
// messages name the A2A field. TestCardShapeAgreesWithSchema holds the two
// to the same verdicts on many valid and mutated cards.

// Codes of the structural checks (stable: users filter on them).
const ()

// anyKind marks a shape that accepts any JSON type (an enum checks the value).
const anyKind model.Kind = 255

// shape describes one message of the A2A card in the terms the schema uses.
type shape struct {
	name     string // A2A name shown in messages: "AgentSkill"
	kind     model.Kind
	required []string          // object members that must be present
	props    map[string]*shape // known object members; unknown ones are legal
	values   *shape            // objects used as maps: the shape of every value
	items    *shape            // arrays: the shape of every item
	minItems int               // arrays: required arrays need one item
	nonEmpty bool              // strings: required strings need one character
	enum     []string          // closed list of string values
	// exactlyOne lists keys of which an object holds exactly one (the
	// SecurityScheme and OAuthFlows unions); oneCode is the code reported.
	exactlyOne []string
	oneCode    *Rule
	// scopeList: a SecurityRequirement value, {"list": [...]} as the spec
	// writes it, or a bare array or null as some SDKs write it.
	scopeList bool
	// v03Scheme: a security scheme of a v0.3 card (either form accepted).
	v03Scheme bool

	// members is props as the walk reads it (memberIndex), made at init
	// for every shape the card's walk reaches (reachableShapes).
	members *memberIndex
}

// memberIndex is an object shape's known members, with the bit of each
// among the required ones: the walk looks each member of an object up
// once, in a table without collisions (one name compared), and learns from
// the same pass which required members are there, where a lookup by name
// of each required one scanned the object again.
type memberIndex struct {
	// entries are the shape's members; entries[0] is a blank that no name
	// a lookup compares matches.
	entries []memberEntry
	// indexed has the bits of the required members that are in props; a
	// required member outside props (none today) is looked up by name.
	indexed uint64
	// slots maps slotOf(name) to the name's entry (0: none).
	slots []uint8
	seed  uint32 // an odd multiplier
	shift uint8  // 32 - log2(len(slots)): the product's top bits
}

type memberEntry struct {
	name  string
	shape *shape
	bit   uint64 // 1<<i when name is required[i], else 0
}

// slotOf hashes what tells a shape's names apart cheaply, the length and
// the first and last bytes of a name that is not empty, by a
// multiplication whose top bits are the slot.
func (x *memberIndex) slotOf(name string) uint32 {
	key := uint32(len(name)) | uint32(name[0])<<8 | uint32(name[len(name)-1])<<16
	return (key * x.seed) >> x.shift
}

// buildSlots finds a table size and seed under which no two names share a
// slot. The shapes are the tool's own: one without such a table (over 255
// names, an empty name, or none found within the tries) is a programming
// error, which every test meets at init.
func (x *memberIndex) buildSlots(shapeName string) {
	if len(x.entries) > 256 {
		panic("validate: shape " + shapeName + " has more members than its index holds")
	}
	for _, e := range x.entries[1:] {
		if e.name == "" {
			panic("validate: shape " + shapeName + " has a member without a name")
		}
	}
	for bits := uint8(4); bits <= 10; bits++ {
		for try := uint32(0); try < 64; try++ {
			x.slots, x.seed, x.shift = make([]uint8, 1<<bits), 0x9e3779b1+try*0x632be5ac, 32-bits
			collides := false
			for j, e := range x.entries[1:] {
				at := x.slotOf(e.name)
				if x.slots[at] != 0 {
					collides = true
					break
				}
				x.slots[at] = uint8(j + 1)
			}
			if !collides {
				return
			}
		}
	}
	panic("validate: no table without collisions for the members of shape " + shapeName)
}

func newMemberIndex(s *shape) *memberIndex {
	x := &memberIndex{entries: make([]memberEntry, 1, 1+len(s.props))}
	for name, sub := range s.props {
		x.entries = append(x.entries, memberEntry{name: name, shape: sub})
	}
	for i, req := range s.required {
		for j := range x.entries[1:] {
			if e := &x.entries[1+j]; e.name == req {
				e.bit = 1 << i
				x.indexed |= 1 << i
			}
		}
	}
	x.buildSlots(s.name)
	return x
}

// index returns s's memberIndex: the one made at init, else (a shape the
// card's walk does not reach from its roots) one made now.
func (s *shape) index() *memberIndex {
	if s.members != nil {
		return s.members
	}
	lateIndexes.Add(1)
	return newMemberIndex(s)
}

// lateIndexes counts the memberIndexes made after init: a shape the walk
// is handed that cardShapeRoots do not reach gets one at each object it
// checks (TestNoMemberIndexMadeInTheWalk).
var lateIndexes atomic.Int64

// cardShapeRoots are the shapes the card's walk starts from: every shape
// the walk is handed (w.check, w.checkObject) that no other reaches, the
// bodies of the v0.3 scheme types among them.
var cardShapeRoots = append([]*shape{shapeCardV10, shapeCardV03, shapeSecurityScheme, shapeV03Scheme, shapeStrings, shapeStringList},
	slices.Collect(maps.Values(shapeV03SchemeTypes))...)

// reachableShapes returns every shape reachable from roots (through props,
// values and items), each once.
func reachableShapes(roots ...*shape) []*shape {
	seen := map[*shape]bool{}
	var all []*shape
	var visit func(s *shape)
	visit = func(s *shape) {
		if s == nil || seen[s] {
			return
		}
		seen[s] = true
		all = append(all, s)
		for _, sub := range s.props {
			visit(sub)
		}
		visit(s.values)
		visit(s.items)
	}
	for _, s := range roots {
		visit(s)
	}
	return all
}

// The memberIndex of every shape the card's walk reaches is made afresh at
// init: a shape derived by copying another (the v0.3 ones) has props of
// its own.
func init() {
	for _, s := range reachableShapes(cardShapeRoots...) {
		s.members = newMemberIndex(s)
	}
}

// lookup returns the shape of the member named name and its required bit;
// nil when s does not know the name. Small enough to be inlined in the
// walk's loop over an object's members.
func (x *memberIndex) lookup(name string) (*shape, uint64) {
	if name == "" {
		return nil, 0 // no shape has a member without a name
	}
	e := &x.entries[x.slots[x.slotOf(name)]]
	if e.name != name {
		return nil, 0
	}
	return e.shape, e.bit
}

var (
	shapeString      = &shape{kind: model.String}
	shapeRequiredStr = &shape{kind: model.String, nonEmpty: true}
	shapeBool        = &shape{kind: model.Bool}
	shapeObject      = &shape{kind: model.Object}
	shapeStrings     = &shape{kind: model.Array, items: shapeString}
	shapeReqStrings  = &shape{kind: model.Array, items: shapeString, minItems: 1}
	shapeScopes      = &shape{kind: model.Object, values: shapeString}
)

func object(name string, required []string, props map[string]*shape) *shape {
	return &shape{name: name, kind: model.Object, required: required, props: props}
}

func arrayOf(item *shape, minItems int) *shape {
	return &shape{kind: model.Array, items: item, minItems: minItems}
}

var (
	shapeInterface = object("AgentInterface", []string{"url", "protocolBinding", "protocolVersion"}, map[string]*shape{
		"url": shapeRequiredStr, "protocolBinding": shapeRequiredStr, "tenant": shapeString, "protocolVersion": shapeRequiredStr,
	})
	shapeProvider = object("AgentProvider", []string{"organization", "url"}, map[string]*shape{
		"organization": shapeRequiredStr, "url": shapeRequiredStr,
	})
	shapeExtension = object("AgentExtension", []string{"uri"}, map[string]*shape{
		"uri": shapeRequiredStr, "description": shapeString, "required": shapeBool, "params": shapeObject,
	})
	shapeCapabilities = object("AgentCapabilities", nil, map[string]*shape{
		"streaming": shapeBool, "pushNotifications": shapeBool,
		"extensions": arrayOf(shapeExtension, 0), "extendedAgentCard": shapeBool,
	})
	shapeStringList          = object("StringList", nil, map[string]*shape{"list": shapeStrings})
	shapeSecurityRequirement = object("SecurityRequirement", nil, map[string]*shape{
		"schemes": {kind: model.Object, values: &shape{scopeList: true}},
	})
	shapeSkill = object("AgentSkill", []string{"id", "name", "description", "tags"}, map[string]*shape{
		"id": shapeRequiredStr, "name": shapeRequiredStr, "description": shapeRequiredStr,
		"tags": shapeReqStrings, "examples": shapeStrings, "inputModes": shapeStrings, "outputModes": shapeStrings,
		"securityRequirements": arrayOf(shapeSecurityRequirement, 0),
	})
	shapeSignature = object("AgentCardSignature", []string{"protected", "signature"}, map[string]*shape{
		"protected": shapeRequiredStr, "signature": shapeRequiredStr, "header": shapeObject,
	})

	// scopes is REQUIRED in the proto, but ProtoJSON omits an empty map:
	// a flow without scopes is what the official SDKs write for
	// "scopes": {}, and gets the same verdict.
	shapeAuthCodeFlow = object("AuthorizationCodeOAuthFlow", []string{"authorizationUrl", "tokenUrl"}, map[string]*shape{
		"authorizationUrl": shapeRequiredStr, "tokenUrl": shapeRequiredStr, "refreshUrl": shapeString,
		"scopes": shapeScopes, "pkceRequired": shapeBool,
	})
	shapeClientCredFlow = object("ClientCredentialsOAuthFlow", []string{"tokenUrl"}, map[string]*shape{
		"tokenUrl": shapeRequiredStr, "refreshUrl": shapeString, "scopes": shapeScopes,
	})
	shapeDeviceCodeFlow = object("DeviceCodeOAuthFlow", []string{"deviceAuthorizationUrl", "tokenUrl"}, map[string]*shape{
		"deviceAuthorizationUrl": shapeRequiredStr, "tokenUrl": shapeRequiredStr, "refreshUrl": shapeString, "scopes": shapeScopes,
	})
	shapeImplicitFlow = object("ImplicitOAuthFlow", []string{"authorizationUrl"}, map[string]*shape{
		"authorizationUrl": shapeRequiredStr, "refreshUrl": shapeString, "scopes": shapeScopes,
	})
	shapePasswordFlow = object("PasswordOAuthFlow", []string{"tokenUrl"}, map[string]*shape{
		"tokenUrl": shapeRequiredStr, "refreshUrl": shapeString, "scopes": shapeScopes,
	})
	shapeOAuthFlows = &shape{name: "OAuthFlows", kind: model.Object,
		props: map[string]*shape{
			"authorizationCode": shapeAuthCodeFlow, "clientCredentials": shapeClientCredFlow,
			"deviceCode": shapeDeviceCodeFlow, "implicit": shapeImplicitFlow, "password": shapePasswordFlow,
		},
		exactlyOne: oauthFlowNames, oneCode: ruleA2AOauthFlows,
	}

	shapeSecurityScheme = &shape{name: "SecurityScheme", kind: model.Object,
		props: map[string]*shape{
			"apiKeySecurityScheme": object("APIKeySecurityScheme", []string{"location", "name"}, map[string]*shape{
				"description": shapeString, "location": {kind: anyKind, enum: []string{"query", "header", "cookie"}},
				"name": shapeRequiredStr,
			}),
			"httpAuthSecurityScheme": object("HTTPAuthSecurityScheme", []string{"scheme"}, map[string]*shape{
				"description": shapeString, "scheme": shapeRequiredStr, "bearerFormat": shapeString,
			}),
			"oauth2SecurityScheme": object("OAuth2SecurityScheme", []string{"flows"}, map[string]*shape{
				"description": shapeString, "flows": shapeOAuthFlows, "oauth2MetadataUrl": shapeString,
			}),
			"openIdConnectSecurityScheme": object("OpenIdConnectSecurityScheme", []string{"openIdConnectUrl"}, map[string]*shape{
				"description": shapeString, "openIdConnectUrl": shapeRequiredStr,
			}),
			"mtlsSecurityScheme": object("MutualTlsSecurityScheme", nil, map[string]*shape{"description": shapeString}),
		},
		exactlyOne: securitySchemeWrappers, oneCode: ruleA2ASecuritySchemeVariants,
	}

	// cardV10Props are the AgentCard members of A2A v1.0.
	cardV10Props = map[string]*shape{
		"name": shapeRequiredStr, "description": shapeRequiredStr,
		"supportedInterfaces": arrayOf(shapeInterface, 1),
		"provider":            shapeProvider, "version": shapeRequiredStr,
		"documentationUrl": shapeString, "iconUrl": shapeString,
		"capabilities":         shapeCapabilities,
		"securitySchemes":      {kind: model.Object, values: shapeSecurityScheme},
		"securityRequirements": arrayOf(shapeSecurityRequirement, 0),
		"defaultInputModes":    shapeReqStrings, "defaultOutputModes": shapeReqStrings,
		"skills":     arrayOf(shapeSkill, 1),
		"signatures": arrayOf(shapeSignature, 0),
	}
	shapeCardV10 = object("AgentCard", []string{
		"name", "description", "supportedInterfaces", "version", "capabilities",
		"defaultInputModes", "defaultOutputModes", "skills",
	}, cardV10Props)
)

// securitySchemeWrappers are the keys of the SecurityScheme union.
var securitySchemeWrappers = []string{
	"apiKeySecurityScheme", "httpAuthSecurityScheme", "oauth2SecurityScheme",
	"openIdConnectSecurityScheme", "mtlsSecurityScheme",
}

// oauthFlowNames are the keys of the OAuthFlows union.
var oauthFlowNames = []string{"authorizationCode", "clientCredentials", "deviceCode", "implicit", "password"}
