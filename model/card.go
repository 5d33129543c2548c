package model

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// Card is a typed view of an A2A Agent Card held in a Doc. Every getter reads
// the Doc and every setter edits it at a JSON pointer: there is no second copy
// of the data, so unknown members and untouched bytes stay as they were.
type Card struct{ Doc *Doc }

// NewCard returns the view and installs the card's spec member order in d, so
// that members added through the view land where the spec puts them.
func NewCard(d *Doc) *Card {
	d.SetMemberOrder(CardMemberOrder(d))
	return &Card{Doc: d}
}

// Shape is which version of the A2A card format a document follows.
type Shape int

const (
	ShapeUnknown Shape = iota // neither v1.0 nor v0.3 markers
	ShapeV10                  // supportedInterfaces, no v0.3 top-level fields
	ShapeV03                  // v0.3 top-level url/protocolVersion/preferredTransport
	ShapeDual                 // both: serves v1.0 and v0.3 clients (IsDualCard)
)

func (s Shape) String() string {
	switch s {
	case ShapeV10:
		return "v1.0"
	case ShapeV03:
		return "v0.3"
	case ShapeDual:
		return "dual (v1.0 + v0.3)"
	}
	return "unknown"
}

// v03TopLevel are the top-level members that only the v0.3 shape has.
var v03TopLevel = []string{"url", "protocolVersion", "preferredTransport", "additionalInterfaces"}

// v03Endpoint are the v0.3 top-level members a v0.3 client reaches the
// agent by.
var v03Endpoint = []string{"url", "protocolVersion", "preferredTransport"}

// IsDualCard is the one definition of a dual card (A2A-AGENT-CARD.md, v0.3
// shape): a v1.0 card whose supportedInterfaces list a 0.x interface, and
// which keeps the v0.3 top-level endpoint members (url, protocolVersion,
// preferredTransport) for old clients. A v1.0 card with v0.3 members but
// no 0.x interface is not dual: those members are leftovers. The
// validator, the editor and the TUI all decide with this function.
func IsDualCard(root *Node) bool {
	if root == nil || root.Kind != Object {
		return false
	}
	ifaces := root.Get("supportedInterfaces")
	if ifaces == nil {
		return false
	}
	endpoint := false
	for _, k := range v03Endpoint {
		endpoint = endpoint || root.Get(k) != nil
	}
	if !endpoint {
		return false
	}
	for i := 0; i < ifaces.Len(); i++ {
		if strings.HasPrefix(ifaces.Index(i).Get("protocolVersion").Text(), "0.") {
			return true
		}
	}
	return false
}

// Shape detects the card's format version from its members.
func (c *Card) Shape() Shape {
	root := c.Doc.Root()
	if IsDualCard(root) {
		return ShapeDual
	}
	if root.Get("supportedInterfaces") != nil {
		return ShapeV10 // possibly with v0.3 leftovers (the validator warns)
	}
	for _, k := range v03TopLevel {
		if root.Get(k) != nil {
			return ShapeV03
		}
	}
	return ShapeUnknown
}

// Tri is an optional boolean: absent, or explicitly false or true. An
// explicit false written by an author is kept, never dropped as "default".
type Tri int8

const (
	TriUnset Tri = iota
	TriFalse
	TriTrue
)

// Bool returns the value and whether it is set.
func (t Tri) Bool() (v, set bool) { return t == TriTrue, t != TriUnset }

func (t Tri) String() string {
	switch t {
	case TriTrue:
		return "true"
	case TriFalse:
		return "false"
	}
	return "unset"
}

// ---- editing helpers shared by the views ----

// setDeep sets value at ptr, creating missing parent objects and arrays on
// the way (an array where the next token is an index or "-").
func setDeep(d *Doc, ptr string, value []byte) error {
	toks, err := SplitPointer(ptr)
	if err != nil {
		return err
	}
	// Find the deepest existing ancestor.
	k := len(toks) - 1
	for k > 0 && d.Find(Pointer(toks[:k]...)) == nil {
		k--
	}
	// Wrap value in the containers that are missing below toks[:k].
	for i := len(toks) - 1; i > k; i-- {
		tok := toks[i]
		if tok == "-" || isIndex(tok) {
			value = append(append([]byte{'['}, value...), ']')
			continue
		}
		key, _ := json.Marshal(tok)
		value = append(append(append(append([]byte{'{'}, key...), ':'), value...), '}')
	}
	return d.Set(Pointer(toks[:k+1]...), value)
}

// marshal encodes v without HTML escaping and without a trailing newline.
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}

// setValueDeep is setDeep for a Go value.
func setValueDeep(d *Doc, ptr string, v any) error {
	b, err := marshal(v)
	if err != nil {
		return fmt.Errorf("%s: %w", ptr, err)
	}
	return setDeep(d, ptr, b)
}

// deleteIfPresent deletes ptr when it exists.
func deleteIfPresent(d *Doc, ptr string) error {
	if d.Find(ptr) == nil {
		return nil
	}
	return d.Delete(ptr)
}

func idx(i int) string { return strconv.Itoa(i) }

// ---- top-level strings ----

func (c *Card) str(key string) string { return c.Doc.Root().Get(key).Text() }

func (c *Card) Name() string    { return c.str("name") }
func (c *Card) Version() string { return c.str("version") }

// ---- interfaces ----

