package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
)

// prompter asks questions on w and reads the answers, one line each, from
// one buffered reader (so answers typed ahead are not lost between
// questions). An interrupt while waiting returns the context's error.
type prompter struct {
	ctx   context.Context
	w     io.Writer
	lines chan string // nil until the first question
	r     *bufio.Reader
}

func newPrompter(ctx context.Context, r io.Reader, w io.Writer) *prompter {
	return &prompter{ctx: ctx, w: w, r: bufio.NewReader(r)}
}

// ask shows question and returns the answer line, trimmed; ok is false at
// the end of input.
func (p *prompter) ask(question string) (answer string, ok bool, err error) {
	fmt.Fprint(p.w, question)
	if p.lines == nil {
		// One reader goroutine for the whole session: a read blocked on
		// the terminal cannot be cancelled, so it must not be abandoned
		// with a second one started after it.
		p.lines = make(chan string)
		go func() {
			defer close(p.lines)
			for {
				line, err := p.r.ReadString('\n')
				if line != "" {
					p.lines <- line
				}
				if err != nil {
					return
				}
			}
		}()
	}
	select {
	case <-p.ctx.Done():
		fmt.Fprintln(p.w)
		return "", false, p.ctx.Err()
	case line, open := <-p.lines:
		if !open {
			fmt.Fprintln(p.w) // end of input: finish the question's line
			return "", false, nil
		}
		if !strings.HasSuffix(line, "\n") {
			fmt.Fprintln(p.w)
		}
		return strings.TrimSpace(line), true, nil
	}
}

// confirm asks a yes/no question; only "y" or "yes" (any case) is a yes.
func (p *prompter) confirm(question string) (bool, error) {
	answer, _, err := p.ask(question + " [y/N] ")
	if err != nil {
		return false, err
	}
	switch strings.ToLower(answer) {
	case "y", "yes":
		return true, nil
	}
	return false, nil
}
