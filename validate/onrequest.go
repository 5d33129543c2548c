package validate

import (
	"bytes"
	"fmt"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/oncard/oncard/model"
)

// OnRequestURI identifies the On Request extension.
const OnRequestURI = "https://agent-capability.org/ext/on-request/v1"

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
			r.fail(extPtr+"/uri", "onrequest/duplicate-extension",
				fmt.Sprintf("the On Request extension is declared more than once (first at capabilities.extensions[%d]); declare it once and list every skill in its params", first),
				"merge the skills of both declarations into one params.skills list")
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
			r.fail(entryPtr.member("id"), "onrequest/duplicate-skill",
				fmt.Sprintf("skill %q is listed more than once (first at skills[%d]); one entry per skill", model.SafeText(id), j), "")
		} else {
			firstAt[id] = i
		}
		entryValue, _ := entry.Get("personEntry").Str()
		checkCallerSpecific(r, entryValue, entryPtr)
		if cards != nil {
			checkAgainstCard(r, cards, id, entryValue, entryPtr)
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
		r.fail(entryPtr.member("id"), "onrequest/unknown-skill",
			fmt.Sprintf("skill %q is not a skill of this card (OR-3.3); the card's skills are: %s", model.SafeText(id), listIDs(cards.ids)),
			"use the id of an entry in the card's skills[], or add that skill to the card")
		return
	}
	skill := cards.card.Get("skills").Index(k)
	skillPtr := itemPtr{"/skills", k}
	for _, member := range []string{"securityRequirements", "security"} {
		if !carries(skill.Get(member)) {
			continue
		}
		ptr, where := skillPtr.member(member), ""
		if cards.external {
			ptr, where = entryPtr.member("id"), fmt.Sprintf(" (card %s)", skillPtr.member(member))
		}
		r.fail(ptr, "onrequest/secured-skill",
			fmt.Sprintf("skill %q is listed On Request but carries %s%s: a skill a person handles on request takes no security requirements", model.SafeText(id), member, where),
			"remove the skill from the On Request params, or remove its "+member)
	}
	checkValueInSkillText(r, cards, skill, skillPtr, id, personEntry, entryPtr)
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
		q = append(q, fmt.Sprintf("%q", model.SafeText(id)))
	}
	return strings.Join(q, ", ")
}

// checkValueInSkillText reports the person entry repeated in the listed
// skill's name, description, tags or examples (interpretation 3 of
// ON-REQUEST.md: the extension is the only place that carries it).
//
// Severity: error. ON-REQUEST.md writes "must not appear", and the schema's
// own description lists this check beside the two error-level ones (each id
// names a skill; no securityRequirements). The one soft case is an https
// entry that is only a host ("https://bank.example/"): naming one's own
// domain in a description is ordinary prose, so that match is a warning.
func checkValueInSkillText(r *report, cards *skillIndex, skill *model.Node, skillPtr itemPtr, id, personEntry string, entryPtr itemPtr) {
	m := personEntryMatcher(personEntry)
	if m == nil {
		return
	}
	match, hostOnly := m.match, m.hostOnly
	report := func(ptr, field string) {
		where := ""
		if cards.external {
			where = fmt.Sprintf(" (card %s)", ptr)
			ptr = entryPtr.member("personEntry")
		}
		msg := fmt.Sprintf("the %s of skill %q repeats its On Request entry %q%s; the extension is the only place that carries it",
			field, model.SafeText(id), model.SafeText(clip(personEntry, 80)), where)
		hint := "remove the address or number from the skill's text"
		if hostOnly {
			r.warn(ptr, "onrequest/value-in-skill-text", msg, hint)
		} else {
			r.fail(ptr, "onrequest/value-in-skill-text", msg, hint)
		}
	}
	for _, field := range []string{"name", "description"} {
		if s, ok := stringBytes(skill.Get(field)); ok && match(s) {
			report(skillPtr.member(field), field)
		}
	}
	for _, field := range []string{"tags", "examples"} {
		list := skill.Get(field)
		for i := 0; i < list.Len(); i++ {
			if s, ok := stringBytes(list.Index(i)); ok && match(s) {
				report(skillPtr.member(field)+"/"+strconv.Itoa(i), field[:len(field)-1])
			}
		}
	}
}

