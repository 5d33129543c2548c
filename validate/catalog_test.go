package validate

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oncard/oncard/internal/reference"
	"github.com/oncard/oncard/model"
)

// runCatalog validates a fixture of testdata/catalog with the fixture card as
// --card and the fixture's own path (for local urls).
func runCatalog(t *testing.T, name string) []Diagnostic {
	t.Helper()
	path := filepath.Join("testdata", "catalog", name)
	return catalog(readDoc(t, filepath.Join("catalog", name)), &Options{Path: path, Resolve: readIn(filepath.Dir(path)), Card: readDoc(t, "catalog/card.json")})
}

func TestCatalogRules(t *testing.T) {
	const e0, e1 = "/entries/0", "/entries/1"
	deep := strings.Repeat("/entries/0/data", 5)
	cases := []struct {
		file  string
		wants []want
	}{
		{"valid.catalog.json", nil},
		{"multi-version.valid.catalog.json", nil},
		{"spec-version-09.catalog.json", nil},
		{"nested-depth-ok.catalog.json", nil},
		{"i-json.valid.catalog.json", nil},
		{"not-i-json.catalog.json", []want{
			{"catalog/not-i-json", e1 + "/extensions/com.example.meta/precise", Error, "12345678901234567891 does not round-trip"},
			{"catalog/not-i-json", e1 + "/extensions/com.example.meta/huge", Error, "1e999999 does not round-trip"},
			{"catalog/not-i-json", e1 + "/extensions/com.example.meta/broken", Error, "lone surrogate"}}},
		{"spec-version-missing.catalog.json", []want{{"catalog/spec-version", "/specVersion", Error, `missing required member "specVersion"`}}},
		{"spec-version-form.catalog.json", []want{{"catalog/spec-version", "/specVersion", Error, `specVersion must be "Major.Minor" (like "1.0") (got "1.0.0")`}}},
		{"spec-version-major.catalog.json", []want{{"catalog/spec-version", "/specVersion", Error, "major version 2"}}},
		{"entries-not-array.catalog.json", []want{{"catalog/entries-not-array", "/entries", Error, "entries must be an array (got object)"}}},
		{"entry-member-missing.catalog.json", []want{{"catalog/entry-member-missing", e1 + "/type", Error, `missing required member "type"`}}},
		{"entry-both-sources.catalog.json", []want{{"catalog/entry-artifact-source", e1 + "/data", Error, "both url and data"}}},
		{"entry-no-source.catalog.json", []want{{"catalog/entry-artifact-source", e1 + "/url", Error, "neither url nor data"}}},
		{"http-url.catalog.json", []want{{"catalog/http-url", e1 + "/url", Warning, "does not use https"}}},
		{"entry-duplicate.catalog.json", []want{{"catalog/entry-duplicate", "/entries/2/identifier", Error, "already listed at entries[1]"}}},
		{"entry-version-conflict.catalog.json", []want{{"catalog/entry-version-conflict", "/entries/2/identifier", Warning, "both with and without a version"}}},
		{"identifier-not-uri.catalog.json", []want{{"catalog/identifier-not-uri", e1 + "/identifier", Warning, `"rates service" is not a URI`}}},
		{"timestamp-invalid.catalog.json", []want{{"catalog/timestamp-invalid", e0 + "/updatedAt", Error, "updatedAt must be an RFC 3339 date-time"}}},
		{"publisher-member-missing.catalog.json", []want{{"catalog/publisher-member-missing", e0 + "/publisher/displayName", Error, `missing required member "displayName"`}}},
		{"extension-key-invalid.catalog.json", []want{{"catalog/extension-key-invalid", e1 + "/extensions/policy urls", Error, `the key "policy urls" must be`}}},
		{"digest-form.catalog.json", []want{{"catalog/digest-invalid", e0 + "/digest", Error, "algorithm:lowercasehex"}}},
		{"digest-weak.catalog.json", []want{{"catalog/digest-invalid", e0 + "/digest", Error, `"md5" is too weak`}}},
		{"digest-length.catalog.json", []want{{"catalog/digest-invalid", e0 + "/digest", Error, "has 64 hex digits, this one has 3"}}},
		{"host-member-missing.catalog.json", []want{{"catalog/host-member-missing", "/host/displayName", Error, `missing required member "displayName"`}}},
		{"trust-manifests-empty.catalog.json", []want{{"catalog/trust-manifests-empty", e1 + "/trustManifests", Error, "at least 1 entry"}}},
		{"version-mismatch.catalog.json", []want{{"catalog/version-mismatch", e0 + "/version", Error, `version "1.3.0" differs from the version of the card (--card): "1.4.0"`}}},
		{"local-card.catalog.json", []want{
			{"catalog/version-mismatch", e0 + "/version", Error, `card (card.json)`},
			{"catalog/http-url", e0 + "/url", Warning, "relative"}}},
		{"nested-depth-exceeded.catalog.json", []want{{"catalog/nested-depth-exceeded", deep, Error, "5 levels deep; the AI Catalog limit is 4"}}},
		{"nested-data-invalid.catalog.json", []want{
			{"catalog/spec-version", "/entries/2/data/specVersion", Error, "Major.Minor"},
			{"catalog/entry-member-missing", "/entries/2/data/entries/0/type", Error, `"type"`},
			{"catalog/entry-artifact-source", "/entries/2/data/entries/0/url", Error, "neither"}}},
		{"nested-root.catalog.json", []want{
			{"catalog/http-url", e0 + "/url", Warning, "relative"},
			{"catalog/entry-artifact-source", e0 + "/url", Error, `in nested catalog nested/dept.catalog.json at /entries/0/url (line 4): entry has neither url nor data`}}},
		{"cycle-a.catalog.json", []want{
			{"catalog/http-url", e0 + "/url", Warning, "relative"},
			{"catalog/http-url", e0 + "/url", Warning, `in nested catalog ./cycle-b.catalog.json`},
			{"catalog/nested-catalog-invalid", e0 + "/url", Error, `in nested catalog ./cycle-b.catalog.json at /entries/0/url (line 7): nested catalog "cycle-a.catalog.json" links back`}}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			expectExactly(t, runCatalog(t, c.file), c.wants...)
		})
	}
}

