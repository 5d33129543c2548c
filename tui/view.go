package tui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/oncard/oncard/tui/component"
)

// View draws the whole screen.
func (m *Model) View() tea.View {
	v := tea.NewView(m.Render())
	v.AltScreen = true
	return v
}

func (m *Model) Render() string {
	st := m.steps[m.cur]
	titles := make([]string, len(m.steps))
	for i, s := range m.steps {
		titles[i] = s.Title()
	}
	return m.Chrome.Render(component.FramePage{
		Title: m.headerTitle(),
		Unit:  "step", Pages: titles, Cur: m.cur,
		Content: func(width, height int) string {
			if m.dialog != nil {
				return m.dialog.View(m.Th, width)
			}
			return component.KeepInView(st.View(m.Th, m.s, width, height), height)
		},
		Preview: m.previewInner, // catalog_preview.go
		Diags:   m.s.Diags,
		Keys:    st.Keys(), Overlay: m.dialog != nil,
	})
}
