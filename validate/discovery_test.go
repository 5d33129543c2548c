package validate

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oncard/oncard/internal/reference"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/oasf"
)

// discWant is one expected diagnostic: code and pointer exactly, severity,
// and the message exactly when exact is set (the server's own messages),
// else as a substring.
type discWant struct {
	code, ptr string
	sev       Severity
	msg       string
	exact     bool
}

func (w discWant) matches(d Diagnostic) bool {
	if d.Code != w.code || d.Pointer != w.ptr || d.Severity != w.sev {
		return false
	}
	if w.exact {
		return d.Message == w.msg
	}
	return strings.Contains(d.Message, w.msg)
}

func (w discWant) String() string {
	return fmt.Sprintf("%s %s at %q with message %q (exact: %v)", w.sev, w.code, w.ptr, w.msg, w.exact)
}

func discDoc(t testing.TB, name string) *model.Doc {
	t.Helper()
	return readDoc(t, filepath.Join("discovery", name))
}

func TestDiscoveryPayloadFixtures(t *testing.T) {
	const e = true // the server's message, compared exactly
	cases := []struct {
		file  string
		wants []discWant
	}{
		{"valid.json", nil},
		{"valid-1.0.0.json", nil},
		{"valid-forms.json", nil},
		{"not-object.json", []discWant{{ruleOASFNotObject.Code, "", Error, "must be a JSON object, found an array", false}}},
		{"version-missing.json", []discWant{{"oasf/attribute_required_missing", "/schema_version", Error,
			`Required attribute "schema_version" is missing.`, e}}},
		{"version-not-string.json", []discWant{{"oasf/attribute_wrong_type", "/schema_version", Error,
			`Attribute "schema_version" value has wrong type; expected string_t, got float_t.`, e}}},
		{"version-unknown.json", []discWant{{ruleOASFVersionUnknown.Code, "/schema_version", Error,
			`schema_version "9.9.9" is not a known OASF version (known: 1.0.0, 1.1.0`, false}}},
		{"skills-missing.json", []discWant{{"oasf/attribute_required_missing", "/skills", Error,
			`Required attribute "skills" is missing.`, e}}},
		{"skills-not-array.json", []discWant{{"oasf/attribute_wrong_type", "/skills", Error,
			`Attribute "skills" value has wrong type; expected array, got object.`, e}}},
		{"skills-empty.json", []discWant{{ruleOASFSkillsEmpty.Code, "/skills", Warning, "cannot be found by skill", false}}},
		{"domains-missing.json", []discWant{{ruleOASFAttributeRecommendedMissing.Code, "/domains", Warning,
			`Recommended attribute "domains" is missing.`, e}}},
		{"domains-not-array.json", []discWant{{"oasf/attribute_wrong_type", "/domains", Error,
			`Attribute "domains" value has wrong type; expected array, got string_t.`, e}}},
		{"unknown-member.json", []discWant{
			{"oasf/attribute_unknown", "/tags", Error, `Unknown attribute at "tags"; attribute "tags" is not defined in object "discovery".`, e},
			{ruleOASFDraftMember.Code, "/formats", Info, "later upstream draft", false}}},
		{"ref-not-object.json", []discWant{{"oasf/attribute_wrong_type", "/skills/0", Error,
			`Attribute "skills[0]" value has wrong type; expected object, got string_t.`, e}}},
		{"ref-empty.json", []discWant{{"oasf/attribute_required_missing", "/skills/0", Error,
			`Required attribute "skills[0]" is missing.`, e}}},
		{"id-unknown.json", []discWant{{"oasf/id_unknown", "/skills/0/id", Error,
			`Unknown "id" value; no class is defined for 99999.`, e}}},
		{"id-other-version.json", []discWant{{"oasf/id_unknown", "/skills/0/id", Error,
			`Unknown "id" value; no class is defined for 10207.`, e}}},
		{"id-wrong-type.json", []discWant{
			{"oasf/attribute_wrong_type", "/skills/0/id", Error,
				`Attribute "skills[0]" value has wrong type; expected integer_t, got string_t.`, e},
			{"oasf/attribute_wrong_type", "/domains/0/id", Error,
				`Attribute "domains[0]" value has wrong type; expected integer_t, got float_t.`, e}}},
		{"name-unknown.json", []discWant{{"oasf/name_unknown", "/skills/0/name", Error,
			`Unknown "name" value; no class is defined for error_handlng.`, e}}},
		{"name-wrong-type.json", []discWant{{"oasf/attribute_wrong_type", "/skills/0/name", Error,
			`Attribute "skills[0]" value has wrong type; expected string_t, got integer_t (integer in range of -2^63 to 2^63 - 1).`, e}}},
		{"id-name-mismatch.json", []discWant{{"oasf/id_name_mismatch", "/skills/0", Error,
			`ID and name refer to different classes. ID 60101 points to class text_to_code, name 'software_engineering/code_debugging/error_handling' points to class error_handling.`, e}}},
		{"name-path-wrong.json", []discWant{{"oasf/attribute_enum_value_unknown", "/skills/0/name", Error,
			`Unknown enum value at "skills[0].name"; value "debugging/error_handling" is not defined for enum "name".`, e}}},
		{"category.json", []discWant{
			{"oasf/class_out_of_scope", "/skills/0", Error,
				`"software_engineering" is not a valid option at "skills[0]"; please specify a concrete skill within the "base_skill" taxonomy.`, e},
			{"oasf/class_out_of_scope", "/domains/0", Error,
				`"technology" is not a valid option at "domains[0]"; please specify a concrete domain within the "base_domain" taxonomy.`, e}}},
		{"duplicate.json", []discWant{{"oasf/attribute_array_duplicate", "/skills/2", Error,
			`Duplicate item found in array "skills" at index 2. First occurrence at index 0.`, e}}},
		{"ref-unknown-member.json", []discWant{{"oasf/attribute_unknown", "/skills/0/caption", Error,
			`Unknown attribute at "skills[0].caption"; attribute "caption" is not defined in class "error_handling" id 60602.`, e}}},
		{"annotations-wrong-type.json", []discWant{
			{"oasf/attribute_wrong_type", "/skills/0/annotations", Error,
				`Attribute "skills[0].annotations" value has wrong type; expected typed_map_t, got string_t.`, e},
			{"oasf/attribute_wrong_type", "/domains/0/annotations/weight", Error,
				`Attribute "domains[0].annotations.weight" value has wrong type; expected string_t, got integer_t (integer in range of -2^63 to 2^63 - 1).`, e}}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			expectExactly(t, discovery(discDoc(t, c.file), nil), c.wants...)
		})
	}
}

