package catedit

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/editor"
	"github.com/oncard/oncard/tui/style"
	"github.com/oncard/oncard/tui/widgets"
)

// Update handles one message (an edit of the catalog it made is one undo
// step), then settles what the screen shows (the preview, the diagnostics
// panel): View only draws.
func (c *CatalogEditor) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	// The undo history: editor/history.go, catedit_undo.go.
	return c, c.s.Handle(msg, c.update, c.place, func() {
		c.Settle(c.s.PreviewContent(), len(c.s.Diags))
		c.refreshDiff()
	})
}

func (c *CatalogEditor) update(msg tea.Msg) tea.Cmd {
	edits, screen := c.s.Edits, c.cur
	c.blurred = false
	cmd := c.dispatch(msg)
	// The draft follows the edits: when a field is left, and after every
	// edit a key made elsewhere than in a field being typed (a dialog's
	// answer too).
	if _, isKey := msg.(tea.KeyPressMsg); isKey && (c.blurred || (c.s.Edits != edits && screen != catEditScreenEntry)) {
		cmd = tea.Batch(cmd, c.autosave())
	}
	return cmd
}

// dispatch hands msg to the prologue both editors share, or handles it.
func (c *CatalogEditor) dispatch(msg tea.Msg) tea.Cmd {
	// A second ctrl+c in a dialog leaves at once, as in the card editor.
	pro := widgets.Prologue[*CatalogEditor]{Chrome: &c.Chrome, State: c.s, Root: c, Dialog: &c.confirm, Working: c.working,
		Paste: c.paste, Quit: (*CatalogEditor).keepDraftAndQuit}
	if cmd, ok := pro.Handle(msg); ok {
		return cmd
	}
	switch msg := msg.(type) {
	case editor.DraftSavedMsg[noExtra]:
		return c.draftSaved(msg)
	case tea.KeyPressMsg:
		cmd := c.handleKey(msg)
		c.Status = editor.EditFailure(c.s, c.Status)
		return cmd
	}
	// Anything else is a screen's own message (the outcome of a command
	// it started): every screen sees it, and takes only its own.
	var cmds []tea.Cmd
	for _, sc := range c.screens {
		cmds = append(cmds, sc.Update(msg))
	}
	c.Status = editor.EditFailure(c.s, c.Status)
	return tea.Batch(cmds...)
}

// paste types text into the focused field (the prologue's Paste).
func (c *CatalogEditor) paste(text string) tea.Cmd {
	sc := c.screens[c.cur]
	cmd := sc.Update(tea.KeyPressMsg{Text: text})
	c.s.Focus = sc.Pointer()
	return cmd
}

// handleKey handles a key the prologue left (no file work, no dialog).
func (c *CatalogEditor) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	sc := c.screens[c.cur]
	if key.Matches(msg, style.Keys.Quit) {
		return c.quit()
	}
	if page, jump, ok := c.PageKey(msg, c.cur, c.titles(), c.s.Diags); ok {
		switch {
		case jump != "":
			return c.jumpTo(jump)
		case page >= 0:
			return c.goTo(page)
		}
		return nil
	}
	switch {
	case key.Matches(msg, style.Keys.Undo, style.Keys.Redo):
		return c.undoRedo(key.Matches(msg, style.Keys.Redo)) // catedit_undo.go
	case key.Matches(msg, style.Keys.Save):
		if c.cur != catEditScreenReview {
			return c.goTo(catEditScreenReview)
		}
		return c.confirmSave()
	case c.FrameKey(msg, sc.Busy() || widgets.IsListing(sc)):
		return nil
	}
	c.Status = ""
	cmd := sc.Update(msg)
	c.s.Focus = sc.Pointer()
	return cmd
}

// jumpTo goes to the screen and field that edit ptr (a diagnostic's
// pointer): an entry's discovery payload opens Discovery, the rest of an
// entry opens Entry; anything else is shown in the preview.
func (c *CatalogEditor) jumpTo(ptr string) tea.Cmd {
	if ptr == "/entries" || !editor.PointerWithin(ptr, "/entries") {
		c.s.Focus = ptr
		c.Status = "no field edits " + model.SafeText(ptr) + "; it is highlighted in the preview"
		return nil
	}
	i, ok := entryIndexOf(ptr)
	if !ok || i >= c.entryCount() {
		return c.goTo(catEditScreenEntries)
	}
	c.entry = i
	if editor.PointerWithin(ptr, catEditDiscoveryPtr(model.EntryPtr(i))) {
		return c.goTo(catEditScreenDiscovery)
	}
	cmd := c.goTo(catEditScreenEntry)
	if st := c.entryScreen; st.f != nil {
		if st.f.FocusPointer(ptr) {
			cmd = tea.Batch(cmd, st.f.Focus())
		}
	}
	c.s.Focus = c.screens[c.cur].Pointer()
	return cmd
}

// quit is ctrl+c: it asks only when there is something to lose.
func (c *CatalogEditor) quit() tea.Cmd {
	if !c.es.Changed() {
		return c.quitRemovingDraft()
	}
	if c.drafts.Draft != nil {
		c.confirm = c.quitDialog()
		return nil
	}
	c.confirm = &widgets.Dialog[*CatalogEditor]{
		Question: "Quit without saving? Your changes to " + c.fileName() + " are lost.",
		Yes: func(*CatalogEditor) tea.Cmd {
			c.result.Interrupted = true
			return tea.Quit
		},
	}
	return nil
}

// catEditFormUpdate is form.update over the catalog's editor State (whose Kind
// makes every change re-validate the Doc as a catalog).
func (c *CatalogEditor) catEditFormUpdate(f *widgets.Form, msg tea.KeyPressMsg) tea.Cmd {
	cmd, blurred := f.Update(msg, c.s)
	c.blurred = c.blurred || blurred
	return cmd
}

// catEditQuote is card or file text made safe and short for one line.
func catEditQuote(s string, w int) string {
	return widgets.Truncate(model.SafeText(strings.TrimSpace(s)), w)
}
