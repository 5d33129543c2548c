package accessible

import (
	"context"
	"io"

	"charm.land/huh/v2"
	"github.com/charmbracelet/colorprofile"
)

// Asker asks questions on the normal screen, one huh field at a time in
// accessible mode, and reads the answers from an Input.
type Asker struct {
	in  *Input
	out io.Writer
}

// NewAsker writes questions to w as plain text (no colour or style codes:
// a screen reader would read them out) and reads answers from in.
func NewAsker(in *Input, w io.Writer) *Asker {
	return &Asker{in: in, out: &colorprofile.Writer{Forward: w, Profile: colorprofile.NoTTY}}
}

// Say writes a line of text between questions.
func (a *Asker) Say(text string) { _, _ = io.WriteString(a.out, text+"\n") }

// run asks one field. answered is false when the input ended (or the
// context did, then err is its error) before a line was read for it: huh
// then silently keeps the field's default, which must not pass for an
// answer.
func (a *Asker) run(f huh.Field) (answered bool, err error) {
	before := a.in.delivered
	err = huh.NewForm(huh.NewGroup(f)).
		WithAccessible(true).
		WithInput(a.in).
		WithOutput(a.out).
		Run()
	if err != nil {
		return false, err
	}
	if err := a.in.ctx.Err(); err != nil {
		return false, err
	}
	return a.in.delivered > before, nil
}

// Confirm asks a yes/no question whose default is no: only "y" or "yes"
// (any case) is a yes, and the end of input is a no.
func (a *Asker) Confirm(question string) (bool, error) {
	var yes bool
	answered, err := a.run(huh.NewConfirm().Title(question).Value(&yes))
	if err != nil || !answered {
		return false, err
	}
	return yes, nil
}

// ErrInterrupted is returned by ConfirmOnTerminal when the user pressed
// Ctrl-C (the terminal is in raw mode then: no signal is sent).
var ErrInterrupted = huh.ErrUserAborted

// ConfirmOnTerminal asks a yes/no question (default no) with huh's
// Confirm on a full terminal: r and w must be the terminal. Ctrl-C returns
// ErrInterrupted, an interrupt of ctx its error.
func ConfirmOnTerminal(ctx context.Context, r io.Reader, w io.Writer, question string) (bool, error) {
	var yes bool
	err := huh.NewForm(huh.NewGroup(huh.NewConfirm().Title(question).Value(&yes))).
		WithInput(r).
		WithOutput(w).
		WithShowHelp(false).
		RunWithContext(ctx)
	if cerr := ctx.Err(); cerr != nil {
		return false, cerr
	}
	if err != nil {
		return false, err
	}
	return yes, nil
}
