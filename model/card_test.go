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
}

func TestCardGettersV10(t *testing.T) {
	c := NewCard(loadView(t, "card-v10.json"))
	if c.Name() != "Harbor Helpdesk" || c.Version() != "2.3.1" ||
		!strings.HasPrefix(c.Description(), "Answers questions") ||
		c.DocumentationURL() != "https://harbor.example/docs/helpdesk" || c.IconURL() != "" {
		t.Errorf("strings: %q %q %q %q %q", c.Name(), c.Version(), c.Description(), c.DocumentationURL(), c.IconURL())
	}
	p, ok := c.Provider()
	if !ok || p != (Provider{"Harbor Telecom", "https://harbor.example"}) {
		t.Errorf("Provider() = %v, %v", p, ok)
	}
	wantIf := []Interface{
		{URL: "https://helpdesk.harbor.example/a2a/v1", ProtocolBinding: "JSONRPC", ProtocolVersion: "1.0"},
		{URL: "https://helpdesk.harbor.example/a2a/rest", ProtocolBinding: "HTTP+JSON", Tenant: "eu", ProtocolVersion: "1.0"},
	}
	if got := c.Interfaces(); !reflect.DeepEqual(got, wantIf) {
		t.Errorf("Interfaces() = %+v", got)
	}
	if c.PrimaryURL() != "https://helpdesk.harbor.example/a2a/v1" {
		t.Errorf("PrimaryURL() = %q", c.PrimaryURL())
	}
	if c.Streaming() != TriTrue || c.PushNotifications() != TriFalse || c.ExtendedAgentCard() != TriUnset {
		t.Errorf("capabilities: %v %v %v", c.Streaming(), c.PushNotifications(), c.ExtendedAgentCard())
	}
	if !reflect.DeepEqual(c.DefaultInputModes(), []string{"text/plain"}) ||
		!reflect.DeepEqual(c.DefaultOutputModes(), []string{"text/plain", "application/json"}) {
		t.Errorf("modes: %v %v", c.DefaultInputModes(), c.DefaultOutputModes())
	}
	if got := c.SkillIDs(); !reflect.DeepEqual(got, []string{"plan-faq", "cancel-contract", "shop-hours"}) {
		t.Errorf("SkillIDs() = %v", got)
	}
	skills := c.Skills()
	want0 := Skill{ID: "plan-faq", Name: "Plan questions", Description: "Explains plans, prices and roaming.",
		Tags: []string{"telecom", "faq"}, Examples: []string{"How much is roaming in France?"}}
	if !reflect.DeepEqual(skills[0], want0) {
		t.Errorf("Skills()[0] = %+v", skills[0])
	}
	if skills[1].HasSecurity || !skills[2].HasSecurity {
		t.Errorf("HasSecurity: %v %v", skills[1].HasSecurity, skills[2].HasSecurity)
	}
	if _, ok := c.Skill(3); ok {
		t.Error("Skill(3) exists")
	}
	if c.SkillIndex("shop-hours") != 2 || c.SkillIndex("nope") != -1 {
		t.Error("SkillIndex")
	}
	exts := c.Extensions()
	if len(exts) != 2 || exts[0].URI != OnRequestURI || exts[0].Required != TriFalse || !exts[0].HasParams ||
		exts[1].Required != TriUnset || exts[1].Description != "" {
		t.Errorf("Extensions() = %+v", exts)
	}
	if c.OnRequestIndex() != 0 || c.DiscoveryIndex() != 1 {
		t.Errorf("indexes %d %d", c.OnRequestIndex(), c.DiscoveryIndex())
	}
}

