package tui

import "github.com/oncard/oncard/model"

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
func (st *catalogStep) previewView(p *preview, th *Theme, width, height int) string {
	text := st.plan.previewText()
	p.setContent(text)
	first, last, hl := entryLines(st.plan)
	// A pointer-like key that changes with the file and the entry: the
	// preview follows the entry again after each change of either.
	follow := "catalog:" + st.cfg.target() + st.plan.entryPointer()
	if p.lastPtr != follow {
		p.lastPtr, p.follow = follow, true
	}
	return p.drawFollowing(th, width, height, first, last, hl)
}

// entryLines are the preview lines (0-based, inclusive) of the card's entry
// inside a catalog; ok is false when the preview is the entry itself.
// It is computed once per plan (a merged catalog may be large).
func entryLines(p *catalogPlan) (first, last int, ok bool) {
	if p.lines == nil {
		f, l, ok := findEntryLines(p)
		p.lines = &entrySpan{f, l, ok}
	}
	return p.lines.first, p.lines.last, p.lines.ok
}

type entrySpan struct {
	first, last int
	ok          bool
}

func findEntryLines(p *catalogPlan) (first, last int, ok bool) {
	if p.err != nil || p.settings.Write == writeNothing || p.settings.Write == writeEntry {
		return 0, 0, false
	}
	doc, err := model.Parse(p.output)
	if err != nil {
		return 0, 0, false
	}
	n := doc.Find(p.entryPointer())
	if n == nil {
		return 0, 0, false
	}
	l1, _ := doc.LineCol(n.Start)
	l2, _ := doc.LineCol(max(n.Start, n.End-1))
	return l1 - 1, l2 - 1, true
}