// stringBytes is the decoded value of a string node as bytes, taken from the
// source without a copy when the string has no escapes: this check reads
// every text of every listed skill on every keystroke.
func stringBytes(n *model.Node) ([]byte, bool) {
	if n == nil || n.Kind != model.String {
		return nil, false
	}
	raw := n.Raw()
	if len(raw) >= 2 && bytes.IndexByte(raw, '\\') < 0 {
		return raw[1 : len(raw)-1], true
	}
	s, ok := n.Str()
	return []byte(s), ok
}

// entryMatcher tests "text mentions this person entry": for an https entry,
// its host and path without the scheme (case-insensitive, with or without a
// final slash); for a tel: entry, its digits in any spacing or punctuation,
// with or without the country code (at least 7 digits).
type entryMatcher struct {
	needle   string // https: lower-case host and path
	digits   []byte // tel: the number's digits
	hostOnly bool   // an https entry without a path
}

// personEntryMatcher returns nil for entries it cannot look for.
func personEntryMatcher(entry string) *entryMatcher {
	switch {
	case strings.HasPrefix(entry, "https://"):
		needle := strings.ToLower(strings.TrimRight(strings.TrimPrefix(entry, "https://"), "/"))
		if needle == "" {
			return nil
		}
		return &entryMatcher{needle: needle, hostOnly: !strings.Contains(needle, "/")}
	case strings.HasPrefix(entry, "tel:"):
		digits := digitsOf(entry)
		if len(digits) < 4 {
			return nil
		}
		return &entryMatcher{digits: digits}
	}
	return nil
}

func (m *entryMatcher) match(text []byte) bool {
	if m.digits != nil {
		return mentionsNumber(text, m.digits)
	}
	return containsFoldASCII(text, m.needle)
}

// containsFoldASCII reports whether text contains needle (lower case),
// ignoring ASCII case, without allocating.
func containsFoldASCII(text []byte, needle string) bool {
	n := len(needle)
	for i := 0; i+n <= len(text); i++ {
		j := 0
		for j < n {
			c := text[i+j]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			if c != needle[j] {
				break
			}
			j++
		}
		if j == n {
			return true
		}
	}
	return false
}

func digitsOf(s string) []byte {
	var b []byte
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			b = append(b, s[i])
		}
	}
	return b
}

// mentionsNumber reports whether text writes the number digits: a run of
// digits, where single separators a phone number is written with (space,
// - . ( ) / +; at most two in a row) do not end the run, that contains all
// of digits, or is at least 7 digits long and ends it (the number without
// its country code).
func mentionsNumber(text, digits []byte) bool {
	var buf [64]byte
	run := buf[:0]
	check := func() bool {
		return bytes.Contains(run, digits) || (len(run) >= 7 && bytes.HasSuffix(digits, run))
	}
	gap := 0
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c >= '0' && c <= '9':
			if len(run) < cap(run) {
				run = append(run, c)
			}
			gap = 0
		case isPhoneSeparator(c) && gap < 2:
			gap++
		default:
			if len(run) > 0 && check() {
				return true
			}
			run, gap = run[:0], 0
		}
	}
	return len(run) > 0 && check()
}

// checkCallerSpecific warns when an https entry's path looks like it names
// one caller: an "@", an e-mail address, a UUID or a long random token
// (interpretation of OR-3.8: the entry is the same for every caller and
// carries nothing about the person; a schema cannot see that).
func checkCallerSpecific(r *report, entry string, at itemPtr) {
	rest, ok := strings.CutPrefix(entry, "https://")
	if !ok {
		return
	}
	_, path, _ := strings.Cut(rest, "/")
	for path != "" {
		var seg string
		seg, path, _ = strings.Cut(path, "/")
		if why := callerSpecific(seg); why != "" {
			r.warn(at.member("personEntry"), "onrequest/caller-specific-entry",
				fmt.Sprintf("personEntry path segment %q looks specific to one caller (%s); the entry must be the same for every caller and carry nothing about the person (OR-3.8)",
					model.SafeText(clip(seg, 60)), why),
				"use one address for everybody, e.g. https://example.com/support")
			return
		}
	}
}

