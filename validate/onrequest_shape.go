package validate

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/oncard/oncard/model"
)

// ---- The On Request shapes, checked in code ----
//
// checkOnRequestDecl runs on every keystroke in the TUI for a card of up to
// 200 listed skills, and the JSON Schema run (with the conversion to
// map[string]any it needs) cost more than the whole card's budget. So the
// declaration and params shapes are checked here, reading the Doc's nodes
// directly. The embedded schema stays the source of truth:
// TestOnRequestShapeMatchesSchema generates thousands of entries and
// requires this code and checkSchema to report the same pointers and
// sentences. Replies are checked in code too (checkReplyShape), so that the
// binary does not link the schema compiler, whose package does most of
// oncard's start-up work (docs/PERFORMANCE.md); the tests hold the code to
// the schema, as they do the rest.

const (
	secDecl        = "OR-3.1"
	secParams      = "OR-3.2"
	secID          = "OR-3.3"
	secPersonEntry = "OR-3.4, OR-3.8"
	secAccess      = "OR-3.5"
	secCompletion  = "OR-3.6"
)

// checkDeclShape is checkSchema with #/$defs/agentExtension, in code.
func checkDeclShape(r *report, ext *model.Node, ptr string) {
	if ext == nil || ext.Kind != model.Object {
		r.emit(ruleOnrequestSchema, ptr, "the extension entry must be an object"+gotType(ext)+sec(secDecl), "")
		return
	}
	if ext.Get("uri") == nil {
		r.emit(ruleOnrequestSchema, ptr+"/uri", `missing required member "uri"`+sec(secDecl), "")
	}
	if ext.Get("params") == nil {
		r.emit(ruleOnrequestSchema, ptr+"/params", `missing required member "params"`+sec(secParams), "")
	}
	for _, m := range ext.Members() {
		p := ptr + "/" + ptrToken(m.Key())
		switch m.Key() {
		case "uri":
			if s, ok := m.Value.Str(); !ok || s != OnRequestURI {
				r.emit(ruleOnrequestSchema, p, `uri must be "`+OnRequestURI+`"`+gotNode(m.Value)+sec(secDecl), "")
			}
		case "description":
			if m.Value.Kind != model.String {
				r.emit(ruleOnrequestSchema, p, "description must be a string"+gotType(m.Value)+sec(secDecl), "")
			}
		case "required":
			if v, ok := m.Value.BoolValue(); !ok || v {
				r.emit(ruleOnrequestSchema, p, "required must be false"+gotNode(m.Value)+sec(secDecl), "")
			}
		case "params":
			checkParamsShape(r, m.Value, p)
		}
	}
}

// checkParamsShape is checkSchema with #/$defs/params, in code.
func checkParamsShape(r *report, params *model.Node, ptr string) {
	if params == nil || params.Kind != model.Object {
		r.emit(ruleOnrequestSchema, ptr, "params must be an object"+gotType(params)+sec(secParams), "")
		return
	}
	skills := params.Get("skills")
	switch {
	case skills == nil:
		r.emit(ruleOnrequestSchema, ptr+"/skills", `missing required member "skills"`+sec(secParams), "")
		return
	case skills.Kind != model.Array:
		r.emit(ruleOnrequestSchema, ptr+"/skills", "skills must be an array"+gotType(skills)+sec(secParams), "")
		return
	case skills.Len() < 1:
		r.emit(ruleOnrequestSchema, ptr+"/skills", "skills must have at least 1 entry"+sec(secParams), "")
	case skills.Len() > 200:
		r.emit(ruleOnrequestSchema, ptr+"/skills", fmt.Sprintf("skills must have at most 200 entries (has %d)", skills.Len())+sec(secParams), "")
	}
	skillsPtr := ptr + "/skills"
	for i, entry := range r.eachMember(famEntryShape, skillsPtr, skills, nil) {
		checkSkillEntryShape(r, entry, itemPtr{skillsPtr, i})
	}
}

