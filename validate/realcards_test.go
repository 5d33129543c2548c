package validate

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/oncard/oncard/internal/reference"
)

// realCardDefects lists, for every file of ../shared/reference/a2a/real-cards,
// the located diagnostics its defects (as SOURCES.md describes them) must
// produce. clean marks the cards that must have no error at all.
var realCardDefects = map[string]struct {
	clean bool
	want  []cardWant
}{
	"0spoon__seamless__docs_wk-agent-card.json": {want: []cardWant{ // v0.3 body plus a lowercase "json-rpc" interface
		{"a2a/protocol-binding", "/supportedInterfaces/0/protocolBinding", Warning},
		{"a2a/required-missing", "/supportedInterfaces/0/protocolVersion", Error},
		{"a2a/v03-leftover", "/url", Warning},
		{"a2a/insecure-url", "/url", Warning},
		{"a2a/security-scheme-variants", "/securitySchemes/bearer", Error},
	}},
	"0xsl1m__cerebrus-pulse-docs__public_wk-agent-card.json": {clean: true, want: []cardWant{
		{"a2a/v03-card", "", Warning},
		{"a2a/misplaced-extensions", "/extensions", Warning},
	}},
	"Access0x1__Access0x1__web_public_wk-agent-card.json": {clean: true, want: []cardWant{ // v0.3 shape claiming 1.0
		{"a2a/v03-card", "", Warning},
		{"a2a/protocol-version", "/protocolVersion", Warning},
	}},
	"Adewale-tech__telex-dictionary-agent__wk-agent.json": {want: []cardWant{ // Telex style: capabilities array, no skills
		{"a2a/type", "/capabilities", Error},
		{"a2a/required-missing", "/skills", Error},
		{"a2a/required-missing", "/supportedInterfaces", Error},
	}},
	"altananetwork__altana-sdk__docs_public_wk-agent-card.json": {clean: true, want: []cardWant{
		{"a2a/v03-card", "", Warning},
		{"a2a/protocol-binding", "/preferredTransport", Warning}, // "MCP"
	}},
	"Arithrix__agentpulse-data__wk-agent-card.json": {want: []cardWant{
		{"a2a/type", "/capabilities", Error},
		{"a2a/required-missing", "/skills", Error},
		{"a2a/required-missing", "/defaultInputModes", Error},
	}},
	"Autari-ai__partners__public_wk-agent-card.json": {want: []cardWant{ // interface {type, url}; skills without tags
		{"a2a/required-missing", "/supportedInterfaces/0/protocolBinding", Error},
		{"a2a/required-missing", "/supportedInterfaces/0/protocolVersion", Error},
		{"a2a/required-missing", "/defaultInputModes", Error},
		{"a2a/required-missing", "/skills/0/tags", Error},
	}},
	"auto-agent-protocol__auto-agent-protocol__spec_v0.1_examples_agent-card.example.json": {want: []cardWant{ // proto snake_case names: one warning each, their contents checked
		{"a2a/snake-case-name", "/supported_interfaces", Warning},
		{"a2a/snake-case-name", "/default_input_modes", Warning},
		{"a2a/snake-case-name", "/capabilities/push_notifications", Warning},
		{"a2a/required-extension", "/capabilities/extensions/0/required", Warning},
	}},
	"auto-agent-protocol__auto-agent-protocol__spec_v1.1_examples_agent-card.example.json": {clean: true},
	"ChandraDevYadav__a2a-orchestrator__agent-card.json": {want: []cardWant{
		{"a2a/v03-card", "", Warning},
		{"a2a/required-missing", "/skills/0/tags", Error},
		{"a2a/required-missing", "/defaultInputModes", Error},
		{"a2a/insecure-url", "/url", Warning}, // localhost
	}},
	"Coolock-Village__meitheal__public_wk-agent-card.json": {want: []cardWant{
		{"a2a/invalid-url", "/supportedInterfaces/0/url", Error}, // relative "/api/a2a"
	}},
	"craigericksondpo__Yo-ai__agents_door_keeper_agent_card_v03_agent.json": {want: []cardWant{ // CRLF, skills without id
		{"a2a/v03-card", "", Warning},
		{"a2a/required-missing", "/protocolVersion", Error},
		{"a2a/required-missing", "/skills/0/id", Error},
		{"a2a/required-missing", "/skills/7/id", Error},
	}},
	"craigericksondpo__Yo-ai__agents_purchasing_agent_agent_card_agent.json": {want: []cardWant{
		{"a2a/required-missing", "/version", Error},
		{"a2a/required-missing", "/skills/0/id", Error},
		{"a2a/required-missing", "/skills/11/id", Error},
		{"a2a/snake-case-name", "/skills/0/input_modes", Warning},
		{"a2a/v03-requirement", "/security", Error},                       // no securityRequirements: v1.0 readers see none
		{"a2a/security-scheme-variants", "/securitySchemes/yo-ai", Error}, // OpenAPI apiKey scheme
	}},
	"craigericksondpo__Yo-ai__agents_vendor_manager_agent_card_v03_agent.json": {want: []cardWant{
		{"json/syntax", "", Error},
	}},
	"Dan-Cleary__convalytics__public_wk-agent-card.json": {want: []cardWant{ // v0.2: url, no protocolVersion
		{"a2a/v03-card", "", Warning},
		{"a2a/required-missing", "/protocolVersion", Error},
	}},
	"druide67__asiai__docs_wk-agent-card.json": {want: []cardWant{ // MCP server dressed as a card
		{"a2a/required-missing", "/supportedInterfaces/0/protocolBinding", Error},
		{"a2a/invalid-url", "/supportedInterfaces/0/url", Warning}, // local://asiai-mcp
		{"a2a/v03-leftover", "/preferredTransport", Warning},
	}},
	"elvinagam__a2a-mcp-agents-protocols__agent_card.json": {want: []cardWant{
		{"json/syntax", "", Error},
	}},
	"EndlessRay__sage-a2a__agent-card.json": {want: []cardWant{
		{"a2a/v03-leftover", "/url", Warning},
		{"a2a/v03-leftover", "/protocolVersion", Warning},
		{"a2a/v03-requirement", "/securityRequirements/0", Error}, // [{"bearer": []}]: every reader drops it
	}},
	"ethersphere__bee-docs__static_wk-agent-card.json": {want: []cardWant{
		{"a2a/v03-card", "", Warning},
		{"a2a/required-missing", "/protocolVersion", Error},
	}},
	"Fomo-Driven-Development__MaudeViewWatchlistManagerAgent__a2a_agent-card.json": {want: []cardWant{
		{"a2a/required-missing", "/supportedInterfaces", Error},
		{"a2a/media-type", "/defaultInputModes/0", Warning},
		{"a2a/v03-leftover", "/capabilities/stateTransitionHistory", Warning},
	}},
	"GrahamPaasch__graham-a2a__apps_web_public_wk-agent-card.json": {want: []cardWant{ // invented schema
		{"a2a/required-missing", "/name", Error},
		{"a2a/required-missing", "/description", Error},
		{"a2a/required-missing", "/skills/0/name", Error},
		{"a2a/security-scheme-variants", "/securitySchemes/openIdConnect", Error},
	}},
	"Instabidsai__toolroute__public_wk-agent.json": {want: []cardWant{
		{"a2a/v03-card", "", Warning},
		{"a2a/required-missing", "/defaultInputModes", Error},
		{"a2a/required-missing", "/skills/0/tags", Error},
	}},
	"JasonPowr__sigstore-a2a-test__agent-card.json": {want: []cardWant{ // v1.0 shape, one interface at protocolVersion 0.3
		{"a2a/no-v1-interface", "/supportedInterfaces", Error},
	}},
	"jswortz__party-store-ge-a2ui__agent_card.json": {clean: true, want: []cardWant{{"a2a/v03-card", "", Warning}}},
	"kagent-dev__kagent__python_samples_adk_basic_basic_agent-card.json": {want: []cardWant{
		{"a2a/required-missing", "/supportedInterfaces", Error},
		{"a2a/media-type", "/defaultInputModes/0", Warning},
	}},
	"kagent-dev__kagent__python_samples_crewai_research-crew_src_research_crew_agent-card.json": {want: []cardWant{
		{"a2a/required-missing", "/supportedInterfaces", Error},
	}},
	"Laisky__laisky-blog-graphql__web_public_wk-agent-card.json": {want: []cardWant{
		{"a2a/v03-card", "", Warning},
		{"a2a/required-missing", "/provider/organization", Error}, // provider.name
		{"a2a/required-missing", "/defaultInputModes", Error},
	}},
	"Langdock__langdock-adk-a2a-agent__agent_card.json": {clean: true, want: []cardWant{{"a2a/v03-card", "", Warning}}},
	"lexwhiting__settlegrid__apps_web_public_wk-agent-card.json": {want: []cardWant{ // skills as strings
		{"a2a/type", "/skills/0", Error},
		{"a2a/misplaced-extensions", "/extensions", Warning},
		{"a2a/required-missing", "/capabilities", Error},
		{"a2a/required-missing", "/version", Error},
	}},
	"lkrdev__looker-ca-a2a-client-sample__agent_card_oauth.json": {want: []cardWant{
		{"a2a/v03-card", "", Warning},
		{"a2a/invalid-url", "/url", Error}, // <LOOKER_URL> placeholder
	}},
	"MisterVVP__a2a-cpp__tests_fixtures_agent_card_valid-73c9eb7.json": {want: []cardWant{
		{"a2a/required-missing", "/skills", Error},
		{"a2a/required-missing", "/capabilities", Error},
	}},
	"MisterVVP__a2a-cpp__tests_fixtures_agent_card_valid.json": {want: []cardWant{
		{"a2a/required-missing", "/supportedInterfaces/0/protocolBinding", Error},
		{"a2a/required-missing", "/description", Error},
		{"a2a/security-scheme-variants", "/securitySchemes/oauth2", Error},
	}},
	"oaslananka__a2amesh__tests_conformance_fixtures_a2a-1.2_agent-card.json": {want: []cardWant{
		{"a2a/misplaced-extensions", "/extensions", Warning},
		{"a2a/required-missing", "/signatures/0/protected", Error},
		{"a2a/v03-leftover", "/url", Warning},
	}},
	"opena2a-org__hackmyagent__wk-agent-card.json": {want: []cardWant{
		{"a2a/required-missing", "/skills", Error},
		{"a2a/required-missing", "/supportedInterfaces", Error},
	}},
	"OrbiAds__Orbiads-GAM-A2A__agent-card.json": {want: []cardWant{
		{"a2a/v03-card", "", Warning},
		{"a2a/invalid-url", "/url", Error}, // "REMPLACER_PAR_L_ENDPOINT_A2A"
	}},
	"P4A-Policies-for-Agents__a2a-agent-card-conformance-ruleset__fixtures_good_agent-card.json": {clean: true, want: []cardWant{
		{"a2a/signed-card", "/signatures", Info},
	}},
	"Palo-Alto-AI-Research-Lab__agent-leash__agent-card.json": {clean: true, want: []cardWant{
		{"a2a/v03-card", "", Warning},
		{"a2a/protocol-version", "/protocolVersion", Warning},
	}},
	"rhein1__agoragentic-integrations__a2a_agent-card.json": {want: []cardWant{
		{"a2a/v03-card", "", Warning},
		{"a2a/required-missing", "/skills/0/tags", Error},
	}},
	"Roelzz__dad-joke-a2a-agent__agent-card.json": {want: []cardWant{
		{"a2a/required-missing", "/supportedInterfaces/0/protocolVersion", Error},
		{"a2a/invalid-url", "/supportedInterfaces/0/url", Error}, // {BASE_URL}
		{"a2a/v03-requirement", "/security", Error},              // no securityRequirements: v1.0 readers see none
		{"a2a/v03-leftover", "/capabilities/stateTransitionHistory", Warning},
	}},
	"SamyTouri__agent-hub__agent-card.json":         {clean: true, want: []cardWant{{"a2a/v03-card", "", Warning}}},
	"Shiv33ndu__songgenerationa2a__agent-card.json": {clean: true, want: []cardWant{{"a2a/v03-card", "", Warning}}},
	"siweimofang__zhishe-a2a__static_wk-agent-card.json": {clean: true, want: []cardWant{
		{"a2a/v03-card", "", Warning},
		{"a2a/media-type", "/defaultInputModes/0", Warning},
	}},
	"spiceoogway__hub__static_wk-agent-card.json": {clean: true, want: []cardWant{
		{"a2a/v03-card", "", Warning},
		{"a2a/protocol-version", "/protocolVersion", Warning},
		{"a2a/misplaced-extensions", "/extensions", Warning},
		{"a2a/extended-card-without-security", "/supportsAuthenticatedExtendedCard", Warning},
	}},
	"symphonix-health__nexus-a2a-protocol__demos_helixcare_bed-manager-agent_app_agent_card.json": {want: []cardWant{
		{"a2a/v03-card", "", Warning},
		{"a2a/required-missing", "/defaultInputModes", Error},
		{"a2a/required-missing", "/skills/0/tags", Error},
	}},
	"symphonix-health__nexus-a2a-protocol__demos_interop_audit-agent_agent_card.json": {want: []cardWant{
		{"a2a/required-missing", "/description", Error},
		{"a2a/required-missing", "/skills", Error},
		{"a2a/required-missing", "/version", Error},
	}},
	"test-mesh__testmesh__web_public_wk-agent-card.json": {want: []cardWant{
		{"a2a/required-missing", "/supportedInterfaces/0/protocolBinding", Error},
		{"a2a/required-missing", "/skills/0/tags", Error},
		{"a2a/v03-leftover", "/url", Warning},
	}},
	"tomtom215__a2a-rust__benches_cross_language_canonical_agent_card.json": {clean: true, want: []cardWant{
		{"a2a/v03-leftover", "/url", Warning},
		{"a2a/protocol-version", "/supportedInterfaces/0/protocolVersion", Warning}, // "1.0.0"
	}},
	// a2a-go output: bare arrays and null as requirement values are accepted.
	"tomtom215__a2a-rust__crates_a2a-protocol-types_tests_fixtures_a2a_go_v2.5.0_agent_card_security.json": {clean: true},
	"UltravioletaDAO__x402-rs__static_wk-agent-card.json": {want: []cardWant{
		{"a2a/type", "/capabilities", Error},
		{"a2a/required-missing", "/supportedInterfaces/0/protocolBinding", Error},
		{"a2a/v03-leftover", "/additionalInterfaces", Warning},
	}},
}

