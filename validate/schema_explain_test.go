package validate

// The explainer: a jsonschema ValidationError tree, turned into one sentence
// per failing member that a person understands ("personEntry must be an
// https:// address … (got "…") (OR-3.4)"), located at that member.

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/oncard/oncard/model"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// englishPrinter words the keywords explained by jsonschema itself; its
// LocalizedString panics when given no printer.
var englishPrinter = message.NewPrinter(language.English)

// explainer turns a ValidationError tree into schemaIssues.
type explainer struct {
	s        *schema
	instance any
	out      []schemaIssue
	keyUses  map[string]int // propertyNames failures already placed (see ownerOf)
}

// walk explains e and its causes. known is the instance location of the
// nearest enclosing error whose location can be trusted (see ownerOf): a
// prefix of e's real location.
func (x *explainer) walk(e *jsonschema.ValidationError, known []string) {
	switch k := e.ErrorKind.(type) {
	case *kind.AnyOf, *kind.OneOf:
		x.alternatives(e)
		return
	case *kind.Required:
		for _, m := range k.Missing {
			loc := append(append([]string{}, e.InstanceLocation...), m)
			x.add(e, loc, fmt.Sprintf("missing required member %q", m))
			// A schema may name the code of each missing member:
			// "x-missing-code": {"specVersion": "catalog/spec-version"}.
			if c := x.s.missingCodeAt(fragmentOf(e.SchemaURL), m); c != "" {
				x.out[len(x.out)-1].code = c
			}
		}
		return
	case *kind.AdditionalProperties:
		for _, m := range k.Properties {
			loc := append(append([]string{}, e.InstanceLocation...), m)
			x.add(e, loc, fmt.Sprintf("unexpected member %q", m))
		}
		return
	case *kind.PropertyNames:
		loc := append(x.ownerOf(known, len(e.InstanceLocation), k.Property), k.Property)
		subject := fmt.Sprintf("the key %q", k.Property)
		var preds []string
		for _, c := range leaves(e) {
			if p := x.phrase(c); p != "" {
				preds = append(preds, p)
			}
		}
		x.add(e, loc, subject+" must "+strings.Join(preds, " and "))
		return
	}
	if len(e.Causes) > 0 {
		for _, c := range e.Causes {
			x.walk(c, e.InstanceLocation)
		}
		return
	}
	if f, format := e.ErrorKind.(*kind.Format); format && f.Want == "uri" && lookup(x.instance, e.InstanceLocation) == "" {
		// An empty string is no value at all: said as such, not as a
		// malformed one.
		x.add(e, e.InstanceLocation, x.subject(e.InstanceLocation)+" must not be empty")
		return
	}
	if p := predicate(e); p != "" {
		x.add(e, e.InstanceLocation, x.subject(e.InstanceLocation)+" must "+p+x.got(e))
	}
}

// ownerOf locates the object that has the failing property name key.
//
// jsonschema v6.0.3 reports a propertyNames failure with an instance
// location that shares its backing array with the validator's working
// path, so later siblings may have overwritten it: only its length (depth)
// is reliable. The locations of the other errors are copies, so known, the
// location of the nearest enclosing error, is a true prefix of the owner's
// location (with a $ref, as the catalog schema's extensions have, it is the
// owner itself). The candidates are the objects below known at that depth
// that have the key, in document-independent (sorted) order; the n-th
// failure of the same key under the same prefix and depth gets the n-th
// candidate. Two such failures can only come from sibling objects validated
// against the same propertyNames schema, so they read the same either way.
func (x *explainer) ownerOf(known []string, depth int, key string) []string {
	if depth < len(known) {
		return append([]string{}, known...)
	}
	var found [][]string
	var walk func(v any, path []string)
	walk = func(v any, path []string) {
		if len(path) == depth {
			if m, ok := v.(map[string]any); ok {
				if _, has := m[key]; has {
					found = append(found, append([]string{}, path...))
				}
			}
			return
		}
		switch c := v.(type) {
		case map[string]any:
			keys := make([]string, 0, len(c))
			for k := range c {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				walk(c[k], append(path, k))
			}
		case []any:
			for i, child := range c {
				walk(child, append(path, strconv.Itoa(i)))
			}
		}
	}
	walk(lookup(x.instance, known), append([]string{}, known...))
	if x.keyUses == nil {
		x.keyUses = map[string]int{}
	}
	use := model.Pointer(known...) + "\x00" + strconv.Itoa(depth) + "\x00" + key
	n := x.keyUses[use]
	x.keyUses[use] = n + 1
	if n < len(found) {
		return found[n]
	}
	return append([]string{}, known...)
}