// PrimaryURL is the preferred endpoint: the first supported interface's url,
// else the v0.3 top-level url.
func (c *Card) PrimaryURL() string {
	if u := c.Doc.Root().Get("supportedInterfaces").Index(0).Get("url").Text(); u != "" {
		return u
	}
	return c.str("url")
}

// ---- skills ----

// SkillPtr is the pointer of the i-th skill.
func SkillPtr(i int) string { return "/skills/" + idx(i) }

// Slug turns a display name into an identifier: lower-case letters and
// digits, other runs of characters become one "-".
func Slug(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		if r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
			continue
		}
		dash = true
	}
	return b.String()
}

// ---- extensions ----

// OnRequestURI identifies the On Request extension.
const OnRequestURI = "https://agent-capability.org/ext/on-request/v1"

// Extension is one AgentExtension in capabilities.extensions.
type Extension struct {
	URI         string
	Description string
	Required    Tri
	HasParams   bool
}

// ExtensionPtr is the pointer of the i-th extension.
func ExtensionPtr(i int) string { return "/capabilities/extensions/" + idx(i) }

// ExtensionIndex returns the index of the first extension whose uri
// satisfies match, or -1.
func (c *Card) ExtensionIndex(match func(uri string) bool) int {
	n := c.Doc.Root().Get("capabilities").Get("extensions")
	for i := 0; i < n.Len(); i++ {
		if match(n.Index(i).Get("uri").Text()) {
			return i
		}
	}
	return -1
}

// OnRequestIndex is the index of the On Request extension, or -1.
func (c *Card) OnRequestIndex() int {
	return c.ExtensionIndex(func(u string) bool { return u == OnRequestURI })
}

// DiscoveryIndex is the index of the OASF discovery extension, or -1.
func (c *Card) DiscoveryIndex() int { return c.ExtensionIndex(IsDiscoveryURI) }

// AddExtension appends an extension. params is JSON text (nil for none);
// required TriUnset leaves the member out, and so does TriFalse: the proto
// declares it a plain bool (the presence table), which the canonical form
// drops at false, so writing it would only make readers disagree.
func (c *Card) AddExtension(uri, description string, required Tri, params []byte) (int, error) {
	var b bytes.Buffer
	b.WriteString(`{"uri":`)
	u, _ := marshal(uri)
	b.Write(u)
	if description != "" {
		d, _ := marshal(description)
		b.WriteString(`,"description":`)
		b.Write(d)
	}
	if required == TriTrue || (required == TriFalse && Message("AgentExtension").Field("required").Presence != Plain) {
		b.WriteString(`,"required":` + required.String())
	}
	if params != nil {
		if !json.Valid(params) {
			return -1, fmt.Errorf("%s: params are not valid JSON", "/capabilities/extensions/-")
		}
		b.WriteString(`,"params":`)
		b.Write(params)
	}
	b.WriteByte('}')
	n := c.Doc.Root().Get("capabilities").Get("extensions").Len()
	return n, setDeep(c.Doc, "/capabilities/extensions/-", b.Bytes())
}

// DeleteExtension removes extension i.
func (c *Card) DeleteExtension(i int) error { return c.Doc.Delete(ExtensionPtr(i)) }

// OnRequest returns a view of the On Request params, if the card declares
// the extension.
func (c *Card) OnRequest() (*OnRequestParams, bool) {
	i := c.OnRequestIndex()
	if i < 0 {
		return nil, false
	}
	return &OnRequestParams{Doc: c.Doc, Ptr: ExtensionPtr(i) + "/params"}, true
}

// Discovery returns a view of the OASF discovery payload, if the card
// declares the extension.
func (c *Card) Discovery() (*Discovery, bool) {
	i := c.DiscoveryIndex()
	if i < 0 {
		return nil, false
	}
	return &Discovery{Doc: c.Doc, Ptr: ExtensionPtr(i) + "/params"}, true
}

// SpecRequirementForms rewrites the security requirement values some SDKs
// write, a bare array of scopes (`{"schemes": {"g": ["s"]}}`) or null, in
// the spec form `{"list": [...]}` (A2A-AGENT-CARD.md: accept both on read,
// write the spec form), on the card and its skills. It returns the
// pointers of the values it rewrote, so that the caller can say so.
func (c *Card) SpecRequirementForms() ([]string, error) {
	var changed []string
	fix := func(base string, owner *Node) error {
		list := owner.Get("securityRequirements")
		for i := 0; i < list.Len(); i++ {
			schemes := list.Index(i).Get("schemes")
			if schemes == nil || schemes.Kind != Object {
				continue
			}
			for _, m := range schemes.Members() {
				var scopes []byte
				switch m.Value.Kind {
				case Array:
					b, err := marshal(m.Value.Interface())
					if err != nil {
						return err
					}
					scopes = b
				case Null:
					scopes = []byte("[]")
				default:
					continue
				}
				ptr := base + "/securityRequirements/" + idx(i) + "/schemes/" + escapeToken(m.Key())
				if err := c.Doc.Set(ptr, append(append([]byte(`{"list": `), scopes...), '}')); err != nil {
					return err
				}
				changed = append(changed, ptr)
			}
		}
		return nil
	}
	root := c.Doc.Root()
	if err := fix("", root); err != nil {
		return changed, err
	}
	skills := root.Get("skills")
	for i := 0; i < skills.Len(); i++ {
		if err := fix(SkillPtr(i), skills.Index(i)); err != nil {
			return changed, err
		}
	}
	return changed, nil
}
