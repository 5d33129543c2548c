package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// narrowWidth: below it the form and the preview share the screen by turns.
const narrowWidth = 100

const stepListWidth = 20

// View draws the whole screen.
func (m *Model) View() tea.View {
	v := tea.NewView(m.render())
	v.AltScreen = true
	return v
}

// layout sizes, computed from the window.
type layout struct {
	narrow                  bool
	bodyH, diagH, footerH   int
	formW, previewW, stepsW int
}

func (m *Model) layout() layout {
	w, h := max(m.width, 40), max(m.height, 12)
	l := layout{narrow: w < narrowWidth}
	l.footerH = 1
	if m.showHelp {
		l.footerH = len(Keys.All()[0]) + 1
	}
	l.diagH = 5
	if h < 24 {
		l.diagH = 3
	}
	l.bodyH = h - 1 - l.diagH - l.footerH
	if l.narrow {
		l.formW, l.previewW = w, w
		return l
	}
	l.stepsW = stepListWidth
	rest := w - l.stepsW
	l.previewW = rest * 42 / 100
	l.formW = rest - l.previewW
	return l
}

func (m *Model) previewHeight() int { return max(1, m.layout().bodyH-2) }

func (m *Model) render() string {
	l := m.layout()
	th := m.th
	w := max(m.width, 40)
	st := m.steps[m.cur]

	header := m.headerTitle() + "  " +
		th.Hint.Render(fmt.Sprintf("step %d/%d", m.cur+1, len(m.steps))) + "  " + th.LabelFocus.Render(st.title())
	if l.narrow {
		other := "preview"
		if m.showPreview {
			other = "form"
		}
		header += "  " + th.Hint.Render("ctrl+t "+other)
	}
	if m.status != "" {
		header += "  " + th.Warning.Render(m.status)
	}
	header = fit(header, w, 1)

	var body string
	formContent := func(width, height int) string {
		if m.dialog != nil {
			return m.dialog.view(th, width)
		}
		return keepInView(st.view(th, m.s, width, height), height)
	}
	if l.narrow {
		if m.showPreview {
			body = m.previewPane(l.formW, l.bodyH)
		} else {
			body = fit(formContent(l.formW-1, l.bodyH), l.formW, l.bodyH)
		}
	} else {
		steps := fit(m.stepList(), l.stepsW, l.bodyH)
		form := fit(formContent(l.formW-2, l.bodyH), l.formW, l.bodyH)
		body = lipgloss.JoinHorizontal(lipgloss.Top, steps, form, m.previewPane(l.previewW, l.bodyH))
	}
	diags := fit(m.diag.view(th, m.s.Diags, w, l.diagH), w, l.diagH)
	return lipgloss.JoinVertical(lipgloss.Left, header, body, diags, fit(m.footer(w), w, l.footerH))
}

// stepList is the column of steps; the current one is highlighted.
func (m *Model) stepList() string {
	var b strings.Builder
	for i, st := range m.steps {
		name := fmt.Sprintf(" %d %s", i+1, st.title())
		if i == m.cur {
			b.WriteString(m.th.StepActive.Render(padRight(name, stepListWidth-2)))
		} else {
			b.WriteString(m.th.StepIdle.Render(name))
		}
		b.WriteString("\n")
	}
	b.WriteString("\n" + m.th.Hint.Render(" ctrl+n/ctrl+p") + "\n" + m.th.Hint.Render(fmt.Sprintf(" alt+1…%d", len(m.steps))))
	return b.String()
}

func (m *Model) previewPane(width, height int) string {
	style := m.th.Pane
	inner := m.previewInner(width-2, height-2) // catalog_preview.go
	title := " preview "
	if m.prev.offset > 0 || m.prev.lastShown < len(m.prev.lines)-1 {
		title = fmt.Sprintf(" preview %d-%d/%d ", m.prev.offset+1, m.prev.lastShown+1, len(m.prev.lines))
	}
	box := style.Width(width).Height(height).MaxHeight(height).Render(fit(inner, width-2, height-2))
	// Put the title into the top border.
	lines := strings.Split(box, "\n")
	if len(lines) > 0 && width > len(title)+4 {
		lines[0] = ansi.Truncate(lines[0], 2, "") + m.th.Hint.Render(title) + ansi.TruncateLeft(lines[0], 2+len(title), "")
	}
	return strings.Join(lines, "\n")
}

// footer is the help built from the keymap: the step's keys and the global
// ones, or every key after F1.
func (m *Model) footer(width int) string {
	h := help.New()
	h.SetWidth(width)
	h.Styles.ShortKey = m.th.LabelFocus
	h.Styles.ShortDesc = m.th.Help
	h.Styles.FullKey = m.th.LabelFocus
	h.Styles.FullDesc = m.th.Help
	h.Styles.ShortSeparator = m.th.Help
	h.Styles.FullSeparator = m.th.Help
	h.Styles.Ellipsis = m.th.Help
	if m.showHelp {
		return h.FullHelpView(Keys.All())
	}
	var ks = m.steps[m.cur].keys()
	if m.diag.focused {
		ks = nil
	}
	if m.dialog != nil {
		return h.ShortHelpView(nil)
	}
	if m.layout().narrow {
		ks = append([]key.Binding{Keys.Preview}, ks...)
	}
	return h.ShortHelpView(append(ks, Keys.globalHelp()...))
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
