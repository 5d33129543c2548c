//go:build linux

package ptytest

import (
	"bytes"
	"fmt"
	"os"
	"sync"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// Queries a terminal emulator answers, and its answers: a black
// background, and a VT220 with colours.
const (
	BackgroundQuery = "\x1b]11;?"
	attributesQuery = "\x1b[c"
	backgroundReply = "\x1b]11;rgb:0000/0000/0000\x07"
	attributesReply = "\x1b[?62;22c"
)

// PTY is one pseudo-terminal.
type PTY struct {
	master *os.File
	// TTY is the program's side, blocking as os.Stdin is.
	TTY  File
	name string

	mu      sync.Mutex
	shown   bytes.Buffer // everything the program wrote
	scanned int          // how much of shown was looked at for queries
	marks   int          // written by Settle
	update  chan struct{}
}

// File is the terminal's file with its descriptor kept aside: Bubble Tea
// asks the terminal's size from a goroutine it does not wait for, and
// os.File's Fd would race with the test closing the terminal at its end
// (os.Stdin is never closed).
type File struct {
	*os.File
	fd uintptr
}

// Fd is the terminal's file descriptor.
func (f File) Fd() uintptr { return f.fd }

// Open opens a pseudo-terminal of 80x24, closed when the test ends; it
// skips the test where there are none.
func Open(t testing.TB) *PTY {
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
	p := &PTY{master: os.NewFile(uintptr(m), "/dev/ptmx"), TTY: File{os.NewFile(uintptr(s), name), uintptr(s)},
		name: name, update: make(chan struct{}, 1)}
	go p.drain()
	t.Cleanup(func() {
		p.TTY.Close()
		p.master.Close()
	})
	return p
}

// drain keeps what the program writes (a full terminal buffer would block
// it) and answers its queries.
func (p *PTY) drain() {
	buf := make([]byte, 4096)
	for {
		n, err := p.master.Read(buf)
		p.mu.Lock()
		p.shown.Write(buf[:n])
		replies := p.answer()
		p.mu.Unlock()
		if replies != "" {
			_, _ = p.master.WriteString(replies)
		}
		select {
		case p.update <- struct{}{}:
		default:
		}
		if err != nil {
			return
		}
	}
}

// answer returns the replies to the queries written since the last call.
func (p *PTY) answer() string {
	var replies string
	b := p.shown.Bytes()
	from := p.scanned
	for from < len(b) {
		i := bytes.IndexByte(b[from:], '\x1b')
		if i < 0 {
			from = len(b)
			break
		}
		rest := b[from+i:]
		if len(rest) < len(BackgroundQuery) && bytes.HasPrefix([]byte(BackgroundQuery), rest) ||
			len(rest) < len(attributesQuery) && bytes.HasPrefix([]byte(attributesQuery), rest) {
			from += i // the start of a query: look again when the rest comes
			break
		}
		switch {
		case bytes.HasPrefix(rest, []byte(BackgroundQuery)):
			replies += backgroundReply
		case bytes.HasPrefix(rest, []byte(attributesQuery)):
			replies += attributesReply
		}
		from += i + 1
	}
	p.scanned = from
	return replies
}

// Type writes what the person types.
func (p *PTY) Type(t testing.TB, s string) {
	t.Helper()
	if _, err := p.master.WriteString(s); err != nil {
		t.Fatal(err)
	}
}

// Shown is everything the program wrote so far.
func (p *PTY) Shown() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.shown.String()
}

// Settle waits until everything written to the terminal so far has been
// read into Shown: a mark written after it comes out after it.
func (p *PTY) Settle(t testing.TB) {
	t.Helper()
	p.mu.Lock()
	p.marks++
	mark := fmt.Sprintf("[ptytest mark %d]", p.marks)
	p.mu.Unlock()
	if _, err := p.TTY.WriteString(mark); err != nil {
		t.Fatal(err)
	}
	p.WaitFor(t, mark)
}

// WaitFor waits until the program has written text. It fails the test
// when text has not come in 20 seconds.
func (p *PTY) WaitFor(t testing.TB, text string) {
	t.Helper()
	deadline := time.After(20 * time.Second)
	for !bytes.Contains([]byte(p.Shown()), []byte(text)) {
		select {
		case <-p.update:
		case <-deadline:
			t.Fatalf("the terminal never showed %q:\n%q", text, p.Shown())
		}
	}
}

// NextRead types typed and returns what the next reader of the terminal
// reads of it (a reader of its own, another open of the terminal):
// nothing when something else, a reader left behind, took it first. It
// waits 5 seconds at most, long enough for any machine to pass the bytes
// on.
func (p *PTY) NextRead(t testing.TB, typed string) string {
	t.Helper()
	fd, err := unix.Open(p.name, unix.O_RDWR|unix.O_NOCTTY|unix.O_CLOEXEC|unix.O_NONBLOCK, 0)
	if err != nil {
		t.Fatal(err)
	}
	r := os.NewFile(uintptr(fd), p.name)
	defer r.Close()
	p.Type(t, typed)
	_ = r.SetReadDeadline(time.Now().Add(5 * time.Second))
	buf := make([]byte, 64)
	n, _ := r.Read(buf)
	return string(buf[:n])
}
