//go:build linux

package accessible

import (
	"context"
	"errors"
	"testing"

	"github.com/oncard/oncard/internal/ptytest"
)

// Ctrl-C at the question returns ErrInterrupted and leaves nothing reading
// the terminal: what is typed next reaches the next reader (on the command
// line, fang asked the terminal for its background colour while reporting
// the interrupt; a reader left behind took the reply, and the command
// waited for it for ever). Each round is one question: with huh's own
// ending of the form, about one round in forty lost the typed line (and
// the race detector saw the reader's file closed under it), so the test
// asks many.
func TestConfirmOnTerminalCtrlCLeavesTheTerminal(t *testing.T) {
	const rounds = 100
	t.Setenv("TERM", "xterm-256color")
	for round := range rounds {
		p := ptytest.Open(t)
		done := make(chan error, 1)
		go func() {
			_, err := ConfirmOnTerminal(context.Background(), p.TTY, p.TTY, "Write x.json?")
			done <- err
		}()
		p.WaitFor(t, "Write x.json?")
		p.Type(t, "\x03")
		if err := <-done; !errors.Is(err, ErrInterrupted) {
			t.Fatalf("round %d: Ctrl-C returned %v, want ErrInterrupted", round+1, err)
		}
		// A line: the terminal is back in its cooked mode.
		if got := p.NextRead(t, "z\n"); got != "z\n" {
			t.Fatalf("round %d of %d: after Ctrl-C the next reader of the terminal read %q, want %q: a reader of the question is still reading it",
				round+1, rounds, got, "z\n")
		}
	}
}
