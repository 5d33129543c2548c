package validate

import (
	"bytes"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/oasf"
)

// The offline check of OASF skill and domain references. It reproduces the
// schema server's verdict (its error types and messages, OASF.md) so that a
// payload gets the same answer with or without the network, and adds what the
// server cannot say (did you mean, what the id means in another version) in
// the Hint. The online checker reuses CheckReference and CheckDuplicates to
// compare its answers with the server's.

// RefFinding is one problem of a skill or domain reference, in the schema
// server's terms.
type RefFinding struct {
	Type    string // the server's error type: "id_unknown", "name_unknown", ...
	Message string // the server's message, verbatim
	Hint    string // our extra help; "" when there is nothing to add
	// Pointer is relative to the reference ("" the reference itself, "/id",
	// "/name", "/foo"); for CheckDuplicates, relative to the array ("/1").
	Pointer string
	// AttributePath is the server's attribute_path: "skills[0]".
	AttributePath string
}

// referenceMembers are the attributes of base_skill and base_domain.
var referenceMembers = []string{"id", "name", "annotations"}

// AttributePath formats the server's attribute_path of reference index
// (or of one member of it): "skills[0]", "domains[2].name".
func AttributePath(k oasf.Kind, index int, member string) string {
	p := k.String() + "[" + strconv.Itoa(index) + "]"
	if member != "" {
		p += "." + member
	}
	return p
}

// family names a kind the way the server's messages do.
func family(k oasf.Kind) string {
	if k == oasf.Domains {
		return "domain"
	}
	return "skill"
}

// CheckReference checks reference index of kind k (a {name, id} object)
// against the taxonomy tree t, in the order the server does: id, then name,
// then that they agree, then what the class allows.
func CheckReference(t *oasf.Tree, k oasf.Kind, index int, ref *model.Node) []RefFinding {
	return checkReference(t, k, index, ref, nil)
}

