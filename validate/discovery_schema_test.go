package validate

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/oasf"
)

// The discovery payload is checked by code (discovery.go, oasfrefs.go), in
// the schema server's terms; schemas/discovery.schema.json says the same
// structure as a JSON Schema. The tests below hold the two to each other:
// over thousands of generated payloads, both must flag the same members
// with the same codes, but for what a JSON Schema cannot say the way the
// server does:
//
//   - The server checks in an order and stops early (OASF.md): without a
//     usable schema_version (missing, not a string, not a known version) it
//     checks no reference, and a reference with neither id nor name, or
//     whose id or name has the wrong type, is checked no further (unknown
//     members, annotations).
//   - An integral id written with a fraction or an exponent (10305.0,
//     1.0305e4) is a float_t to the server, one beyond 64 bits a long_t:
//     the code flags them, the schema's "integer" accepts them. The test
//     asserts that exception wherever it occurs. (minimum and maximum
//     could express the 64 bits, but the explainer cannot phrase them yet:
//     see the report of this change.)
//   - The taxonomy (duplicates, unknown versions) and advice (domains
//     recommended) are beyond a schema: those codes are left out.
//
// Messages are not compared: the code speaks the server's sentences.

// discoverySchemaDef is the payload in the embedded schema.
const discoverySchemaDef = "discovery.schema.json#/$defs/payload"

// discoveryCodesBeyondSchema are the codes of checkDiscoveryPayload that
// need the taxonomy or are advice. Other taxonomy codes (id_unknown, …) must
// not occur at all: the generator only names classes that exist.
var discoveryCodesBeyondSchema = []string{
	ruleOASFVersionUnknown.Code, "oasf/attribute_array_duplicate", ruleOASFAttributeRecommendedMissing.Code,
}

// discGen generates discovery payloads from real classes, with random
// structural mutations.
type discGen struct {
	rng *rand.Rand
}

func (g discGen) pick(opts []string) string { return opts[g.rng.IntN(len(opts))] }

// one returns true with probability 1/n.
func (g discGen) one(n int) bool { return g.rng.IntN(n) == 0 }

var (
	discWrongTypes  = []string{`1`, `2.5`, `true`, `null`, `{}`, `[]`, `["x"]`, `{"k": 1}`, `"x"`}
	discNonStrings  = discWrongTypes[:len(discWrongTypes)-1]
	discBadIDs      = []string{`1.5`, `"60602"`, `"x"`, `true`, `null`, `{}`, `[]`, `99999999999999999999`, `-9223372036854775809`, `1e400`, `-1.5e3`, `0.5`}
	discUnknownKeys = []string{"foo", "Name", "ID", "", "schema-version", "skill", "a/b", "~x", "description", "\u00e9"}
	discAnnotations = []string{`{}`, `{"k": "v"}`, `{"k": "v", "j": "w"}`, `{"k": 1}`, `{"k": null, "j": "ok"}`, `{"a": [], "b": {}}`, `"x"`, `[]`, `1`, `null`}
)

func discMember(key, value string) string {
	return strconv.Quote(key) + ": " + value
}

func discObject(members []string) string { return "{" + strings.Join(members, ", ") + "}" }

// integralID writes id with a fraction or an exponent: what the server
// reads as a float_t and a JSON Schema "integer" accepts.
func (g discGen) integralID(id int) string {
	switch g.rng.IntN(4) {
	case 0:
		return strconv.Itoa(id) + ".0"
	case 1:
		return strconv.Itoa(id) + "e0"
	case 2:
		return strconv.Itoa(id) + ".000E0"
	}
	s := strconv.Itoa(id)
	return s[:1] + "." + s[1:] + "e" + strconv.Itoa(len(s)-1)
}

