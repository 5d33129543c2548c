//go:build e2e

package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oncard/oncard/model/testcards"
)

// startHeld is start, but the command waits until release is called: the
// terminal can be set up (its colours) before the program asks about it.
func (tm *term) startHeld(w, h int, command string) (release func()) {
	tm.t.Helper()
	gate := filepath.Join(tm.dir, "go")
	_ = os.Remove(gate)
	tm.start(w, h, "sh -c 'while [ ! -f go ]; do sleep 0.05; done; exec "+command+"'")
	return func() {
		if err := os.WriteFile(gate, nil, 0o644); err != nil {
			tm.t.Fatal(err)
		}
	}
}

// On a terminal with a light background the editor follows it: the
// preview's highlight is the light shade (dark text on light grey), not the
// dark one. tmux answers the program's background query from the pane's
// colours.
func TestLightBackgroundInTmux(t *testing.T) {
	tmuxAvailable(t)
	bin := buildBinary(t)
	dir := t.TempDir()
	env := []string{"XDG_STATE_HOME=" + filepath.Join(dir, "state"), "XDG_CONFIG_HOME=" + filepath.Join(dir, "config"),
		"HOME=" + dir, "TERM=xterm-256color", "COLORTERM=truecolor"}
	tm := newTerm(t, dir, env)
	release := tm.startHeld(120, 40, bin+" new")
	tm.tmux("set-option", "-t", "main", "window-style", "fg=#000000,bg=#ffffff")
	release()
	tm.waitFor("oncard new", "Start from a template")
	tm.keys("Enter") // a blank card: the Agent step, its name highlighted
	tm.waitFor("Agent", "Name")
	screen := tm.capture(true)
	const light, dark = "48;2;215;218;224", "48;2;62;68;81"
	if !strings.Contains(screen, light) || strings.Contains(screen, dark) {
		t.Fatalf("the highlight is not the light shade (%s):\n%q", light, screen)
	}
	tm.keepScreen("light-01-agent-120x40")
}

// A card of 5,000 skills at 80x24: the editor opens it, shows what is
// typed into a skill and its findings, and saves a valid card.
func TestLargeCardInTmux(t *testing.T) {
	tmuxAvailable(t)
	bin := buildBinary(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "big.json"), testcards.Large(5000, 50, 20), 0o644); err != nil {
		t.Fatal(err)
	}
	env := []string{"XDG_STATE_HOME=" + filepath.Join(dir, "state"), "XDG_CONFIG_HOME=" + filepath.Join(dir, "config"),
		"HOME=" + dir, "TERM=xterm-256color"}
	tm := newTerm(t, dir, env)
	tm.start(80, 24, bin+" edit big.json")
	tm.waitFor("oncard edit big.json")
	tm.goStep("Skills")
	tm.waitFor("Skills")
	tm.keys("Enter") // the first skill, its name
	tm.waitFor("skill 1 of 5000")
	tm.typ(" plus more words")
	tm.waitFor("plus more words")
	tm.keys("C-s")
	tm.waitFor("Review & save", "diff (lines")
	tm.keys("C-s")
	tm.waitFor("Write big.json?")
	tm.keys("y")
	if code := tm.exitCode(); code != "0" {
		t.Fatalf("exit code after save = %s:\n%s", code, tm.capture(false))
	}
	data, err := os.ReadFile(filepath.Join(dir, "big.json"))
	if err != nil || !strings.Contains(string(data), "plus more words") {
		t.Fatalf("the edit is not in the file (%v)", err)
	}
}
