package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/termout"
	"github.com/oncard/oncard/tui/accessible"
)

// canPrompt reports whether the command may ask a question: stdin and
// stderr (where the question goes) are terminals. A variable so that tests
// can drive the confirmation without a terminal.
var canPrompt = func(cmd *cobra.Command) bool {
	return isTTY(cmd.InOrStdin()) && termout.IsTerminal(cmd.ErrOrStderr())
}

// isTTY reports whether v is a terminal.
func isTTY(v any) bool {
	t, ok := v.(term.File)
	return ok && term.IsTerminal(t.Fd())
}

// console is the app.Console of a command: its streams, and questions
// asked on stderr through one prompter (answers typed ahead are kept from
// one question to the next).
func console(cmd *cobra.Command) app.Console {
	var p *prompter
	ask := func() *prompter {
		if p == nil {
			p = newPrompter(cmd.Context(), cmd.InOrStdin(), cmd.ErrOrStderr())
		}
		return p
	}
	return app.Console{In: cmd.InOrStdin(), Out: cmd.OutOrStdout(), Err: cmd.ErrOrStderr(),
		Confirm: func(q string) (bool, error) { return ask().confirm(q) },
		Ask:     func(q string) (string, bool, error) { return ask().ask(q) },
		Diff:    termout.Diff, JSON: termout.JSON}
}

// prompter asks questions on w and reads the answers, one line each, from
// one line reader (so answers typed ahead are not lost between questions).
// An interrupt while waiting returns the context's error.
type prompter struct {
	ctx context.Context
	r   io.Reader // the input as given: is it a terminal?
	w   io.Writer
	in  *accessible.Input
}

func newPrompter(ctx context.Context, r io.Reader, w io.Writer) *prompter {
	return &prompter{ctx: ctx, r: r, w: w, in: accessible.NewInput(ctx, r)}
}

// ask shows question and returns the answer line, trimmed; ok is false at
// the end of input.
func (p *prompter) ask(question string) (answer string, ok bool, err error) {
	fmt.Fprint(p.w, question)
	line, ok, err := p.in.ReadLine()
	if err != nil || !ok {
		fmt.Fprintln(p.w) // finish the question's line
		return "", false, err
	}
	return strings.TrimSpace(line), true, nil
}

// confirm asks a yes/no question; only "y" or "yes" (any case) is a yes.
func (p *prompter) confirm(question string) (bool, error) {
	return confirmWith(p.ctx, p.r, p.in, p.w, question)
}

// confirm asks a yes/no question whose default is no, reading from r.
func confirm(ctx context.Context, r io.Reader, w io.Writer, question string) (bool, error) {
	in := accessible.NewInput(ctx, r)
	defer in.Close()
	return confirmWith(ctx, r, in, w, question)
}

// confirmWith asks with huh's Confirm. On a terminal (stdin and w both)
// it is the usual inline choice; with ACCESSIBLE set, or when either is not
// a terminal, it is huh's accessible mode: the question on a line of its
// own and one line read for the answer, "y" or "yes" for a yes, the end of
// input a no. Ctrl-C is an interrupt (exit 130) either way.
func confirmWith(ctx context.Context, r io.Reader, in *accessible.Input, w io.Writer, question string) (bool, error) {
	if !accessible.Enabled() && isTTY(r) && isTTY(w) {
		ok, err := accessible.ConfirmOnTerminal(ctx, r, w, question)
		if errors.Is(err, accessible.ErrInterrupted) {
			fmt.Fprintln(w, "oncard: interrupted")
			return false, exitError{code: exitInterrupt}
		}
		return ok, err
	}
	return accessible.NewAsker(in, w).Confirm(question)
}