// reference is a reference to one of the selectable classes, mutated
// sometimes.
func (g discGen) reference(selectable []*oasf.Class) string {
	if g.one(20) {
		return g.pick(discWrongTypes[:4]) // not an object
	}
	c := selectable[g.rng.IntN(len(selectable))]
	id, name := strconv.Itoa(c.ID), strconv.Quote(c.Name)
	switch g.rng.IntN(12) {
	case 0:
		id = g.pick(discBadIDs)
	case 1:
		id = g.integralID(c.ID)
	case 2:
		name = g.pick(discNonStrings)
	}
	var ms []string
	switch g.rng.IntN(10) {
	case 0: // neither: attribute_required_missing
	case 1, 2:
		ms = append(ms, discMember("id", id))
	case 3, 4:
		ms = append(ms, discMember("name", name))
	default:
		ms = append(ms, discMember("name", name), discMember("id", id))
	}
	if g.one(4) {
		ms = append(ms, discMember("annotations", g.pick(discAnnotations)))
	}
	for n := g.rng.IntN(6) - 3; n > 0; n-- {
		ms = append(ms, discMember(g.pick(discUnknownKeys), `"x"`))
	}
	g.rng.Shuffle(len(ms), func(i, j int) { ms[i], ms[j] = ms[j], ms[i] })
	return discObject(dedupeKeys(ms))
}

// dedupeKeys keeps the first member of each key (duplicate keys are a JSON
// parse diagnostic, not a payload one).
func dedupeKeys(ms []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, m := range ms {
		key, _, _ := strings.Cut(m, ": ")
		if !seen[key] {
			seen[key] = true
			out = append(out, m)
		}
	}
	return out
}

func (g discGen) references(tree *oasf.Tree) string {
	if g.one(10) {
		return g.pick(discWrongTypes)
	}
	var selectable []*oasf.Class
	for _, c := range tree.All() {
		if !c.Category {
			selectable = append(selectable, c)
		}
	}
	items := make([]string, g.rng.IntN(4))
	for i := range items {
		items[i] = g.reference(selectable)
	}
	return "[" + strings.Join(items, ", ") + "]"
}

// payload is a discovery payload, mutated sometimes.
func (g discGen) payload() string {
	if g.one(40) {
		return g.pick(discWrongTypes)
	}
	versions := oasf.Versions()
	version := versions[g.rng.IntN(len(versions))]
	tax := oasf.Get(version)
	var ms []string
	if !g.one(8) {
		v := strconv.Quote(version)
		switch g.rng.IntN(12) {
		case 0:
			v = g.pick(discWrongTypes)
		case 1:
			v = g.pick([]string{`"9.9.9"`, `""`, `"1.1"`})
		}
		ms = append(ms, discMember("schema_version", v))
	}
	if !g.one(8) {
		ms = append(ms, discMember("skills", g.references(tax.Skills)))
	}
	if !g.one(4) {
		ms = append(ms, discMember("domains", g.references(tax.Domains)))
	}
	for n := g.rng.IntN(7) - 4; n > 0; n-- {
		key := g.pick(append([]string{"formats", "distributions"}, discUnknownKeys...))
		ms = append(ms, discMember(key, g.pick([]string{`[]`, `"x"`, `{"a": 1}`})))
	}
	g.rng.Shuffle(len(ms), func(i, j int) { ms[i], ms[j] = ms[j], ms[i] })
	return discObject(dedupeKeys(ms))
}

// discFinding is what the comparison looks at: a pointer and a code.
func discFinding(ptr, code string) string { return ptr + " | " + code }

// discStats counts how often the documented differences occurred, so that a
// test can require the generator to reach them.
type discStats struct {
	integralIDs, uncheckedRefs, stoppedRefs int
}

