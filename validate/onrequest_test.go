package validate

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/oncard/oncard/internal/reference"
	"github.com/oncard/oncard/model"
)

// readDoc parses a fixture under testdata.
func readDoc(t testing.TB, name string) *model.Doc {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := model.Parse(data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return doc
}

func parseString(t testing.TB, s string) *model.Doc {
	t.Helper()
	doc, err := model.Parse([]byte(s))
	if err != nil {
		t.Fatalf("parse %q: %v", s, err)
	}
	return doc
}

// onRequestInCard runs the On Request checks of a card the way the card
// validator does: checkOnRequestDecl on every declaration.
func onRequestInCard(doc *model.Doc) []Diagnostic {
	r := newReport(doc, nil)
	root := doc.Root()
	skills := newSkillIndex(doc, root, false)
	exts := root.Get("capabilities").Get("extensions")
	for i := 0; i < exts.Len(); i++ {
		if exts.Index(i).Get("uri").Text() == OnRequestURI {
			checkOnRequestDecl(r, exts.Index(i), fmt.Sprintf("/capabilities/extensions/%d", i), skills)
		}
	}
	return r.sorted()
}

func dump(diags []Diagnostic) string {
	var b strings.Builder
	for _, d := range diags {
		fmt.Fprintf(&b, "\n  %d:%d %s %s %s: %s | %s", d.Line, d.Column, d.Pointer, d.Severity, d.Code, d.Message, d.Hint)
	}
	return b.String()
}

// want is one expected diagnostic; msg is a substring of the message.
type want struct {
	code, ptr string
	sev       Severity
	msg       string
}

func (w want) matches(d Diagnostic) bool {
	return d.Code == w.code && d.Pointer == w.ptr && d.Severity == w.sev && strings.Contains(d.Message, w.msg)
}

func (w want) String() string {
	return fmt.Sprintf("%s %s at %q containing %q", w.sev, w.code, w.ptr, w.msg)
}

// wanted is an expected diagnostic (want, discWant).
type wanted interface {
	matches(Diagnostic) bool
	String() string
}

// expectExactly asserts diags are exactly the wanted ones, in any order,
// each with a line.
func expectExactly[W wanted](t *testing.T, diags []Diagnostic, wants ...W) {
	t.Helper()
	if len(diags) != len(wants) {
		t.Fatalf("got %d diagnostics, want %d:%s", len(diags), len(wants), dump(diags))
	}
	used := make([]bool, len(diags))
	for _, w := range wants {
		found := false
		for i, d := range diags {
			if used[i] || !w.matches(d) {
				continue
			}
			used[i], found = true, true
			if d.Line == 0 {
				t.Errorf("%s at %s has no line", d.Code, d.Pointer)
			}
			break
		}
		if !found {
			t.Errorf("missing %s;%s", w, dump(diags))
		}
	}
}

func TestOnRequestSchemaIsSpecCopy(t *testing.T) {
	want, err := os.ReadFile(reference.Spec(t, "on-request-v1.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	got, err := schemaFiles.ReadFile("schemas/on-request-v1.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("validate/schemas/on-request-v1.schema.json differs from the spec's schema; it must be a byte-for-byte copy")
	}
}

func TestWorkedExampleIsClean(t *testing.T) {
	doc := readDoc(t, "onrequest/worked-example.card.json")
	if diags := onRequestInCard(doc); len(diags) != 0 {
		t.Fatalf("worked example: %s", dump(diags))
	}
	for _, name := range []string{"onrequest/params.valid.json", "onrequest/extension.valid.json"} {
		if diags := onRequest(readDoc(t, name), nil); len(diags) != 0 {
			t.Errorf("%s: %s", name, dump(diags))
		}
	}
	// Checked against the card with --card as well.
	opts := &Options{Card: doc}
	if diags := onRequest(readDoc(t, "onrequest/params.valid.json"), opts); len(diags) != 0 {
		t.Errorf("params with --card: %s", dump(diags))
	}
}

// TestWorkedExampleCardIsClean: the spec's worked example passes the whole
// card validator with nothing above info, but one security warning: it
// sketches the extension and declares no security requirement, so its
// action (a dispute with a completion) is open to anyone
// (security/unprotected-action).
func TestWorkedExampleCardIsClean(t *testing.T) {
	doc := readDoc(t, "onrequest/worked-example.card.json")
	unprotected := 0
	for _, d := range Card(doc, nil) {
		if d.Code == ruleSecurityUnprotectedAction.Code && d.Pointer == "/capabilities/extensions/0/params/skills/0/completion" {
			unprotected++
			continue
		}
		if d.Severity != Info {
			t.Errorf("worked example card: %s", dump([]Diagnostic{d}))
		}
	}
	if unprotected != 1 {
		t.Errorf("worked example card: %d security/unprotected-action findings, want 1", unprotected)
	}
}

func TestFormatAssertion(t *testing.T) {
	diags := onRequest(readDoc(t, "onrequest/format-uri.invalid.json"), nil)
	expectExactly(t, diags, want{"onrequest/schema", "/skills/0/personEntry", Error, `personEntry must be a valid URI (got "https://exa mple.com")`})
}

// Each rule: the invalid fixture yields exactly the rule's diagnostic at its
// pointer; the valid fixture of the same rule yields none.
func TestOnRequestRules(t *testing.T) {
	cases := []struct {
		file  string
		card  bool // a whole card (checkOnRequestDecl) rather than params
		wants []want
	}{
		{"person-entry.invalid.json", false, []want{{"onrequest/schema", "/skills/0/personEntry", Error,
			`personEntry must be an https:// address without query or fragment, or a tel:+ number (got "ftp://bank.example/x") (OR-3.4, OR-3.8)`}}},
		{"person-entry-query.invalid.json", false, []want{{"onrequest/schema", "/skills/0/personEntry", Error, "without query or fragment"}}},
		{"completion-tel.invalid.json", false, []want{{"onrequest/schema", "/skills/1/personEntry", Error,
			`with completion, personEntry must be an https:// address (got "tel:+1-555-0100") (an action needs an https address, OR-3.4)`}}},
		{"completion-enum.invalid.json", false, []want{{"onrequest/schema", "/skills/0/completion", Error,
			`completion must be one of "in-conversation", "deferred" (got "later") (OR-3.6)`}}},
		{"missing-person-entry.invalid.json", false, []want{{"onrequest/schema", "/skills/1/personEntry", Error, `missing required member "personEntry"`}}},
		{"skills-empty.invalid.json", false, []want{{"onrequest/schema", "/skills", Error, "skills must have at least 1 entry (OR-3.2)"}}},
		{"skills-too-many.invalid.json", false, []want{{"onrequest/schema", "/skills", Error, "skills must have at most 200 entries (has 201) (OR-3.2)"}}},
		{"required-true.invalid.json", false, []want{{"onrequest/schema", "/required", Error, "required must be false (got true)"}}},
		{"duplicate-skill.invalid.json", false, []want{{"onrequest/duplicate-skill", "/skills/2/id", Error, `skill "branch-hours" is listed more than once (first at skills[1])`}}},
		{"caller-at.invalid.json", false, []want{{"onrequest/caller-specific-entry", "/skills/0/personEntry", Warning, "contains an @"}}},
		{"caller-uuid.invalid.json", false, []want{{"onrequest/caller-specific-entry", "/skills/0/personEntry", Warning, "UUID"}}},
		{"caller-token.invalid.json", false, []want{{"onrequest/caller-specific-entry", "/skills/0/personEntry", Warning, "random token"}}},
		{"caller.valid.json", false, nil},
		{"unknown-skill.invalid.card.json", true, []want{{"onrequest/unknown-skill", "/capabilities/extensions/0/params/skills/1/id", Error,
			`skill "branch-hour" is not a skill of this card (OR-3.3); the card's skills are: "dispute-charge", "branch-hours", "balance"`}}},
		{"secured-skill.invalid.card.json", true, []want{{"onrequest/secured-skill", "/skills/0/securityRequirements", Error, "carries securityRequirements"}}},
		{"secured-skill-v03.invalid.card.json", true, []want{{"onrequest/secured-skill", "/skills/1/security", Error, "carries security"}}},
		{"secured-skill-empty.valid.card.json", true, nil},
		{"value-in-skill-text-tel.invalid.card.json", true, []want{{"onrequest/value-in-skill-text", "/skills/1/description", Error, `repeats its On Request entry "tel:+1-555-0100"`}}},
		{"value-in-skill-text-url.invalid.card.json", true, []want{{"onrequest/value-in-skill-text", "/skills/0/examples/1", Error, "the example of skill \"dispute-charge\""}}},
		{"value-in-skill-text.valid.card.json", true, nil},
		{"duplicate-extension.invalid.card.json", true, []want{{"onrequest/duplicate-extension", "/capabilities/extensions/1/uri", Error, "declared more than once (first at capabilities.extensions[0])"}}},
		{"duplicate-skill.invalid.card.json", true, []want{{"onrequest/duplicate-skill", "/capabilities/extensions/0/params/skills/2/id", Error, `skill "dispute-charge" is listed more than once`}}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			doc := readDoc(t, filepath.Join("onrequest", c.file))
			var diags []Diagnostic
			if c.card {
				diags = onRequestInCard(doc)
			} else {
				diags = onRequest(doc, nil)
			}
			expectExactly(t, diags, c.wants...)
		})
	}
}

// With --card, findings about the card's skills point into the params file
// and name the card's member in the message.
func TestOnRequestExternalCard(t *testing.T) {
	card := readDoc(t, "onrequest/secured-skill.invalid.card.json")
	params := readDoc(t, "onrequest/params.valid.json")
	diags := onRequest(params, &Options{Card: card})
	expectExactly(t, diags, want{"onrequest/secured-skill", "/skills/0/id", Error, "(card /skills/0/securityRequirements)"})

	card = readDoc(t, "onrequest/value-in-skill-text-tel.invalid.card.json")
	diags = onRequest(params, &Options{Card: card})
	expectExactly(t, diags, want{"onrequest/value-in-skill-text", "/skills/1/personEntry", Error, "(card /skills/1/description)"})

	card = readDoc(t, "onrequest/unknown-skill.invalid.card.json") // its skills still list both ids
	if diags := onRequest(readDoc(t, "onrequest/extension.valid.json"), &Options{Card: card}); len(diags) != 0 {
		t.Errorf("extension entry with --card: %s", dump(diags))
	}
}

func TestValueInSkillTextHostOnlyIsWarning(t *testing.T) {
	card := `{"skills":[{"id":"a","name":"A","description":"Ask us at bank.example any time","tags":["x"]}],
"capabilities":{"extensions":[{"uri":"` + OnRequestURI + `","params":{"skills":[{"id":"a","personEntry":"https://bank.example/"}]}}]}}`
	diags := onRequestInCard(parseString(t, card))
	expectExactly(t, diags, want{"onrequest/value-in-skill-text", "/skills/0/description", Warning, "repeats"})
}

func TestCallerSpecificHeuristics(t *testing.T) {
	for seg, want := range map[string]bool{
		"support": false, "card-disputes-for-business-accounts": false, "2026": false, "v1": false,
		"jane@example.com": true, "jane%40example.com": true,
		"3f2c8a1e-9b7d-4c2a-8e1f-5a6b7c8d9e0f": true, "deadbeef00112233": true,
		"Xk9fQ2LmP7vR4tZ8wB3nJ6": true, "internationalization": false, "abcdefabcdefabcdef": false,
	} {
		if got := callerSpecific(seg) != ""; got != want {
			t.Errorf("callerSpecific(%q) = %v, want %v", seg, got, want)
		}
	}
}

// FuzzMayBeCallerSpecific: the quick scan passes over a path only when no
// segment of it is caller-specific. Run: go test -run '^$' -fuzz
// FuzzMayBeCallerSpecific -fuzztime 30s ./validate
func FuzzMayBeCallerSpecific(f *testing.F) {
	for _, p := range []string{"help/records-request", "u/jane@example.com", "a/3f2c8a1e-9b7d-4c2a-8e1f-5a6b7c8d9e0f",
		"aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa", "x/deadbeef00112233/", "t/Xk9fQ2LmP7vR4tZ8wB3nJ6", "jane%40example.com", ""} {
		f.Add(p)
	}
	f.Fuzz(func(t *testing.T, path string) {
		if mayBeCallerSpecific(path) {
			return
		}
		for _, seg := range strings.Split(path, "/") {
			if why := callerSpecific(seg); why != "" {
				t.Fatalf("path %q passed over, but its segment %q is caller-specific: %s", path, seg, why)
			}
		}
	})
}

func TestTelMatcher(t *testing.T) {
	m, _ := personEntryMatcher("tel:+1-555-0100")
	match := m.match
	for text, want := range map[string]bool{
		"call +1 555 0100": true, "call 555-0100": true, "(555) 0100": true, "1.555.0100": true,
		"call 555 01": false, "since 1955, 7 days": false, "15550": false,
	} {
		if got := match([]byte(text)); got != want {
			t.Errorf("match(%q) = %v, want %v", text, got, want)
		}
	}
}

// Bad input of any shape never panics and says something sensible.
func TestOnRequestOddShapes(t *testing.T) {
	for _, src := range []string{`null`, `[]`, `"x"`, `{}`, `{"skills": {}}`, `{"skills": [1, null, {"id": 3}]}`,
		`{"uri": 1, "params": []}`, `{"params": {"skills": [{"id": "a", "personEntry": "tel:+1"}]}}`} {
		diags := onRequest(parseString(t, src), &Options{Card: parseString(t, `{"skills": 1}`)})
		if len(diags) == 0 {
			t.Errorf("%s: no diagnostics", src)
		}
		for _, d := range diags {
			if d.Message == "" || strings.Contains(d.Message, "jsonschema") {
				t.Errorf("%s: unhelpful message %q", src, d.Message)
			}
		}
	}
}

// checkDiagnostics asserts what every diagnostic must have, whatever the
// input: a code, a one-line message, and a pointer into the document.
func checkDiagnostics(t *testing.T, doc *model.Doc, diags []Diagnostic) {
	t.Helper()
	for _, d := range diags {
		if d.Code == "" || d.Message == "" || strings.ContainsAny(d.Message, "\n\x1b") {
			t.Fatalf("bad diagnostic %+v", d)
		}
		if d.Pointer != "" && !strings.HasPrefix(d.Pointer, "/") {
			t.Fatalf("bad pointer %q", d.Pointer)
		}
	}
}

func FuzzOnRequest(f *testing.F) {
	for _, name := range []string{"params.valid.json", "extension.valid.json", "completion-tel.invalid.json", "caller-token.invalid.json"} {
		data, err := os.ReadFile(filepath.Join("testdata", "onrequest", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	cardData, err := os.ReadFile(filepath.Join("testdata", "onrequest", "worked-example.card.json"))
	if err != nil {
		f.Fatal(err)
	}
	card, err := model.Parse(cardData)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		doc, err := model.Parse(data)
		if err != nil {
			return
		}
		checkDiagnostics(t, doc, onRequest(doc, nil))
		checkDiagnostics(t, doc, onRequest(doc, &Options{Card: card}))
		// The same bytes as a card's root, and as a card for the worked
		// example's params.
		checkDiagnostics(t, doc, onRequestInCard(doc))
		checkDiagnostics(t, card, onRequestInCard(card))
		// The code that checks the shapes agrees with the schema on any input.
		for def, code := range map[string]func(*report, *model.Node, string){
			onRequestParamsDef: checkParamsShape, onRequestDeclDef: checkDeclShape, onRequestReplyDef: checkReplyShape,
		} {
			bySchema, byCode := newReport(doc, nil), newReport(doc, nil)
			checkSchema(bySchema, loadSchema(def), doc.Root(), "", ruleOnrequestSchema)
			code(byCode, doc.Root(), "")
			if a, b := renderDiags(bySchema.sorted()), renderDiags(byCode.sorted()); !slices.Equal(a, b) {
				t.Fatalf("%s: schema and code disagree on %q\nschema:\n  %s\ncode:\n  %s", def, data, strings.Join(a, "\n  "), strings.Join(b, "\n  "))
			}
		}
	})
}

func renderDiags(diags []Diagnostic) []string {
	out := make([]string, len(diags))
	for i, d := range diags {
		out[i] = d.Pointer + " | " + d.Code + " | " + d.Message
	}
	slices.Sort(out)
	return out
}

// bigCard builds a card with n skills, every one listed On Request (half by
// https, half by tel, every third an action).
func bigCard(n int) []byte {
	var skills, entries []string
	for i := 0; i < n; i++ {
		skills = append(skills, fmt.Sprintf(`{"id": "skill-%d", "name": "Skill %d", "description": "Handles request kind %d for the customer.", "tags": ["t%d", "support"], "examples": ["Please help with case kind %d"]}`, i, i, i, i, i))
		entry := fmt.Sprintf(`{"id": "skill-%d", "personEntry": "https://bank.example/support/team-%d"`, i, i)
		if i%2 == 1 {
			entry = fmt.Sprintf(`{"id": "skill-%d", "personEntry": "tel:+1-555-01%02d", "assistantAccess": true`, i, i%100)
		} else if i%3 == 0 {
			entry += `, "completion": "deferred"`
		}
		entries = append(entries, entry+"}")
	}
	return []byte(`{"name": "Big", "capabilities": {"extensions": [{"uri": "` + OnRequestURI + `", "required": false, "params": {"skills": [` +
		strings.Join(entries, ",\n") + `]}}]}, "skills": [` + strings.Join(skills, ",\n") + `]}`)
}

// BenchmarkOnRequestParams200 is what one keystroke costs in the TUI: the
// On Request checks of a 200-skill card, all on request (schema + card
// checks), on an already parsed document.
func BenchmarkOnRequestParams200(b *testing.B) {
	doc, err := model.Parse(bigCard(200))
	if err != nil {
		b.Fatal(err)
	}
	if d := onRequestInCard(doc); len(d) != 0 {
		b.Fatalf("big card not clean: %s", dump(d))
	}
	b.ReportAllocs()
	for b.Loop() {
		onRequestInCard(doc)
	}
}

// BenchmarkOnRequestParams200Schema is the JSON Schema share of the above.
func BenchmarkOnRequestParams200Schema(b *testing.B) {
	doc, err := model.Parse(bigCard(200))
	if err != nil {
		b.Fatal(err)
	}
	ext := doc.Find("/capabilities/extensions/0")
	s := loadSchema(onRequestDeclDef)
	b.ReportAllocs()
	for b.Loop() {
		r := newReport(doc, nil)
		checkSchema(r, s, ext, "/capabilities/extensions/0", ruleOnrequestSchema)
	}
}

// TestOnRequestShapeMatchesSchema holds the code that checks the On Request
// shapes to the embedded schema, the source of truth: over thousands of
// generated declarations, params and replies both must report the same
// pointers and sentences.
func TestOnRequestShapeMatchesSchema(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	pick := func(opts []string) string { return opts[rng.IntN(len(opts))] }
	long := func(n int) string { return strings.Repeat("a", n) }
	ids := []string{"", `"a"`, `""`, `3`, `null`, `"` + long(128) + `"`, `"` + long(129) + `"`, `"ü"`, `"dispute-charge"`}
	entries := []string{"", `"https://bank.example/x"`, `"https://exa mple.com"`, `"https://a.example/x?q=1"`, `"https://a.example/#f"`,
		`"tel:+1-555-0100"`, `"tel:+12"`, `"tel:+1 555 0100"`, `"ftp://x.example"`, `"mailto:a@b.example"`, `""`, `5`, `true`, `null`,
		`{}`, `[]`, `"https://[::1]/x"`, `"https://[fe80::1%25eth0]/x"`, `"https://::1/x"`, `"HTTPS://A.EXAMPLE/x"`,
		`"https://a.example/` + long(2100) + `"`, `"tel:+1-555-0100?x"`, `"relative/path"`, `"https://a.example/\u00e9"`,
		`"https://a.example/%zz"`, `"tel:(555)"`, `"https:"`, `"https://"`, `"https://a.example:8443/x"`, `"https://a.example:x/"`,
		`"https://-a-.example/~x/.."`, `"tel:+1-(555)-0100"`, `"https://a.example/a b"`, `"https://a_b.example/"`, `"tel:+"`, `"https://a.example/\n"`}
	access := []string{"", "true", "false", `"yes"`, "null", "1"}
	completions := []string{"", `"deferred"`, `"in-conversation"`, `"later"`, "null", "3", `["deferred"]`}
	member := func(name, value string) string {
		if value == "" {
			return ""
		}
		return `"` + name + `": ` + value
	}
	object := func(members ...string) string {
		var kept []string
		for _, m := range members {
			if m != "" {
				kept = append(kept, m)
			}
		}
		return "{" + strings.Join(kept, ", ") + "}"
	}
	entry := func() string {
		switch rng.IntN(20) {
		case 0:
			return pick([]string{"1", "null", `"s"`, "[]"})
		}
		extra := ""
		if rng.IntN(4) == 0 {
			extra = `"x": 1`
		}
		return object(member("id", pick(ids)), member("personEntry", pick(entries)),
			member("assistantAccess", pick(access)), member("completion", pick(completions)), extra)
	}
	params := func() string {
		switch rng.IntN(12) {
		case 0:
			return pick([]string{"{}", "[]", `"x"`, `{"skills": {}}`, `{"skills": []}`, `{"skills": null}`})
		case 1:
			many := make([]string, 201)
			for i := range many {
				many[i] = entry()
			}
			return `{"skills": [` + strings.Join(many, ", ") + `]}`
		}
		n := 1 + rng.IntN(4)
		list := make([]string, n)
		for i := range list {
			list[i] = entry()
		}
		return `{"skills": [` + strings.Join(list, ", ") + `], "other": true}`
	}
	decl := func() string {
		return object(member("uri", pick([]string{"", `"` + OnRequestURI + `"`, `"https://x.example/ext"`, "1"})),
			member("required", pick([]string{"", "false", "true", `"false"`, "0"})),
			member("description", pick([]string{"", `"d"`, "5"})),
			member("params", pick([]string{"", params(), params()})))
	}
	reply := func() string {
		if rng.IntN(15) == 0 {
			return pick([]string{"1", "null", `"on-request"`, "[]", "true"})
		}
		extra := ""
		if rng.IntN(4) == 0 {
			extra = `"note": "x"`
		}
		statuses := []string{"", `"on-request"`, `"action-referred"`, `"given-on-opt-in"`, `"On-Request"`, `"declined"`, `""`, "null", "3", `["on-request"]`, `{}`}
		return object(member("status", pick(statuses)), member("skillId", pick(ids)), member("personEntry", pick(entries)), extra)
	}
	render := func(diags []Diagnostic) []string {
		out := make([]string, len(diags))
		for i, d := range diags {
			out[i] = d.Pointer + " | " + d.Code + " | " + d.Message
		}
		slices.Sort(out)
		return out
	}
	rounds := 3000
	if testing.Short() {
		rounds = 300
	}
	for i := 0; i < rounds; i++ {
		src, def, code := params(), onRequestParamsDef, checkParamsShape
		switch i % 3 {
		case 1:
			src, def, code = decl(), onRequestDeclDef, checkDeclShape
		case 2:
			src, def, code = reply(), onRequestReplyDef, checkReplyShape
		}
		doc, err := model.Parse([]byte(src))
		if err != nil {
			t.Fatalf("generated invalid JSON %s: %v", src, err)
		}
		bySchema, byCode := newReport(doc, nil), newReport(doc, nil)
		checkSchema(bySchema, loadSchema(def), doc.Root(), "", ruleOnrequestSchema)
		code(byCode, doc.Root(), "")
		if a, b := render(bySchema.sorted()), render(byCode.sorted()); !slices.Equal(a, b) {
			t.Fatalf("schema and code disagree on\n%s\nschema:\n  %s\ncode:\n  %s", clip(src, 2000), strings.Join(a, "\n  "), strings.Join(b, "\n  "))
		}
	}
}

// Card (the card validator) runs these checks on every declaration.
func TestCardRunsOnRequestChecks(t *testing.T) {
	for file, code := range map[string]string{
		"onrequest/unknown-skill.invalid.card.json":       "onrequest/unknown-skill",
		"onrequest/duplicate-extension.invalid.card.json": "onrequest/duplicate-extension",
		"onrequest/secured-skill.invalid.card.json":       "onrequest/secured-skill",
	} {
		diags := Card(readDoc(t, file), nil)
		found := false
		for _, d := range diags {
			found = found || d.Code == code
		}
		if !found {
			t.Errorf("%s: Card did not report %s:%s", file, code, dump(diags))
		}
	}
}

// BenchmarkOnRequestShape200 is the code that replaces the schema run
// (checkDeclShape) alone, for comparison with ...Params200Schema.
func BenchmarkOnRequestShape200(b *testing.B) {
	doc, err := model.Parse(bigCard(200))
	if err != nil {
		b.Fatal(err)
	}
	ext := doc.Find("/capabilities/extensions/0")
	b.ReportAllocs()
	for b.Loop() {
		checkDeclShape(newReport(doc, nil), ext, "/capabilities/extensions/0")
	}
}

// TestOnRequestDuplicateEntriesMany: in a declaration of thousands of
// entries (ids not of any card), each repeated id is reported at each
// repetition with its first entry, as a map of the ids finds them.
func TestOnRequestDuplicateEntriesMany(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 9))
	var b strings.Builder
	b.WriteString(`{"skills": [`)
	first := map[string]int{}
	var want []string
	for i := range 5000 {
		if i > 0 {
			b.WriteString(",")
		}
		id := fmt.Sprintf("skill-%d", rng.IntN(3000))
		fmt.Fprintf(&b, `{"id": %q, "personEntry": "tel:+1-555-0100"}`, id)
		if j, ok := first[id]; ok {
			want = append(want, fmt.Sprintf("/skills/%d/id: skill %q is listed more than once (first at skills[%d]); one entry per skill", i, id, j))
		} else {
			first[id] = i
		}
	}
	b.WriteString("]}")
	var got []string
	for _, d := range Check([]byte(b.String()), KindOnRequest, nil).Diags {
		if d.Code == ruleOnrequestDuplicateSkill.Code {
			got = append(got, d.Pointer+": "+d.Message)
		}
	}
	slices.Sort(got)
	slices.Sort(want)
	if len(want) < 1000 || !slices.Equal(got, want) {
		t.Fatalf("%d duplicates found, %d made; first differences:\n%v\n%v", len(got), len(want), got[:min(3, len(got))], want[:min(3, len(want))])
	}
}