// callerSpecific says why a path segment looks caller-specific, or "".
func callerSpecific(seg string) string {
	switch {
	case seg == "":
		return ""
	case strings.Contains(seg, "@") || strings.Contains(seg, "%40"):
		return "it contains an @, like an e-mail address or a user handle"
	case isUUID(seg):
		return "it is a UUID"
	case isRandomToken(seg):
		return "it looks like a random token"
	}
	return ""
}

func isUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if i == 8 || i == 13 || i == 18 || i == 23 {
			if c != '-' {
				return false
			}
			continue
		}
		if !isHex(c) {
			return false
		}
	}
	return true
}

// isRandomToken: 16+ hex digits with at least one digit, or 20+ base64url
// characters mixing letters and at least 3 digits in one dash-free word.
// Readable slugs ("support-for-business-accounts") are not tokens.
func isRandomToken(s string) bool {
	letters, digits, hexOnly := 0, 0, true
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			digits++
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
			letters++
			hexOnly = hexOnly && isHex(c)
		case c == '_' || c == '-':
			hexOnly = false
		default:
			return false
		}
	}
	if hexOnly && len(s) >= 16 && digits > 0 {
		return true
	}
	if len(s) < 20 || digits < 3 || letters == 0 {
		return false
	}
	// The longest dash- or underscore-free run decides: words are short.
	longest := 0
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return r == '-' || r == '_' }) {
		longest = max(longest, len(w))
	}
	return longest >= 20
}

func isHex(c byte) bool {
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
}

// ---- The On Request shapes, checked in code ----
//
// checkOnRequestDecl runs on every keystroke in the TUI for a card of up to
// 200 listed skills, and the JSON Schema run (with the conversion to
// map[string]any it needs) cost more than the whole card's budget. So the
// declaration and params shapes are checked here, reading the Doc's nodes
// directly. The embedded schema stays the source of truth:
// TestOnRequestShapeMatchesSchema generates thousands of entries and
// requires this code and checkSchema to report the same pointers and
// sentences. Replies are single small objects and go through the schema.

const (
	secDecl        = "OR-3.1"
	secParams      = "OR-3.2"
	secID          = "OR-3.3"
	secPersonEntry = "OR-3.4, OR-3.8"
	secAccess      = "OR-3.5"
	secCompletion  = "OR-3.6"
	codeORSchema   = "onrequest/schema"
)

// checkDeclShape is checkSchema with #/$defs/agentExtension, in code.
func checkDeclShape(r *report, ext *model.Node, ptr string) {
	if ext == nil || ext.Kind != model.Object {
		r.fail(ptr, codeORSchema, "the extension entry must be an object"+gotType(ext)+sec(secDecl), "")
		return
	}
	if ext.Get("uri") == nil {
		r.fail(ptr+"/uri", codeORSchema, `missing required member "uri"`+sec(secDecl), "")
	}
	if ext.Get("params") == nil {
		r.fail(ptr+"/params", codeORSchema, `missing required member "params"`+sec(secParams), "")
	}
	for _, m := range ext.Members {
		p := ptr + "/" + ptrToken(m.Key)
		switch m.Key {
		case "uri":
			if s, ok := m.Value.Str(); !ok || s != OnRequestURI {
				r.fail(p, codeORSchema, `uri must be "`+OnRequestURI+`"`+gotNode(m.Value)+sec(secDecl), "")
			}
		case "description":
			if m.Value.Kind != model.String {
				r.fail(p, codeORSchema, "description must be a string"+gotType(m.Value)+sec(secDecl), "")
			}
		case "required":
			if v, ok := m.Value.BoolValue(); !ok || v {
				r.fail(p, codeORSchema, "required must be false"+gotNode(m.Value)+sec(secDecl), "")
			}
		case "params":
			checkParamsShape(r, m.Value, p)
		}
	}
}