// discoveryMismatch runs the schema and codeCheck over rounds generated
// payloads and describes the first one where they disagree ("" if none).
func discoveryMismatch(t *testing.T, rounds int, codeCheck func(*report, *model.Node, string)) (string, discStats) {
	t.Helper()
	g := discGen{rand.New(rand.NewPCG(19, 23))}
	s := loadSchema(discoverySchemaDef)
	var stats discStats
	for i := 0; i < rounds; i++ {
		src := g.payload()
		doc, err := model.Parse([]byte(src))
		if err != nil {
			t.Fatalf("generated invalid JSON %s: %v", src, err)
		}
		// Half the rounds check the payload where a card carries it.
		ptr := ""
		if i%2 == 1 {
			ptr = "/capabilities/extensions/1/params"
		}
		if problem := compareDiscovery(doc, ptr, s, codeCheck, discoveryCodesBeyondSchema, &stats); problem != "" {
			return problem + " in\n" + clip(src, 3000), stats
		}
	}
	return "", stats
}

// discoveryTaxonomyCodes are the codes of references that only the
// taxonomy can give (the first four stop the server's check of the
// reference), and the other codes beyond a schema.
var discoveryTaxonomyCodes = append([]string{
	"oasf/id_unknown", "oasf/name_unknown", "oasf/id_name_mismatch", "oasf/class_out_of_scope",
	"oasf/attribute_enum_value_unknown",
}, discoveryCodesBeyondSchema...)

// compareDiscovery checks the payload of doc at ptr with the schema and with
// codeCheck, leaves out the code's findings with a code in beyond, and
// describes how they disagree ("" if they do not).
func compareDiscovery(doc *model.Doc, ptr string, s *schema, codeCheck func(*report, *model.Node, string), beyond []string, stats *discStats) string {
	bySchema, byCode := newReport(doc, nil), newReport(doc, nil)
	checkSchema(bySchema, s, doc.Root(), ptr, nil)
	codeCheck(byCode, doc.Root(), ptr)

	var got []string
	stoppedByTaxonomy := map[string]bool{}
	for _, d := range byCode.diags {
		if !slices.Contains(beyond, d.Code) {
			got = append(got, discFinding(d.Pointer, d.Code))
			continue
		}
		if ref := discReferenceOf(d.Pointer, ptr); ref != "" && slices.Contains(discoveryTaxonomyCodes[:4], d.Code) {
			stoppedByTaxonomy[ref] = true
		}
	}
	slices.Sort(got)
	got = slices.Compact(got)
	want, problem := expectedFromSchema(doc.Root(), ptr, bySchema.diags, got, stoppedByTaxonomy, stats)
	if problem == "" && !slices.Equal(got, want) {
		problem = "schema and code flag different members"
	}
	if problem == "" {
		return ""
	}
	var all []string
	for _, d := range bySchema.diags {
		all = append(all, discFinding(d.Pointer, d.Code)+" | "+d.Message)
	}
	return fmt.Sprintf("%s\nschema:\n  %s\nexpected of the code:\n  %s\ncode:\n  %s",
		problem, strings.Join(all, "\n  "), strings.Join(want, "\n  "), strings.Join(got, "\n  "))
}