// checkReference is CheckReference, with the hints that search the
// taxonomy made only for the finding types hinted says (nil: every one):
// a finding that is only counted (Options.MaxPerRule) needs none, and the
// search is what costs most.
func checkReference(t *oasf.Tree, k oasf.Kind, index int, ref *model.Node, hinted func(typ string) bool) []RefFinding {
	hint := func(typ string, search func() string) string {
		if hinted != nil && !hinted(typ) {
			return ""
		}
		return search()
	}
	if isPlainReference(t, ref) {
		return nil // the common case, decided without building the path
	}
	path := AttributePath(k, index, "")
	if ref == nil || ref.Kind != model.Object {
		return []RefFinding{{
			Type:          "attribute_wrong_type",
			Message:       wrongTypeMessage(path, "object", ref),
			Hint:          fmt.Sprintf("a %s reference is an object: {\"name\": \"…\", \"id\": …}", family(k)),
			AttributePath: path,
		}}
	}
	var out []RefFinding
	idNode, nameNode := ref.Get("id"), ref.Get("name")
	var byID, byName *oasf.Class
	var id int64
	var name string
	failed := false

	if idNode != nil {
		v, ok := integerT(idNode)
		switch {
		case !ok:
			failed = true
			out = append(out, RefFinding{
				Type:          "attribute_wrong_type",
				Message:       wrongTypeMessage(path, "integer_t", idNode),
				Hint:          idTypeHint(idNode),
				Pointer:       "/id",
				AttributePath: path,
			})
		case t.ByID(int(v)) == nil || int64(int(v)) != v:
			failed = true
			id = v
			out = append(out, RefFinding{
				Type:          "id_unknown",
				Message:       fmt.Sprintf("Unknown \"id\" value; no class is defined for %d.", v),
				Pointer:       "/id",
				AttributePath: path,
			})
		default:
			id = v
			byID = t.ByID(int(v))
		}
	}
	if nameNode != nil {
		s, ok := nameNode.Str()
		if !ok {
			failed = true
			out = append(out, RefFinding{
				Type:          "attribute_wrong_type",
				Message:       wrongTypeMessage(path, "string_t", nameNode),
				Hint:          "the name is a string: the full name of the class, e.g. " + ref2(exampleName(t)),
				Pointer:       "/name",
				AttributePath: path,
			})
		} else {
			name = s
			byName = resolveName(t, s)
			if byName == nil {
				failed = true
				out = append(out, RefFinding{
					Type:          "name_unknown",
					Message:       fmt.Sprintf("Unknown \"name\" value; no class is defined for %s.", model.SafeText(oasf.Leaf(s))),
					Hint:          hint("name_unknown", func() string { return nameUnknownHint(t, k, s) }),
					Pointer:       "/name",
					AttributePath: path,
				})
			}
		}
	}
	// Hints that need both halves are added once both are known.
	for i := range out {
		if out[i].Type == "id_unknown" {
			out[i].Hint = hint("id_unknown", func() string { return idUnknownHint(t, k, id, byName) })
		}
	}
	if idNode == nil && nameNode == nil {
		return []RefFinding{{
			Type:          "attribute_required_missing",
			Message:       fmt.Sprintf("Required attribute \"%s\" is missing.", path),
			Hint:          fmt.Sprintf("give the %s's \"name\" (e.g. %s), its \"id\", or both; `oncard oasf search` finds them", family(k), ref2(exampleName(t))),
			AttributePath: path,
		}}
	}
	if failed {
		return out
	}

	class := byID
	if class == nil {
		class = byName
	}
	if byID != nil && byName != nil && byID != byName {
		return append(out, RefFinding{
			Type: "id_name_mismatch",
			Message: fmt.Sprintf("ID and name refer to different classes. ID %d points to class %s, name '%s' points to class %s.",
				id, oasf.Leaf(byID.Name), model.SafeText(name), oasf.Leaf(byName.Name)),
			Hint:          hint("id_name_mismatch", func() string { return mismatchHint(t, k, byID, byName) }),
			AttributePath: path,
		})
	}
	if class.Category {
		return append(out, RefFinding{
			Type: "class_out_of_scope",
			Message: fmt.Sprintf("\"%s\" is not a valid option at \"%s\"; please specify a concrete %s within the \"base_%s\" taxonomy.",
				oasf.Leaf(class.Name), path, family(k), family(k)),
			Hint:          hint("class_out_of_scope", func() string { return categoryHint(t, class) }),
			AttributePath: path,
		})
	}
	for _, m := range ref.Members() {
		if isReferenceMember(m.Key()) {
			continue
		}
		out = append(out, RefFinding{
			Type: "attribute_unknown",
			Message: fmt.Sprintf("Unknown attribute at \"%s\"; attribute \"%s\" is not defined in class \"%s\" id %d.",
				path+"."+model.SafeText(m.Key()), model.SafeText(m.Key()), oasf.Leaf(class.Name), class.ID),
			Hint:          fmt.Sprintf("a %s reference has only \"id\", \"name\" and \"annotations\"", family(k)),
			Pointer:       "/" + escapeToken(m.Key()),
			AttributePath: path + "." + m.Key(),
		})
	}
	out = append(out, checkAnnotations(ref.Get("annotations"), path)...)
	if nameNode != nil && name != class.Name {
		out = append(out, RefFinding{
			Type:          "attribute_enum_value_unknown",
			Message:       fmt.Sprintf("Unknown enum value at \"%s\"; value \"%s\" is not defined for enum \"name\".", path+".name", model.SafeText(name)),
			Hint:          fmt.Sprintf("the full name is %s (id %d)", ref2(class.Name), class.ID),
			Pointer:       "/name",
			AttributePath: path + ".name",
		})
	}
	return out
}

// CheckDuplicates reports every reference of the array refs that names the
// same class as an earlier one, as the server does: each reference resolves
// by its id if that is a known integer, else by its name; references that
// resolve to nothing are left to CheckReference.
func CheckDuplicates(t *oasf.Tree, k oasf.Kind, refs *model.Node) []RefFinding {
	if refs == nil || refs.Kind != model.Array {
		return nil
	}
	if refs.Len() < 2 {
		return nil
	}
	var out []RefFinding
	eachDuplicate(t, refs, func(c *oasf.Class, i, j int) { out = append(out, duplicateFinding(k, c, i, j)) })
	return out
}

// eachDuplicate calls dup for each reference i of refs that names class c
// as reference j did before it (CheckDuplicates, without its findings).
func eachDuplicate(t *oasf.Tree, refs *model.Node, dup func(c *oasf.Class, i, j int)) {
	first := map[*oasf.Class]int{}
	for i, ref := range refs.AllTransient() {
		c := resolveForDuplicates(t, ref)
		if c == nil {
			continue
		}
		j, seen := first[c]
		if !seen {
			first[c] = i
			continue
		}
		dup(c, i, j)
	}
}