// checkParamsShape is checkSchema with #/$defs/params, in code.
func checkParamsShape(r *report, params *model.Node, ptr string) {
	if params == nil || params.Kind != model.Object {
		r.fail(ptr, codeORSchema, "params must be an object"+gotType(params)+sec(secParams), "")
		return
	}
	skills := params.Get("skills")
	switch {
	case skills == nil:
		r.fail(ptr+"/skills", codeORSchema, `missing required member "skills"`+sec(secParams), "")
		return
	case skills.Kind != model.Array:
		r.fail(ptr+"/skills", codeORSchema, "skills must be an array"+gotType(skills)+sec(secParams), "")
		return
	case skills.Len() < 1:
		r.fail(ptr+"/skills", codeORSchema, "skills must have at least 1 entry"+sec(secParams), "")
	case skills.Len() > 200:
		r.fail(ptr+"/skills", codeORSchema, fmt.Sprintf("skills must have at most 200 entries (has %d)", skills.Len())+sec(secParams), "")
	}
	skillsPtr := ptr + "/skills"
	for i, entry := range skills.Items {
		checkSkillEntryShape(r, entry, itemPtr{skillsPtr, i})
	}
}

// checkSkillEntryShape is checkSchema with #/$defs/skillEntry, in code.
func checkSkillEntryShape(r *report, entry *model.Node, at itemPtr) {
	if entry.Kind != model.Object {
		r.fail(at.String(), codeORSchema, "skills["+strconv.Itoa(at.i)+"] must be an object"+gotType(entry), "")
		return
	}
	if entry.Get("id") == nil {
		r.fail(at.member("id"), codeORSchema, `missing required member "id"`+sec(secID), "")
	}
	person := entry.Get("personEntry")
	if person == nil {
		r.fail(at.member("personEntry"), codeORSchema, `missing required member "personEntry"`+sec(secPersonEntry), "")
	}
	personFailed := false
	for _, m := range entry.Members {
		switch m.Key {
		case "id":
			s, ok := stringBytes(m.Value)
			switch n := utf8.RuneCount(s); {
			case !ok:
				r.fail(at.member("id"), codeORSchema, "id must be a string"+gotType(m.Value)+sec(secID), "")
			case n < 1:
				r.fail(at.member("id"), codeORSchema, "id must not be empty"+sec(secID), "")
			case n > 128:
				r.fail(at.member("id"), codeORSchema, fmt.Sprintf("id must be at most 128 characters long (has %d)", n)+sec(secID), "")
			}
		case "personEntry":
			personFailed = checkPersonEntryShape(r, m.Value, at)
		case "assistantAccess":
			if m.Value.Kind != model.Bool {
				r.fail(at.member("assistantAccess"), codeORSchema, "assistantAccess must be a boolean"+gotType(m.Value)+sec(secAccess), "")
			}
		case "completion":
			if s, ok := stringBytes(m.Value); !ok || (string(s) != "in-conversation" && string(s) != "deferred") {
				r.fail(at.member("completion"), codeORSchema, `completion must be one of "in-conversation", "deferred"`+gotNode(m.Value)+sec(secCompletion), "")
			}
		}
	}
	// if completion then personEntry ^https:// (OR-3.4); one sentence per
	// member, so not when personEntry already failed.
	if entry.Get("completion") != nil && !personFailed {
		if s, ok := person.Str(); ok && !strings.HasPrefix(s, "https://") {
			r.fail(at.member("personEntry"), codeORSchema,
				"with completion, personEntry must be an https:// address"+gotNode(person)+" (an action needs an https address, OR-3.4)", "")
		}
	}
}

