package catedit

import (
	"strconv"

	tea "charm.land/bubbletea/v2"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/editor"
)

// Undo and redo in the catalog editor: the same history as the card
// editor's (editor/history.go), over the catalog's Doc.

// place is where the editor is: the screen, the member being edited
// (which names the selected entry), and whether a sub-view is open.
func (c *CatalogEditor) place() editor.Place {
	return editor.Place{Page: c.cur, Focus: c.s.Focus, Busy: c.screens[c.cur].Busy()}
}

// undoRedo undoes (or redoes) the last step and returns to its screen and
// entry, the field focused when it was made in the entry's form.
func (c *CatalogEditor) undoRedo(redo bool) tea.Cmd {
	at, status, ok := c.s.Travel(redo)
	c.Status = status
	if !ok {
		return nil
	}
	if i, ok := entryIndexOf(at.Focus); ok {
		c.entry = i
	}
	c.selectedEntry() // clamps the selection to the restored catalog
	page := c.cur
	if at.Page >= 0 && at.Page < len(c.screens) {
		page = at.Page
	}
	cmd := c.goTo(page)
	if st := c.entryScreen; page == catEditScreenEntry && st.f != nil && st.f.FocusPointer(at.Focus) {
		cmd = tea.Batch(cmd, st.f.Focus())
		c.s.Focus = st.Pointer()
	}
	return cmd
}

// entryIndexOf is the index of the entry ptr lies in (/entries/i/…).
func entryIndexOf(ptr string) (int, bool) {
	toks, err := model.SplitPointer(ptr)
	if err != nil || len(toks) < 2 || toks[0] != "entries" {
		return 0, false
	}
	i, err := strconv.Atoi(toks[1])
	return i, err == nil && i >= 0
}