func TestCardGettersV03(t *testing.T) {
	c := NewCard(loadView(t, "card-v03.json"))
	if c.Interfaces() != nil {
		t.Errorf("v0.3 Interfaces() = %v", c.Interfaces())
	}
	wantV03 := []Interface{
		{URL: "https://ledger.example.org/a2a", ProtocolBinding: "JSONRPC", ProtocolVersion: "0.3.0"},
		{URL: "https://ledger.example.org/grpc", ProtocolBinding: "GRPC", ProtocolVersion: "0.3.0"},
	}
	if got := c.V03Interfaces(); !reflect.DeepEqual(got, wantV03) {
		t.Errorf("V03Interfaces() = %+v", got)
	}
	if NewCard(loadView(t, "card-v10.json")).V03Interfaces() != nil {
		t.Error("V03Interfaces of a v1.0 card")
	}
	if c.PrimaryURL() != "https://ledger.example.org/a2a" {
		t.Errorf("PrimaryURL() = %q", c.PrimaryURL())
	}
	if _, ok := c.Provider(); ok {
		t.Error("Provider present")
	}
	if c.Streaming() != TriFalse || c.OnRequestIndex() != -1 || c.DiscoveryIndex() != -1 {
		t.Error("v0.3 capabilities/extensions")
	}
	if s, _ := c.Skill(0); !s.HasSecurity {
		t.Error("v0.3 skill security not seen")
	}
	if _, ok := c.OnRequest(); ok {
		t.Error("OnRequest() on a card without it")
	}
	if _, ok := c.Discovery(); ok {
		t.Error("Discovery() on a card without it")
	}
}

func TestCardGettersOnBadTypes(t *testing.T) {
	d, err := Parse([]byte(`{"name": 3, "capabilities": {"streaming": "yes", "extensions": {}}, "skills": "x", "defaultInputModes": [1, "a"]}`))
	if err != nil {
		t.Fatal(err)
	}
	c := NewCard(d)
	if c.Name() != "" || c.Streaming() != TriUnset || c.Skills() == nil || len(c.Skills()) != 0 ||
		c.Extensions() != nil || !reflect.DeepEqual(c.DefaultInputModes(), []string{"a"}) {
		t.Error("bad types are not read as absent")
	}
	if err := c.SetSkillName(0, "x"); err == nil {
		t.Error("SetSkillName on a missing skill succeeded")
	}
}

func TestCardTopLevelSetters(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(c *Card) error
		want string
	}{
		{"name", func(c *Card) error { return c.SetName("Harbor Desk") }, `"name": "Harbor Desk",`},
		{"description", func(c *Card) error { return c.SetDescription("New <b> & more") }, `"description": "New <b> & more",`},
		{"version", func(c *Card) error { return c.SetVersion("2.4.0") }, `"version": "2.4.0",`},
		{"documentationUrl", func(c *Card) error { return c.SetDocumentationURL("https://d.example") }, `"documentationUrl": "https://d.example",`},
		{"streaming", func(c *Card) error { return c.SetStreaming(TriFalse) }, `"streaming": false,`},
		{"pushNotifications", func(c *Card) error { return c.SetPushNotifications(TriTrue) }, `"pushNotifications": true,`},
		{"inputModes", func(c *Card) error { return c.SetDefaultInputModes([]string{"text/plain", "image/png"}) }, `"defaultInputModes": ["text/plain", "image/png"],`},
		{"skill name", func(c *Card) error { return c.SetSkillName(1, "End a contract") }, `"name": "End a contract",`},
		{"skill id", func(c *Card) error { return c.SetSkillID(0, "plans") }, `"id": "plans",`},
		{"skill description", func(c *Card) error { return c.SetSkillDescription(2, "Hours.") }, `"description": "Hours.",`},
		{"skill tags", func(c *Card) error { return c.SetSkillTags(0, []string{"a"}) }, `"tags": ["a"],`},
		{"skill examples", func(c *Card) error { return c.SetSkillExamples(0, []string{"Q?"}) }, `"examples": ["Q?"],`},
		{"interface", func(c *Card) error {
			return c.SetInterface(0, Interface{URL: "https://helpdesk.harbor.example/a2a/v2", ProtocolBinding: "JSONRPC", ProtocolVersion: "1.0"})
		}, `{"url": "https://helpdesk.harbor.example/a2a/v2", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},`},
		{"extension description", func(c *Card) error { return c.SetExtensionDescription(0, "People") }, `"description": "People",`},
		{"extension required", func(c *Card) error { return c.SetExtensionRequired(0, TriTrue) }, `"required": true,`},
		{"provider", func(c *Card) error { return c.SetProvider(Provider{"Harbor Ltd", "https://harbor.example"}) }, `"organization": "Harbor Ltd",`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := loadView(t, "card-v10.json")
			before := d.Encode()
			if err := tc.edit(NewCard(d)); err != nil {
				t.Fatal(err)
			}
			oneLineChanged(t, before, d.Encode(), tc.want)
		})
	}
}

