package validate

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/oncard/oncard/internal/reference"
)

// TestExamples gives each published A2A example the verdict it deserves
// (see ../shared/reference/a2a/SOURCES.md): the v1.0 samples have no error,
// the v0.3 samples are flagged as v0.3 and otherwise valid v0.3, the
// pre-0.3 ones lack the v0.3 protocolVersion.
func TestExamples(t *testing.T) {
	dir := reference.Dir(t, "a2a", "examples")
	cases := []struct {
		file     string
		errors   int        // exact number of errors
		warnings int        // exact number of warnings
		want     []cardWant // diagnostics that must be present
	}{
		{"spec-v1.0-sample-agent-card.json", 0, 0, []cardWant{
			{"a2a/signed-card", "/signatures", Info},
		}},
		{"a2a-samples-adk_skills_agent-agent_card.json", 0, 7, []cardWant{ // v1.0 with 1.0 and 0.3 interfaces, local sample
			{"a2a/media-type", "/defaultInputModes/0", Warning},
			{"a2a/media-type", "/defaultOutputModes/0", Warning},
			{"a2a/insecure-url", "/supportedInterfaces/0/url", Warning},
			{"a2a/insecure-url", "/supportedInterfaces/1/url", Warning},
			{"a2a/insecure-url", "/provider/url", Warning},
			{"security/internal-host", "/supportedInterfaces/0/url", Warning},
			{"security/internal-host", "/supportedInterfaces/1/url", Warning},
		}},
		{"spec-v0.3.0-sample-agent-card.json", 0, 1, []cardWant{
			{"a2a/v03-card", "", Warning},
		}},
		{"a2a-samples-adk_currency_agent-agent_card.json", 0, 6, []cardWant{
			{"a2a/v03-card", "", Warning},
			{"a2a/media-type", "/defaultInputModes/0", Warning},
			{"a2a/insecure-url", "/url", Warning},
			{"security/internal-host", "/url", Warning},
		}},
		{"extensions-topic-magic-8-ball-card.json", 1, 1, []cardWant{ // legacy top-level url, no protocolVersion
			{"a2a/v03-card", "", Warning},
			{"a2a/required-missing", "/protocolVersion", Error},
		}},
		{"a2a-samples-a2a_mcp-air_ticketing_agent.json", 1, 5, []cardWant{ // pre-0.3, "text" as a mode
			{"a2a/v03-card", "", Warning},
			{"a2a/required-missing", "/protocolVersion", Error},
			{"a2a/media-type", "/defaultInputModes/0", Warning},
			{"a2a/insecure-url", "/url", Warning},
			{"security/internal-host", "/url", Warning},
		}},
	}
	for _, tc := range cases {
		t.Run(tc.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(dir, tc.file))
			if err != nil {
				t.Fatal(err)
			}
			_, kind, diags := bytesOf(data, "", nil)
			if kind != KindCard {
				t.Fatalf("detected as %q, want card", kind)
			}
			errs, warns, _ := Counts(diags)
			if errs != tc.errors || warns != tc.warnings {
				t.Errorf("%d errors and %d warnings, want %d and %d:\n%s", errs, warns, tc.errors, tc.warnings, cardListDiags(diags))
			}
			for _, w := range tc.want {
				d, ok := cardFindDiag(diags, w.code, w.pointer)
				if !ok {
					t.Errorf("no %s at %q:\n%s", w.code, w.pointer, cardListDiags(diags))
				} else if d.Severity != w.severity {
					t.Errorf("%s at %q is %s, want %s", w.code, w.pointer, d.Severity, w.severity)
				}
			}
		})
	}
}