// duplicateFinding is the server's finding on reference i of kind k, which
// names class c as reference j did before it.
func duplicateFinding(k oasf.Kind, c *oasf.Class, i, j int) RefFinding {
	return RefFinding{
		Type:          "attribute_array_duplicate",
		Message:       fmt.Sprintf("Duplicate item found in array \"%s\" at index %d. First occurrence at index %d.", k.String(), i, j),
		Hint:          fmt.Sprintf("%s (id %d) is already listed at index %d; remove one of them", ref2(c.Name), c.ID, j),
		Pointer:       "/" + strconv.Itoa(i),
		AttributePath: AttributePath(k, i, ""),
	}
}

// duplicateIDs is CheckDuplicates for an array of plain references
// (isPlainReference) with these ids, in order: each names the class of its
// id, so a class named twice is an id given twice. A payload lists a few
// dozen: they are compared with those before them, without a map.
func duplicateIDs(t *oasf.Tree, ids []int, dup func(c *oasf.Class, i, j int)) {
	if len(ids) > 64 {
		first := make(map[int]int, len(ids))
		for i, id := range ids {
			if j, seen := first[id]; seen {
				dup(t.ByID(id), i, j)
			} else {
				first[id] = i
			}
		}
		return
	}
	for i := 1; i < len(ids); i++ {
		for j := range i {
			if ids[j] == ids[i] {
				dup(t.ByID(ids[i]), i, j)
				break
			}
		}
	}
}

func resolveForDuplicates(t *oasf.Tree, ref *model.Node) *oasf.Class {
	if ref == nil || ref.Kind != model.Object {
		return nil
	}
	if idNode := ref.Get("id"); idNode != nil {
		if v, ok := integerT(idNode); ok && int64(int(v)) == v {
			if c := t.ByID(int(v)); c != nil {
				return c
			}
		}
	}
	if s, ok := ref.Get("name").Str(); ok {
		return resolveName(t, s)
	}
	return nil
}

// isPlainReference: ref is {"id": ID, "name": NAME} (in either order, no
// other member) where ID is a known integer and NAME the full name of the
// same concrete class; CheckReference finds nothing in it. A catalog holds
// such a reference or two per entry, so this is checked before anything is
// built for messages.
func isPlainReference(t *oasf.Tree, ref *model.Node) bool {
	_, ok := plainReferenceID(t, ref)
	return ok
}

// plainReferenceID returns the id of a plain reference (isPlainReference).
// The payload check keeps the ids for its duplicates (duplicateIDs).
func plainReferenceID(t *oasf.Tree, ref *model.Node) (int, bool) {
	if ref == nil || ref.Kind != model.Object || ref.Len() != 2 {
		return 0, false
	}
	var idNode, nameNode *model.Node
	for _, m := range ref.Members() {
		switch m.Key() {
		case "id":
			idNode = m.Value
		case "name":
			nameNode = m.Value
		}
	}
	if idNode == nil || nameNode == nil {
		return 0, false
	}
	v, ok := integerT(idNode)
	if !ok || int64(int(v)) != v {
		return 0, false
	}
	// The name is the class's own: it resolves to that class, as full
	// names are unique within a tree (oasf.NewTree refuses a repeated one).
	want, concrete := t.ConcreteName(int(v))
	name, ok := nameNode.Str()
	return int(v), ok && concrete && name == want
}

// resolveName finds a class the way the server does: by the last segment of
// the name. When several classes share it (not so in released taxonomies),
// the one with this exact full name wins.
func resolveName(t *oasf.Tree, name string) *oasf.Class {
	cs := t.ByLeaf(oasf.Leaf(name))
	for _, c := range cs {
		if c.Name == name {
			return c
		}
	}
	if len(cs) > 0 {
		return cs[0]
	}
	return nil
}

func isReferenceMember(key string) bool {
	for _, m := range referenceMembers {
		if key == m {
			return true
		}
	}
	return false
}

