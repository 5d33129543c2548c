package fixes

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
)

func console(out, errw *bytes.Buffer) app.Console {
	return app.Console{In: strings.NewReader(""), Out: out, Err: errw,
		Diff: func(w io.Writer, d string) error { _, err := io.WriteString(w, d); return err }}
}

func TestRunFixesFiles(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "agent-card.json")
	if err := os.WriteFile(path, []byte(snakeCard), 0o640); err != nil {
		t.Fatal(err)
	}
	var out, errw bytes.Buffer
	// --dry-run: the diff, nothing written.
	if err := Run(context.Background(), console(&out, &errw), []string{path}, Options{DryRun: true}); err != nil {
		t.Fatalf("dry run: %v (%s)", err, errw.String())
	}
	if !strings.Contains(out.String(), `"default_input_modes": ["text/plain"]`) || !strings.Contains(out.String(), `+`) ||
		!strings.Contains(out.String(), "would fix 2 findings, 2 findings left") {
		t.Errorf("dry run said:\n%s", out.String())
	}
	if data, _ := os.ReadFile(path); string(data) != snakeCard {
		t.Error("--dry-run wrote the file")
	}
	// --fix: written, the mode kept; the two protocolVersion warnings stay
	// (their rule has no fix), and warnings do not fail the file.
	out.Reset()
	if err := Run(context.Background(), console(&out, &errw), []string{path}, Options{}); err != nil {
		t.Fatalf("fix: %v (%s)", err, errw.String())
	}
	data, _ := os.ReadFile(path)
	if strings.Contains(string(data), "default_input_modes") || !strings.Contains(string(data), `"defaultInputModes": ["text/plain"]`) {
		t.Errorf("the file after --fix:\n%s", data)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o640 {
		t.Errorf("mode %v after --fix", fi.Mode().Perm())
	}
	// Again: nothing to fix.
	out.Reset()
	if err := Run(context.Background(), console(&out, &errw), []string{path}, Options{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "nothing to fix (2 findings)") {
		t.Errorf("a second --fix said %q", out.String())
	}
	// Under --fail-on warning what is left fails.
	if err := Run(context.Background(), console(&out, &errw), []string{path}, Options{FailOn: "warning"}); err != app.ErrReported {
		t.Errorf("--fail-on warning: %v", err)
	}
}

func TestRunRefusesFixesThatAddErrors(t *testing.T) {
	withFix(t, "a2a/snake-case-name", &validate.Fix{Title: "break", Apply: func(doc *model.Doc, d validate.Diagnostic) error {
		return doc.Delete("/name") // a bad fix: the card loses a required member
	}})
	path := filepath.Join(t.TempDir(), "agent-card.json")
	if err := os.WriteFile(path, []byte(snakeCard), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errw bytes.Buffer
	err := Run(context.Background(), console(&out, &errw), []string{path}, Options{})
	if err != app.ErrReported || !strings.Contains(errw.String(), "not written: the fixes would add 1 error") {
		t.Errorf("a fix adding an error: %v, %q", err, errw.String())
	}
	if data, _ := os.ReadFile(path); string(data) != snakeCard {
		t.Error("the file was written")
	}
}

func TestRunUsage(t *testing.T) {
	var out, errw bytes.Buffer
	for _, o := range []Options{{Format: "json"}, {Online: true}, {Card: "c.json"}} {
		if _, ok := Run(context.Background(), console(&out, &errw), []string{"a.json"}, o).(app.UsageError); !ok {
			t.Errorf("%+v: not a usage error", o)
		}
	}
	for _, arg := range []string{"-", "https://a.example/card.json"} {
		if _, ok := Run(context.Background(), console(&out, &errw), []string{arg}, Options{}).(app.UsageError); !ok {
			t.Errorf("%s: not a usage error", arg)
		}
	}
}