// expectedFromSchema turns the schema's findings into what the code must
// report, applying the documented differences (see the top of this file).
// problem is non-empty when the integral-id exception does not hold.
func expectedFromSchema(payload *model.Node, ptr string, schemaDiags []Diagnostic, codeFindings []string, stoppedByTaxonomy map[string]bool, stats *discStats) (want []string, problem string) {
	flagged := map[string]bool{}
	for _, d := range schemaDiags {
		flagged[d.Pointer] = true
	}
	// Without a schema_version that names a known taxonomy, the server
	// checks no reference.
	refsChecked := payload != nil && payload.Kind == model.Object && !flagged[ptr+"/schema_version"]
	if refsChecked {
		v, _ := payload.Get("schema_version").Str()
		refsChecked = oasf.Get(v) != nil
	}
	// A reference with neither id nor name, or whose id or name has the
	// wrong type, is checked no further; nor is one the taxonomy rejects
	// (unknown id or name, a category, id and name that disagree).
	stopped := stoppedByTaxonomy
	var integral []string
	for _, list := range []string{"skills", "domains"} {
		refs := payload.Get(list)
		if refs == nil || refs.Kind != model.Array || !refsChecked {
			continue
		}
		for i, ref := range refs.All() {
			at := indexPtr(ptr+"/"+list, i)
			if ref.Kind != model.Object {
				continue
			}
			if id := ref.Get("id"); id != nil && isIntegralNotIntegerT(id) {
				integral = append(integral, at+"/id")
				stopped[at] = true
			}
			if flagged[at] || flagged[at+"/id"] || flagged[at+"/name"] {
				stopped[at] = true
			}
		}
	}
	for _, at := range integral {
		stats.integralIDs++
		f := discFinding(at, "oasf/attribute_wrong_type")
		if flagged[at] {
			return nil, "the schema rejects the integral id at " + at + ", which a JSON Schema integer accepts"
		}
		if !slices.Contains(codeFindings, f) {
			return nil, "the code accepts the integral id at " + at + ", which the server reads as float_t"
		}
		want = append(want, f)
	}
	for _, d := range schemaDiags {
		if !refsChecked && isUnder(d.Pointer, ptr+"/skills/", ptr+"/domains/") {
			stats.uncheckedRefs++
			continue
		}
		if ref := discReferenceOf(d.Pointer, ptr); stopped[ref] && !slices.Contains([]string{ref, ref + "/id", ref + "/name"}, d.Pointer) {
			stats.stoppedRefs++
			continue
		}
		want = append(want, discFinding(d.Pointer, d.Code))
	}
	slices.Sort(want)
	return slices.Compact(want), ""
}

// isIntegralNotIntegerT: a number with an integral value that the server
// does not read as an integer_t: written with a fraction or an exponent
// (10305.0, 1.0305e4, 1e400), or beyond 64 bits.
func isIntegralNotIntegerT(n *model.Node) bool {
	if n.Kind != model.Number {
		return false
	}
	raw := string(n.Raw())
	r, ok := new(big.Rat).SetString(raw)
	if !ok || !r.IsInt() {
		return false
	}
	return strings.ContainsAny(raw, ".eE") || !r.Num().IsInt64()
}

func isUnder(p string, prefixes ...string) bool {
	for _, pre := range prefixes {
		if strings.HasPrefix(p, pre) {
			return true
		}
	}
	return false
}

// discReferenceOf is the pointer of the reference p lies in or under
// (".../skills/2" for ".../skills/2/annotations/k"), or "".
func discReferenceOf(p, ptr string) string {
	for _, list := range []string{"/skills/", "/domains/"} {
		rest, ok := strings.CutPrefix(p, ptr+list)
		if !ok {
			continue
		}
		index, _, _ := strings.Cut(rest, "/")
		return ptr + list + index
	}
	return ""
}

// TestDiscoveryPayloadMatchesSchema holds checkDiscoveryPayload to the
// embedded discovery schema over thousands of generated payloads, and
// requires the generator to reach each documented difference.
func TestDiscoveryPayloadMatchesSchema(t *testing.T) {
	rounds := 6000
	if testing.Short() {
		rounds = 600
	}
	msg, stats := discoveryMismatch(t, rounds, checkDiscoveryPayload)
	if msg != "" {
		t.Fatal(msg)
	}
	t.Logf("integral ids %d, findings in unchecked references %d, in references checked no further %d",
		stats.integralIDs, stats.uncheckedRefs, stats.stoppedRefs)
	if stats.integralIDs == 0 || stats.uncheckedRefs == 0 || stats.stoppedRefs == 0 {
		t.Errorf("the generator no longer reaches every documented difference: %+v", stats)
	}
}