func TestCatalogDiscoveryMismatch(t *testing.T) {
	// valid.catalog.json has the card's payload with its members in another
	// order: semantically equal, so it is clean.
	expectNoCode(t, runCatalog(t, "valid.catalog.json"), "catalog/discovery-mismatch")
	diags := runCatalog(t, "discovery-mismatch.catalog.json")
	found := false
	for _, d := range diags {
		if d.Code == "catalog/discovery-mismatch" && d.Pointer == "/entries/0/extensions/org.agntcy.oasf.discovery.v1" {
			found = true
		}
	}
	if !found {
		t.Fatalf("no discovery-mismatch: %s", dump(diags))
	}
}

func expectNoCode(t *testing.T, diags []Diagnostic, code string) {
	t.Helper()
	for _, d := range diags {
		if d.Code == code {
			t.Errorf("unexpected %s", dump([]Diagnostic{d}))
		}
	}
}

func TestSameJSON(t *testing.T) {
	parse := func(s string) any { return parseString(t, s).Root().Interface() }
	if !sameJSON(parse(`{"a":[1,{"b":true}],"c":"x"}`), parse(`{"c":"x","a":[1.0,{"b":true}]}`)) {
		t.Error("equal values compare unequal")
	}
	for _, other := range []string{`{"a":[1,{"b":false}],"c":"x"}`, `{"a":[1],"c":"x"}`, `{"a":[1,{"b":true}]}`, `[1]`} {
		if sameJSON(parse(`{"a":[1,{"b":true}],"c":"x"}`), parse(other)) {
			t.Errorf("different values compare equal: %s", other)
		}
	}
}

