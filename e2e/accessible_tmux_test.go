//go:build e2e

package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/txtar"
)

// scriptFile is one file of a testscript archive of cmd/oncard: the
// answers and the card they give are shared with the piped test there.
func scriptFile(t *testing.T, archive, name string) []byte {
	t.Helper()
	a, err := txtar.ParseFile(filepath.Join("..", "cmd", "oncard", "testdata", "script", archive))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range a.Files {
		if f.Name == name {
			return f.Data
		}
	}
	t.Fatalf("%s has no %s", archive, name)
	return nil
}

// TestAccessibleNewInTmux answers `oncard new` with ACCESSIBLE set in a
// real terminal, a line at a time as a person does, waiting for each
// question: the answers of the piped test (rejected ones included, each
// asked again). The card written validates and is the card the piped
// answers give, its catalog entry beside it.
func TestAccessibleNewInTmux(t *testing.T) {
	tmuxAvailable(t)
	bin := buildBinary(t)
	dir := t.TempDir()
	env := []string{"HOME=" + dir, "XDG_STATE_HOME=" + filepath.Join(dir, "state"), "TERM=xterm-256color", "ACCESSIBLE=1"}
	tm := newTerm(t, dir, env)
	tm.start(120, 40, bin+" new")

	answers := strings.Split(strings.TrimSuffix(string(scriptFile(t, "new_accessible.txtar", "answers.txt")), "\n"), "\n")
	for _, a := range answers {
		tm.waitForQuestion()
		if a != "" {
			tm.typ(a)
		}
		tm.keys("Enter")
	}
	if code := tm.exitCode(); code != "0" {
		t.Fatalf("exit code %s:\n%s", code, tm.history())
	}
	h := tm.history()
	for _, want := range []string{
		`Not accepted: "name" (/name) is required`,
		"Step 5 of 9, Security:", "Step 8 of 9, Catalog:",
		"Person entry: Not accepted: with completion, personEntry must be an https:// address",
		`Not accepted: "1804" does not end in .json`,
		"Saved ./agent-card.json.", "Wrote the catalog entry to ./ai-catalog-entry.json.",
	} {
		if !strings.Contains(h, want) {
			t.Errorf("the terminal never showed %q:\n%s", want, h)
		}
	}
	if strings.Contains(tm.capture(true), "\x1b[1m") {
		t.Errorf("questions carry style codes:\n%q", tm.capture(true))
	}

	got, err := os.ReadFile(filepath.Join(dir, "agent-card.json"))
	if err != nil {
		t.Fatal(err)
	}
	if want := scriptFile(t, "new_accessible.txtar", "want.json"); string(got) != string(want) {
		t.Errorf("card written:\n%s\nwant:\n%s", got, want)
	}
	if out, err := exec.Command(bin, "validate", filepath.Join(dir, "agent-card.json")).CombinedOutput(); err != nil {
		t.Errorf("oncard validate: %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(dir, "ai-catalog-entry.json")); err != nil {
		t.Errorf("no catalog entry: %v", err)
	}
}

// history is everything the terminal showed, scrolled off lines included.
func (tm *term) history() string {
	tm.t.Helper()
	return tm.tmux("capture-pane", "-p", "-J", "-S", "-10000", "-t", "main")
}

// waitForQuestion waits until the next question waits for its answer:
// the history has grown since the last answer and its last line ends as a
// question does (":" or "]"; a sentence between questions ends in ".").
func (tm *term) waitForQuestion() {
	tm.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	var h string
	for time.Now().Before(deadline) {
		h = strings.TrimRight(tm.history(), "\n ")
		lines := strings.Split(h, "\n")
		last := strings.TrimRight(lines[len(lines)-1], " ")
		if len(lines) > tm.lines && (strings.HasSuffix(last, ":") || strings.HasSuffix(last, "]")) {
			tm.lines = len(lines)
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	tm.t.Fatalf("the next question never came:\n%s", h)
}

// TestConfirmInTmux: the question before writing a catalog is huh's
// Confirm on a terminal (y writes, Ctrl-C is exit 130 and writes nothing),
// and a line to answer with ACCESSIBLE set.
func TestConfirmInTmux(t *testing.T) {
	tmuxAvailable(t)
	bin := buildBinary(t)
	dir := t.TempDir()
	env := []string{"HOME=" + dir, "TERM=xterm-256color"}
	if out, err := exec.Command(bin, "new", "--template", "minimal", "--yes", "-o", filepath.Join(dir, "card.json")).CombinedOutput(); err != nil {
		t.Fatalf("oncard new: %v\n%s", err, out)
	}
	catalog := filepath.Join(dir, "catalog.json")
	tm := newTerm(t, dir, env)

	tm.start(100, 30, bin+" catalog add card.json --to catalog.json")
	tm.waitFor("Write catalog.json?", "Yes", "No")
	tm.keys("C-c")
	if code := tm.exitCode(); code != "130" {
		t.Fatalf("Ctrl-C: exit code %s:\n%s", code, tm.capture(false))
	}
	if _, err := os.Stat(catalog); err == nil {
		t.Fatal("catalog written after Ctrl-C")
	}

	tm.start(100, 30, bin+" catalog add card.json --to catalog.json")
	tm.waitFor("Write catalog.json?", "Yes", "No")
	tm.keys("y")
	if code := tm.exitCode(); code != "0" {
		t.Fatalf("y: exit code %s:\n%s", code, tm.capture(false))
	}
	tm.waitFor("oncard: wrote catalog.json")
	if err := os.Remove(catalog); err != nil {
		t.Fatal(err)
	}

	tm = newTerm(t, dir, append(env, "ACCESSIBLE=1"))
	tm.start(100, 30, bin+" catalog add card.json --to catalog.json")
	tm.waitFor("Write catalog.json? [y/N]")
	tm.typ("yes")
	tm.keys("Enter")
	if code := tm.exitCode(); code != "0" {
		t.Fatalf("ACCESSIBLE, yes: exit code %s:\n%s", code, tm.capture(false))
	}
	if _, err := os.Stat(catalog); err != nil {
		t.Fatalf("catalog not written: %v", err)
	}
}

// TestAccessibleNewInterruptedInTmux: Ctrl-C while a question waits ends
// with exit 130, writes no card and keeps a draft of the answers so far,
// which --accessible --resume reopens at the step it was left on, the
// answers given as the defaults.
func TestAccessibleNewInterruptedInTmux(t *testing.T) {
	tmuxAvailable(t)
	bin := buildBinary(t)
	dir := t.TempDir()
	tm := newTerm(t, dir, []string{"HOME=" + dir, "TERM=xterm-256color"})
	// The shell around the command would end at the SIGINT before writing
	// the command's exit code: it ignores it (Go's signal.Notify takes the
	// signal back for oncard).
	run := func(args string) {
		tm.start(100, 30, "true; trap '' INT; HOME="+dir+" TERM=xterm-256color "+bin+" new --accessible "+args)
	}
	run("-o card.json")
	tm.waitFor("Name (e.g. Example Agent):")
	tm.typ("Weather Helper")
	tm.keys("Enter")
	tm.waitFor("Description (e.g.")
	tm.keys("C-c")
	if code := tm.exitCode(); code != "130" {
		t.Fatalf("exit code %s:\n%s", code, tm.capture(false))
	}
	screen := tm.waitFor("Draft kept:", "Reopen it with: oncard new --accessible --resume ")
	if _, err := os.Stat(filepath.Join(dir, "card.json")); err == nil {
		t.Fatal("card written after Ctrl-C")
	}
	_, id, _ := strings.Cut(screen, "--resume ")
	id, _, _ = strings.Cut(id, "\n")
	id = strings.TrimSpace(id)

	run("--resume " + id)
	tm.waitFor("Resuming at the step Agent.", "Name (e.g. Example Agent) [Weather Helper]:")
	tm.keys("C-c")
	if code := tm.exitCode(); code != "130" {
		t.Fatalf("exit code after resuming %s:\n%s", code, tm.capture(false))
	}
}
