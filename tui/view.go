package tui

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// View draws the whole screen.
func (m *Model) View() tea.View {
	v := tea.NewView(m.render())
	v.AltScreen = true
	return v
}

func (m *Model) render() string {
	st := m.steps[m.cur]
	titles := make([]string, len(m.steps))
	for i, s := range m.steps {
		titles[i] = s.title()
	}
	return m.chrome.render(framePage{
		title: m.headerTitle(),
		unit:  "step", pages: titles, cur: m.cur,
		content: func(width, height int) string {
			if m.dialog != nil {
				return m.dialog.view(m.th, width)
			}
			return keepInView(st.view(m.th, m.s, width, height), height)
		},
		preview: m.previewInner, // catalog_preview.go
		diags:   m.s.Diags,
		keys:    st.keys(), overlay: m.dialog != nil,
	})
}

// fit cuts or pads s to exactly w cells by h lines.
func fit(s string, w, h int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > h {
		lines = lines[:h]
	}
	for len(lines) < h {
		lines = append(lines, "")
	}
	for i, ln := range lines {
		if ansi.StringWidth(ln) > w {
			ln = ansi.Truncate(ln, w, "")
		}
		if pad := w - ansi.StringWidth(ln); pad > 0 {
			ln += strings.Repeat(" ", pad)
		}
		lines[i] = ln
	}
	return strings.Join(lines, "\n")
}

// focusMark starts the line of the focused field or list row in every
// step's view.
const focusMark = "›"

// keepInView scrolls a step's view that is taller than the pane so that the
// focused line (the first one carrying focusMark) and a few lines after it
// (its value, hint and diagnostics) stay visible.
func keepInView(content string, height int) string {
	lines := strings.Split(content, "\n")
	if len(lines) <= height {
		return content
	}
	at := 0
	for i, l := range lines {
		if strings.Contains(l, focusMark) {
			at = i
			break
		}
	}
	start := 0
	if want := at + 6; want > height {
		start = min(want-height, at)
	}
	if start+height > len(lines) {
		start = max(0, len(lines)-height)
	}
	return strings.Join(lines[start:], "\n")
}