// The hints say what the server cannot: did you mean, other versions,
// what a category holds.
func TestDiscoveryHints(t *testing.T) {
	hint := func(file, code string) string {
		t.Helper()
		for _, d := range discovery(discDoc(t, file), nil) {
			if d.Code == code {
				return d.Hint
			}
		}
		t.Fatalf("%s: no %s", file, code)
		return ""
	}
	for _, tc := range []struct{ file, code, want string }{
		{"name-unknown.json", "oasf/name_unknown", "did you mean `software_engineering/code_debugging/error_handling` (id 60602)?"},
		{"id-other-version.json", "oasf/id_unknown", "`natural_language_processing/natural_language_generation/story_generation` (id 10207) in 1.0.0, but this payload's schema_version is 1.1.0"},
		{"id-unknown.json", "oasf/id_unknown", "oncard oasf search"},
		{"id-wrong-type.json", "oasf/attribute_wrong_type", "without quotes: 60602"},
		{"id-name-mismatch.json", "oasf/id_name_mismatch", "id 60101 is `software_engineering/code_generation/text_to_code`"},
		{"name-path-wrong.json", "oasf/attribute_enum_value_unknown", "the full name is `software_engineering/code_debugging/error_handling` (id 60602)"},
		{"category.json", "oasf/class_out_of_scope", "is a category (a heading), not a value; pick one of its classes: `software_engineering/"},
		{"duplicate.json", "oasf/attribute_array_duplicate", "already listed at index 0"},
		{"version-unknown.json", ruleOASFVersionUnknown.Code, "oncard oasf sync"},
	} {
		if h := hint(tc.file, tc.code); !strings.Contains(h, tc.want) {
			t.Errorf("%s %s: hint %q lacks %q", tc.file, tc.code, h, tc.want)
		}
	}
}