// alternatives explains a failed anyOf/oneOf as one sentence: "personEntry
// must be A, or B (got …)". Branch failures elsewhere than the anyOf's own
// instance are named with their member.
func (x *explainer) alternatives(e *jsonschema.ValidationError) {
	x.add(e, e.InstanceLocation, x.subject(e.InstanceLocation)+" must "+x.phrase(e)+x.gotValue(e.InstanceLocation))
}

// phrase is what one failure requires, as the rest of "X must …"; for
// alternatives, every branch joined with ", or".
func (x *explainer) phrase(e *jsonschema.ValidationError) string {
	switch e.ErrorKind.(type) {
	case *kind.AnyOf, *kind.OneOf:
	default:
		return predicate(e)
	}
	var branches []string
	for _, c := range e.Causes {
		var parts []string
		for _, l := range leaves(c) {
			p := x.phrase(l)
			if p == "" {
				continue
			}
			if rel := relative(e.InstanceLocation, l.InstanceLocation); len(rel) > 0 {
				p = "have " + strings.Join(rel, "/") + " that " + strings.TrimPrefix(p, "be ")
			}
			parts = append(parts, p)
		}
		if len(parts) > 0 {
			branches = append(branches, strings.Join(parts, " and "))
		}
	}
	if len(branches) == 0 {
		return "match one of the allowed forms"
	}
	return orJoin(branches)
}

// orJoin joins alternatives: "be A, or B" when every one is a "be …".
func orJoin(parts []string) string {
	for _, p := range parts {
		if !strings.HasPrefix(p, "be ") {
			return strings.Join(parts, ", or ")
		}
	}
	trimmed := make([]string, len(parts))
	for i, p := range parts {
		trimmed[i] = strings.TrimPrefix(p, "be ")
	}
	return "be " + strings.Join(trimmed, ", or ")
}

// add records one sentence, adding the condition ("with completion, …") when
// the failing rule sits under an if/then, and the spec section from the
// nearest schema description.
func (x *explainer) add(e *jsonschema.ValidationError, loc []string, msg string) {
	frag := fragmentOf(e.SchemaURL)
	why := ""
	_, missing := e.ErrorKind.(*kind.Required)
	cond, thenDesc, conditional := x.condition(frag, loc, missing)
	if conditional {
		msg = cond + ", " + msg
		why = thenDesc
	}
	section := x.s.sectionAt(frag)
	if missing && len(loc) > 0 {
		if sec := x.s.memberSection(frag, loc[len(loc)-1]); sec != "" {
			section = sec
		}
	}
	switch {
	case why != "" && section != "" && !strings.Contains(why, section):
		msg += " (" + why + ", " + section + ")"
	case why != "":
		msg += " (" + why + ")"
	case section != "":
		msg += " (" + section + ")"
	}
	x.out = append(x.out, schemaIssue{loc: loc, msg: msg, code: x.s.codeAt(frag), conditional: conditional})
}