func TestCardSettersRoundTripThroughGetters(t *testing.T) {
	d := loadView(t, "card-v10.json")
	c := NewCard(d)
	must(t, c.SetIconURL("https://harbor.example/icon.png"))
	must(t, c.SetExtendedAgentCard(TriTrue))
	must(t, c.SetSkillInputModes(1, []string{"text/plain"}))
	must(t, c.SetSkillOutputModes(1, []string{}))
	if c.IconURL() != "https://harbor.example/icon.png" || c.ExtendedAgentCard() != TriTrue {
		t.Error("set values not read back")
	}
	s, _ := c.Skill(1)
	if !reflect.DeepEqual(s.InputModes, []string{"text/plain"}) || s.OutputModes == nil || len(s.OutputModes) != 0 {
		t.Errorf("skill modes: %+v", s)
	}
	// New members land in spec order: iconUrl after skills (the unknown
	// x-vendor stays last), extendedAgentCard after extensions.
	out := string(d.Encode())
	if !strings.Contains(out, "  ],\n  \"iconUrl\": \"https://harbor.example/icon.png\",\n  \"x-vendor\"") {
		t.Errorf("iconUrl not after skills:\n%s", out)
	}
	if strings.Index(out, `"extendedAgentCard"`) < strings.Index(out, `"x-note"`) {
		t.Error("extendedAgentCard before extensions")
	}
	// Unset and "" remove members again; an explicit false stays.
	must(t, c.SetIconURL(""))
	must(t, c.SetExtendedAgentCard(TriUnset))
	must(t, c.SetSkillInputModes(1, nil))
	must(t, c.SetSkillOutputModes(1, nil))
	must(t, c.SetStreaming(TriFalse))
	if c.IconURL() != "" || c.ExtendedAgentCard() != TriUnset || c.Streaming() != TriFalse {
		t.Error("removal")
	}
	// Back to the source except the streaming line.
	oneLineChanged(t, loadView(t, "card-v10.json").Encode(), d.Encode(), `"streaming": false,`)
	// The unknown members survive.
	if !strings.Contains(string(d.Encode()), `"x-vendor": {"build": 42}`) || !strings.Contains(string(d.Encode()), `"x-internal": {"owner": "support"}`) {
		t.Error("unknown members lost")
	}
}

