//go:build linux

package accessible

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// pty is a pseudo-terminal: the program under test gets the terminal
// (tty), the test plays the person and the terminal emulator on the other
// side (master).
type pty struct {
	master *os.File
	tty    ttyFile // blocking, as os.Stdin is
	name   string

	mu     sync.Mutex
	shown  bytes.Buffer // everything the program wrote
	update chan struct{}
}

func openPTY(t *testing.T) *pty {
	t.Helper()
	m, err := unix.Open("/dev/ptmx", unix.O_RDWR|unix.O_NOCTTY|unix.O_CLOEXEC, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals here: %v", err)
	}
	if err := unix.IoctlSetPointerInt(m, unix.TIOCSPTLCK, 0); err != nil {
		t.Fatal(err)
	}
	n, err := unix.IoctlGetInt(m, unix.TIOCGPTN)
	if err != nil {
		t.Fatal(err)
	}
	name := fmt.Sprintf("/dev/pts/%d", n)
	s, err := unix.Open(name, unix.O_RDWR|unix.O_NOCTTY|unix.O_CLOEXEC, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := unix.IoctlSetWinsize(s, unix.TIOCSWINSZ, &unix.Winsize{Row: 24, Col: 80}); err != nil {
		t.Fatal(err)
	}
	p := &pty{master: os.NewFile(uintptr(m), "ptmx"), tty: ttyFile{os.NewFile(uintptr(s), name), uintptr(s)}, name: name,
		update: make(chan struct{}, 1)}
	go p.drain()
	t.Cleanup(func() {
		p.tty.Close()
		p.master.Close()
	})
	return p
}

// ttyFile is the terminal's file with its descriptor kept aside: Bubble
// Tea asks the terminal's size from a goroutine it does not wait for
// (checkResize), and os.File's Fd would race with the test closing the
// terminal at its end (os.Stdin is never closed).
type ttyFile struct {
	*os.File
	fd uintptr
}

func (f ttyFile) Fd() uintptr { return f.fd }

// drain keeps what the program writes (a full terminal buffer would block
// it).
func (p *pty) drain() {
	buf := make([]byte, 4096)
	for {
		n, err := p.master.Read(buf)
		p.mu.Lock()
		p.shown.Write(buf[:n])
		p.mu.Unlock()
		select {
		case p.update <- struct{}{}:
		default:
		}
		if err != nil {
			return
		}
	}
}

// waitFor waits until the program has written text.
func (p *pty) waitFor(t *testing.T, text string) {
	t.Helper()
	deadline := time.After(20 * time.Second)
	for {
		p.mu.Lock()
		ok := bytes.Contains(p.shown.Bytes(), []byte(text))
		p.mu.Unlock()
		if ok {
			return
		}
		select {
		case <-p.update:
		case <-deadline:
			t.Fatalf("the terminal never showed %q", text)
		}
	}
}

// nextRead returns what the next reader of the terminal reads after the
// person types typed: nothing when something else (a reader the question
// left behind) took it first.
func (p *pty) nextRead(t *testing.T, typed string) string {
	t.Helper()
	// A reader of its own (another open of the terminal) that can give up.
	fd, err := unix.Open(p.name, unix.O_RDWR|unix.O_NOCTTY|unix.O_CLOEXEC|unix.O_NONBLOCK, 0)
	if err != nil {
		t.Fatal(err)
	}
	r := os.NewFile(uintptr(fd), p.name)
	defer r.Close()
	if _, err := p.master.WriteString(typed); err != nil {
		t.Fatal(err)
	}
	// Long enough for any machine to pass the byte on; a byte taken by
	// another reader never comes.
	_ = r.SetReadDeadline(time.Now().Add(5 * time.Second))
	buf := make([]byte, 64)
	n, _ := r.Read(buf)
	return string(buf[:n])
}

// Ctrl-C at the question returns ErrInterrupted and leaves nothing reading
// the terminal: what is typed next reaches the next reader (on the command
// line, fang asks the terminal for its background colour while reporting
// the interrupt; a reader left behind took the reply, and the command
// waited for it for ever). Each round is one question: with huh's own
// ending of the form, about one round in forty lost the typed line (and
// the race detector saw the reader's file closed under it), so the test
// asks many.
func TestConfirmOnTerminalCtrlCLeavesTheTerminal(t *testing.T) {
	const rounds = 100
	t.Setenv("TERM", "xterm-256color")
	for round := range rounds {
		p := openPTY(t)
		done := make(chan error, 1)
		go func() {
			_, err := ConfirmOnTerminal(context.Background(), p.tty, p.tty, "Write x.json?")
			done <- err
		}()
		p.waitFor(t, "Write x.json?")
		if _, err := p.master.WriteString("\x03"); err != nil {
			t.Fatal(err)
		}
		if err := <-done; !errors.Is(err, ErrInterrupted) {
			t.Fatalf("round %d: Ctrl-C returned %v, want ErrInterrupted", round, err)
		}
		// A line: the terminal is back in its cooked mode.
		if got := p.nextRead(t, "z\n"); got != "z\n" {
			t.Fatalf("round %d of %d: after Ctrl-C the next reader of the terminal read %q, want %q: a reader of the question is still reading it",
				round+1, rounds, got, "z\n")
		}
	}
}