// checkAnnotations: annotations is a typed_map_t of string_t values.
func checkAnnotations(n *model.Node, path string) []RefFinding {
	if n == nil {
		return nil
	}
	at := path + ".annotations"
	if n.Kind != model.Object {
		return []RefFinding{{
			Type:          "attribute_wrong_type",
			Message:       wrongTypeMessage(at, "typed_map_t", n),
			Hint:          "annotations map names to strings: {\"key\": \"value\"}",
			Pointer:       "/annotations",
			AttributePath: at,
		}}
	}
	var out []RefFinding
	for _, m := range n.Members() {
		if m.Value.Kind == model.String {
			continue
		}
		out = append(out, RefFinding{
			Type:          "attribute_wrong_type",
			Message:       wrongTypeMessage(at+"."+m.Key(), "string_t", m.Value),
			Hint:          "annotation values are strings",
			Pointer:       "/annotations/" + escapeToken(m.Key()),
			AttributePath: at + "." + m.Key(),
		})
	}
	return out
}

// ---- the server's value types ----

// wrongTypeMessage is the server's attribute_wrong_type message.
func wrongTypeMessage(path, expected string, value *model.Node) string {
	return fmt.Sprintf("Attribute \"%s\" value has wrong type; expected %s, got %s.", model.SafeText(path), expected, oasfTypeOf(value))
}

var (
	minLong = new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), 127))
	maxLong = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 127), big.NewInt(1))
)

// integerT returns the value of a JSON number the server reads as an
// integer_t: written without fraction or exponent (those decode as floats)
// and within 64 bits.
func integerT(n *model.Node) (int64, bool) {
	if n == nil || n.Kind != model.Number {
		return 0, false
	}
	raw := n.Raw()
	if v, ok := smallInteger(raw); ok {
		return v, true // the common case, without a string made of raw
	}
	if bytes.ContainsAny(raw, ".eE") {
		return 0, false
	}
	v, err := strconv.ParseInt(string(raw), 10, 64)
	return v, err == nil
}

// smallInteger reads a JSON integer of at most 18 digits (no overflow is
// possible); false for anything else, which integerT hands to strconv.
func smallInteger(raw []byte) (int64, bool) {
	digits := raw
	if len(digits) > 0 && digits[0] == '-' {
		digits = digits[1:]
	}
	if len(digits) == 0 || len(digits) > 18 {
		return 0, false
	}
	var v int64
	for _, c := range digits {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int64(c-'0')
	}
	if len(digits) < len(raw) {
		v = -v
	}
	return v, true
}

// oasfTypeOf names a value's type as the server's messages do (type_of in
// its validator), including the range note for integers.
func oasfTypeOf(n *model.Node) string {
	if n == nil {
		return "null"
	}
	switch n.Kind {
	case model.Null:
		return "null"
	case model.Bool:
		return "boolean_t"
	case model.String:
		return "string_t"
	case model.Array:
		return "array"
	case model.Object:
		return "object"
	case model.Number:
		raw := string(n.Raw())
		if strings.ContainsAny(raw, ".eE") {
			return "float_t"
		}
		if _, err := strconv.ParseInt(raw, 10, 64); err == nil {
			return "integer_t (integer in range of -2^63 to 2^63 - 1)"
		}
		if b, ok := new(big.Int).SetString(raw, 10); ok && b.Cmp(minLong) >= 0 && b.Cmp(maxLong) <= 0 {
			return "long_t (integer in range of -2^127 to 2^127 - 1)"
		}
		return "big integer (outside of long_t range of -2^127 to 2^127 - 1)"
	}
	return "unknown type"
}

// escapeToken escapes one RFC 6901 reference token.
func escapeToken(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// ---- hints: what the server cannot say ----

// ref2 shows a class name (or text from the document) in a hint.
func ref2(name string) string { return "`" + model.SafeText(name) + "`" }

func classRef(c *oasf.Class) string { return fmt.Sprintf("%s (id %d)", ref2(c.Name), c.ID) }

// exampleName is a real selectable name of the tree, for "e.g." hints.
func exampleName(t *oasf.Tree) string {
	if c := t.ByID(60602); c != nil && !c.Category && t.Kind == oasf.Skills {
		return c.Name
	}
	for _, c := range t.All() {
		if !c.Category && strings.Contains(c.Name, "/") {
			return c.Name
		}
	}
	return "…"
}

func idTypeHint(n *model.Node) string {
	if s, ok := n.Str(); ok {
		if v, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64); err == nil {
			return fmt.Sprintf("write the id as a number, without quotes: %d", v)
		}
		return "the id is an integer; put a name in \"name\""
	}
	if n.Kind == model.Number {
		if f, err := strconv.ParseFloat(string(n.Raw()), 64); err == nil && f == float64(int64(f)) {
			return fmt.Sprintf("write the id as an integer: %d", int64(f))
		}
	}
	return "the id is an integer, e.g. 60602"
}

