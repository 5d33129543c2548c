package model

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// loadView parses a fixture of testdata/views.
func loadView(t *testing.T, name string) *Doc {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "views", name))
	if err != nil {
		t.Fatal(err)
	}
	d, err := Parse(b)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return d
}

// changedLines returns the lines of after that differ from before, failing
// when the line count changed (an edit of one member must not add lines).
func changedLines(t *testing.T, before, after []byte) []string {
	t.Helper()
	b := strings.Split(string(before), "\n")
	a := strings.Split(string(after), "\n")
	if len(a) != len(b) {
		t.Fatalf("line count changed from %d to %d:\n%s", len(b), len(a), after)
	}
	var out []string
	for i := range a {
		if a[i] != b[i] {
			out = append(out, a[i])
		}
	}
	return out
}

// oneLineChanged asserts that exactly one line changed and that it is want.
func oneLineChanged(t *testing.T, before, after []byte, want string) {
	t.Helper()
	got := changedLines(t, before, after)
	if len(got) != 1 || strings.TrimSpace(got[0]) != want {
		t.Fatalf("changed lines = %q, want only %q", got, want)
	}
}

func TestCardShape(t *testing.T) {
	for _, tc := range []struct {
		file string
		want Shape
	}{
		{"card-v10.json", ShapeV10},
		{"card-v03.json", ShapeV03},
		{"card-dual.json", ShapeDual},
		{"catalog.json", ShapeUnknown},
	} {
		c := NewCard(loadView(t, tc.file))
		if got := c.Shape(); got != tc.want {
			t.Errorf("%s: Shape() = %v, want %v", tc.file, got, tc.want)
		}
	}
	d, _ := Parse([]byte(`[1]`))
	if got := NewCard(d).Shape(); got != ShapeUnknown {
		t.Errorf("array: Shape() = %v", got)
	}
	if ShapeDual.String() != "dual (v1.0 + v0.3)" || ShapeUnknown.String() != "unknown" {
		t.Error("Shape.String")
	}
}

func TestCardReadersV10(t *testing.T) {
	c := NewCard(loadView(t, "card-v10.json"))
	if c.Name() != "Harbor Helpdesk" || c.Version() != "2.3.1" {
		t.Errorf("strings: %q %q", c.Name(), c.Version())
	}
	if c.PrimaryURL() != "https://helpdesk.harbor.example/a2a/v1" {
		t.Errorf("PrimaryURL() = %q", c.PrimaryURL())
	}
	if c.OnRequestIndex() != 0 || c.DiscoveryIndex() != 1 {
		t.Errorf("indexes %d %d", c.OnRequestIndex(), c.DiscoveryIndex())
	}
	if i := c.ExtensionIndex(func(u string) bool { return strings.HasPrefix(u, "https://schema.oasf") }); i != 1 {
		t.Errorf("ExtensionIndex = %d", i)
	}
}

func TestCardReadersV03(t *testing.T) {
	c := NewCard(loadView(t, "card-v03.json"))
	if c.PrimaryURL() != "https://ledger.example.org/a2a" {
		t.Errorf("PrimaryURL() = %q", c.PrimaryURL())
	}
	if c.OnRequestIndex() != -1 || c.DiscoveryIndex() != -1 {
		t.Error("v0.3 card without extensions has extension indexes")
	}
}

func TestCardReadersOnBadTypes(t *testing.T) {
	d, err := Parse([]byte(`{"name": 3, "capabilities": {"streaming": "yes", "extensions": {}}, "supportedInterfaces": "x", "url": 7}`))
	if err != nil {
		t.Fatal(err)
	}
	c := NewCard(d)
	if c.Name() != "" || c.PrimaryURL() != "" || c.OnRequestIndex() != -1 || c.DiscoveryIndex() != -1 {
		t.Error("bad types are not read as absent")
	}
}

