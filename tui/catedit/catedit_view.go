package catedit

import (
	tea "charm.land/bubbletea/v2"

	"github.com/oncard/oncard/tui/editor"
	"github.com/oncard/oncard/tui/widgets"
)

// View draws the whole screen.
func (c *CatalogEditor) View() tea.View {
	v := tea.NewView(c.Render())
	v.AltScreen = true
	return v
}

// render draws the card editor's frame (frame.go) around the current
// screen; the preview is the catalog as it will be written, the member
// being edited highlighted.
func (c *CatalogEditor) Render() string {
	sc := c.screens[c.cur]
	titles := c.titles()
	return c.Chrome.Render(widgets.FramePage{
		Title: c.Th.Title.Render("oncard edit "+widgets.TruncateLeft(c.fileName(), 40)) + " " + c.Th.Hint.Render("[AI Catalog]"),
		Unit:  "screen", Pages: titles, Cur: c.cur,
		Content: func(width, height int) string {
			if c.confirm != nil {
				return c.confirm.View(c.Th, width)
			}
			return widgets.KeepInView(sc.View(width, height), height)
		},
		Preview: func(width, height int) string {
			return c.Prev.View(c.Th, max(1, width), max(1, height))
		},
		Diags: c.s.Diags,
		Keys:  editor.HistoryKeys(c.s, sc.Keys()), Overlay: c.confirm != nil,
	})
}

// titles are the screens' titles, in order (the screen list, the palette).
func (c *CatalogEditor) titles() []string {
	titles := make([]string, len(c.screens))
	for i, s := range c.screens {
		titles[i] = s.Title()
	}
	return titles
}
