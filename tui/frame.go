package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/oncard/oncard/tui/style"
	"github.com/oncard/oncard/validate"
)

// The card editor (Model) and the catalog editor (CatalogEditor) draw the
// same frame around their current step or screen: a header line, the list
// of steps, the form pane, the preview pane, the diagnostics panel and the
// key help; below narrowWidth columns the form and the preview take turns.
// chrome holds the state of that frame and draws it; each editor embeds
// one and fills a framePage with what only it knows.

// narrowWidth: below it the form and the preview share the screen by turns.
const narrowWidth = 100

const stepListWidth = 20

// minFormWidth: the form pane is never narrower (its fields, hints and
// picker rows need it), however wide the preview could be.
const minFormWidth = 50

// chrome is the state of the frame around the current step or screen.
type chrome struct {
	th *style.Theme
	// adaptTheme says the theme was not chosen by the caller: it follows
	// the terminal's background once the terminal says what it is.
	adaptTheme    bool
	width, height int
	diag          diagPanel
	prev          preview
	showPreview   bool // below narrowWidth columns: the preview instead of the form
	showHelp      bool
	status        string // a message shown in the header until the next key
}

// framePage is what the current step or screen puts into the frame.
type framePage struct {
	// title starts the header (styled): the editor and the file.
	title string
	// unit names what pages are ("step", "screen"); pages are their
	// titles, in order, and cur is the current one.
	unit  string
	pages []string
	cur   int
	// content is the form pane's text (the page, or a dialog over it);
	// preview is the preview pane's, both in width × height cells.
	content, preview func(width, height int) string
	diags            []validate.Diagnostic
	// keys are the page's keys for the footer; overlay is true while a
	// dialog is open (its keys are its own: the footer is empty).
	keys    []key.Binding
	overlay bool
}

// layout sizes, computed from the window.
type layout struct {
	narrow                  bool
	bodyH, diagH, footerH   int
	formW, previewW, stepsW int
}

func (f *chrome) layout() layout {
	w, h := max(f.width, 40), max(f.height, 12)
	l := layout{narrow: w < narrowWidth}
	l.footerH = 1
	if f.showHelp {
		l.footerH = fullHelpHeight(w)
	}
	l.diagH = 5
	if h < 24 {
		l.diagH = 3
	}
	// The full help gives way to a body of at least 3 lines (it is cut).
	l.footerH = max(1, min(l.footerH, h-1-l.diagH-3))
	l.bodyH = h - 1 - l.diagH - l.footerH
	if l.narrow {
		l.formW, l.previewW = w, w
		return l
	}
	// The form needs less room than the card's JSON lines: it gets 45%
	// of what the step list leaves, never under minFormWidth, and the
	// preview the rest.
	l.stepsW = stepListWidth
	rest := w - l.stepsW
	l.formW = max(minFormWidth, rest*45/100)
	l.previewW = rest - l.formW
	return l
}

func (f *chrome) previewHeight() int { return max(1, f.layout().bodyH-2) }

// render draws the whole screen around p.
func (f *chrome) render(p framePage) string {
	l := f.layout()
	th := f.th
	w := max(f.width, 40)

	header := p.title + "  " +
		th.Hint.Render(fmt.Sprintf("%s %d/%d", p.unit, p.cur+1, len(p.pages))) + "  " + th.LabelFocus.Render(p.pages[p.cur])
	if l.narrow {
		other := "preview"
		if f.showPreview {
			other = "form"
		}
		header += "  " + th.Hint.Render("ctrl+t "+other)
	}
	if f.status != "" {
		header += "  " + th.Warning.Render(f.status)
	}
	header = fit(header, w, 1)

	var body string
	switch {
	case l.narrow && f.showPreview:
		body = f.previewPane(p.preview, l.formW, l.bodyH)
	case l.narrow:
		body = fit(p.content(l.formW-1, l.bodyH), l.formW, l.bodyH)
	default:
		list := fit(f.pageList(p.pages, p.cur), l.stepsW, l.bodyH)
		form := fit(p.content(l.formW-2, l.bodyH), l.formW, l.bodyH)
		body = lipgloss.JoinHorizontal(lipgloss.Top, list, form, f.previewPane(p.preview, l.previewW, l.bodyH))
	}
	diags := fit(f.diag.view(th, p.diags, w, l.diagH), w, l.diagH)
	footer := fit(f.footer(w, p.keys, p.overlay, l.narrow), w, l.footerH)
	return lipgloss.JoinVertical(lipgloss.Left, header, body, diags, footer)
}

