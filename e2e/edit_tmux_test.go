//go:build e2e

package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// git runs git in dir with a private configuration (no user or system
// settings leak in).
func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=oncard e2e", "-c", "user.email=e2e@oncard.invalid",
		"-c", "commit.gpgsign=false", "-c", "core.autocrlf=false"}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HOME="+dir, "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// TestEditOnRequestEntryInTmux opens a committed card in `oncard edit`,
// changes one personEntry on the On Request step and saves after the diff
// and the confirmation: git sees exactly one line changed.
func TestEditOnRequestEntryInTmux(t *testing.T) {
	tmuxAvailable(t)
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed: the test checks the edit with git diff --numstat")
	}
	card, err := os.ReadFile(filepath.Join("..", "tui", "cardedit", "testdata", "edit-v10.json"))
	if err != nil {
		t.Fatal(err)
	}
	bin := buildBinary(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "card.json"), card, 0o644); err != nil {
		t.Fatal(err)
	}
	git(t, dir, "init", "-q")
	git(t, dir, "add", "card.json")
	git(t, dir, "commit", "-q", "-m", "the card as published")

	env := []string{"XDG_STATE_HOME=" + filepath.Join(dir, "state"), "XDG_CONFIG_HOME=" + filepath.Join(dir, "config"),
		"HOME=" + dir, "TERM=xterm-256color", "COLORTERM=truecolor"}
	tm := newTerm(t, dir, env)
	tm.start(120, 40, bin+" edit card.json")
	tm.waitFor("oncard edit card.json", "[v1.0 card]", "Example Bank Assistant")
	tm.keepScreen("edit-01-agent-120x40")

	tm.goStep("On Request")
	tm.waitFor("On Request", "[x] Dispute a card charge")
	tm.keys("Enter")
	tm.waitFor("Person entry")
	tm.typ("/new")
	tm.waitFor("disputes/new")

	tm.keys("C-s")
	tm.waitFor("Review & save", "diff (lines", "Kept as is", "/x-internal-owner")
	tm.keepScreen("edit-02-review-120x40")
	tm.keys("C-s")
	tm.waitFor("Write card.json?", "adds 1 line and removes 1")
	tm.keys("y")
	if code := tm.exitCode(); code != "0" {
		t.Fatalf("exit code after save = %s:\n%s", code, tm.capture(false))
	}
	tm.waitFor("oncard: wrote card.json")

	if got := strings.TrimSpace(git(t, dir, "diff", "--numstat", "card.json")); got != "1\t1\tcard.json" {
		t.Fatalf("git diff --numstat card.json = %q, want one line changed\n%s", got, git(t, dir, "diff", "card.json"))
	}
}