// runDecl checks the first extension of a card-shaped fixture.
func runDecl(t *testing.T, file string, opts *Options) []Diagnostic {
	t.Helper()
	doc := discDoc(t, file)
	r := newReport(doc, opts)
	const ptr = "/capabilities/extensions/0"
	ext := doc.Find(ptr)
	if !isDiscoveryURI(r, ext.Get("uri").Text()) {
		t.Fatalf("%s: uri not taken for the discovery extension", file)
	}
	checkDiscoveryDecl(r, ext, ptr)
	return r.sorted()
}

func TestDiscoveryDeclFixtures(t *testing.T) {
	const ext = "/capabilities/extensions/0"
	cases := []struct {
		file  string
		opts  *Options
		wants []discWant
	}{
		{"card-valid.json", nil, nil},
		{"card-local-http.json", nil, nil},
		{"card-ipv6-loopback.json", nil, nil},
		{"card-uri-version-mismatch.json", nil, []discWant{{ruleOASFURIVersionMismatch.Code, ext + "/uri", Warning,
			"the extension uri names OASF 1.0.0 but the payload's schema_version is 1.1.0", true}}},
		// Not accepted: warned, and the (bad) payload is not checked.
		{"card-host-not-accepted.json", nil, []discWant{{ruleOASFURIHostNotAccepted.Code, ext + "/uri", Warning,
			`"schema.example.com" is not an accepted OASF schema server`, false}}},
		// Accepted through the option: the payload is checked.
		{"card-host-not-accepted.json", &Options{SchemaHosts: []string{"schema.example.com"}}, []discWant{
			{"oasf/id_unknown", ext + "/params/skills/0/id", Error, `Unknown "id" value; no class is defined for 99999.`, true}}},
		{"card-local-http.json", &Options{SchemaHosts: []string{"localhost:9090"}}, []discWant{{ruleOASFURIHostNotAccepted.Code, ext + "/uri", Warning,
			`"localhost:8080" is not an accepted`, false}}},
		{"card-local-http.json", &Options{SchemaHosts: []string{"LOCALHOST:8080"}}, nil},
		{"card-http-remote.json", &Options{SchemaHosts: []string{"schema.example.com"}}, []discWant{{ruleOASFURIInsecure.Code, ext + "/uri", Warning,
			"uses http", false}}},
		{"card-params-missing.json", nil, []discWant{{ruleOASFParamsMissing.Code, ext + "/params", Error, "has no params", false}}},
		{"card-params-not-object.json", nil, []discWant{{ruleOASFNotObject.Code, ext + "/params", Error, "found a string", false}}},
		{"card-uri-no-version.json", nil, []discWant{{ruleOASFURIMalformed.Code, ext + "/uri", Warning, "has no version", false}}},
		{"card-bad-payload.json", nil, []discWant{{"oasf/id_unknown", ext + "/params/skills/0/id", Error, "99999", false}}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			expectExactly(t, runDecl(t, c.file, c.opts), c.wants...)
		})
	}
}

func TestIsDiscoveryURI(t *testing.T) {
	r := newReport(nil, nil)
	for uri, want := range map[string]bool{
		"https://schema.oasf.outshift.com/1.1.0/objects/discovery": true,
		"http://localhost:8080/1.1.0/objects/discovery":            true,
		"https://other.example/1.1.0/objects/discovery":            true, // warned by checkDiscoveryDecl
		"https://schema.oasf.outshift.com/1.1.0/objects/record":    false,
		"https://agent-capability.org/ext/on-request/v1":           false,
		"/1.1.0/objects/discovery":                                 false,
		"":                                                         false,
	} {
		if got := isDiscoveryURI(r, uri); got != want {
			t.Errorf("isDiscoveryURI(%q) = %v", uri, got)
		}
	}
}

func TestSchemaHostAccepted(t *testing.T) {
	for _, tc := range []struct {
		hosts      []string
		host, port string
		want       bool
	}{
		{nil, "schema.oasf.outshift.com", "", true},
		{nil, "localhost", "8080", true},
		{nil, "127.0.0.1", "1", true},
		{nil, "::1", "8080", true},
		{nil, "schema.example.com", "", false},
		{[]string{"schema.example.com:8443"}, "schema.example.com", "8443", true},
		{[]string{"schema.example.com:8443"}, "schema.example.com", "", false},
		{[]string{"[::1]:8080"}, "::1", "8080", true},
		{[]string{}, "localhost", "", false}, // an explicit empty list accepts nothing
	} {
		if got := schemaHostAccepted(tc.hosts, tc.host, tc.port); got != tc.want {
			t.Errorf("schemaHostAccepted(%v, %q, %q) = %v", tc.hosts, tc.host, tc.port, got)
		}
	}
}

