package model

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oncard/oncard/internal/reference"
)

// seedOptions are the entry options of the seed example in
// oasf-discovery-extension.md.
var seedOptions = EntryOptions{
	Identifier: "urn:example:agents:network-debugger",
	URL:        "https://agents.example.com/network-debugger/.well-known/agent-card.json",
}

// TestCatalogFromCardsSeedGolden: the seed card fragment (in our complete
// card fixture) yields the seed's catalog JSON byte for byte.
func TestCatalogFromCardsSeedGolden(t *testing.T) {
	want, err := os.ReadFile(filepath.Join("testdata", "views", "seed-catalog.golden.json"))
	must(t, err)
	got, notes, err := CatalogFromCards([]CardSource{{Card: loadView(t, "network-debugger-card.json"), Entry: seedOptions}}, CatalogOptions{})
	must(t, err)
	if !bytes.Equal(got, want) {
		t.Errorf("catalog differs from the seed.\ngot:\n%s\nwant:\n%s", got, want)
	}
	if len(notes) != 0 {
		t.Errorf("no defaults were used, notes = %q", notes)
	}
}

// TestSeedGoldenMatchesSpec: our golden is the last JSON block of the spec
// document (skipped when the shared spec folder is absent).
func TestSeedGoldenMatchesSpec(t *testing.T) {
	blocks := reference.SpecJSONBlocks(t, "oasf-discovery-extension.md")
	if len(blocks) == 0 {
		t.Fatal("no JSON block found in the spec")
	}
	block := blocks[len(blocks)-1] + "\n"
	want, err := os.ReadFile(filepath.Join("testdata", "views", "seed-catalog.golden.json"))
	must(t, err)
	if block != string(want) {
		t.Errorf("golden differs from the spec block:\n%s", block)
	}
}

func TestEntryFromCardSeed(t *testing.T) {
	got, _, err := EntryFromCard(loadView(t, "network-debugger-card.json"), seedOptions)
	must(t, err)
	want := `{
  "identifier": "urn:example:agents:network-debugger",
  "type": "application/a2a-agent-card+json",
  "version": "1.0.0",
  "url": "https://agents.example.com/network-debugger/.well-known/agent-card.json",
  "extensions": {
    "org.agntcy.oasf.discovery.v1": {
      "schema_version": "1.1.0",
      "skills": [{"name": "software_engineering/code_debugging/error_handling", "id": 60602}],
      "domains": [{"name": "technology/networking/network_security", "id": 10305}]
    }
  }
}`
	if string(got) != want {
		t.Errorf("entry:\n%s", got)
	}
}

func TestEntryFromCardDefaults(t *testing.T) {
	got, notes, err := EntryFromCard(loadView(t, "card-v10.json"), EntryOptions{})
	must(t, err)
	var e map[string]any
	must(t, json.Unmarshal(got, &e))
	if e["identifier"] != "urn:air:helpdesk.harbor.example:agents:harbor-helpdesk" ||
		e["url"] != "https://helpdesk.harbor.example/.well-known/agent-card.json" ||
		e["version"] != "2.3.1" || e["type"] != MediaTypeA2ACard {
		t.Errorf("entry %s", got)
	}
	if len(notes) != 2 || !strings.Contains(notes[0], "identifier") || !strings.Contains(notes[1], "url") {
		t.Errorf("notes = %q", notes)
	}
	// The params are copied as written (the 4-space-or-not indentation of the
	// card becomes the entry's 2-space nesting, nothing else changes).
	if !strings.Contains(string(got), `"skills": [{"name": "business_professional/customer_support/support_operations", "id": 120601}],`) {
		t.Errorf("params not copied verbatim:\n%s", got)
	}
}

func TestEntryFromCardV03AndMissingParts(t *testing.T) {
	got, notes, err := EntryFromCard(loadView(t, "card-v03.json"), EntryOptions{})
	must(t, err)
	if !strings.Contains(string(got), `"identifier": "urn:air:ledger.example.org:agents:ledger-bot"`) ||
		strings.Contains(string(got), `"extensions"`) {
		t.Errorf("v0.3 entry:\n%s", got)
	}
	if !strings.Contains(strings.Join(notes, "\n"), "no OASF discovery extension") {
		t.Errorf("notes = %q", notes)
	}
	if !json.Valid(got) {
		t.Errorf("invalid JSON:\n%s", got)
	}
	for _, src := range []string{`{"name": "A"}`, `{"supportedInterfaces": [{"url": "https://a.example"}]}`, `[]`, `{"url": "::"}`} {
		d, err := Parse([]byte(src))
		must(t, err)
		if _, _, err := EntryFromCard(d, EntryOptions{}); err == nil {
			t.Errorf("%s: no error", src)
		}
	}
	// Explicit options need no host.
	d, _ := Parse([]byte(`{"name": "A"}`))
	if _, _, err := EntryFromCard(d, seedOptions); err != nil {
		t.Errorf("explicit options: %v", err)
	}
}