// The reference examples get the verdicts their README gives them.
func TestCatalogReferenceExamples(t *testing.T) {
	dir := reference.Dir(t, "ai-catalog", "examples")
	type verdict struct{ codes []string } // codes of every error and warning expected, in order
	verdicts := map[string]verdict{
		"spec@be6803f6_01-minimal-four-artifacts.catalog.json":     {},
		"spec@be6803f6_02-multi-version.catalog.json":              {},
		"spec@be6803f6_06-nested-org-hierarchy.catalog.json":       {},
		"spec@be6803f6_10-multi-artifact-with-nested.catalog.json": {},
		"spec@be6803f6_11-hierarchical.catalog.json":               {},
		"ai-catalog-cli@0a9bf38_department-catalog.json":           {},
		// README: the spec's extensions example has an entry with no url or data.
		"spec@be6803f6_08-extensions.catalog.json": {[]string{"catalog/entry-artifact-source"}},
		// README: old model (mediaType instead of type).
		"repo-example_ai-catalog@634a09d.json": {[]string{"catalog/entry-member-missing", "catalog/entry-member-missing"}},
		// Relative url to a sibling not present under that name here.
		"ai-catalog-cli@d24a3b7_root-catalog.json": {[]string{"catalog/http-url", "catalog/nested-catalog-invalid"}},
		// Single entries: validated inside a one-entry catalog.
		"spec@be6803f6_03-catalog-projection.entry.json":       {},
		"spec@be6803f6_04-unsigned-trust-manifests.entry.json": {},
		"spec@be6803f6_07-multi-artifact-packaging.entry.json": {},
		"spec@be6803f6_12-dual-protocol-agent.entry.json":      {},
		// A fragment of an entry: its extensions map.
		"spec@be6803f6_09-policy-urls-extension.fragment.json": {},
		// A trust manifest (the payload a JWS signs): validated as the only
		// item of an entry's trustManifests, which the tool does not author
		// and only checks for being non-empty.
		"spec@be6803f6_05-signed-release-only-manifest.payload.json": {},
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if _, ok := verdicts[filepath.Base(f)]; !ok {
			t.Errorf("%s has no verdict in this test", filepath.Base(f))
		}
	}
	for name, v := range verdicts {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(dir, name)
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			src := string(data)
			switch {
			case strings.HasSuffix(name, ".entry.json"):
				src = `{"specVersion": "1.0", "entries": [` + src + `]}`
			case strings.HasSuffix(name, ".payload.json"):
				src = `{"specVersion": "1.0", "entries": [{"identifier": "urn:x:a", "type": "text/plain", "url": "https://x.example/a", "trustManifests": [` + src + `]}]}`
			case strings.HasSuffix(name, ".fragment.json"):
				src = `{"specVersion": "1.0", "entries": [{"identifier": "urn:x:a", "type": "text/plain", "url": "https://x.example/a", "extensions": ` + extractExtensions(t, src) + `}]}`
			}
			doc := parseString(t, src)
			var got []string
			for _, d := range catalog(doc, inFolder(path)) {
				if d.Severity != Info {
					got = append(got, d.Code)
				}
			}
			if strings.Join(got, " ") != strings.Join(v.codes, " ") {
				t.Errorf("codes %v, want %v", got, v.codes)
			}
		})
	}
}

func extractExtensions(t *testing.T, src string) string {
	doc := parseString(t, src)
	ext := doc.Root().Get("extensions")
	if ext == nil {
		t.Fatal("fragment has no extensions")
	}
	return string(doc.Source()[ext.Start():ext.End()])
}