// specBlocks are the top-level JSON blocks of the extension's spec.
func specBlocks(t *testing.T) []string {
	t.Helper()
	blocks := reference.SpecJSONBlocks(t, "oasf-discovery-extension.md")
	if len(blocks) != 3 {
		t.Fatalf("found %d JSON blocks in oasf-discovery-extension.md, want 3", len(blocks))
	}
	return blocks
}

// The three examples of oasf-discovery-extension.md validate clean.
func TestDiscoverySpecExamples(t *testing.T) {
	blocks := specBlocks(t)
	parse := func(s string) *model.Doc {
		doc, err := model.Parse([]byte(s))
		if err != nil {
			t.Fatalf("spec example does not parse: %v\n%s", err, s)
		}
		return doc
	}
	// 1: the payload alone.
	expectExactly[discWant](t, discovery(parse(blocks[0]), nil))

	// 2: the A2A card's extension.
	doc := parse(blocks[1])
	r := newReport(doc, nil)
	ext := doc.Find("/capabilities/extensions/0")
	if !isDiscoveryURI(r, ext.Get("uri").Text()) {
		t.Fatal("spec's card uri not recognised")
	}
	checkDiscoveryDecl(r, ext, "/capabilities/extensions/0")
	expectExactly[discWant](t, r.sorted())

	// 3: the AI Catalog entry's extension.
	doc = parse(blocks[2])
	const key = "/entries/0/extensions/org.agntcy.oasf.discovery.v1"
	r = newReport(doc, nil)
	checkDiscoveryPayload(r, doc.Find(key), key)
	expectExactly[discWant](t, r.sorted())
}

func FuzzDiscovery(f *testing.F) {
	addSeedFiles(f, filepath.Join("testdata", "discovery", "*.json"))
	f.Fuzz(func(t *testing.T, data []byte) {
		doc, err := model.Parse(data)
		if err != nil {
			return
		}
		for _, d := range discovery(doc, nil) {
			if !strings.HasPrefix(d.Code, "oasf/") || d.Message == "" {
				t.Fatalf("bad diagnostic %+v", d)
			}
		}
	})
}

// benchPayload is a discovery payload of 50 skills and 20 domains, each with
// name and id, taken from the 1.1.0 taxonomy.
func benchPayload(b *testing.B) []byte {
	tax := oasf.Get("1.1.0")
	var sb strings.Builder
	sb.WriteString("{\n  \"schema_version\": \"1.1.0\",\n")
	write := func(key string, tree *oasf.Tree, n int, last bool) {
		fmt.Fprintf(&sb, "  %q: [\n", key)
		written := 0
		for _, c := range tree.All() {
			if c.Category || written == n {
				continue
			}
			if written > 0 {
				sb.WriteString(",\n")
			}
			fmt.Fprintf(&sb, "    {\"name\": %q, \"id\": %d}", c.Name, c.ID)
			written++
		}
		if written != n {
			b.Fatalf("only %d %s", written, key)
		}
		sb.WriteString("\n  ]")
		if !last {
			sb.WriteString(",")
		}
		sb.WriteString("\n")
	}
	write("skills", tax.Skills, 50, false)
	write("domains", tax.Domains, 20, true)
	sb.WriteString("}\n")
	return []byte(sb.String())
}

func BenchmarkDiscoveryPayload50x20(b *testing.B) {
	data := benchPayload(b)
	doc, err := model.Parse(data)
	if err != nil {
		b.Fatal(err)
	}
	if d := discovery(doc, nil); len(d) != 0 {
		b.Fatalf("benchmark payload not clean:%s", dump(d))
	}
	b.Run("check", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_ = discovery(doc, nil)
		}
	})
	b.Run("parse+check", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			doc, _ := model.Parse(data)
			_ = discovery(doc, nil)
		}
	})
}