// joinClasses lists classes for a hint: "`a` (id 1), `b` (id 2)".
func joinClasses(cs []*oasf.Class) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = classRef(c)
	}
	return strings.Join(parts, ", ")
}

// didYouMean offers the closest names of the tree.
func didYouMean(t *oasf.Tree, query string) string {
	cs := t.Suggest(query, 3)
	switch len(cs) {
	case 0:
		return ""
	case 1:
		return "did you mean " + classRef(cs[0]) + "?"
	}
	return "did you mean one of: " + joinClasses(cs) + "?"
}

// inOtherVersions says what the reference means in the other known
// versions: "in 1.0.0 it is `…` (id …)".
func inOtherVersions(t *oasf.Tree, vcs []oasf.VersionedClass) string {
	var parts []string
	for _, vc := range vcs {
		if vc.Version == t.Version {
			continue
		}
		parts = append(parts, fmt.Sprintf("%s in %s", classRef(vc.Class), vc.Version))
	}
	if len(parts) == 0 {
		return ""
	}
	return "it is " + strings.Join(parts, " and ") + ", but this payload's schema_version is " + t.Version
}

func joinHints(parts ...string) string {
	var kept []string
	for _, p := range parts {
		if p != "" {
			kept = append(kept, p)
		}
	}
	return strings.Join(kept, "; ")
}

// baseClassHint: id 0 and the name base_skill/base_domain denote the
// abstract root the server rejects (its base_class_used check).
func baseClassHint(k oasf.Kind) string {
	return fmt.Sprintf("base_%s (id 0) is the abstract root of the taxonomy, not a %s; pick a concrete one with `oncard oasf search`", family(k), family(k))
}

func idUnknownHint(t *oasf.Tree, k oasf.Kind, id int64, byName *oasf.Class) string {
	if id == 0 {
		return baseClassHint(k)
	}
	var fromName string
	if byName != nil {
		fromName = fmt.Sprintf("the name refers to %s", classRef(byName))
	}
	var across string
	if int64(int(id)) == id {
		across = inOtherVersions(t, oasf.Across(k, int(id)))
	}
	if fromName == "" && across == "" {
		return fmt.Sprintf("no %s %s has id %d; `oncard oasf search` finds a class by name", t.Version, family(k), id)
	}
	return joinHints(fromName, across)
}

func nameUnknownHint(t *oasf.Tree, k oasf.Kind, name string) string {
	if oasf.Leaf(name) == "base_"+family(k) {
		return baseClassHint(k)
	}
	return joinHints(didYouMean(t, name), inOtherVersions(t, oasf.AcrossName(k, name)))
}

func mismatchHint(t *oasf.Tree, k oasf.Kind, byID, byName *oasf.Class) string {
	h := fmt.Sprintf("id %d is %s, the name is %s; keep the one you meant and fix or drop the other",
		byID.ID, ref2(byID.Name), classRef(byName))
	for _, vc := range oasf.Across(k, byID.ID) {
		if vc.Version != t.Version && vc.Class.Name == byName.Name {
			h += fmt.Sprintf(" (in %s, id %d was %s: the payload may have been written for %s)", vc.Version, byID.ID, ref2(byName.Name), vc.Version)
		}
	}
	return h
}

// categoryHint lists a few classes of a category (a heading).
func categoryHint(t *oasf.Tree, cat *oasf.Class) string {
	kids := t.Children(cat.Name)
	const show = 4
	h := fmt.Sprintf("%s is a category (a heading), not a value", ref2(cat.Name))
	if len(kids) == 0 {
		return h
	}
	h += "; pick one of its classes: " + joinClasses(kids[:min(show, len(kids))])
	if len(kids) > show {
		h += fmt.Sprintf(" … (%d in all; `oncard oasf search %s`)", len(kids), model.SafeText(cat.Name))
	}
	return h
}