// The ai-catalog-cli root catalog links its department catalog by a relative
// url: with both files side by side (under the name the root uses) the
// nested file is followed and validates clean.
func TestCatalogFollowsLocalNestedFile(t *testing.T) {
	dir := reference.Dir(t, "ai-catalog", "examples")
	root, err := os.ReadFile(filepath.Join(dir, "ai-catalog-cli@d24a3b7_root-catalog.json"))
	if err != nil {
		t.Fatal(err)
	}
	dept, err := os.ReadFile(filepath.Join(dir, "ai-catalog-cli@0a9bf38_department-catalog.json"))
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	if err := os.WriteFile(filepath.Join(tmp, "department-catalog.json"), dept, 0o600); err != nil {
		t.Fatal(err)
	}
	rootPath := filepath.Join(tmp, "root.json")
	doc, err := model.Parse(root)
	if err != nil {
		t.Fatal(err)
	}
	diags := catalog(doc, inFolder(rootPath))
	expectExactly(t, diags, want{"catalog/http-url", "/entries/3/url", Warning, "relative"})

	// The same through a file: url, and a broken nested file is reported
	// with its name.
	if err := os.WriteFile(filepath.Join(tmp, "department-catalog.json"), []byte(`{"specVersion": 1, "entries": []}`), 0o600); err != nil {
		t.Fatal(err)
	}
	diags = catalog(doc, inFolder(rootPath))
	expectExactly(t, diags,
		want{"catalog/http-url", "/entries/3/url", Warning, "relative"},
		want{"catalog/spec-version", "/entries/3/url", Error, "in nested catalog ./department-catalog.json at /specVersion (line 1): specVersion must be a string"})
	fileURL := `{"specVersion": "1.0", "entries": [{"identifier": "urn:x:d", "type": "application/ai-catalog+json", "url": "file://` + filepath.ToSlash(filepath.Join(tmp, "department-catalog.json")) + `"}]}`
	// A file: url names a file outside the catalog's folder: never read.
	diags = catalog(parseString(t, fileURL), inFolder(rootPath))
	expectExactly(t, diags,
		want{"catalog/http-url", "/entries/0/url", Warning, "does not use https"},
		want{"catalog/url-outside-folder", "/entries/0/url", Warning, "outside the catalog's folder"})
}

func TestCatalogOddShapes(t *testing.T) {
	for _, src := range []string{`null`, `[]`, `{"specVersion": "1.0", "entries": [1, null, "x", {}]}`,
		`{"specVersion": "1.0", "entries": [{"identifier": 1, "type": [], "url": 2, "data": null, "digest": 3, "extensions": []}]}`,
		`{"specVersion": "1.0", "entries": [{"identifier": "urn:a", "type": "application/ai-catalog+json", "data": []}]}`,
		`{"specVersion": "1.0", "entries": [{"identifier": "urn:a", "type": "application/a2a-agent-card+json", "data": {"version": "2"}, "version": "1"}]}`} {
		diags := catalog(parseString(t, src), &Options{Card: parseString(t, `[]`)})
		if len(diags) == 0 {
			t.Errorf("%s: no diagnostics", src)
		}
	}
}

