package validate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oncard/oncard/model"
)

func fetchedCodes(diags []Diagnostic) string {
	var codes []string
	for _, d := range diags {
		codes = append(codes, d.Pointer+" "+d.Code)
	}
	return strings.Join(codes, "; ")
}

func TestCheckLinked(t *testing.T) {
	card, err := os.ReadFile(filepath.Join("testdata", "catalog", "card.json"))
	if err != nil {
		t.Fatal(err)
	}
	fetched := mustParse(t, string(card)) // version 1.4.0, with a discovery extension
	catalog := mustParse(t, `{
  "specVersion": "1.0",
  "entries": [
    {"identifier": "urn:air:bank.example:a2a:ok", "type": "application/a2a-agent-card+json", "version": "1.4.0", "url": "https://agent.bank.example/card.json"},
    {"identifier": "urn:air:bank.example:a2a:old", "type": "application/a2a-agent-card+json", "version": "1.3.0", "url": "https://bank.example/card.json",
     "extensions": {"org.agntcy.oasf.discovery.v1": {"schema_version": "1.1.0", "skills": [], "domains": []}}},
    {"identifier": "urn:air:other.example:a2a:x", "type": "application/a2a-agent-card+json", "url": "https://bank.example/card.json"},
    {"identifier": "urn:air:bank.example:catalogs:c", "type": "application/ai-catalog+json", "url": "https://bank.example/card.json"}
  ]
}`)
	for _, tc := range []struct {
		ptr, url string
		doc      *model.Doc
		kind     Kind
		want     string
	}{
		{"/entries/0", "https://agent.bank.example/card.json", fetched, KindCard, ""},
		{"/entries/1", "https://bank.example/card.json", fetched, KindCard,
			"/entries/1/version catalog/version-mismatch; /entries/1/extensions/org.agntcy.oasf.discovery.v1 catalog/discovery-mismatch"},
		{"/entries/2", "https://bank.example/card.json", fetched, KindCard, "/entries/2/identifier catalog/identifier-host-mismatch"},
		{"/entries/2", "https://bank.example/card.json", mustParse(t, `{"specVersion": "1.0", "entries": []}`), KindCatalog, "/entries/2/type catalog/entry-type-mismatch"},
		{"/entries/3", "https://bank.example/card.json", fetched, KindCard, "/entries/3/type catalog/entry-type-mismatch"},
		{"/entries/2", "https://bank.example/card.json", nil, "", "/entries/2/url catalog/card-unreadable"},
		{"/entries/3", "https://bank.example/card.json", nil, "", "/entries/3/url catalog/nested-catalog-invalid"},
	} {
		r := newReport(catalog, nil)
		checkLinked(r, catalog.Find(tc.ptr), tc.ptr, &Link{URL: tc.url, Doc: tc.doc, Kind: tc.kind})
		got := r.sorted()
		if fetchedCodes(got) != tc.want {
			t.Errorf("%s from %s (%s): %q, want %q", tc.ptr, tc.url, tc.kind, fetchedCodes(got), tc.want)
		}
		for _, d := range got {
			if d.Line == 0 {
				t.Errorf("%s: finding %s has no line in the catalog", tc.ptr, d.Code)
			}
			if strings.Contains(d.Code, "mismatch") && !strings.Contains(d.Message, tc.url) && d.Code != "catalog/identifier-host-mismatch" {
				t.Errorf("%s: %q does not name %s", d.Code, d.Message, tc.url)
			}
		}
	}
}

// A fetched catalog (BaseURL set) names no local file: its file: and
// relative urls are not read from this machine's disk.
func TestFetchedCatalogReadsNoLocalFile(t *testing.T) {
	dir := t.TempDir()
	card := filepath.Join(dir, "card.json")
	if err := os.WriteFile(card, []byte(`{"name": "secret", "version": "9.9.9"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	text := `{"specVersion": "1.0", "entries": [
  {"identifier": "urn:x:a", "type": "application/a2a-agent-card+json", "version": "1.0.0", "url": "file://` + filepath.ToSlash(card) + `"},
  {"identifier": "urn:x:b", "type": "application/a2a-agent-card+json", "version": "1.0.0", "url": "card.json"}]}`
	local := Catalog(mustParse(t, text), inFolder(filepath.Join(dir, "catalog.json")))
	if !strings.Contains(fetchedCodes(local), "catalog/version-mismatch") {
		t.Fatalf("the local catalog should read the card: %s", fetchedCodes(local))
	}
	remote := Catalog(mustParse(t, text), &Options{BaseURL: "https://agents.example/catalog.json"})
	for _, d := range remote {
		if d.Code == "catalog/version-mismatch" || strings.Contains(d.Message, "9.9.9") || strings.Contains(d.Message, "secret") {
			t.Errorf("a fetched catalog read a local file: %+v", d)
		}
	}
}