// The one place where code and schema disagree on purpose, shown plainly:
// 10305.0 is an integer to JSON Schema and a float_t to the server, a
// 20-digit integer a long_t.
func TestDiscoverySchemaAcceptsIntegralFloatID(t *testing.T) {
	doc := parseString(t, `{"schema_version": "1.1.0",
		"skills": [{"name": "software_engineering/code_debugging/error_handling", "id": 60602}],
		"domains": [{"id": 10305.0}, {"id": 1.0305e4}, {"id": 99999999999999999999}]}`)
	bySchema := newReport(doc, nil)
	checkSchema(bySchema, loadSchema(discoverySchemaDef), doc.Root(), "", nil)
	if len(bySchema.diags) != 0 {
		t.Errorf("the schema flags integral float ids: %v", bySchema.diags)
	}
	byCode := newReport(doc, nil)
	checkDiscoveryPayload(byCode, doc.Root(), "")
	for at, got := range map[string]string{"/domains/0/id": "float_t", "/domains/1/id": "float_t", "/domains/2/id": "long_t"} {
		found := false
		for _, d := range byCode.diags {
			if d.Pointer == at && d.Code == "oasf/attribute_wrong_type" && strings.Contains(d.Message, "expected integer_t, got "+got) {
				found = true
			}
		}
		if !found {
			t.Errorf("the code does not report %s as the server does (float_t): %v", at, byCode.diags)
		}
	}
}

