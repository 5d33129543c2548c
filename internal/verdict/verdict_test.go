package verdict

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/oncard/oncard/validate"
)

func TestFailOn(t *testing.T) {
	diags := []validate.Diagnostic{{Severity: validate.Warning}, {Severity: validate.Info}}
	for name, want := range map[string]int{"error": 0, "warning": 1, "info": 2} {
		f, err := ParseFailOn(name)
		if err != nil {
			t.Fatal(err)
		}
		if got := f.Failing(diags); got != want {
			t.Errorf("--fail-on %s: %d failing, want %d", name, got, want)
		}
		if f.Severity().String() != name {
			t.Errorf("Severity() = %q", f.Severity())
		}
	}
	if _, err := ParseFailOn("warn"); err == nil {
		t.Error(`"warn" accepted`)
	}
	if DefaultFailOn.Fails(validate.Warning) || !DefaultFailOn.Fails(validate.Error) {
		t.Error("the default fails on errors only")
	}
}

func writeFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestConfigFoundUpwardAndIgnores(t *testing.T) {
	root := t.TempDir()
	writeFile(t, filepath.Join(root, ConfigName), `{
  "$schema": "docs/oncard-config.schema.json",
  "failOn": "warning",
  "ignore": [
    {"paths": ["fixtures/**/*.json"], "codes": ["a2a/insecure-url", "catalog/*"], "reason": "test data"},
    {"paths": ["vendor/*"]}
  ]
}`)
	writeFile(t, filepath.Join(root, "sub", ConfigName), `{"ignore": []}`)
	f := NewFinder()
	deep := filepath.Join(root, "fixtures", "a", "b", "card.json")
	c, err := f.For(deep)
	if err != nil || c == nil || c.Path != filepath.Join(root, ConfigName) {
		t.Fatalf("config for %s: %+v, %v", deep, c, err)
	}
	if c.FailOn != "warning" {
		t.Errorf("failOn %q", c.FailOn)
	}
	for _, tc := range []struct {
		file, code string
		want       bool
	}{
		{deep, "a2a/insecure-url", true},
		{deep, "catalog/http-url", true},
		{deep, "a2a/type", false},
		{filepath.Join(root, "fixtures", "card.json"), "a2a/insecure-url", true}, // ** is zero segments too
		{filepath.Join(root, "fixtures", "card.txt"), "a2a/insecure-url", false},
		{filepath.Join(root, "other", "card.json"), "a2a/insecure-url", false},
		{filepath.Join(root, "vendor", "x.json"), "a2a/type", true},
		{filepath.Join(root, "vendor", "deeper", "x.json"), "a2a/type", false},
	} {
		if got := c.Ignores(tc.file, tc.code); got != tc.want {
			t.Errorf("Ignores(%s, %s) = %v, want %v", tc.file, tc.code, got, tc.want)
		}
	}
	// The nearest config governs: sub/ has its own, which ignores nothing.
	sub, err := f.For(filepath.Join(root, "sub", "x", "card.json"))
	if err != nil || sub == nil || sub.Path != filepath.Join(root, "sub", ConfigName) {
		t.Fatalf("sub config: %+v %v", sub, err)
	}
	kept, ignored := c.Filter(deep, []validate.Diagnostic{{Code: "a2a/insecure-url"}, {Code: "a2a/type"}})
	if len(kept) != 1 || ignored != 1 || kept[0].Code != "a2a/type" {
		t.Errorf("Filter kept %v, ignored %d", kept, ignored)
	}
	// No config above: nil, no error.
	none, err := NewFinder().For(filepath.Join(t.TempDir(), "card.json"))
	if err != nil {
		t.Fatal(err)
	}
	if none != nil && none.Path != "" {
		// A config above the temp dir would be the machine's, not ours.
		t.Logf("a config above the temporary directory: %s", none.Path)
	}
}

func TestConfigMistakesAreNamed(t *testing.T) {
	for _, bad := range []string{
		`{"ignores": []}`,
		`{"failOn": "warn"}`,
		`{"ignore": [{"codes": ["a2a/type"]}]}`,
		`{"ignore": [{"paths": ["/abs/*.json"]}]}`,
		`{"ignore": [{"paths": ["[x"]}]}`,
		`{} {}`,
		`[]`,
	} {
		if _, err := ParseConfig([]byte(bad), ".oncard.json"); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, ConfigName), `{"ignore": 3}`)
	if _, err := NewFinder().For(filepath.Join(dir, "card.json")); err == nil {
		t.Error("a broken config was not reported")
	}
}

// The config schema in docs/ accepts what the loader accepts and rejects
// what it rejects, so editors complete and check the same thing.
func TestConfigSchemaAgreesWithLoader(t *testing.T) {
	c := jsonschema.NewCompiler()
	sch, err := c.Compile("../../docs/oncard-config.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	for doc, ok := range map[string]bool{
		`{"$schema": "x", "failOn": "info", "ignore": [{"paths": ["a/**/*.json"], "codes": ["a2a/type", "catalog/*"], "reason": "r"}]}`: true,
		`{}`:                                    true,
		`{"ignores": []}`:                       false,
		`{"failOn": "warn"}`:                    false,
		`{"ignore": [{"codes": ["a2a/type"]}]}`: false,
		`{"ignore": [{"paths": ["/abs"]}]}`:     false,
	} {
		var v any
		if err := json.Unmarshal([]byte(doc), &v); err != nil {
			t.Fatal(err)
		}
		schemaOK := sch.Validate(v) == nil
		_, loadErr := ParseConfig([]byte(doc), "x")
		if schemaOK != ok || (loadErr == nil) != ok {
			t.Errorf("%s: schema ok=%v, loader err=%v, want ok=%v", doc, schemaOK, loadErr, ok)
		}
	}
}
