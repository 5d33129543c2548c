//go:build e2e

package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

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
// question; a wrong answer is asked again. The card written validates and
// is the card the piped answers give.
func TestAccessibleNewInTmux(t *testing.T) {
	tmuxAvailable(t)
	bin := buildBinary(t)
	dir := t.TempDir()
	env := []string{"HOME=" + dir, "XDG_STATE_HOME=" + filepath.Join(dir, "state"), "TERM=xterm-256color", "ACCESSIBLE=1"}
	tm := newTerm(t, dir, env)
	tm.start(120, 40, bin+" new")

	answer := func(question, text string) {
		t.Helper()
		tm.waitFor(question)
		if text != "" {
			tm.typ(text)
		}
		tm.keys("Enter")
	}
	// Each question appears once its turn comes; a question asked again
	// is told apart by what follows the first asking.
	answer("Agent name:", "")
	tm.waitFor(`Not accepted: "name" (/name) is required`)
	tm.typ("Weather Helper")
	tm.keys("Enter")
	answer("Description: what the agent does", "Gives forecasts for any city.")
	answer("Version [1.0.0]:", "")
	answer("Provider organization", "Example Weather Co")
	answer("Provider URL:", "https://weather.example")
	answer("URL:", "not a url")
	tm.waitFor(`"not a url" is not an absolute URL`)
	tm.typ("https://weather.example/a2a")
	tm.keys("Enter")
	answer("3. HTTP+JSON", "3")
	answer("Add another interface? [y/N]", "n")
	answer("Skill name:", "Forecast")
	answer("Skill id [forecast]:", "")
	answer("Skill description:", "Forecast for a city.")
	answer("Tags, separated by commas:", "weather, forecast")
	answer("Add another skill? [y/N]", "n")
	answer(`Is skill "forecast" handled by a person on request? [y/N]`, "y")
	answer("Person entry:", "https://weather.example/ask")
	answer("(assistantAccess)? [y/N]", "y")
	answer("3. deferred", "3")
	answer("OASF skills:", "text_completon")
	tm.waitFor(`"text_completon" is not an OASF skill class in schema 1.1.0; did you mean`)
	tm.typ("10301")
	tm.keys("Enter")
	answer("OASF domains:", "-")
	answer("Save the card to", "")
	if code := tm.exitCode(); code != "0" {
		t.Fatalf("exit code %s:\n%s", code, tm.capture(false))
	}
	tm.waitFor("Saved ./agent-card.json.")
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
// with exit 130 and writes nothing.
func TestAccessibleNewInterruptedInTmux(t *testing.T) {
	tmuxAvailable(t)
	bin := buildBinary(t)
	dir := t.TempDir()
	tm := newTerm(t, dir, []string{"HOME=" + dir, "TERM=xterm-256color"})
	// The shell around the command would end at the SIGINT before writing
	// the command's exit code: it ignores it (Go's signal.Notify takes the
	// signal back for oncard).
	tm.start(100, 30, "true; trap '' INT; HOME="+dir+" TERM=xterm-256color "+bin+" new --accessible -o card.json")
	tm.waitFor("Agent name:")
	tm.typ("Weather Helper")
	tm.keys("Enter")
	tm.waitFor("Description: what the agent does")
	tm.keys("C-c")
	if code := tm.exitCode(); code != "130" {
		t.Fatalf("exit code %s:\n%s", code, tm.capture(false))
	}
	tm.waitFor("oncard: interrupted")
	if _, err := os.Stat(filepath.Join(dir, "card.json")); err == nil {
		t.Fatal("card written after Ctrl-C")
	}
}