// isHTTPSEntry is the schema's pattern ^https://[^?#]+$ without a regexp
// engine (the differential test holds the two together).
func isHTTPSEntry(s string) bool {
	rest, ok := strings.CutPrefix(s, "https://")
	return ok && rest != "" && !strings.ContainsAny(rest, "?#")
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

// checkPersonEntryShape is checkSchema with #/$defs/personEntry, in code,
// for the personEntry of the skill entry at entryPtr; it reports whether the
// entry failed.
func checkPersonEntryShape(r *report, n *model.Node, at itemPtr) bool {
	s, ok := n.Str()
	if !ok {
		r.fail(at.member("personEntry"), codeORSchema, "personEntry must be a string"+gotType(n)+sec(secPersonEntry), "")
		return true
	}
	if !isSchemaURI(s) {
		r.fail(at.member("personEntry"), codeORSchema, "personEntry must be a valid URI"+gotNode(n)+sec(secPersonEntry), "")
		return true
	}
	failed := false
	if l := utf8.RuneCountInString(s); l > 2048 {
		r.fail(at.member("personEntry"), codeORSchema, fmt.Sprintf("personEntry must be at most 2048 characters long (has %d)", l)+sec(secPersonEntry), "")
		failed = true
	}
	if !isHTTPSEntry(s) && !isTelEntry(s) {
		r.fail(at.member("personEntry"), codeORSchema, "personEntry must be an https:// address without query or fragment, or a tel:+ number"+gotNode(n)+sec(secPersonEntry), "")
		failed = true
	}
	return failed
}

// isSchemaURI is JSON Schema's format "uri" as jsonschema/v6 asserts it:
// net/url parses it, an IPv6 host is bracketed and valid, and it has a
// scheme.
func isSchemaURI(s string) bool {
	if isPlainEntry(s) {
		return true
	}
	u, err := url.Parse(s)
	if err != nil {
		return false
	}
	if host := u.Hostname(); strings.Contains(host, ":") {
		if !strings.Contains(u.Host, "[") || !strings.Contains(u.Host, "]") {
			return false
		}
		addr, err := netip.ParseAddr(host)
		if err != nil || addr.Zone() != "" {
			return false
		}
	}
	return u.IsAbs()
}

// isPlainEntry recognises, without parsing, the common entries net/url
// surely accepts as absolute: tel:+ followed by digits and ( ) . -, or
// https:// with a host of letters, digits, dots and dashes and a path of
// unreserved characters and slashes. Anything else goes to url.Parse.
func isPlainEntry(s string) bool {
	if rest, ok := strings.CutPrefix(s, "tel:+"); ok {
		for i := 0; i < len(rest); i++ {
			if c := rest[i]; (c < '0' || c > '9') && strings.IndexByte("().-", c) < 0 {
				return false
			}
		}
		return true
	}
	rest, ok := strings.CutPrefix(s, "https://")
	if !ok {
		return false
	}
	host, path, _ := strings.Cut(rest, "/")
	if host == "" {
		return false
	}
	for i := 0; i < len(host); i++ {
		if c := host[i]; !isASCIIAlnum(c) && c != '.' && c != '-' {
			return false
		}
	}
	for i := 0; i < len(path); i++ {
		if c := path[i]; !isASCIIAlnum(c) && strings.IndexByte("-._~/", c) < 0 {
			return false
		}
	}
	return true
}

func isASCIIAlnum(c byte) bool {
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

func sec(section string) string { return " (" + section + ")" }

// gotType is the explainer's "(got <type>)" for a node.
func gotType(n *model.Node) string {
	if n == nil {
		return " (got null)"
	}
	return " (got " + n.Kind.String() + ")"
}

// gotNode is the explainer's "(got <value>)" for a node.
func gotNode(n *model.Node) string {
	if n == nil {
		return " (got null)"
	}
	switch n.Kind {
	case model.String:
		s, _ := n.Str()
		return fmt.Sprintf(" (got %q)", model.SafeText(clip(s, 80)))
	case model.Object:
		return " (got an object)"
	case model.Array:
		return " (got an array)"
	case model.Null:
		return " (got null)"
	}
	return " (got " + model.SafeText(string(n.Raw())) + ")"
}

func ptrToken(t string) string { return pointerOf([]string{t})[1:] }

func isPhoneSeparator(c byte) bool {
	switch c {
	case ' ', '-', '.', '(', ')', '/', '+':
		return true
	}
	return false
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
