// Package accessible asks questions line by line on the normal screen, with
// huh's accessible mode: for screen readers and plain terminals, where the
// full-screen editor is no use. It builds a new Agent Card answer by answer
// (Card) and asks the yes/no questions of the other commands (Confirm).
package accessible

import (
	"bufio"
	"context"
	"errors"
	"io"
	"os"

	"github.com/muesli/cancelreader"
)

// ErrEndOfInput is returned when the input ends before a question that
// needs an answer was answered.
var ErrEndOfInput = errors.New("the input ended before every question was answered")

// ErrUnfinished is returned when the user stops at Review while the card
// still has errors.
var ErrUnfinished = errors.New("the card still has errors")

// Enabled reports whether the user asked for accessible prompts: the
// ACCESSIBLE environment variable set to anything non-empty.
func Enabled() bool { return os.Getenv("ACCESSIBLE") != "" }

// Input hands huh one line per Read. huh's accessible fields each wrap the
// reader in a new bufio.Scanner, which reads as much as it can get: given
// stdin directly, the first field swallows every answer typed or piped
// ahead and the later ones see the end of input. Serving a line at a time
// keeps the answers for the questions they belong to, whether a person
// types them or a test writes them.
//
// Reads wait for the context too: an interrupt ends the read at once (the
// underlying read is cancelled where the platform allows it).
type Input struct {
	ctx       context.Context
	src       io.Reader
	cr        cancelreader.CancelReader // src, when its reads can be cancelled
	quit      chan struct{}             // closed by Close: the reader goroutine ends
	lines     chan []byte               // nil until the first read
	want      chan struct{}
	pending   []byte // the rest of a line longer than the caller's buffer
	delivered int    // lines handed out so far
	ended     bool   // the end of input (or the context) was reached
}

// NewInput reads lines from r until ctx ends. Close it when done.
func NewInput(ctx context.Context, r io.Reader) *Input {
	in := &Input{ctx: ctx, src: r, quit: make(chan struct{})}
	if cr, err := cancelreader.NewReader(r); err == nil {
		in.src, in.cr = cr, cr
	}
	return in
}

// Close ends the reading: a read still blocked on the source is cancelled
// and waited for where the platform allows it, so that nothing is left
// holding the terminal (fang queries it while reporting an interrupt).
// Close is called on an interrupt too.
func (in *Input) Close() {
	select {
	case <-in.quit:
		return // closed already
	default:
	}
	close(in.quit)
	if in.lines == nil || in.cr == nil {
		return
	}
	if in.cr.Cancel() {
		for range in.lines { // the reader goroutine has ended
		}
		in.cr.Close()
	}
}

// start runs the one goroutine that reads the source, a line when one is
// wanted (nothing is read ahead of the questions, so whatever follows the
// last answer stays in the input). A read blocked on a terminal cannot
// always be cancelled, so it must never be abandoned with a second reader
// started after it.
func (in *Input) start() {
	if in.lines != nil {
		return
	}
	in.lines = make(chan []byte)
	in.want = make(chan struct{})
	go func() {
		defer close(in.lines)
		br := bufio.NewReader(in.src)
		for {
			select {
			case <-in.want:
			case <-in.quit:
				return
			}
			line, err := br.ReadBytes('\n')
			if len(line) > 0 {
				select {
				case in.lines <- line:
				case <-in.quit:
					return
				}
			}
			if err != nil {
				return
			}
		}
	}()
}

// next waits for the next whole line. It returns io.EOF at the end of
// input and the context's error once it is done.
func (in *Input) next() ([]byte, error) {
	if in.ended {
		if err := in.ctx.Err(); err != nil {
			return nil, err
		}
		return nil, io.EOF
	}
	in.start()
	select {
	case in.want <- struct{}{}:
	case <-in.ctx.Done():
		in.ended = true
		in.Close()
		return nil, in.ctx.Err()
	case <-in.lines: // closed: the reader met the end of input
		in.ended = true
		return nil, io.EOF
	}
	select {
	case <-in.ctx.Done():
		in.ended = true
		in.Close()
		return nil, in.ctx.Err()
	case line, open := <-in.lines:
		if !open {
			in.ended = true
			return nil, io.EOF
		}
		in.delivered++
		return line, nil
	}
}

// Read returns at most one line (the rest of it on the next call when p is
// short).
func (in *Input) Read(p []byte) (int, error) {
	if len(in.pending) == 0 {
		line, err := in.next()
		if err != nil {
			return 0, err
		}
		in.pending = line
	}
	n := copy(p, in.pending)
	in.pending = in.pending[n:]
	return n, nil
}

// ReadLine returns the next line without its line ending; ok is false at
// the end of input. For the prompts that are free text, not huh fields.
func (in *Input) ReadLine() (line string, ok bool, err error) {
	b := in.pending
	in.pending = nil
	if len(b) == 0 {
		b, err = in.next()
		if errors.Is(err, io.EOF) {
			return "", false, nil
		}
		if err != nil {
			return "", false, err
		}
	}
	return trimEOL(string(b)), true, nil
}

func trimEOL(s string) string {
	if n := len(s); n > 0 && s[n-1] == '\n' {
		s = s[:n-1]
	}
	if n := len(s); n > 0 && s[n-1] == '\r' {
		s = s[:n-1]
	}
	return s
}