func TestEntryFromCardReindents(t *testing.T) {
	// A 4-space card with a minified-looking and a nested params value.
	src := "{\n    \"name\": \"Four\",\n    \"version\": \"1\",\n    \"supportedInterfaces\": [{\"url\": \"grpc.example.com:443\"}],\n" +
		"    \"capabilities\": {\n        \"extensions\": [\n            {\n                \"uri\": \"https://s.example/1.1.0/objects/discovery\",\n" +
		"                \"params\": {\n                    \"schema_version\": \"1.1.0\",\n                    \"skills\": [\n                        {\"id\": 60602}\n                    ]\n                }\n            }\n        ]\n    }\n}\n"
	d, err := Parse([]byte(src))
	must(t, err)
	got, _, err := EntryFromCard(d, EntryOptions{})
	must(t, err)
	want := `    "org.agntcy.oasf.discovery.v1": {
      "schema_version": "1.1.0",
      "skills": [
        {"id": 60602}
      ]
    }`
	if !strings.Contains(string(got), want) || !strings.Contains(string(got), `"url": "https://grpc.example.com:443/.well-known/agent-card.json"`) {
		t.Errorf("re-indented entry:\n%s", got)
	}
}

func TestEntryFromEditedCard(t *testing.T) {
	d := loadView(t, "network-debugger-card.json")
	c := NewCard(d)
	must(t, d.SetValue(ExtensionPtr(c.DiscoveryIndex())+"/params/schema_version", "1.0.0"))
	must(t, d.SetValue("/version", "1.0.1"))
	got, _, err := EntryFromCard(d, seedOptions)
	must(t, err)
	if !strings.Contains(string(got), `"schema_version": "1.0.0"`) || !strings.Contains(string(got), `"version": "1.0.1"`) {
		t.Errorf("edits not reflected:\n%s", got)
	}
}

func TestCatalogFromCardsOptions(t *testing.T) {
	got, notes, err := CatalogFromCards([]CardSource{
		{Card: loadView(t, "network-debugger-card.json"), Entry: seedOptions},
		{Card: loadView(t, "card-v10.json")},
	}, CatalogOptions{SpecVersion: "0.9", HostDisplayName: "Example \"Agents\""})
	must(t, err)
	var cat struct {
		SpecVersion string
		Host        struct{ DisplayName string }
		Entries     []map[string]any
	}
	if err := json.Unmarshal(got, &cat); err != nil {
		t.Fatalf("%v\n%s", err, got)
	}
	if cat.SpecVersion != "0.9" || cat.Host.DisplayName != `Example "Agents"` || len(cat.Entries) != 2 {
		t.Errorf("catalog:\n%s", got)
	}
	if len(notes) != 2 || !strings.HasPrefix(notes[0], "card 2: ") {
		t.Errorf("notes = %q", notes)
	}
	// Parsing it as a Catalog view works.
	d, err := Parse(got)
	must(t, err)
	if NewCatalog(d).Entry(1).Version() != "2.3.1" {
		t.Error("second entry")
	}
	empty, _, err := CatalogFromCards(nil, CatalogOptions{})
	must(t, err)
	if string(empty) != "{\n  \"specVersion\": \"1.0\",\n  \"entries\": []\n}\n" {
		t.Errorf("empty catalog:\n%s", empty)
	}
	bad, _ := Parse([]byte(`{}`))
	if _, _, err := CatalogFromCards([]CardSource{{Card: bad}}, CatalogOptions{}); err == nil || !strings.Contains(err.Error(), "card 1") {
		t.Errorf("error does not name the card: %v", err)
	}
}

func BenchmarkEntryFromCard(b *testing.B) {
	src, err := os.ReadFile(filepath.Join("testdata", "views", "card-v10.json"))
	if err != nil {
		b.Fatal(err)
	}
	d, err := Parse(src)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := EntryFromCard(d, EntryOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

func TestEntryOptionsDerives(t *testing.T) {
	for _, tc := range []struct {
		o    EntryOptions
		want bool
	}{
		{EntryOptions{}, true},
		{EntryOptions{Identifier: "urn:example:a"}, true},
		{EntryOptions{URL: "https://a.example/c.json"}, true},
		{EntryOptions{Identifier: "urn:example:a", URL: "https://a.example/c.json"}, false},
	} {
		if got := tc.o.Derives(); got != tc.want {
			t.Errorf("%+v.Derives() = %v, want %v", tc.o, got, tc.want)
		}
	}
}
