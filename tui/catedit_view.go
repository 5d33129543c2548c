package tui

import tea "charm.land/bubbletea/v2"

// View draws the whole screen.
func (c *CatalogEditor) View() tea.View {
	v := tea.NewView(c.render())
	v.AltScreen = true
	return v
}

// render draws the card editor's frame (frame.go) around the current
// screen; the preview is the catalog as it will be written, the member
// being edited highlighted.
func (c *CatalogEditor) render() string {
	sc := c.screens[c.cur]
	titles := make([]string, len(c.screens))
	for i, s := range c.screens {
		titles[i] = s.title()
	}
	return c.chrome.render(framePage{
		title: c.th.Title.Render("oncard edit "+truncateLeft(c.fileName(), 40)) + " " + c.th.Hint.Render("[AI Catalog]"),
		unit:  "screen", pages: titles, cur: c.cur,
		content: func(width, height int) string {
			if c.confirm != nil {
				return c.confirm.view(c.th, width)
			}
			return keepInView(sc.view(width, height), height)
		},
		preview: func(width, height int) string {
			return c.prev.view(c.th, c.s, max(1, width), max(1, height))
		},
		diags: c.s.Diags,
		keys:  sc.keys(), overlay: c.confirm != nil,
	})
}
