package widgets

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/oncard/oncard/tui/style"
)

// dialog is a yes/no question that takes the keyboard until answered, the
// one dialog of both editors (R is the root model the answers act on).
// y runs yes, n runs no (when there is one), esc cancels: the dialog
// closes and nothing runs. A second ctrl+c leaves at once through quit.
type Dialog[R any] struct {
	Question string
	Yes, No  func(R) tea.Cmd // no may be nil: nothing to do
}

// update handles a key while d is shown: close takes it off the screen
// (before an answer runs, so that the answer may open another dialog) and
// quit is the root's way of leaving on ctrl+c.
func (d *Dialog[R]) Update(msg tea.KeyPressMsg, r R, close func(), quit func(R) tea.Cmd) tea.Cmd {
	switch {
	case key.Matches(msg, style.Keys.Yes):
		close()
		return d.Yes(r)
	case key.Matches(msg, style.Keys.No):
		close()
		if d.No != nil {
			return d.No(r)
		}
	case key.Matches(msg, style.Keys.Back):
		close()
	case key.Matches(msg, style.Keys.Quit):
		close()
		return quit(r)
	}
	return nil
}

func (d *Dialog[R]) View(th *style.Theme, width int) string {
	inner := max(10, width-4)
	// Words wrap whole; a long name breaks after a '/' of its path.
	q := ansi.Wrap(d.Question, inner, "/")
	return th.Dialog.Render(q + "\n\n" + th.Hint.Render("y yes · n no · esc cancel"))
}
