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

// View draws the whole screen.
func (c *CatalogEditor) View() tea.View {
	v := tea.NewView(c.render())
	v.AltScreen = true
	return v
}

// catEditLayout reuses the card editor's proportions: a column of
// screens, the screen, the preview; below 100 columns the screen and the
// preview take turns.
func (c *CatalogEditor) catEditLayout() layout {
	w, h := max(c.width, 40), max(c.height, 12)
	l := layout{narrow: w < narrowWidth, footerH: 1, diagH: 5}
	if c.showHelp {
		l.footerH = len(Keys.All()[0]) + 1
	}
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

func (c *CatalogEditor) previewHeight() int { return max(1, c.catEditLayout().bodyH-2) }

func (c *CatalogEditor) render() string {
	l := c.catEditLayout()
	th := c.th
	w := max(c.width, 40)
	sc := c.screens[c.cur]

	header := th.Title.Render("oncard edit "+truncateLeft(c.fileName(), 40)) + " " + th.Hint.Render("[AI Catalog]") + "  " +
		th.Hint.Render(fmt.Sprintf("screen %d/%d", c.cur+1, len(c.screens))) + "  " + th.LabelFocus.Render(sc.title())
	if l.narrow {
		other := "preview"
		if c.showPreview {
			other = "form"
		}
		header += "  " + th.Hint.Render("ctrl+t "+other)
	}
	if c.status != "" {
		header += "  " + th.Warning.Render(c.status)
	}
	header = fit(header, w, 1)

	content := func(width, height int) string {
		if c.confirm != nil {
			return c.confirm.view(th, width)
		}
		return keepInView(sc.view(width, height), height)
	}
	var body string
	switch {
	case l.narrow && c.showPreview:
		body = c.previewPane(l.formW, l.bodyH)
	case l.narrow:
		body = fit(content(l.formW-1, l.bodyH), l.formW, l.bodyH)
	default:
		list := fit(c.screenList(), l.stepsW, l.bodyH)
		form := fit(content(l.formW-2, l.bodyH), l.formW, l.bodyH)
		body = lipgloss.JoinHorizontal(lipgloss.Top, list, form, c.previewPane(l.previewW, l.bodyH))
	}
	diags := fit(c.diag.view(th, c.s.Diags, w, l.diagH), w, l.diagH)
	return lipgloss.JoinVertical(lipgloss.Left, header, body, diags, fit(c.footer(w), w, l.footerH))
}

// screenList is the column of screens; the current one is highlighted.
func (c *CatalogEditor) screenList() string {
	var b strings.Builder
	for i, sc := range c.screens {
		name := fmt.Sprintf(" %d %s", i+1, sc.title())
		if i == c.cur {
			b.WriteString(c.th.StepActive.Render(padRight(name, stepListWidth-2)))
		} else {
			b.WriteString(c.th.StepIdle.Render(name))
		}
		b.WriteString("\n")
	}
	b.WriteString("\n" + c.th.Hint.Render(" ctrl+n/ctrl+p") + "\n" + c.th.Hint.Render(fmt.Sprintf(" alt+1…%d", len(c.screens))))
	return b.String()
}

// previewPane is the catalog as it will be written, the member being
// edited highlighted.
func (c *CatalogEditor) previewPane(width, height int) string {
	inner := c.prev.view(c.th, c.s, max(1, width-2), max(1, height-2))
	title := " preview "
	if c.prev.offset > 0 || c.prev.lastShown < len(c.prev.lines)-1 {
		title = fmt.Sprintf(" preview %d-%d/%d ", c.prev.offset+1, c.prev.lastShown+1, len(c.prev.lines))
	}
	box := c.th.Pane.Width(width).Height(height).MaxHeight(height).Render(fit(inner, width-2, height-2))
	lines := strings.Split(box, "\n")
	if len(lines) > 0 && width > len(title)+4 {
		lines[0] = ansi.Truncate(lines[0], 2, "") + c.th.Hint.Render(title) + ansi.TruncateLeft(lines[0], 2+len(title), "")
	}
	return strings.Join(lines, "\n")
}

// footer is the help built from the keymap.
func (c *CatalogEditor) footer(width int) string {
	h := help.New()
	h.SetWidth(width)
	h.Styles.ShortKey = c.th.LabelFocus
	h.Styles.ShortDesc = c.th.Help
	h.Styles.FullKey = c.th.LabelFocus
	h.Styles.FullDesc = c.th.Help
	h.Styles.ShortSeparator = c.th.Help
	h.Styles.FullSeparator = c.th.Help
	h.Styles.Ellipsis = c.th.Help
	if c.showHelp {
		return h.FullHelpView(Keys.All())
	}
	if c.confirm != nil {
		return h.ShortHelpView(nil)
	}
	ks := c.screens[c.cur].keys()
	if c.diag.focused {
		ks = nil
	}
	if c.catEditLayout().narrow {
		ks = append([]key.Binding{Keys.Preview}, ks...)
	}
	return h.ShortHelpView(append(ks, Keys.globalHelp()...))
}
