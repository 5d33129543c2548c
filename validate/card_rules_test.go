package validate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oncard/oncard/model"
)

// cardWant is one diagnostic a fixture must produce.
type cardWant struct {
	code     string
	pointer  string
	severity Severity
}

// cardRuleCases pairs each card rule with its fixtures in
// testdata/rules/a2a/<rule>/: valid.json must not trigger the rule (and must have
// no error at all), invalid.json must trigger it at the given pointers.
var cardRuleCases = []struct {
	rule string
	want []cardWant
}{
	{"required-missing", []cardWant{{"a2a/required-missing", "/skills", Error}}},
	{"empty-required", []cardWant{{"a2a/empty-required", "/skills/0/tags", Error}}},
	{"type", []cardWant{{"a2a/type", "/capabilities", Error}}},
	{"enum", []cardWant{{"a2a/enum", "/securitySchemes/key/apiKeySecurityScheme/location", Error}}},
	{"duplicate-skill-id", []cardWant{{"a2a/duplicate-skill-id", "/skills/1/id", Error}}},
	{"duplicate-extension-uri", []cardWant{{"a2a/duplicate-extension-uri", "/capabilities/extensions/1/uri", Error}}},
	{"extension-uri-not-absolute", []cardWant{{"a2a/extension-uri-not-absolute", "/capabilities/extensions/0/uri", Error}}},
	{"unknown-security-scheme", []cardWant{
		{"a2a/unknown-security-scheme", "/securityRequirements/0/schemes/google", Error},
		{"a2a/unknown-security-scheme", "/skills/1/securityRequirements/0/schemes/basic", Error},
	}},
	{"security-scheme-variants", []cardWant{{"a2a/security-scheme-variants", "/securitySchemes/bearer", Error}}},
	{"oauth-flows", []cardWant{{"a2a/oauth-flows", "/securitySchemes/oauth/oauth2SecurityScheme/flows", Error}}},
	{"v03-leftover", []cardWant{
		{"a2a/v03-leftover", "/url", Warning},
		{"a2a/v03-leftover", "/preferredTransport", Warning},
	}},
	{"v03-card", []cardWant{{"a2a/v03-card", "", Warning}}},
	{"hidden-characters", []cardWant{
		{"a2a/hidden-characters", "/name", Warning},
		{"a2a/hidden-characters", "/skills/0/description", Warning},
	}},
	{"no-v1-interface", []cardWant{{"a2a/no-v1-interface", "/supportedInterfaces", Error}}},
	{"v03-scheme-members", []cardWant{{"a2a/required-missing", "/securitySchemes/key/in", Error}}},
	{"insecure-url", []cardWant{{"a2a/insecure-url", "/provider/url", Warning}}},
	{"invalid-url", []cardWant{{"a2a/invalid-url", "/supportedInterfaces/0/url", Error}}},
	{"protocol-binding", []cardWant{{"a2a/protocol-binding", "/supportedInterfaces/0/protocolBinding", Warning}}},
	{"protocol-version", []cardWant{{"a2a/protocol-version", "/supportedInterfaces/0/protocolVersion", Warning}}},
	{"media-type", []cardWant{{"a2a/media-type", "/defaultInputModes/0", Warning}}},
	{"required-extension", []cardWant{{"a2a/required-extension", "/capabilities/extensions/0/required", Warning}}},
	{"deprecated-oauth-flow", []cardWant{{"a2a/deprecated-oauth-flow", "/securitySchemes/oauth/oauth2SecurityScheme/flows/implicit", Warning}}},
	{"extended-card-without-security", []cardWant{{"a2a/extended-card-without-security", "/capabilities/extendedAgentCard", Warning}}},
	{"possible-secret", []cardWant{{"a2a/possible-secret", "/skills/0/examples/0", Warning}}},
	{"signed-card", []cardWant{{"a2a/signed-card", "/signatures", Info}}},
	{"misplaced-extensions", []cardWant{{"a2a/misplaced-extensions", "/extensions", Warning}}},
	{"snake-case-name", []cardWant{{"a2a/snake-case-name", "/documentation_url", Warning}}},
}

func TestCardRules(t *testing.T) {
	for _, tc := range cardRuleCases {
		t.Run(tc.rule, func(t *testing.T) {
			dir := filepath.Join("testdata", "rules", "a2a", tc.rule)
			valid := cardValidateFile(t, filepath.Join(dir, "valid.json"))
			for _, d := range valid {
				if d.Severity == Error || d.Code == tc.want[0].code {
					t.Errorf("valid.json: unexpected %s %s at %q: %s", d.Severity, d.Code, d.Pointer, d.Message)
				}
			}
			invalid := cardValidateFile(t, filepath.Join(dir, "invalid.json"))
			for _, w := range tc.want {
				d, ok := cardFindDiag(invalid, w.code, w.pointer)
				if !ok {
					t.Errorf("invalid.json: no %s at %q; got:\n%s", w.code, w.pointer, cardListDiags(invalid))
					continue
				}
				if d.Severity != w.severity {
					t.Errorf("invalid.json: %s at %q has severity %s, want %s", w.code, w.pointer, d.Severity, w.severity)
				}
				if d.Line == 0 || d.Column == 0 {
					t.Errorf("invalid.json: %s at %q has no position", w.code, w.pointer)
				}
				if d.Message == "" {
					t.Errorf("invalid.json: %s at %q has no message", w.code, w.pointer)
				}
			}
		})
	}
}

// TestCardRuleFixturesCovered keeps the table and the folders in step.
func TestCardRuleFixturesCovered(t *testing.T) {
	dirs, err := os.ReadDir(filepath.Join("testdata", "rules", "a2a"))
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, tc := range cardRuleCases {
		listed[tc.rule] = true
	}
	for _, d := range dirs {
		if d.IsDir() && !listed[d.Name()] {
			t.Errorf("testdata/rules/a2a/%s has no entry in cardRuleCases", d.Name())
		}
	}
}

func cardValidateFile(t *testing.T, path string) []Diagnostic {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := model.Parse(data)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return Card(doc, nil)
}

func cardFindDiag(diags []Diagnostic, code, pointer string) (Diagnostic, bool) {
	for _, d := range diags {
		if d.Code == code && d.Pointer == pointer {
			return d, true
		}
	}
	return Diagnostic{}, false
}

func cardListDiags(diags []Diagnostic) string {
	var b strings.Builder
	for _, d := range diags {
		b.WriteString("  " + d.Severity.String() + " " + d.Code + " " + d.Pointer + ": " + d.Message + "\n")
	}
	return b.String()
}
