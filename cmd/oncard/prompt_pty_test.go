//go:build linux

package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/oncard/oncard/internal/ptytest"
)

// TestCtrlCAtConfirmEndsTheCommand runs `oncard catalog add` on a terminal
// and presses Ctrl-C at its question, round after round: the command says
// it was interrupted, writes nothing and exits 130, and after saying so it
// asks the terminal nothing more (fang asked for the background colour
// while reporting the interrupt, and a reader the question had left behind
// on the terminal took the reply: the command waited for ever). A command
// that does not end is sent SIGQUIT, so that the failure shows where it
// waits.
func TestCtrlCAtConfirmEndsTheCommand(t *testing.T) {
	bin := oncardBinary(t)
	dir := t.TempDir()
	if out, err := exec.Command(bin, "new", "--template", "minimal", "--yes", "-o", filepath.Join(dir, "card.json")).CombinedOutput(); err != nil {
		t.Fatalf("oncard new: %v\n%s", err, out)
	}
	const rounds = 10
	for round := range rounds {
		p := ptytest.Open(t)
		cmd := exec.Command(bin, "catalog", "add", "card.json", "--to", "catalog.json")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "HOME="+dir, "XDG_STATE_HOME="+filepath.Join(dir, "state"),
			"TERM=xterm-256color", "ACCESSIBLE=", "NO_COLOR=")
		cmd.Stdin, cmd.Stdout, cmd.Stderr = p.TTY.File, p.TTY.File, p.TTY.File
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		ended := make(chan error, 1)
		go func() { ended <- cmd.Wait() }()
		p.WaitFor(t, "Write catalog.json?")
		p.Type(t, "\x03")
		var err error
		select {
		case err = <-ended:
		case <-time.After(20 * time.Second):
			_ = cmd.Process.Signal(syscall.SIGQUIT)
			<-ended
			t.Fatalf("round %d: the command did not end after Ctrl-C; its goroutines:\n%s", round+1, p.Shown())
		}
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != exitInterrupt {
			t.Fatalf("round %d: %v, want exit %d:\n%s", round+1, err, exitInterrupt, p.Shown())
		}
		p.Settle(t) // all the command wrote, read
		shown := p.Shown()
		i := strings.Index(shown, "oncard: interrupted")
		if i < 0 {
			t.Fatalf("round %d: never said it was interrupted:\n%q", round+1, shown)
		}
		if after := shown[i:]; strings.Contains(after, ptytest.BackgroundQuery) {
			t.Fatalf("round %d: after the interrupt the command asked the terminal for its colours:\n%q", round+1, after)
		}
		if _, err := os.Stat(filepath.Join(dir, "catalog.json")); err == nil {
			t.Fatalf("round %d: catalog written after Ctrl-C", round+1)
		}
	}
}
