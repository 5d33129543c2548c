package accessible

import (
	"context"
	"io"

	tea "charm.land/bubbletea/v2"
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
//
// When it returns, nothing of the question reads the terminal any more.
// huh ends a form left with Ctrl-C as Bubble Tea ends a killed program:
// the input reader is cancelled and closed without waiting for its
// goroutine, which can stay behind blocked on the terminal and take the
// next bytes that come. The next reader was fang, asking the terminal for
// its background colour while reporting the interrupt: the reply went to
// the goroutine left behind and the command waited for it for ever. So
// the Ctrl-C of the form quits the program the ordinary way, which waits
// for its reader to end (half a second at most: the command line, for its
// part, asks the terminal nothing more after an interrupt).
func ConfirmOnTerminal(ctx context.Context, r io.Reader, w io.Writer, question string) (bool, error) {
	var yes bool
	form := huh.NewForm(huh.NewGroup(huh.NewConfirm().Title(question).Value(&yes)))
	err := form.
		// Options first: WithProgramOptions replaces those set before.
		WithProgramOptions(tea.WithFilter(quitWhenAborted(form))).
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

// quitWhenAborted turns the interrupt that ends form, once the user has
// left it (its quit key, Ctrl-C), into an ordinary quit: Bubble Tea then
// waits for its input reader to end before Run returns, rather than
// leaving it behind. huh still reports the form as aborted
// (ErrUserAborted). An interrupt from a signal is left as it is.
func quitWhenAborted(form *huh.Form) func(tea.Model, tea.Msg) tea.Msg {
	return func(_ tea.Model, msg tea.Msg) tea.Msg {
		if _, ok := msg.(tea.InterruptMsg); ok && form.State == huh.StateAborted {
			return tea.QuitMsg{}
		}
		return msg
	}
}
