package model

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/oncard/oncard/internal/reference"
)

// upgrade plans the upgrade of card and applies it the way the edit
// commands do: with the card member order installed first, so that new
// members such as supportedInterfaces land where the spec puts them.
func upgrade(card *Doc, o UpgradeOptions) ([]Edit, error) {
	edits, err := PlanUpgrade(card, o)
	if err != nil {
		return nil, err
	}
	NewCard(card)
	return edits, ApplyEdits(card, edits)
}

// interfaceFields lists "url binding version" of each supportedInterfaces item.
func interfaceFields(d *Doc) []string {
	n := d.Root().Get("supportedInterfaces")
	var out []string
	for i := 0; i < n.Len(); i++ {
		it := n.Index(i)
		out = append(out, it.Get("url").Text()+" "+it.Get("protocolBinding").Text()+" "+it.Get("protocolVersion").Text())
	}
	return out
}

func decodeJSON(t *testing.T, b []byte) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	return v
}

// TestUpgradeSpecSample: the spec's v0.3 sample upgrades to exactly the
// content of the spec's v1.0 sample (the same agent in both versions).
func TestUpgradeSpecSample(t *testing.T) {
	dir := reference.Dir(t, "a2a", "examples")
	v03, err := os.ReadFile(filepath.Join(dir, "spec-v0.3.0-sample-agent-card.json"))
	if err != nil {
		t.Fatal(err)
	}
	v10, err := os.ReadFile(filepath.Join(dir, "spec-v1.0-sample-agent-card.json"))
	if err != nil {
		t.Fatal(err)
	}
	d, err := Parse(v03)
	must(t, err)
	if _, err := upgrade(d, UpgradeOptions{}); err != nil {
		t.Fatal(err)
	}
	if got, want := decodeJSON(t, d.Encode()), decodeJSON(t, v10); !reflect.DeepEqual(got, want) {
		t.Errorf("upgraded sample differs from the v1.0 sample:\n%s", d.Encode())
	}
	if NewCard(d).Shape() != ShapeV10 {
		t.Error("shape after upgrade")
	}
	// Untouched members keep their bytes (the skills block is copied).
	if !strings.Contains(string(d.Encode()), `"tags": ["maps", "routing", "navigation", "directions", "traffic"],`) {
		t.Error("skills were re-encoded")
	}
	if _, err := PlanUpgrade(d, UpgradeOptions{}); !errors.Is(err, ErrNotV03) {
		t.Errorf("second upgrade: %v", err)
	}
}

func TestUpgradeOwnFixture(t *testing.T) {
	d := loadView(t, "card-v03.json")
	src := string(d.Encode())
	plan, err := PlanUpgrade(d, UpgradeOptions{})
	must(t, err)
	if string(d.Encode()) != src || d.Changed() {
		t.Fatal("PlanUpgrade changed the document")
	}
	for _, e := range plan {
		if e.Reason == "" {
			t.Errorf("%s: no reason", e.Ptr)
		}
	}
	_, err = upgrade(d, UpgradeOptions{})
	must(t, err)
	got := decodeJSON(t, d.Encode()).(map[string]any)
	want := decodeJSON(t, []byte(`{
  "name": "Ledger Bot",
  "description": "Books invoices and answers questions about them.",
  "supportedInterfaces": [
    {"url": "https://ledger.example.org/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
    {"url": "https://ledger.example.org/grpc", "protocolBinding": "GRPC", "protocolVersion": "1.0"}
  ],
  "version": "0.9.0",
  "capabilities": {"streaming": false, "extendedAgentCard": false},
  "securitySchemes": {
    "key": {"apiKeySecurityScheme": {"description": "Issued in the portal", "location": "header", "name": "X-Ledger-Key"}},
    "oauth": {"oauth2SecurityScheme": {"flows": {"clientCredentials": {"tokenUrl": "https://auth.example.org/token", "scopes": {"read": "Read", "write": "Write"}}}}},
    "mtls": {"mtlsSecurityScheme": {}},
    "oauth-implicit": {"oauth2SecurityScheme": {"flows": {"implicit": {"authorizationUrl": "https://auth.example.org/authorize", "scopes": {"read": "Read"}}}}}
  },
  "securityRequirements": [{"schemes": {"oauth": {"list": ["read"]}}}, {"schemes": {"oauth-implicit": {"list": ["read"]}}}, {"schemes": {"key": {"list": []}}}],
  "defaultInputModes": ["text/plain"],
  "defaultOutputModes": ["application/json"],
  "skills": [
    {"id": "book-invoice", "name": "Book an invoice", "description": "Books an invoice into the ledger.", "tags": ["accounting"],
     "securityRequirements": [{"schemes": {"oauth": {"list": ["write"]}}}, {"schemes": {"oauth-implicit": {"list": ["write"]}}}]}
  ]
}`)).(map[string]any)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("upgraded:\n%s", d.Encode())
	}
	// No OAuth flow is lost: the split is named in the reasons, so the
	// diff shows it.
	found := 0
	for _, e := range plan {
		if e.Ptr == "/securitySchemes/oauth" && strings.Contains(e.Reason, "oauth-implicit holds implicit") {
			found++
		}
		if e.Ptr == "/securitySchemes/oauth-implicit" && strings.Contains(e.Reason, "implicit flow of the v0.3 scheme oauth") {
			found++
		}
	}
	if found != 2 {
		t.Error("the reasons do not name the split flow")
	}
	// New members are in spec order.
	out := string(d.Encode())
	if !(strings.Index(out, `"description"`) < strings.Index(out, `"supportedInterfaces"`) &&
		strings.Index(out, `"supportedInterfaces"`) < strings.Index(out, `"version"`) &&
		strings.Index(out, `"securityRequirements"`) < strings.Index(out, `"defaultInputModes"`)) {
		t.Errorf("member order:\n%s", out)
	}
}