// condition describes the "if" of an if/then that frag lies under, for the
// instance at loc: `with completion` or `with status "on-request"`. thenDesc
// is the then-branch's own description turned into a clause.
func (x *explainer) condition(frag string, loc []string, missing bool) (cond, thenDesc string, ok bool) {
	toks := splitFragment(frag)
	for i := len(toks) - 1; i >= 0; i-- {
		if toks[i] != "then" && toks[i] != "else" {
			continue
		}
		parent, _ := lookup(x.s.raw, toks[:i]).(map[string]any)
		ifs, _ := parent["if"].(map[string]any)
		if ifs == nil {
			return "", "", false
		}
		// The object the if/then applies to: the instance at loc minus the
		// path the then-branch descends into.
		depth := 0
		for j := i + 1; j+1 < len(toks); j++ {
			if toks[j] == "properties" {
				depth++
				j++
			}
		}
		objLoc := loc
		if depth <= len(loc) {
			objLoc = loc[:len(loc)-depth]
		}
		// A "required" failure names the missing member, one level deeper.
		if missing && len(objLoc) > 0 && depth == 0 {
			objLoc = objLoc[:len(objLoc)-1]
		}
		obj, _ := lookup(x.instance, objLoc).(map[string]any)
		var parts []string
		props, _ := ifs["properties"].(map[string]any)
		req, _ := ifs["required"].([]any)
		for _, r := range req {
			name, _ := r.(string)
			if _, constrained := props[name]; constrained {
				if v, ok := obj[name].(string); ok {
					parts = append(parts, fmt.Sprintf("%s %q", name, v))
					continue
				}
			}
			parts = append(parts, name)
		}
		if len(parts) == 0 {
			return "", "", false
		}
		thenSchema, _ := parent[toks[i]].(map[string]any)
		desc, _ := thenSchema["description"].(string)
		desc = strings.TrimSuffix(strings.TrimSpace(desc), ".")
		if sec := sectionIn(desc); sec != "" {
			desc = strings.TrimSpace(strings.Replace(desc, "("+sec+")", "", 1)) + ", " + sec
		}
		if desc != "" {
			desc = strings.ToLower(desc[:1]) + desc[1:]
		}
		return "with " + strings.Join(parts, " and "), desc, true
	}
	return "", "", false
}

// subject names the member at loc: its key, "skills[2]" for an array item, or
// the schema's label for the whole instance.
func (x *explainer) subject(loc []string) string {
	if len(loc) == 0 {
		return x.s.label
	}
	last := loc[len(loc)-1]
	if isIndexToken(last) {
		parent := x.s.label
		if len(loc) > 1 {
			parent = loc[len(loc)-2]
		}
		return model.SafeText(parent) + "[" + last + "]"
	}
	return model.SafeText(last)
}

// got quotes the offending value for the kinds where it helps.
func (x *explainer) got(e *jsonschema.ValidationError) string {
	switch k := e.ErrorKind.(type) {
	case *kind.Type:
		return " (got " + k.Got + ")"
	case *kind.Pattern, *kind.Format, *kind.Enum, *kind.Const:
		return x.gotValue(e.InstanceLocation)
	case *kind.MaxItems:
		return fmt.Sprintf(" (has %d)", k.Got)
	case *kind.MaxLength:
		return fmt.Sprintf(" (has %d)", k.Got)
	}
	return ""
}

func (x *explainer) gotValue(loc []string) string {
	switch v := lookup(x.instance, loc).(type) {
	case string:
		return fmt.Sprintf(" (got %q)", clip(v, 80))
	case json.Number, bool:
		return fmt.Sprintf(" (got %v)", v)
	case nil:
		return " (got null)"
	case map[string]any:
		return " (got an object)"
	case []any:
		return " (got an array)"
	}
	return ""
}

