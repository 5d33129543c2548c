package tui

import (
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/style"
)

// Update handles one message.
func (c *CatalogEditor) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		c.width, c.height = msg.Width, msg.Height
		return c, nil
	case tea.BackgroundColorMsg:
		c.adaptToBackground(msg)
		return c, nil
	case tea.PasteMsg:
		// A paste is typed text for the focused field, never keys.
		if c.confirm != nil || c.diag.focused {
			return c, nil
		}
		sc := c.screens[c.cur]
		cmd := sc.update(tea.KeyPressMsg{Text: msg.Content})
		c.s.Focus = sc.pointer()
		c.status = editFailure(c.s, c.status)
		return c, cmd
	case tea.KeyPressMsg:
		cmd := c.handleKey(msg)
		c.status = editFailure(c.s, c.status)
		return c, cmd
	}
	return c, nil
}

func (c *CatalogEditor) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	if c.confirm != nil {
		// A second ctrl+c leaves at once, as in the card editor.
		return c.confirm.update(msg, c, func() { c.confirm = nil }, func(c *CatalogEditor) tea.Cmd {
			c.result.Interrupted = true
			return tea.Quit
		})
	}
	sc := c.screens[c.cur]
	switch {
	case key.Matches(msg, style.Keys.Quit):
		return c.quit()
	case key.Matches(msg, style.Keys.Help):
		c.showHelp = !c.showHelp
		return nil
	case c.diag.focused:
		if key.Matches(msg, style.Keys.Back, style.Keys.Diagnostics) {
			c.diag.focused = false
			return nil
		}
		if ptr, ok := c.diag.update(msg, c.s.Diags); ok {
			c.diag.focused = false
			return c.jumpTo(ptr)
		}
		return nil
	case key.Matches(msg, style.Keys.NextStep):
		if c.cur < len(c.screens)-1 {
			return c.goTo(c.cur + 1)
		}
		return nil
	case key.Matches(msg, style.Keys.PrevStep):
		if c.cur > 0 {
			return c.goTo(c.cur - 1)
		}
		return nil
	case key.Matches(msg, style.Keys.GoToStep):
		if n := int(msg.Code - '1'); n >= 0 && n < len(c.screens) {
			return c.goTo(n)
		}
		return nil
	case key.Matches(msg, style.Keys.Save):
		if c.cur != catEditScreenReview {
			return c.goTo(catEditScreenReview)
		}
		return c.confirmSave()
	case c.frameKey(msg, c.s.JSON, sc.busy()):
		return nil
	}
	c.status = ""
	cmd := sc.update(msg)
	c.s.Focus = sc.pointer()
	return cmd
}

// jumpTo goes to the screen and field that edit ptr (a diagnostic's
// pointer): an entry's discovery payload opens Discovery, the rest of an
// entry opens Entry; anything else is shown in the preview.
func (c *CatalogEditor) jumpTo(ptr string) tea.Cmd {
	toks, err := model.SplitPointer(ptr)
	if err != nil || len(toks) < 2 || toks[0] != "entries" {
		c.s.Focus = ptr
		c.status = "no field edits " + model.SafeText(ptr) + "; it is highlighted in the preview"
		return nil
	}
	i, err := strconv.Atoi(toks[1])
	if err != nil || i < 0 || i >= c.entryCount() {
		return c.goTo(catEditScreenEntries)
	}
	c.entry = i
	if pointerWithin(ptr, catEditDiscoveryPtr(model.EntryPtr(i))) {
		return c.goTo(catEditScreenDiscovery)
	}
	cmd := c.goTo(catEditScreenEntry)
	if st, ok := c.screens[catEditScreenEntry].(*catEditEntry); ok && st.f != nil {
		if st.f.focusPointer(ptr) {
			cmd = tea.Batch(cmd, st.f.focus())
		}
	}
	c.s.Focus = c.screens[c.cur].pointer()
	return cmd
}

// quit is ctrl+c: it asks only when there is something to lose.
func (c *CatalogEditor) quit() tea.Cmd {
	if !c.es.Changed() {
		c.result.Interrupted = true
		return tea.Quit
	}
	c.confirm = &dialog[*CatalogEditor]{
		question: "Quit without saving? Your changes to " + c.fileName() + " are lost.",
		yes: func(*CatalogEditor) tea.Cmd {
			c.result.Interrupted = true
			return tea.Quit
		},
	}
	return nil
}

// catEditFormUpdate is form.update over the catalog's Session (whose Kind
// makes every change re-validate the Doc as a catalog).
func (c *CatalogEditor) catEditFormUpdate(f *form, msg tea.KeyPressMsg) tea.Cmd {
	cmd, _ := f.update(msg, c.s)
	return cmd
}

// catEditQuote is card or file text made safe and short for one line.
func catEditQuote(s string, w int) string {
	return truncate(model.SafeText(strings.TrimSpace(s)), w)
}
