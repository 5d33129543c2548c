package validate

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/oncard/oncard/model"
)

// Every rule has its fixtures under testdata/rules/<family>/<name>/:
//
//   - invalid.json, a document the rule reports, and beside it invalid.out,
//     every finding of that document (not only the rule's), one a line, as
//     `oncard validate` prints them: invalid.json:LINE:COLUMN: SEVERITY
//     CODE: MESSAGE;
//   - valid.json, a document of the same kind the rule does not report;
//   - card.json, when present, the --card they are cross-checked against.
//
// They are found by walking the folder: a new rule is its declaration, its
// check and this folder. ONCARD_UPDATE_FIXTURES=1 rewrites the .out files
// (review the diff).
const rulesFixtures = "testdata/rules"

// noFixture lists the rules a document alone cannot show, and why.
var noFixture = map[string]string{
	"io/unreadable":                    "a file that cannot be read (internal/app/check tests it)",
	"json/too-large":                   "a document over the size cap (cmd/oncard's maxsize tests)",
	"json/too-deep":                    "model's parser tests it (257 levels)",
	"fetch/content-type":               "a server's answer (internal/fetch tests)",
	"fetch/refused":                    "a server's answer (internal/fetch tests)",
	"fetch/unreachable":                "a server's answer (internal/fetch tests)",
	"fetch/status":                     "a server's answer (internal/fetch tests)",
	"fetch/too-large":                  "a server's answer (internal/fetch tests)",
	"fetch/not-followed":               "--follow (internal/fetch tests)",
	"catalog/internal":                 "a defect of oncard's own catalog writer",
	"catalog/entry-type-mismatch":      "--follow (internal/fetch tests)",
	"catalog/identifier-host-mismatch": "--follow (internal/fetch tests)",
	"catalog/nested-not-followed":      "a catalog read from standard input",
	"validate/no-document":             "a nil Doc handed to the Go API",
	"validate/unknown-kind":            "a kind the Go API does not know",
	"oasf/server-lacks-discovery":      "--online (online_test.go, with the schema server's answers)",
	"oasf/server-version-unknown":      "--online (online_test.go)",
	"oasf/online-offline-disagree":     "--online (online_test.go)",
	"oasf/online-checked":              "--online (online_test.go)",
	"signature/missing":                "--signatures require: testdata/signature/missing (signatures_test.go)",
	"signature/unknown-key":            "a key set: testdata/signature/unknown-key (signatures_test.go, with testdata/signature/jwks.json)",
	"signature/payload-mismatch":       "a key set: testdata/signature/payload-mismatch (signatures_test.go)",
	"signature/unverified":             "testdata/signature/unverified (signatures_test.go)",
	"signature/bad-jws":                "testdata/signature/bad-jws (signatures_test.go)",
	"signature/alg-not-allowed":        "testdata/signature/alg-not-allowed (signatures_test.go)",
}

func TestRuleFixtures(t *testing.T) {
	update := os.Getenv("ONCARD_UPDATE_FIXTURES") != ""
	for _, rule := range Rules() {
		family, name, _ := strings.Cut(rule.Code, "/")
		dir := filepath.Join(rulesFixtures, family, name)
		if _, err := os.Stat(dir); err != nil {
			if why, ok := noFixture[rule.Code]; ok {
				t.Logf("%s: no fixture: %s", rule.Code, why)
				continue
			}
			if rule.Table == "oasf/server" && !slices.Contains([]string{"id_unknown", "name_unknown"}, name) {
				continue // the other server types: the server's own fixtures under testdata/online
			}
			t.Errorf("%s has no fixtures: add %s/valid.json, invalid.json and invalid.out", rule.Code, dir)
			continue
		}
		t.Run(rule.Code, func(t *testing.T) {
			opts := fixtureOptions(t, dir)
			invalid := fixtureFindings(t, filepath.Join(dir, "invalid.json"), opts)
			if !slices.ContainsFunc(invalid, func(d Diagnostic) bool { return d.Code == rule.Code }) {
				t.Errorf("invalid.json does not get %s", rule.Code)
			}
			got := fixtureLines("invalid.json", invalid)
			outPath := filepath.Join(dir, "invalid.out")
			want, err := os.ReadFile(outPath)
			if update {
				if err := os.WriteFile(outPath, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			} else if err != nil {
				t.Errorf("%v (ONCARD_UPDATE_FIXTURES=1 writes it)", err)
			} else if got != string(want) {
				t.Errorf("invalid.json's findings differ from invalid.out:\ngot:\n%swant:\n%s", got, want)
			}
			for _, d := range fixtureFindings(t, filepath.Join(dir, "valid.json"), opts) {
				if d.Code == rule.Code {
					t.Errorf("valid.json gets %s: %s", d.Code, d.Message)
				}
			}
		})
	}
}

// fixtureOptions are the options of a fixture folder: its card.json as the
// --card.
func fixtureOptions(t *testing.T, dir string) Options {
	var opts Options
	data, err := os.ReadFile(filepath.Join(dir, "card.json"))
	if os.IsNotExist(err) {
		return opts
	}
	if err != nil {
		t.Fatal(err)
	}
	if opts.Card, err = model.Parse(data); err != nil {
		t.Fatalf("card.json: %v", err)
	}
	return opts
}

func fixtureFindings(t *testing.T, path string, opts Options) []Diagnostic {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	opts.Path, opts.Resolve = path, readIn(filepath.Dir(path))
	return Check(data, "", &opts).Diags
}

func fixtureLines(name string, diags []Diagnostic) string {
	var b strings.Builder
	for _, d := range diags {
		fmt.Fprintf(&b, "%s:%d:%d: %s %s: %s\n", name, d.Line, d.Column, d.Severity, d.Code, d.Message)
	}
	return b.String()
}