// predicate is what a leaf failure requires, as the rest of "X must …".
func predicate(e *jsonschema.ValidationError) string {
	switch k := e.ErrorKind.(type) {
	case *kind.Type:
		return "be " + orJoinPlain(articled(k.Want))
	case *kind.Const:
		return "be " + jsonText(k.Want)
	case *kind.Enum:
		vals := make([]string, len(k.Want))
		for i, w := range k.Want {
			vals[i] = jsonText(w)
		}
		if len(vals) == 1 {
			return "be " + vals[0]
		}
		return "be one of " + strings.Join(vals, ", ")
	case *kind.Pattern:
		if d, ok := patternWords[k.Want]; ok {
			return "be " + d
		}
		return fmt.Sprintf("match the pattern %s", k.Want)
	case *kind.Format:
		if d, ok := formatWords[k.Want]; ok {
			return "be " + d
		}
		return "be a valid " + k.Want
	case *kind.MinLength:
		if k.Want == 1 {
			return "not be empty"
		}
		return fmt.Sprintf("be at least %d characters long", k.Want)
	case *kind.MaxLength:
		return fmt.Sprintf("be at most %d characters long", k.Want)
	case *kind.MinItems:
		return "have at least " + plural(k.Want, "entry", "entries")
	case *kind.MaxItems:
		return "have at most " + plural(k.Want, "entry", "entries")
	case *kind.MinProperties:
		return "have at least " + plural(k.Want, "member", "members")
	case *kind.MaxProperties:
		return "have at most " + plural(k.Want, "member", "members")
	case *kind.Required:
		return "have the member " + quoteAll(k.Missing)
	case *kind.FalseSchema:
		return "not be present"
	case *kind.UniqueItems:
		return fmt.Sprintf("not repeat items (items %d and %d are equal)", k.Duplicates[0], k.Duplicates[1])
	case *kind.Minimum, *kind.Maximum, *kind.ExclusiveMinimum, *kind.ExclusiveMaximum, *kind.MultipleOf:
		return "satisfy: " + e.ErrorKind.LocalizedString(englishPrinter)
	}
	if len(e.Causes) > 0 {
		return ""
	}
	return "satisfy: " + e.ErrorKind.LocalizedString(englishPrinter)
}

// patternWords says in words what the patterns of our schemas accept.
var patternWords = map[string]string{
	`^https://[^?#]+$`:                   "an https:// address without query or fragment",
	`^tel:\+[0-9][0-9().-]{3,}$`:         "a tel:+ number",
	`^https://`:                          "an https:// address",
	`^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$`: `"Major.Minor" (like "1.0")`,
	`^[A-Za-z][A-Za-z0-9+.-]*:`:          "a URI (scheme:…)",
	`^[A-Za-z][A-Za-z0-9+.-]*://`:        "a URL",
	`^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)+$`: "a reverse-DNS name (like org.example.ext)",
	`^[a-z0-9-]+:[0-9a-f]+$`: `"algorithm:lowercasehex"`,
}

var formatWords = map[string]string{
	"uri":           "a valid URI",
	"uri-reference": "a valid URI reference",
	"date-time":     "an RFC 3339 date-time (like 2026-11-30T12:00:00Z)",
	"email":         "an e-mail address",
	"hostname":      "a host name",
}

// leaves flattens groups (not alternatives) to their failing keywords.
func leaves(e *jsonschema.ValidationError) []*jsonschema.ValidationError {
	switch e.ErrorKind.(type) {
	case *kind.AnyOf, *kind.OneOf:
		return []*jsonschema.ValidationError{e}
	}
	if len(e.Causes) == 0 {
		return []*jsonschema.ValidationError{e}
	}
	var out []*jsonschema.ValidationError
	for _, c := range e.Causes {
		out = append(out, leaves(c)...)
	}
	return out
}

func jsonText(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return model.SafeText(string(b))
}

func quoteAll(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, ", ")
}

func articled(types []string) []string {
	out := make([]string, len(types))
	for i, t := range types {
		switch t {
		case "object", "array", "integer":
			out[i] = "an " + t
		case "null":
			out[i] = "null"
		default:
			out[i] = "a " + t
		}
	}
	return out
}

func orJoinPlain(parts []string) string { return strings.Join(parts, " or ") }

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