// The TUI and the edit commands write a card at JSON pointers; these are the
// edits of its screens, each of which must change exactly one line.
func TestCardPointerEditsChangeOneLine(t *testing.T) {
	for _, tc := range []struct {
		ptr   string
		value any
		want  string
	}{
		{"/name", "Harbor Desk", `"name": "Harbor Desk",`},
		{"/description", "New <b> & more", `"description": "New <b> & more",`},
		{"/version", "2.4.0", `"version": "2.4.0",`},
		{"/documentationUrl", "https://d.example", `"documentationUrl": "https://d.example",`},
		{"/capabilities/streaming", false, `"streaming": false,`},
		{"/capabilities/pushNotifications", true, `"pushNotifications": true,`},
		{"/defaultInputModes", []string{"text/plain", "image/png"}, `"defaultInputModes": ["text/plain", "image/png"],`},
		{"/skills/1/name", "End a contract", `"name": "End a contract",`},
		{"/skills/0/tags", []string{"a"}, `"tags": ["a"],`},
		{"/supportedInterfaces/0/url", "https://helpdesk.harbor.example/a2a/v2",
			`{"url": "https://helpdesk.harbor.example/a2a/v2", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},`},
		{"/capabilities/extensions/0/required", true, `"required": true,`},
		{"/provider/organization", "Harbor Ltd", `"organization": "Harbor Ltd",`},
	} {
		t.Run(tc.ptr, func(t *testing.T) {
			d := NewCard(loadView(t, "card-v10.json")).Doc
			before := d.Encode()
			must(t, d.SetValue(tc.ptr, tc.value))
			oneLineChanged(t, before, d.Encode(), tc.want)
		})
	}
}

// Members added to a card land where the spec puts them (NewCard installs
// the order), and removing them again gives back the source.
func TestCardNewMembersInSpecOrder(t *testing.T) {
	d := NewCard(loadView(t, "card-v10.json")).Doc
	must(t, setDeep(d, "/iconUrl", []byte(`"https://harbor.example/icon.png"`)))
	must(t, setDeep(d, "/capabilities/extendedAgentCard", []byte(`true`)))
	must(t, setDeep(d, "/skills/1/inputModes", []byte(`["text/plain"]`)))
	// iconUrl after skills (the unknown x-vendor stays last),
	// extendedAgentCard after extensions.
	out := string(d.Encode())
	if !strings.Contains(out, "  ],\n  \"iconUrl\": \"https://harbor.example/icon.png\",\n  \"x-vendor\"") {
		t.Errorf("iconUrl not after skills:\n%s", out)
	}
	if strings.Index(out, `"extendedAgentCard"`) < strings.Index(out, `"x-note"`) {
		t.Error("extendedAgentCard before extensions")
	}
	if strings.Index(out, `"inputModes"`) < strings.Index(out, `"A person at Harbor cancels contracts."`) {
		t.Error("skill inputModes before description")
	}
	for _, ptr := range []string{"/iconUrl", "/capabilities/extendedAgentCard", "/skills/1/inputModes", "/nothing/here"} {
		must(t, deleteIfPresent(d, ptr))
	}
	if got, want := string(d.Encode()), string(loadView(t, "card-v10.json").Encode()); got != want {
		t.Errorf("not back to the source:\n%s", got)
	}
	// The unknown members survive.
	if !strings.Contains(out, `"x-vendor": {"build": 42}`) || !strings.Contains(out, `"x-internal": {"owner": "support"}`) {
		t.Error("unknown members lost")
	}
}

// setDeep creates the containers missing on the way: capabilities and its
// extensions array, in spec order before skills.
func TestSetDeepCreatesCapabilities(t *testing.T) {
	d, err := Parse([]byte("{\n  \"name\": \"A\",\n  \"skills\": []\n}\n"))
	must(t, err)
	c := NewCard(d)
	must(t, setDeep(d, "/capabilities/extensions/-",
		[]byte(`{"uri":"https://schema.oasf.outshift.com/1.1.0/objects/discovery","params":{"schema_version":"1.1.0","skills":[]}}`)))
	if c.DiscoveryIndex() != 0 || d.Find("/capabilities/extensions/0/params/schema_version").Text() != "1.1.0" {
		t.Fatalf("discovery not found:\n%s", d.Encode())
	}
	out := string(d.Encode())
	if strings.Index(out, `"capabilities"`) > strings.Index(out, `"skills"`) {
		t.Errorf("capabilities not before skills:\n%s", out)
	}
	must(t, setDeep(d, "/capabilities/extensions/-", []byte(`{"uri":"`+OnRequestURI+`"}`)))
	if c.OnRequestIndex() != 1 {
		t.Errorf("appended On Request extension at %d", c.OnRequestIndex())
	}
	must(t, setDeep(d, "/x/0/y", []byte(`1`)))
	if n := d.Find("/x"); n == nil || n.Kind != Array || string(d.Find("/x/0/y").Raw()) != "1" {
		t.Errorf("array created for an index token:\n%s", d.Encode())
	}
	if _, err := Parse(d.Encode()); err != nil {
		t.Fatalf("edited card does not parse: %v\n%s", err, d.Encode())
	}
}

