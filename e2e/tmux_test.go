//go:build e2e

package e2e

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// term is one tmux server (a private socket) running one session.
type term struct {
	t      *testing.T
	socket string
	dir    string // the working directory of the session
	env    []string
	// lines is how many lines the history had when the last answer was
	// typed (waitForQuestion).
	lines int
}

func tmuxAvailable(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed: the end-to-end tests drive the binary in tmux (apt-get install tmux)")
	}
}

// buildBinary builds cmd/oncard once per test; with ONCARD_E2E_RACE=1
// under the race detector, to look for races in the real binary.
func buildBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "oncard")
	args := []string{"build", "-o", bin}
	if os.Getenv("ONCARD_E2E_RACE") == "1" {
		args = append(args, "-race")
	}
	cmd := exec.Command("go", append(args, "../cmd/oncard")...)
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("go build: %v", err)
	}
	return bin
}

func newTerm(t *testing.T, dir string, env []string) *term {
	tm := &term{t: t, dir: dir, env: env}
	t.Cleanup(tm.kill)
	return tm
}

func (tm *term) tmux(args ...string) string {
	tm.t.Helper()
	cmd := exec.Command("tmux", append([]string{"-L", tm.socket}, args...)...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		tm.t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// start runs a shell command in a new session of w x h cells; the exit
// code is written to exit.txt when it ends.
func (tm *term) start(w, h int, command string) {
	tm.t.Helper()
	_ = os.Remove(filepath.Join(tm.dir, "exit.txt"))
	// A fresh server per command: reusing one that is shutting down after
	// its last session fails now and then ("server exited unexpectedly").
	tm.kill()
	tm.socket = fmt.Sprintf("oncard-e2e-%d-%d", os.Getpid(), time.Now().UnixNano())
	script := fmt.Sprintf("cd %q && env %s %s; echo $? > exit.txt; sleep 600", tm.dir, strings.Join(tm.env, " "), command)
	// History enough for a goroutine dump (goroutines) as well as the
	// session's own lines.
	tm.tmux("start-server", ";", "set-option", "-g", "history-limit", "100000", ";",
		"new-session", "-d", "-s", "main", "-x", fmt.Sprint(w), "-y", fmt.Sprint(h), "sh", "-c", script)
}

// kill stops this test's own tmux server (by its private socket).
func (tm *term) kill() {
	if tm.socket != "" {
		_ = exec.Command("tmux", "-L", tm.socket, "kill-server").Run()
	}
}

func (tm *term) keys(keys ...string) {
	tm.t.Helper()
	for _, k := range keys {
		tm.tmux("send-keys", "-t", "main", k)
		// An escape followed at once by another key reads as alt+key:
		// callers wait for the screen to change after an Escape; the pause
		// covers a loaded machine.
		if k == "Escape" {
			time.Sleep(200 * time.Millisecond)
		}
	}
}

// goStep goes to the step titled title as a person would by name: the
// step palette (ctrl+o), the title typed, Enter. Tests name steps rather
// than count ctrl+n presses, so that a step added to the flow moves none.
func (tm *term) goStep(title string) {
	tm.t.Helper()
	tm.keys("C-o")
	tm.waitFor("Go to a step")
	tm.typ(title)
	tm.keys("Enter")
}

func (tm *term) typ(text string) {
	tm.t.Helper()
	tm.tmux("send-keys", "-t", "main", "-l", text)
}

func (tm *term) capture(ansi bool) string {
	tm.t.Helper()
	args := []string{"capture-pane", "-p", "-t", "main"}
	if ansi {
		args = append(args, "-e")
	}
	return tm.tmux(args...)
}

// waitFor polls the screen until it contains every text.
func (tm *term) waitFor(texts ...string) string {
	tm.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	var screen string
	for time.Now().Before(deadline) {
		screen = tm.capture(false)
		ok := true
		for _, s := range texts {
			if !strings.Contains(screen, s) {
				ok = false
				break
			}
		}
		if ok {
			return screen
		}
		time.Sleep(100 * time.Millisecond)
	}
	tm.t.Fatalf("screen never showed %q:\n%s", texts, screen)
	return ""
}

// exitCode waits for the command to end. A command that does not end is
// sent SIGQUIT, so that the failure shows every goroutine's stack (Go
// prints them on the terminal) and where the command waits.
func (tm *term) exitCode() string {
	tm.t.Helper()
	if code, ok := tm.waitExit(20 * time.Second); ok {
		return code
	}
	screen := tm.capture(false)
	tm.t.Fatalf("the command did not end:\n%s\n%s", screen, tm.goroutines())
	return ""
}

// waitExit waits up to d for the command's exit code (exit.txt).
func (tm *term) waitExit(d time.Duration) (code string, ok bool) {
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		if b, err := os.ReadFile(filepath.Join(tm.dir, "exit.txt")); err == nil && len(b) > 0 {
			return strings.TrimSpace(string(b)), true
		}
		time.Sleep(100 * time.Millisecond)
	}
	return "", false
}

// goroutines sends SIGQUIT to the processes the session's shell started
// (the command under test, found by the pane's pid, never by name) and
// returns the history of the pane, where the Go runtime has printed
// every goroutine's stack.
func (tm *term) goroutines() string {
	tm.t.Helper()
	shell := strings.TrimSpace(tm.tmux("display-message", "-p", "-t", "main", "#{pane_pid}"))
	pids := children(shell)
	if len(pids) == 0 {
		return "(no goroutine dump: no process under the pane's shell " + shell + ")"
	}
	for _, pid := range pids {
		if n, err := strconv.Atoi(pid); err == nil {
			if p, err := os.FindProcess(n); err == nil {
				_ = p.Signal(syscall.SIGQUIT)
			}
		}
	}
	// The runtime writes the stacks and exits 2; the shell then writes
	// exit.txt.
	if _, ok := tm.waitExit(10 * time.Second); !ok {
		tm.t.Logf("the command did not end on SIGQUIT either")
	}
	return "goroutines on SIGQUIT to pid " + strings.Join(pids, ", ") + ":\n" +
		tm.tmux("capture-pane", "-p", "-J", "-S", "-100000", "-t", "main")
}

// children are the pids of the processes whose parent is pid, from /proc
// (the field after the command's name in /proc/PID/stat is its state,
// then its parent's pid).
func children(pid string) []string {
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	var found []string
	for _, stat := range stats {
		b, err := os.ReadFile(stat)
		if err != nil {
			continue // ended meanwhile
		}
		i := bytes.LastIndexByte(b, ')')
		if f := strings.Fields(string(b[i+1:])); i >= 0 && len(f) > 1 && f[1] == pid {
			found = append(found, filepath.Base(filepath.Dir(stat)))
		}
	}
	return found
}

// keepScreen writes the screen to $ONCARD_SCREENS/name.txt and .ansi.
func (tm *term) keepScreen(name string) {
	dir := os.Getenv("ONCARD_SCREENS")
	if dir == "" {
		return
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		tm.t.Fatal(err)
	}
	for ext, ansi := range map[string]bool{".txt": false, ".ansi": true} {
		if err := os.WriteFile(filepath.Join(dir, name+ext), []byte(tm.capture(ansi)), 0o644); err != nil {
			tm.t.Fatal(err)
		}
	}
}

// TestWholeCardInTmux writes a card at 120x40, is resized to 80x24, is
// interrupted with Ctrl-C (keeping a draft), resumes with --resume at 80x24,
// finishes and saves; `oncard validate` accepts the file.
func TestWholeCardInTmux(t *testing.T) {
	tmuxAvailable(t)
	bin := buildBinary(t)
	dir := t.TempDir()
	env := []string{
		"XDG_STATE_HOME=" + filepath.Join(dir, "state"),
		"HOME=" + dir,
		"TERM=xterm-256color",
		"COLORTERM=truecolor",
	}
	tm := newTerm(t, dir, env)
	tm.start(120, 40, bin+" new")
	tm.waitFor("Blank card", "on-request", "preview")
	tm.keepScreen("01-start-120x40")

	tm.keys("Enter")
	tm.waitFor("step 2/10")
	tm.typ("Weather Helper")
	tm.keys("Tab")
	tm.typ("Gives forecasts for any city.")
	tm.keys("Tab")
	tm.waitFor(`"description": "Gives forecasts`, "Gives forecasts for any city.")
	tm.keepScreen("02-agent-120x40")

	tm.keys("C-n")
	tm.waitFor("step 3/10", "No interfaces yet")
	tm.keys("a")
	tm.typ("https://weather.example/a2a")
	tm.waitFor(`"url": "https://weather`)
	tm.keys("Escape")
	tm.waitFor("1. ")

	// Resize: below 100 columns the form and the preview take turns.
	tm.tmux("resize-window", "-t", "main", "-x", "80", "-y", "24")
	tm.waitFor("ctrl+t")
	tm.keys("C-t")
	tm.waitFor(`"supportedInterfaces"`)
	tm.keepScreen("03-preview-80x24")
	tm.keys("C-t")

	// Ctrl-C asks about the draft; keep it.
	tm.keys("C-c")
	tm.waitFor("Keep a draft")
	tm.keepScreen("04-ctrl-c-80x24")
	tm.keys("y")
	if code := tm.exitCode(); code != "130" {
		t.Fatalf("exit code after Ctrl-C = %s, want 130", code)
	}
	tm.waitFor("oncard new --resume")
	tm.kill()

	// Resume at 80x24 and finish the card.
	tm.start(80, 24, bin+" new --resume")
	tm.waitFor("step 3/10", "weather.example")
	tm.keys("C-p", "C-p")
	tm.waitFor("step 1/10")
	tm.keys("C-n")
	tm.waitFor("Weather Helper")
	tm.goStep("Skills")
	tm.waitFor("step 5/10", "No skills yet")
	tm.keys("a")
	tm.typ("City forecast")
	tm.keys("Tab", "Tab")
	tm.typ("Forecast for a city, by day.")
	tm.keys("Tab")
	tm.typ("weather, forecast")
	tm.waitFor("weather, forecast")
	tm.keys("Escape")
	tm.waitFor("city-forecast")
	tm.keys("C-s")
	tm.waitFor("Review & save", "no findings")
	tm.keepScreen("05-review-80x24")
	tm.keys("C-s")
	if code := tm.exitCode(); code != "0" {
		t.Fatalf("exit code after save = %s, want 0:\n%s", code, tm.capture(false))
	}
	tm.waitFor("Saved ./agent-card.json", "oncard validate")
	tm.kill()

	out, err := exec.Command(bin, "validate", filepath.Join(dir, "agent-card.json")).CombinedOutput()
	if err != nil {
		t.Fatalf("oncard validate: %v\n%s", err, out)
	}
	// A saved card leaves no draft behind.
	if left, _ := filepath.Glob(filepath.Join(dir, "state", "oncard", "drafts", "*.json")); len(left) != 0 {
		t.Fatalf("drafts left: %v", left)
	}
}

// TestOASFPickerInTmux captures the picker for the README.
func TestOASFPickerInTmux(t *testing.T) {
	tmuxAvailable(t)
	bin := buildBinary(t)
	dir := t.TempDir()
	env := []string{"XDG_STATE_HOME=" + filepath.Join(dir, "state"), "HOME=" + dir, "TERM=xterm-256color", "COLORTERM=truecolor"}
	tm := newTerm(t, dir, env)
	tm.start(120, 40, bin+" new --template on-request")
	tm.waitFor("step 2/10")
	tm.goStep("Security")
	tm.waitFor("step 6/10", "Security schemes", "Skill Dispute a card charge")
	tm.keys("a")
	tm.waitFor("scheme bearer", `"httpAuthSecurityScheme"`)
	tm.keepScreen("08-security-120x40")
	tm.keys("Escape", "d") // the card as the template has it again
	tm.waitFor("none yet")
	tm.keys("C-n")
	tm.waitFor("step 7/10", "Dispute a card charge")
	tm.keepScreen("06-on-request-120x40")
	tm.keys("C-n")
	tm.waitFor("step 8/10", "Schema version")
	tm.keys("Tab", "Tab", "Enter")
	tm.waitFor("search:")
	tm.typ("summar")
	tm.waitFor("Text Summarization")
	tm.keys("Enter")
	tm.waitFor("Chosen (1)")
	tm.keepScreen("07-oasf-picker-120x40")
	tm.keys("Escape") // clears the search
	tm.waitFor("top level")
	tm.keys("Escape") // leaves the picker
	tm.waitFor("#10302", "Schema version")
	tm.keys("C-c")
	tm.waitFor("Keep a draft")
	tm.keys("n")
	if code := tm.exitCode(); code != "130" {
		t.Fatalf("exit code = %s", code)
	}
}

// TestStdoutOnlyDataAndNoColor: with -o -, the screen is drawn on stderr and
// only the card reaches stdout; with NO_COLOR the screen has no colours.
func TestStdoutOnlyDataAndNoColor(t *testing.T) {
	tmuxAvailable(t)
	bin := buildBinary(t)
	dir := t.TempDir()
	env := []string{"XDG_STATE_HOME=" + filepath.Join(dir, "state"), "HOME=" + dir, "TERM=xterm-256color", "NO_COLOR=1"}
	tm := newTerm(t, dir, env)
	tm.start(100, 30, bin+" new --template minimal -o - > out.json")
	screen := tm.waitFor("step 2/10", "Trip Planner")
	colored := tm.capture(true)
	for _, sgr := range []string{"[38;", "[48;", "[31m", "[32m", "[33m", "[34m"} {
		if strings.Contains(colored, sgr) {
			t.Fatalf("NO_COLOR=1 but the screen has colour %q:\n%s", sgr, screen)
		}
	}
	tm.keys("C-s")
	tm.waitFor("Review & save")
	tm.keys("C-s")
	if code := tm.exitCode(); code != "0" {
		t.Fatalf("exit %s:\n%s", code, tm.capture(false))
	}
	data, err := os.ReadFile(filepath.Join(dir, "out.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(data), "{") || strings.Contains(string(data), "\x1b") {
		t.Fatalf("stdout is not just the card:\n%q", data)
	}
	out, err := exec.Command(bin, "validate", filepath.Join(dir, "out.json")).CombinedOutput()
	if err != nil {
		t.Fatalf("oncard validate: %v\n%s", err, out)
	}
}