// checkSkillEntryShape is checkSchema with #/$defs/skillEntry, in code.
func checkSkillEntryShape(r *report, entry *model.Node, at itemPtr) {
	if entry.Kind != model.Object {
		r.emit(ruleOnrequestSchema, at.String(), "skills["+strconv.Itoa(at.i)+"] must be an object"+gotType(entry), "")
		return
	}
	// One pass over the members (no lookup of id and personEntry first):
	// this runs for each of up to 200 entries. A member missing is
	// reported after it; the findings are sorted by pointer, and no other
	// one is at a missing member's.
	var person *model.Node // the first personEntry, as Get finds it
	hasID, personFailed, hasCompletion := false, false, false
	for _, m := range entry.Members() {
		switch m.Key() {
		case "id":
			hasID = true
			checkSkillID(r, m.Value, "id", secID, func() string { return at.member("id") })
		case "personEntry":
			if person == nil {
				person = m.Value
			}
			personFailed = checkPersonEntryShape(r, m.Value, at)
		case "assistantAccess":
			if m.Value.Kind != model.Bool {
				r.emit(ruleOnrequestSchema, at.member("assistantAccess"), "assistantAccess must be a boolean"+gotType(m.Value)+sec(secAccess), "")
			}
		case "completion":
			hasCompletion = true
			if s, ok := m.Value.Str(); !ok || (s != "in-conversation" && s != "deferred") {
				r.emit(ruleOnrequestSchema, at.member("completion"), `completion must be one of "in-conversation", "deferred"`+gotNode(m.Value)+sec(secCompletion), "")
			}
		}
	}
	if !hasID {
		r.emit(ruleOnrequestSchema, at.member("id"), `missing required member "id"`+sec(secID), "")
	}
	if person == nil {
		r.emit(ruleOnrequestSchema, at.member("personEntry"), `missing required member "personEntry"`+sec(secPersonEntry), "")
	}
	// if completion then personEntry ^https:// (OR-3.4); one sentence per
	// member, so not when personEntry already failed.
	if hasCompletion && !personFailed {
		if s, ok := person.Str(); ok && !strings.HasPrefix(s, "https://") {
			r.emit(ruleOnrequestSchema, at.member("personEntry"), "with completion, personEntry must be an https:// address"+gotNode(person)+" (an action needs an https address, OR-3.4)", "")
		}
	}
}

// checkSkillID is the schema's skill id (a string of 1 to 128 characters)
// in code, for the value n of the member name (an entry's "id", a reply's
// "skillId") at the pointer ptr makes, in section section.
func checkSkillID(r *report, n *model.Node, name, section string, ptr func() string) {
	s, ok := n.Str() // no scan for escapes: the node knows
	count := len(s)  // characters, counted only when there can be too many
	if count > 128 {
		count = utf8.RuneCountInString(s)
	}
	switch {
	case !ok:
		r.emit(ruleOnrequestSchema, ptr(), name+" must be a string"+gotType(n)+sec(section), "")
	case count < 1:
		r.emit(ruleOnrequestSchema, ptr(), name+" must not be empty"+sec(section), "")
	case count > 128:
		r.emit(ruleOnrequestSchema, ptr(), fmt.Sprintf("%s must be at most 128 characters long (has %d)", name, count)+sec(section), "")
	}
}

// isHTTPSEntry is the schema's pattern ^https://[^?#]+$ without a regexp
// engine (the differential test holds the two together).
func isHTTPSEntry(s string) bool {
	rest, ok := strings.CutPrefix(s, "https://")
	return ok && rest != "" && strings.IndexByte(rest, '?') < 0 && strings.IndexByte(rest, '#') < 0
}

// isTelEntry is the schema's pattern ^tel:\+[0-9][0-9().-]{3,}$.
func isTelEntry(s string) bool {
	rest, ok := strings.CutPrefix(s, "tel:+")
	if !ok || len(rest) < 4 || rest[0] < '0' || rest[0] > '9' {
		return false
	}
	for i := 1; i < len(rest); i++ {
		if c := rest[i]; (c < '0' || c > '9') && strings.IndexByte("().-", c) < 0 {
			return false
		}
	}
	return true
}