func TestCardAddAndDelete(t *testing.T) {
	d := loadView(t, "card-dual.json")
	c := NewCard(d)
	i, err := c.AddSkill(Skill{ID: c.SuggestSkillID("Echo"), Name: "Echo", Description: "Again."})
	must(t, err)
	if i != 1 {
		t.Fatalf("AddSkill index %d", i)
	}
	s, _ := c.Skill(1)
	if s.ID != "echo-2" || s.Tags == nil {
		t.Errorf("added skill %+v", s)
	}
	must(t, c.DeleteSkill(1))
	if !reflect.DeepEqual(c.SkillIDs(), []string{"echo"}) {
		t.Error("DeleteSkill")
	}
	// Capabilities exists but is empty: extensions is created.
	j, err := c.AddExtension(OnRequestURI, "People", TriFalse, []byte(`{"skills":[{"id":"echo","personEntry":"tel:+1-555-0100"}]}`))
	must(t, err)
	if j != 0 || c.OnRequestIndex() != 0 {
		t.Fatalf("AddExtension: %d %d", j, c.OnRequestIndex())
	}
	or, ok := c.OnRequest()
	if !ok || or.Entries()[0].PersonEntry != "tel:+1-555-0100" {
		t.Error("OnRequest view of the added extension")
	}
	if _, err := c.AddExtension("https://x.example/e", "", TriUnset, []byte(`{`)); err == nil {
		t.Error("invalid params accepted")
	}
	must(t, c.DeleteExtension(0))
	if c.OnRequestIndex() != -1 {
		t.Error("DeleteExtension")
	}
	// Interfaces: append and delete.
	must(t, c.SetInterface(2, Interface{URL: "dual.example.net:443", ProtocolBinding: "GRPC", ProtocolVersion: "1.0"}))
	if got := c.Interfaces(); len(got) != 3 || got[2].ProtocolBinding != "GRPC" {
		t.Errorf("appended interface: %+v", got)
	}
	must(t, c.DeleteInterface(2))
	if err := c.SetInterface(7, Interface{}); err == nil {
		t.Error("SetInterface out of range succeeded")
	}
	if _, err := Parse(d.Encode()); err != nil {
		t.Fatalf("edited card does not parse: %v\n%s", err, d.Encode())
	}
}

func TestAddExtensionCreatesCapabilities(t *testing.T) {
	d, err := Parse([]byte("{\n  \"name\": \"A\",\n  \"skills\": []\n}\n"))
	must(t, err)
	c := NewCard(d)
	_, err = c.AddExtension("https://schema.oasf.outshift.com/1.1.0/objects/discovery", "", TriUnset,
		[]byte(`{"schema_version":"1.1.0","skills":[]}`))
	must(t, err)
	v, ok := c.Discovery()
	if !ok || v.SchemaVersion() != "1.1.0" {
		t.Fatalf("discovery not found:\n%s", d.Encode())
	}
	out := string(d.Encode())
	if strings.Index(out, `"capabilities"`) > strings.Index(out, `"skills"`) {
		t.Errorf("capabilities not before skills:\n%s", out)
	}
}

func TestSlugAndSuggestSkillID(t *testing.T) {
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
	c := NewCard(loadView(t, "card-v10.json"))
	if got := c.SuggestSkillID("Plan FAQ"); got != "plan-faq-2" {
		t.Errorf("SuggestSkillID = %q", got)
	}
	if got := c.SuggestSkillID("!!!"); got != "skill" {
		t.Errorf("SuggestSkillID(!!!) = %q", got)
	}
	if got := c.SuggestSkillID("New one"); got != "new-one" {
		t.Errorf("SuggestSkillID = %q", got)
	}
}

func TestTri(t *testing.T) {
	if v, set := TriUnset.Bool(); v || set {
		t.Error("unset")
	}
	if v, set := TriFalse.Bool(); v || !set {
		t.Error("false")
	}
	if v, set := TriOf(true).Bool(); !v || !set {
		t.Error("true")
	}
	if TriTrue.String() != "true" || TriUnset.String() != "unset" || ShapeDual.String() == "" {
		t.Error("String")
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
		_ = c.Skills()
		_ = c.Extensions()
		p, _ := c.OnRequest()
		_ = p.Entries()
	}
}

// BenchmarkCardSetAndEncode is one keystroke in the TUI: a setter, then the
// preview.
func BenchmarkCardSetAndEncode(b *testing.B) {
	src, _ := os.ReadFile(filepath.Join("testdata", "views", "card-v10.json"))
	d, err := Parse(src)
	if err != nil {
		b.Fatal(err)
	}
	c := NewCard(d)
	names := []string{"Harbor Desk", "Harbor Helpdesk"}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if err := c.SetSkillName(1, names[i%2]); err != nil {
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
