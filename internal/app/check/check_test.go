package check

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/model/testcards"
)

func writeFile(t *testing.T, dir, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// run checks paths with the options and returns what was printed.
func run(t *testing.T, o Options, paths ...string) (stdout, stderr string, err error) {
	t.Helper()
	t.Setenv("XDG_CONFIG_HOME", t.TempDir()) // no user configuration
	var out, errb bytes.Buffer
	con := app.Console{In: strings.NewReader(""), Out: &out, Err: &errb}
	if o.Format == "" {
		o.Format = "text"
	}
	if o.Signatures == "" {
		o.Signatures = "if-present"
	}
	err = Run(context.Background(), con, paths, o)
	return out.String(), errb.String(), err
}

// TestRunReportsEveryFileInOrder: a valid card, an invalid one and a
// missing file: findings in argument order, the unreadable file named on
// stderr, the summary counting all three, and the run failing.
func TestRunReportsEveryFileInOrder(t *testing.T) {
	dir := t.TempDir()
	good := writeFile(t, dir, "good.json", testcards.Small())
	bad := writeFile(t, dir, "bad.json", bytes.Replace(testcards.Small(), []byte(`"version": "1.0.0"`), []byte(`"version": 1`), 1))
	missing := filepath.Join(dir, "missing.json")
	out, errs, err := run(t, Options{}, good, bad, missing)
	if !errors.Is(err, app.ErrReported) {
		t.Fatalf("err = %v, want app.ErrReported", err)
	}
	if !strings.Contains(out, bad+":") || strings.Contains(out, good+":") {
		t.Errorf("findings:\n%s", out)
	}
	if !strings.HasSuffix(out, "3 files (1 not read): 2 errors, 0 warnings, 0 infos\n2 of 3 files failed\n") {
		t.Errorf("summary:\n%s", out)
	}
	if !strings.HasPrefix(errs, "oncard: cannot read "+missing+": ") {
		t.Errorf("stderr: %q", errs)
	}

	out, _, err = run(t, Options{}, good)
	if err != nil || out != "1 file: 0 errors, 0 warnings, 0 infos\n0 of 1 file failed\n" {
		t.Errorf("valid card: %v\n%s", err, out)
	}
}

// TestRunFailOn: --fail-on decides which severity fails the run.
func TestRunFailOn(t *testing.T) {
	dir := t.TempDir()
	// A provider URL over plain http is a warning.
	warned := writeFile(t, dir, "warned.json", bytes.Replace(testcards.Small(), []byte(`"https://harbor-dental.example"`), []byte(`"http://harbor-dental.example"`), 1))
	out, _, err := run(t, Options{}, warned)
	if err != nil || !strings.Contains(out, " warning ") {
		t.Fatalf("default: %v\n%s", err, out)
	}
	out, _, err = run(t, Options{FailOn: "warning", Format: "json"}, warned)
	if !errors.Is(err, app.ErrReported) || !json.Valid([]byte(out)) {
		t.Errorf("--fail-on warning: %v\n%s", err, out)
	}
}

// TestRunUsage: what cannot go together is a usage error, before any file
// is read.
func TestRunUsage(t *testing.T) {
	for name, c := range map[string]struct {
		o     Options
		paths []string
		want  string
	}{
		"stdin twice":   {Options{}, []string{"-", "-"}, `"-" (standard input) given 2 times`},
		"server alone":  {Options{OASFServer: "https://oasf.example"}, []string{"x.json"}, "--oasf-server needs --online"},
		"jwks, off":     {Options{Signatures: "off", JWKS: "keys.json"}, []string{"x.json"}, "--jwks has nothing to do with --signatures off"},
		"a bad server":  {Options{Online: true, OASFServer: "ftp://oasf.example"}, []string{"x.json"}, "--oasf-server: "},
		"a host as URL": {Options{SchemaHosts: []string{"https://x.example/"}}, []string{"x.json"}, "--schema-host"},
	} {
		t.Run(name, func(t *testing.T) {
			_, _, err := run(t, c.o, c.paths...)
			var u app.UsageError
			var h *app.BadHostError
			if !(errors.As(err, &u) || errors.As(err, &h)) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %v, want a usage error saying %q", err, c.want)
			}
		})
	}
}

// TestRunManyFilesSameAsEachAlone: files checked in one run, whose trees
// are carved one after another from the workers' arenas, get the verdicts
// each gets in a run of its own: every rule fixture (valid and invalid,
// every kind) between large cards of other shapes.
func TestRunManyFilesSameAsEachAlone(t *testing.T) {
	fixtures, err := filepath.Glob(filepath.Join("..", "..", "..", "validate", "testdata", "rules", "*", "*", "*.json"))
	if err != nil || len(fixtures) < 100 {
		t.Fatalf("rule fixtures: %d, %v", len(fixtures), err)
	}
	dir := t.TempDir()
	var paths []string
	for i, f := range fixtures {
		paths = append(paths, f)
		if i%20 == 0 {
			paths = append(paths, writeFile(t, dir, fmt.Sprintf("large-%d.json", i), testcards.LargeVariant(2, i)))
		}
	}
	type fileReport struct {
		Path        string            `json:"path"`
		Kind        string            `json:"kind"`
		Diagnostics []json.RawMessage `json:"diagnostics"`
	}
	files := func(out string) []fileReport {
		var r struct{ Files []fileReport }
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		return r.Files
	}
	out, _, _ := run(t, Options{Format: "json"}, paths...)
	together := files(out)
	if len(together) != len(paths) {
		t.Fatalf("%d files reported, %d checked", len(together), len(paths))
	}
	for i, p := range paths {
		out, _, _ := run(t, Options{Format: "json"}, p)
		alone := files(out)
		if len(alone) != 1 || !reflect.DeepEqual(alone[0], together[i]) {
			t.Fatalf("%s checked with %d other files:\n%+v\nalone:\n%+v", p, len(paths)-1, together[i], alone)
		}
	}
}