// The schema on its own: each structural rule, with its code and location.
func TestDiscoverySchemaRules(t *testing.T) {
	doc := parseString(t, `{"schema_version": 1, "skills": [], "domains": [
		"x", {}, {"id": 1.5, "name": 2}, {"id": 99999999999999999999}, {"name": "n", "foo": 1, "annotations": {"k": 1}}],
		"formats": [], "extra": true}`)
	r := newReport(doc, nil)
	checkSchema(r, loadSchema(discoverySchemaDef), doc.Root(), "/p", nil)
	var got []string
	for _, d := range r.diags {
		got = append(got, discFinding(d.Pointer, d.Code))
	}
	slices.Sort(got)
	want := []string{
		"/p/domains/0 | oasf/attribute_wrong_type",
		"/p/domains/1 | oasf/attribute_required_missing",
		"/p/domains/2/id | oasf/attribute_wrong_type",
		"/p/domains/2/name | oasf/attribute_wrong_type",
		"/p/domains/4/annotations/k | oasf/attribute_wrong_type",
		"/p/domains/4/foo | oasf/attribute_unknown",
		"/p/extra | oasf/attribute_unknown",
		"/p/formats | oasf/draft-member",
		"/p/schema_version | oasf/attribute_wrong_type",
		"/p/skills | oasf/skills-empty",
	}
	if !slices.Equal(got, want) {
		t.Errorf("schema findings:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
	r = newReport(parseString(t, `[]`), nil)
	checkSchema(r, loadSchema(discoverySchemaDef), r.doc.Root(), "", nil)
	if len(r.diags) != 1 || r.diags[0].Code != ruleOASFNotObject.Code || r.diags[0].Pointer != "" {
		t.Errorf("a payload that is not an object: %v", r.diags)
	}
}

// The differential test must notice a drift between code and schema: each
// mutant changes one rule of the code path the way a careless edit would.
func TestDiscoveryDifferentialCatchesDrift(t *testing.T) {
	mutants := map[string]func(*report, *model.Node, string){
		"a code renamed": func(r *report, n *model.Node, ptr string) {
			checkDiscoveryPayload(r, n, ptr)
			for i := range r.diags {
				if r.diags[i].Code == ruleOASFSkillsEmpty.Code {
					r.diags[i].Code = "oasf/attribute_wrong_type"
				}
			}
		},
		"unknown members of references allowed": func(r *report, n *model.Node, ptr string) {
			checkDiscoveryPayload(r, n, ptr)
			r.diags = slices.DeleteFunc(r.diags, func(d Diagnostic) bool {
				return d.Code == "oasf/attribute_unknown" && discReferenceOf(d.Pointer, ptr) != ""
			})
		},
		"annotations not checked": func(r *report, n *model.Node, ptr string) {
			checkDiscoveryPayload(r, n, ptr)
			r.diags = slices.DeleteFunc(r.diags, func(d Diagnostic) bool { return strings.Contains(d.Pointer, "/annotations") })
		},
		"float_t ids accepted": func(r *report, n *model.Node, ptr string) {
			checkDiscoveryPayload(r, n, ptr)
			r.diags = slices.DeleteFunc(r.diags, func(d Diagnostic) bool { return strings.Contains(d.Message, "got float_t") })
		},
		"a pointer moved": func(r *report, n *model.Node, ptr string) {
			checkDiscoveryPayload(r, n, ptr)
			for i := range r.diags {
				r.diags[i].Pointer = strings.TrimSuffix(r.diags[i].Pointer, "/name")
			}
		},
		"a draft member reported as unknown": func(r *report, n *model.Node, ptr string) {
			checkDiscoveryPayload(r, n, ptr)
			for i := range r.diags {
				if r.diags[i].Code == ruleOASFDraftMember.Code {
					r.diags[i].Code = "oasf/attribute_unknown"
				}
			}
		},
	}
	for name, mutant := range mutants {
		if msg, _ := discoveryMismatch(t, 3000, mutant); msg == "" {
			t.Errorf("mutant %q not caught: the generator does not reach that rule", name)
		}
	}
}

// benchDiscoveryPayload is a payload with 50 skills and 50 domains.
func benchDiscoveryPayload(b *testing.B) *model.Doc {
	tax := oasf.Get(oasf.DefaultVersion)
	var parts [2][]string
	for k, tree := range []*oasf.Tree{tax.Skills, tax.Domains} {
		for _, c := range tree.All() {
			if !c.Category && len(parts[k]) < 50 {
				parts[k] = append(parts[k], fmt.Sprintf(`{"name": %q, "id": %d}`, c.Name, c.ID))
			}
		}
	}
	src := `{"schema_version": "` + oasf.DefaultVersion + `", "skills": [` + strings.Join(parts[0], ",") +
		`], "domains": [` + strings.Join(parts[1], ",") + `]}`
	doc, err := model.Parse([]byte(src))
	if err != nil {
		b.Fatal(err)
	}
	return doc
}

// BenchmarkDiscoveryPayloadCode is the runtime check (structure and
// taxonomy); BenchmarkDiscoveryPayloadSchema the schema run, structure only.
func BenchmarkDiscoveryPayloadCode(b *testing.B) {
	doc := benchDiscoveryPayload(b)
	b.ReportAllocs()
	for b.Loop() {
		checkDiscoveryPayload(newReport(doc, nil), doc.Root(), "")
	}
}

func BenchmarkDiscoveryPayloadSchema(b *testing.B) {
	doc := benchDiscoveryPayload(b)
	s := loadSchema(discoverySchemaDef)
	b.ReportAllocs()
	for b.Loop() {
		checkSchema(newReport(doc, nil), s, doc.Root(), "", nil)
	}
}

// FuzzDiscoveryPayloadSchema: on any input, the code and the schema agree
// but for the documented differences. Unlike the generator, the fuzzer
// writes ids and names that do not exist: the taxonomy's findings are left
// out, and a reference they stop is compared no further.
func FuzzDiscoveryPayloadSchema(f *testing.F) {
	addSeedFiles(f, filepath.Join("testdata", "discovery", "*.json"))
	g := discGen{rand.New(rand.NewPCG(29, 31))}
	for i := 0; i < 20; i++ {
		f.Add([]byte(g.payload()))
	}
	s := loadSchema(discoverySchemaDef)
	f.Fuzz(func(t *testing.T, data []byte) {
		doc, err := model.Parse(data)
		if err != nil {
			return
		}
		var stats discStats
		if problem := compareDiscovery(doc, "", s, checkDiscoveryPayload, discoveryTaxonomyCodes, &stats); problem != "" {
			t.Fatalf("%s\nin %q", problem, data)
		}
	})
}