// marshalOrdered writes a flat map in the given order and leaves out the
// keys the order does not name.
func TestMarshalOrdered(t *testing.T) {
	b, err := marshalOrdered(map[string]any{"completion": "deferred", "id": "a<b", "x": 1, "assistantAccess": false}, onRequestEntryOrder)
	must(t, err)
	if want := `{"id":"a<b","assistantAccess":false,"completion":"deferred"}`; string(b) != want {
		t.Errorf("got %s, want %s", b, want)
	}
	if _, err := marshalOrdered(map[string]any{"id": func() {}}, onRequestEntryOrder); err == nil {
		t.Error("an unencodable value was accepted")
	}
}

func TestSlug(t *testing.T) {
	for in, want := range map[string]string{
		"Plan a Trip!":        "plan-a-trip",
		"  --Hello__World-- ": "hello-world",
		"Café au lait":        "caf-au-lait",
		"":                    "",
		"123":                 "123",
	} {
		if got := Slug(in); got != want {
			t.Errorf("Slug(%q) = %q, want %q", in, got, want)
		}
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func BenchmarkCardViewRead(b *testing.B) {
	src, _ := os.ReadFile(filepath.Join("testdata", "views", "card-v10.json"))
	d, err := Parse(src)
	if err != nil {
		b.Fatal(err)
	}
	c := NewCard(d)
	b.ReportAllocs()
	for b.Loop() {
		_ = c.Shape()
		_ = c.PrimaryURL()
		_ = c.OnRequestIndex()
		_ = c.DiscoveryIndex()
	}
}

// BenchmarkCardSetAndEncode is one keystroke in the TUI: a write at a
// pointer, then the preview.
func BenchmarkCardSetAndEncode(b *testing.B) {
	src, _ := os.ReadFile(filepath.Join("testdata", "views", "card-v10.json"))
	d, err := Parse(src)
	if err != nil {
		b.Fatal(err)
	}
	NewCard(d)
	names := []string{"Harbor Desk", "Harbor Helpdesk"}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if err := d.SetValue("/skills/1/name", names[i%2]); err != nil {
			b.Fatal(err)
		}
		_ = d.Encode()
		i++
	}
}

func TestSpecRequirementForms(t *testing.T) {
	d, err := Parse([]byte(`{
  "securityRequirements": [{"schemes": {"g": ["read", "write"], "m": null, "k": {"list": []}}}],
  "skills": [{"id": "s", "securityRequirements": [{"schemes": {"g": []}}]}]
}`))
	must(t, err)
	changed, err := NewCard(d).SpecRequirementForms()
	must(t, err)
	want := []string{"/securityRequirements/0/schemes/g", "/securityRequirements/0/schemes/m", "/skills/0/securityRequirements/0/schemes/g"}
	if strings.Join(changed, " ") != strings.Join(want, " ") {
		t.Errorf("changed %v, want %v", changed, want)
	}
	got := decodeJSON(t, d.Encode())
	exp := decodeJSON(t, []byte(`{
  "securityRequirements": [{"schemes": {"g": {"list": ["read", "write"]}, "m": {"list": []}, "k": {"list": []}}}],
  "skills": [{"id": "s", "securityRequirements": [{"schemes": {"g": {"list": []}}}]}]
}`))
	if !reflect.DeepEqual(got, exp) {
		t.Errorf("got:\n%s", d.Encode())
	}
	// The spec form is left as it is.
	again, err := NewCard(d).SpecRequirementForms()
	if err != nil || len(again) != 0 {
		t.Errorf("second run changed %v (%v)", again, err)
	}
}