// TestRealCards validates every collected real-world card: none may panic or
// hang, and each gets the located diagnostics its defects call for.
func TestRealCards(t *testing.T) {
	dir := reference.Dir(t, "a2a", "real-cards")
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no real cards in %s", dir)
	}
	seen := map[string]bool{}
	for _, f := range files {
		name := filepath.Base(f)
		seen[name] = true
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			diags, err := validateWithTimeout(data, 10*time.Second)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range diags {
				if d.Line == 0 || d.Column == 0 {
					t.Errorf("%s at %q has no position", d.Code, d.Pointer)
				}
			}
			exp, listed := realCardDefects[name]
			if !listed {
				t.Fatalf("no entry in realCardDefects; got:\n%s", cardListDiags(diags))
			}
			if errs, _, _ := Counts(diags); exp.clean && errs > 0 {
				t.Errorf("want no errors, got %d:\n%s", errs, cardListDiags(diags))
			}
			for _, w := range exp.want {
				d, ok := cardFindDiag(diags, w.code, w.pointer)
				if !ok {
					t.Errorf("no %s at %q; got:\n%s", w.code, w.pointer, cardListDiags(diags))
				} else if d.Severity != w.severity {
					t.Errorf("%s at %q is %s, want %s", w.code, w.pointer, d.Severity, w.severity)
				}
			}
		})
	}
	for name := range realCardDefects {
		if !seen[name] {
			t.Errorf("realCardDefects lists %s, which is not in %s", name, dir)
		}
	}
}