// isPlainPersonEntry recognises in one pass the entries that pass every
// check of checkPersonEntryShape: at most 2048 bytes, and an https:// entry
// isPlainEntry accepts (its host and path bytes exclude '?' and '#', so
// isHTTPSEntry holds) or a tel:+ entry of at least four plain bytes after
// the "+", the first a digit (isPlainEntry and isTelEntry hold). Anything
// else is left to the checks one by one, which say what is wrong.
func isPlainPersonEntry(s string) bool {
	if len(s) > 2048 {
		return false
	}
	if rest, ok := strings.CutPrefix(s, "https://"); ok {
		i := plainHostLen(rest)
		switch {
		case i == 0:
			return false
		case i == len(rest):
			return true
		}
		return rest[i] == '/' && isPlainPath(rest[i+1:])
	}
	rest, ok := strings.CutPrefix(s, "tel:+")
	return ok && len(rest) >= 4 && rest[0]-'0' <= 9 && allOf(rest, &plainTelByte)
}

// plainHostLen is the length of the run of plainHostByte bytes s starts
// with, and isPlainPath reports whether every byte of s is a
// plainPathByte: eight bytes at a time, as they read every entry of a
// card (TestPlainBytesEveryPlace holds them to the classes).
func plainHostLen(s string) int {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		x := load64(s, i)
		ok := bytesBetween(x, '0', '9') | bytesBetween(x, 'A', 'Z') | bytesBetween(x, 'a', 'z') | bytesBetween(x, '-', '.')
		if ok != highBits {
			return i + bits.TrailingZeros64(^ok&highBits)/8
		}
	}
	for i < len(s) && plainHostByte[s[i]] {
		i++
	}
	return i
}

func isPlainPath(s string) bool {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		x := load64(s, i)
		ok := bytesBetween(x, '0', '9') | bytesBetween(x, 'A', 'Z') | bytesBetween(x, 'a', 'z') |
			bytesBetween(x, '-', '/') | bytesBetween(x, '_', '_') | bytesBetween(x, '~', '~')
		if ok != highBits {
			return false
		}
	}
	return allOf(s[i:], &plainPathByte)
}

// checkPersonEntryShape is checkSchema with #/$defs/personEntry, in code,
// for the personEntry of the skill entry at entryPtr; it reports whether the
// entry failed.
func checkPersonEntryShape(r *report, n *model.Node, at itemPtr) bool {
	return checkPersonEntryAt(r, n, func() string { return at.member("personEntry") })
}

// checkPersonEntryAt is checkSchema with #/$defs/personEntry, in code, for
// n at the pointer ptr makes (made only for a finding); it reports whether
// the entry failed.
func checkPersonEntryAt(r *report, n *model.Node, ptr func() string) bool {
	s, ok := n.Str()
	if !ok {
		r.emit(ruleOnrequestSchema, ptr(), "personEntry must be a string"+gotType(n)+sec(secPersonEntry), "")
		return true
	}
	if isPlainPersonEntry(s) {
		return false // the common case, in one pass over the entry
	}
	if !isSchemaURI(s) {
		msg, hint := "personEntry must be a valid URI"+gotNode(n)+sec(secPersonEntry), ""
		switch {
		case s == "":
			msg = "personEntry must not be empty" + sec(secPersonEntry)
			hint = "it is required: where the person is reached, an https:// address (https://example.com/ask) or a tel: number (tel:+1-555-0142)"
		case strings.ContainsAny(s, " \t"):
			hint = "a URI has no spaces: write a tel: number with dashes (tel:+1-555-0142), and %20 for a space in an address"
		}
		r.emit(ruleOnrequestSchema, ptr(), msg, hint)
		return true
	}
	failed := false
	// A character is at most as long as its bytes: they are counted only
	// when they can be too many.
	if len(s) > 2048 {
		if l := utf8.RuneCountInString(s); l > 2048 {
			r.emit(ruleOnrequestSchema, ptr(), fmt.Sprintf("personEntry must be at most 2048 characters long (has %d)", l)+sec(secPersonEntry), "")
			failed = true
		}
	}
	if !isHTTPSEntry(s) && !isTelEntry(s) {
		r.emit(ruleOnrequestSchema, ptr(), "personEntry must be an https:// address without query or fragment, or a tel:+ number"+gotNode(n)+sec(secPersonEntry), "")
		failed = true
	}
	return failed
}

// itemPtr is the pointer of an array item (base + "/" + i), built only when
// a finding needs it: these checks run on every keystroke over up to 200
// entries, and most entries have no finding.
type itemPtr struct {
	base string
	i    int
}

func (p itemPtr) String() string { return p.base + "/" + strconv.Itoa(p.i) }

func (p itemPtr) member(name string) string { return p.String() + "/" + ptrToken(name) }
