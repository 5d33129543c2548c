package cardedit

import (
	tea "charm.land/bubbletea/v2"

	"github.com/oncard/oncard/tui/cardsteps"
	"github.com/oncard/oncard/tui/editor"
)

// Undo and redo in the card editor: the editor State keeps the history
// (editor/history.go); the root records where each key was pressed and,
// on ctrl+z / ctrl+y, returns to the step and field of the edit undone.

// place is where the editor is: the step, the member being edited, and
// whether the step has a sub-view open.
func (m *Model) place() editor.Place {
	return editor.Place{Page: m.cur, Focus: m.s.Focus, Busy: m.steps[m.cur].Busy()}
}

// undoRedo undoes (or redoes) the last step of the history and returns to
// where it was made. The change counts as an edit: the draft is saved with
// the card as it is now.
func (m *Model) undoRedo(redo bool) tea.Cmd {
	where, status, ok := m.s.Travel(redo)
	m.Status = status
	if !ok {
		return nil
	}
	return m.returnTo(where)
}

// returnTo shows the step and field of at, rebuilt from the Doc: a row of a
// list is shown under the cursor, a field is focused (its item opened).
func (m *Model) returnTo(at editor.Place) tea.Cmd {
	if at.Page >= 0 && at.Page < len(m.steps) {
		m.cur = at.Page
	}
	st := m.steps[m.cur]
	placed := false
	if p, ok := st.(cardsteps.Placer); ok && !at.Busy {
		placed = p.Place(at.Focus, m.s)
	}
	cmd := st.Enter(m.s)
	// Entering again rebuilt the step where it was (an open item, the
	// picker); jump only when that is not where the edit was made.
	if !placed && at.Focus != "" && at.Focus != st.Pointer(m.s) && st.Owns(at.Focus, m.s) {
		cmd = tea.Batch(cmd, st.Jump(at.Focus, m.s))
	}
	m.s.Focus = st.Pointer(m.s)
	return tea.Batch(m.autosave(), cmd)
}