// TestRealCardsNotJSON checks the position of the two syntax errors against
// what SOURCES.md reports (Python's json module: line 1 column 1, line 30
// column 26).
func TestRealCardsNotJSON(t *testing.T) {
	dir := reference.Dir(t, "a2a", "real-cards")
	for name, pos := range map[string][2]int{
		"craigericksondpo__Yo-ai__agents_vendor_manager_agent_card_v03_agent.json": {1, 1},
		"elvinagam__a2a-mcp-agents-protocols__agent_card.json":                     {30, 26},
	} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		doc, _, diags := bytesOf(data, "", nil)
		if doc != nil || len(diags) != 1 {
			t.Fatalf("%s: want one diagnostic and no Doc, got %d", name, len(diags))
		}
		d := diags[0]
		if d.Code != "json/syntax" || d.Line != pos[0] || d.Column != pos[1] || d.Severity != Error {
			t.Errorf("%s: got %s %s at %d:%d, want json/syntax at %d:%d", name, d.Severity, d.Code, d.Line, d.Column, pos[0], pos[1])
		}
	}
}

// validateWithTimeout runs Bytes in a goroutine so that a hang fails the
// test instead of stalling the suite; a panic is reported as an error.
func validateWithTimeout(data []byte, limit time.Duration) ([]Diagnostic, error) {
	type result struct {
		diags []Diagnostic
		err   error
	}
	done := make(chan result, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				done <- result{err: fmt.Errorf("panic: %v", p)}
			}
		}()
		_, _, diags := bytesOf(data, "", nil)
		done <- result{diags: diags}
	}()
	select {
	case r := <-done:
		return r.diags, r.err
	case <-time.After(limit):
		return nil, fmt.Errorf("validation did not finish in %s", limit)
	}
}