// pageList is the column of steps; the current one is highlighted.
func (f *chrome) pageList(pages []string, cur int) string {
	var b strings.Builder
	for i, title := range pages {
		name := fmt.Sprintf(" %d %s", i+1, title)
		if i == cur {
			b.WriteString(f.th.StepActive.Render(padRight(name, stepListWidth-2)))
		} else {
			b.WriteString(f.th.StepIdle.Render(name))
		}
		b.WriteString("\n")
	}
	b.WriteString("\n" + f.th.Hint.Render(" ctrl+n/ctrl+p") + "\n" + f.th.Hint.Render(fmt.Sprintf(" alt+1…%d", len(pages))))
	return b.String()
}

// previewPane boxes the preview, its scroll position in the top border.
func (f *chrome) previewPane(inner func(width, height int) string, width, height int) string {
	text := inner(width-2, height-2)
	title := " preview "
	if f.prev.offset > 0 || f.prev.lastShown < len(f.prev.lines)-1 {
		title = fmt.Sprintf(" preview %d-%d/%d ", f.prev.offset+1, f.prev.lastShown+1, len(f.prev.lines))
	}
	box := f.th.Pane.Width(width).Height(height).MaxHeight(height).Render(fit(text, width-2, height-2))
	// Put the title into the top border.
	lines := strings.Split(box, "\n")
	if len(lines) > 0 && width > len(title)+4 {
		lines[0] = ansi.Truncate(lines[0], 2, "") + f.th.Hint.Render(title) + ansi.TruncateLeft(lines[0], 2+len(title), "")
	}
	return strings.Join(lines, "\n")
}

// frameKey handles the keys of the frame itself: ctrl+g focuses the
// diagnostics panel, ctrl+t swaps the form and the preview (narrow
// screens), pgup/pgdn scroll the preview, showing json, unless the page
// is busy (then they are the page's). It reports whether msg was one.
func (f *chrome) frameKey(msg tea.KeyPressMsg, json []byte, busy bool) bool {
	switch {
	case key.Matches(msg, style.Keys.Diagnostics):
		f.diag.focused = true
		f.showPreview = false
	case key.Matches(msg, style.Keys.Preview):
		f.showPreview = !f.showPreview
	case key.Matches(msg, style.Keys.ScrollUp) && !busy:
		f.prev.setContent(json)
		f.prev.scroll(-f.previewHeight()/2, f.previewHeight())
	case key.Matches(msg, style.Keys.ScrollDown) && !busy:
		f.prev.setContent(json)
		f.prev.scroll(f.previewHeight()/2, f.previewHeight())
	default:
		return false
	}
	return true
}

// askBackground asks the terminal for its background colour (when the
// theme adapts); the answer arrives as a tea.BackgroundColorMsg.
func (ch *chrome) askBackground() tea.Cmd {
	if !ch.adaptTheme {
		return nil
	}
	return tea.RequestBackgroundColor
}

// adaptToBackground rebuilds the theme for the terminal's background. The
// Theme is changed in place: every component holding it follows.
func (ch *chrome) adaptToBackground(msg tea.BackgroundColorMsg) {
	if ch.adaptTheme {
		*ch.th = *style.NewAdaptiveTheme(ch.th.Colors, msg.IsDark())
	}
}
