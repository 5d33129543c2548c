package widgets

import (
	tea "charm.land/bubbletea/v2"

	"github.com/oncard/oncard/tui/editor"
)

// Prologue is the part of Update both editors share (R is the editor's
// root model), handled before the editor looks at a message itself: the
// window's size and the terminal's background; a paste, which is typed
// text for the focused field (Paste), never the program's keys, and is
// dropped while a dialog, the diagnostics panel or the step palette has
// the keyboard; the refresh an edit asked for and its findings; the
// outcome of file work; and every key while file work runs ("saving…")
// or a dialog is open (the dialog's; a second ctrl+c leaves through
// Quit). A failed edit is put on the status line.
type Prologue[R any] struct {
	Chrome  *Chrome
	State   *editor.State
	Root    R
	Dialog  **Dialog[R]
	Working bool
	Paste   func(text string) tea.Cmd
	Quit    func(R) tea.Cmd
}

// Handle handles msg when it is one of the prologue's; handled says so.
func (p Prologue[R]) Handle(msg tea.Msg) (cmd tea.Cmd, handled bool) {
	ch := p.Chrome
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		ch.Width, ch.Height = msg.Width, msg.Height
	case tea.BackgroundColorMsg:
		ch.AdaptToBackground(msg)
	case tea.PasteMsg:
		if *p.Dialog != nil || ch.Diag.Focused || ch.Pal.Open {
			return nil, true
		}
		cmd = p.Paste(msg.Content)
		ch.Status = editor.EditFailure(p.State, ch.Status)
	case editor.RefreshMsg:
		cmd = p.State.Refreshed()
	case editor.CheckedMsg:
		p.State.Checked(msg)
	case editor.Done[R]:
		cmd = msg.Finish(p.Root)
	case tea.KeyPressMsg:
		switch {
		case p.Working:
			ch.Status = "saving…"
		case *p.Dialog != nil:
			cmd = (*p.Dialog).Update(msg, p.Root, func() { *p.Dialog = nil }, p.Quit)
			ch.Status = editor.EditFailure(p.State, ch.Status)
		default:
			return nil, false
		}
	default:
		return nil, false
	}
	return cmd, true
}