func TestUpgradeKeepDual(t *testing.T) {
	d := loadView(t, "card-v03.json")
	_, err := upgrade(d, UpgradeOptions{KeepDual: true})
	must(t, err)
	c := NewCard(d)
	if c.Shape() != ShapeDual {
		t.Fatalf("shape %v", c.Shape())
	}
	ifs := interfaceFields(d)
	if len(ifs) != 4 || !strings.HasSuffix(ifs[0], " 1.0") || !strings.HasSuffix(ifs[2], " 0.3") || !strings.Contains(ifs[3], " GRPC ") {
		t.Errorf("dual interfaces %q", ifs)
	}
	root := d.Root()
	for _, k := range []string{"url", "preferredTransport", "additionalInterfaces", "protocolVersion", "supportsAuthenticatedExtendedCard", "security"} {
		if root.Get(k) == nil {
			t.Errorf("dual card lost %s", k)
		}
	}
	// v0.3 readers of the dual card still read skill security and the
	// {type: …} schemes, all of a scheme's flows included.
	if root.Get("skills").Index(0).Get("security") == nil {
		t.Error("a dual card lost its skills' v0.3 security")
	}
	if root.Get("capabilities").Get("stateTransitionHistory") != nil {
		t.Error("stateTransitionHistory (removed in v1.0, optional in v0.3) kept")
	}
	oauth := root.Get("securitySchemes").Get("oauth")
	if oauth.Get("type").Text() != "oauth2" || oauth.Get("flows").Len() != 2 || oauth.Get("oauth2SecurityScheme").Get("flows").Len() != 1 {
		t.Errorf("dual oauth scheme: %s", oauth.Raw())
	}
	// A dual card upgraded without KeepDual becomes a plain v1.0 card.
	edits, err := upgrade(d, UpgradeOptions{})
	must(t, err)
	for _, e := range edits {
		t.Logf("dual -> v1.0: %s %s", e.Ptr, e.Reason)
	}
	if c.Shape() != ShapeV10 || len(edits) != 11 {
		t.Errorf("dual -> v1.0: shape %v, %d edits", c.Shape(), len(edits))
	}
}