func FuzzCatalog(f *testing.F) {
	for _, name := range []string{"valid.catalog.json", "nested-data-invalid.catalog.json", "extension-key-invalid.catalog.json", "entry-version-conflict.catalog.json"} {
		data, err := os.ReadFile(filepath.Join("testdata", "catalog", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	card := readDoc(f, "catalog/card.json")
	// Relative urls resolve into an empty folder, so nothing outside the
	// test is followed by them.
	path := filepath.Join(f.TempDir(), "catalog.json")
	f.Fuzz(func(t *testing.T, data []byte) {
		doc, err := model.Parse(data)
		if err != nil {
			return
		}
		checkDiagnostics(t, doc, catalog(doc, &Options{Path: path, Resolve: readIn(filepath.Dir(path)), Card: card}))
	})
}

// bigCatalog builds a catalog of n entries with every optional member.
func bigCatalog(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"specVersion": "1.0", "host": {"displayName": "Big"}, "entries": [`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, `{"identifier": "urn:air:example.com:a2a:agent-%d", "type": "application/a2a-agent-card+json", "version": "1.%d.0", "url": "https://agents.example.com/%d/card.json", "description": "Agent %d", "tags": ["a", "b"], "updatedAt": "2026-11-30T06:00:00Z", "publisher": {"identifier": "did:web:example.com", "displayName": "Example"}, "digest": "sha256:%064x", "extensions": {"com.example.meta": {"n": %d}}}`, i, i, i, i, i, i)
	}
	b.WriteString("]}")
	return []byte(b.String())
}

func BenchmarkCatalog10000(b *testing.B) {
	doc, err := model.Parse(bigCatalog(10000))
	if err != nil {
		b.Fatal(err)
	}
	if d := catalog(doc, nil); len(d) != 0 {
		b.Fatalf("big catalog not clean: %s", dump(d[:1]))
	}
	b.ReportAllocs()
	for b.Loop() {
		catalog(doc, nil)
	}
}

// jsonschema/v6 reports propertyNames failures at a location later siblings
// may overwrite; each bad key must still be reported at its own object.
func TestExtensionKeyPointers(t *testing.T) {
	var entries []string
	for i := 0; i < 4; i++ {
		entries = append(entries, fmt.Sprintf(`{"identifier": "urn:x:%d", "type": "text/plain", "url": "https://x.example/%d", "extensions": {"bad key": 1, "ok.example": 2}, "tags": ["t"]}`, i, i))
	}
	doc := parseString(t, `{"specVersion": "1.0", "entries": [`+strings.Join(entries, ",")+`]}`)
	var wants []want
	for i := 0; i < 4; i++ {
		wants = append(wants, want{"catalog/extension-key-invalid", fmt.Sprintf("/entries/%d/extensions/bad key", i), Error, `the key "bad key"`})
	}
	expectExactly(t, catalog(doc, nil), wants...)
}

func TestCatalogLocalLinksWithoutFiles(t *testing.T) {
	src := `{"specVersion": "1.0", "entries": [
 {"identifier": "urn:x:sub", "type": "application/ai-catalog+json", "url": "sub.json"},
 {"identifier": "urn:x:card", "type": "application/a2a-agent-card+json", "url": "card.json", "version": "1"}]}`
	// From stdin a relative url cannot be followed: said, not failed.
	expectExactly(t, catalog(parseString(t, src), nil),
		want{"catalog/http-url", "/entries/0/url", Warning, "relative"},
		want{"catalog/nested-not-followed", "/entries/0/url", Info, "needs the catalog's own file path"},
		want{"catalog/http-url", "/entries/1/url", Warning, "relative"})
	// Beside a file, missing targets are warnings naming them.
	path := filepath.Join(t.TempDir(), "catalog.json")
	expectExactly(t, catalog(parseString(t, src), inFolder(path)),
		want{"catalog/http-url", "/entries/0/url", Warning, "relative"},
		want{"catalog/nested-catalog-invalid", "/entries/0/url", Warning, `nested catalog "sub.json" not checked`},
		want{"catalog/http-url", "/entries/1/url", Warning, "relative"},
		want{"catalog/card-unreadable", "/entries/1/url", Warning, `card "card.json" not cross-checked`})
	// A device is never read.
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero here")
	}
	dev := `{"specVersion": "1.0", "entries": [{"identifier": "urn:x:z", "type": "application/ai-catalog+json", "url": "file:///dev/zero"}]}`
	expectExactly(t, catalog(parseString(t, dev), inFolder(path)),
		want{"catalog/http-url", "/entries/0/url", Warning, "does not use https"},
		want{"catalog/url-outside-folder", "/entries/0/url", Warning, "outside the catalog's folder"})
}

// TestCatalogDuplicatesAmongManyVersions: an identifier listed with several
// versions is a duplicate only when a version repeats, and the message
// names the first entry with that version, whichever it was.
func TestCatalogDuplicatesAmongManyVersions(t *testing.T) {
	entry := func(version string) string {
		v := ""
		if version != "-" {
			v = `, "version": "` + version + `"`
		}
		return `{"identifier": "urn:air:bank.example:a2a:rates", "type": "application/json", "url": "https://bank.example/rates"` + v + `}`
	}
	src := `{"specVersion": "1.0", "entries": [` + strings.Join([]string{
		entry("1.0"), entry("2.0"), entry("3.0"), entry("2.0"), entry("1.0"), entry("-"), entry(""),
	}, ", ") + `]}`
	doc, err := model.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	expectExactly(t, Catalog(doc, nil),
		want{"catalog/entry-duplicate", "/entries/3/identifier", Error, `with version "2.0" is already listed at entries[1]`},
		want{"catalog/entry-duplicate", "/entries/4/identifier", Error, `with version "1.0" is already listed at entries[0]`},
		want{"catalog/entry-version-conflict", "/entries/5/identifier", Warning, "see entries[2]"},
		want{"catalog/entry-duplicate", "/entries/6/identifier", Error, `with version "" is already listed at entries[5]`},
	)
}
