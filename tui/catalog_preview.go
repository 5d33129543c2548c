package tui

import "github.com/oncard/oncard/tui/style"

import "github.com/oncard/oncard/internal/app"

// previewInner is the preview pane's content: the card, or on the Catalog
// step what the catalog settings yield (the entry, the new catalog, or the
// merged catalog with this card's entry highlighted).
func (m *Model) previewInner(width, height int) string {
	if st, ok := m.steps[m.cur].(*catalogStep); ok && st.plan != nil {
		return st.previewView(&m.prev, m.th, width, height)
	}
	return m.prev.view(m.th, m.s, width, height)
}

// previewView draws the plan's text in p, scrolled (once per content
// change) to keep the card's entry in sight.
func (st *catalogStep) previewView(p *preview, th *style.Theme, width, height int) string {
	text := st.plan.PreviewText()
	p.setContent(text)
	first, last, hl := app.EntryLines(st.plan)
	// A pointer-like key that changes with the file and the entry: the
	// preview follows the entry again after each change of either.
	follow := "catalog:" + st.cfg.Target() + st.plan.EntryPointer()
	if p.lastPtr != follow {
		p.lastPtr, p.follow = follow, true
	}
	return p.drawFollowing(th, width, height, first, last, hl)
}