func TestUpgradeDualFixtureAndErrors(t *testing.T) {
	d := loadView(t, "card-dual.json")
	if _, err := PlanUpgrade(d, UpgradeOptions{KeepDual: true}); !errors.Is(err, ErrNotV03) {
		t.Errorf("a dual card kept dual needs no edits: %v", err)
	}
	if _, err := PlanUpgrade(loadView(t, "card-v10.json"), UpgradeOptions{}); !errors.Is(err, ErrNotV03) {
		t.Errorf("v1.0 card: %v", err)
	}
	arr, _ := Parse([]byte(`[]`))
	if _, err := PlanUpgrade(arr, UpgradeOptions{}); err == nil {
		t.Error("array accepted")
	}
	// Odd values never panic and are left for the validator.
	odd, err := Parse([]byte(`{"url": "https://a.example", "additionalInterfaces": 3, "security": {"x": 1}, "securitySchemes": {"s": {"type": "apiKey", "in": "query", "name": "k"}, "t": 4}, "skills": [{"security": "no"}], "supportsAuthenticatedExtendedCard": true, "capabilities": 7}`))
	must(t, err)
	if _, err := upgrade(odd, UpgradeOptions{ProtocolVersion: "1.1"}); err != nil {
		t.Fatalf("odd card: %v", err)
	}
	if got := interfaceFields(odd); len(got) != 1 || !strings.HasSuffix(got[0], " 1.1") {
		t.Errorf("interfaces %q", got)
	}
	if odd.Find("/securitySchemes/s/apiKeySecurityScheme/location").Text() != "query" {
		t.Errorf("apiKey in -> location:\n%s", odd.Encode())
	}
	// What could not be converted is kept, not dropped.
	for _, ptr := range []string{"/security", "/skills/0/security", "/supportsAuthenticatedExtendedCard", "/securitySchemes/t"} {
		if odd.Find(ptr) == nil {
			t.Errorf("%s was dropped:\n%s", ptr, odd.Encode())
		}
	}
}

func TestMajorMinor(t *testing.T) {
	for in, want := range map[string]string{"0.3.0": "0.3", "1.0": "1.0", "0.2.9": "0.2", "1": "", "a.b": "", "": "", ".3": ""} {
		if got := majorMinor(in); got != want {
			t.Errorf("majorMinor(%q) = %q", in, got)
		}
	}
}

func BenchmarkPlanUpgrade(b *testing.B) {
	src, _ := os.ReadFile(filepath.Join("testdata", "views", "card-v03.json"))
	d, err := Parse(src)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := PlanUpgrade(d, UpgradeOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// FuzzViews: whatever the document, the views, the conversion and the
// upgrade return values or errors, never panic, and what they write parses.
func FuzzViews(f *testing.F) {
	for _, name := range []string{"card-v10.json", "card-v03.json", "card-dual.json", "catalog.json", "network-debugger-card.json"} {
		b, err := os.ReadFile(filepath.Join("testdata", "views", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"url": 1, "security": [[]], "securitySchemes": {"a": {"type": "oauth2", "flows": []}}, "capabilities": {"extensions": [{"uri": "https://x/objects/discovery", "params": 5}]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := Parse(data)
		if err != nil {
			return
		}
		c := NewCard(d)
		_, _, _ = c.Shape(), c.Name(), c.Version()
		_ = c.PrimaryURL()
		_, _ = c.OnRequestIndex(), c.DiscoveryIndex()
		for _, e := range NewCatalog(d).Entries() {
			_, _, _ = e.Identifier(), e.ExtensionKeys(), e.Data()
		}
		if entry, _, err := EntryFromCard(d, EntryOptions{}); err == nil {
			if _, err := Parse(entry); err != nil {
				t.Fatalf("entry does not parse: %v\n%s", err, entry)
			}
		}
		if _, err := upgrade(d, UpgradeOptions{KeepDual: len(data)%2 == 0}); err == nil {
			if _, err := Parse(d.Encode()); err != nil {
				t.Fatalf("upgraded card does not parse: %v\n%s", err, d.Encode())
			}
		}
		if setDeep(d, "/name", []byte(`"x"`)) == nil && setDeep(d, "/capabilities/streaming", []byte(`true`)) == nil {
			if _, err := Parse(d.Encode()); err != nil {
				t.Fatalf("edited card does not parse: %v", err)
			}
		}
	})
}

// The upgrade's reasons read as English: "an apiKey scheme", "an oauth2
// scheme", "a mutualTLS scheme".
func TestUpgradeReasonsTakeTheirArticle(t *testing.T) {
	d := loadView(t, "card-v03.json")
	edits, err := PlanUpgrade(d, UpgradeOptions{})
	must(t, err)
	var reasons []string
	for _, e := range edits {
		reasons = append(reasons, e.Reason)
	}
	all := strings.Join(reasons, "\n")
	for _, want := range []string{"v1.0 writes an apiKey scheme", "v1.0 writes an oauth2 scheme", "v1.0 writes a mutualTLS scheme"} {
		if !strings.Contains(all, want) {
			t.Errorf("no reason says %q:\n%s", want, all)
		}
	}
	if strings.Contains(all, "writes a apiKey") || strings.Contains(all, "writes a oauth2") {
		t.Errorf("a reason takes the wrong article:\n%s", all)
	}
}
