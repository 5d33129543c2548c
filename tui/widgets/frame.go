package widgets

import (
	"fmt"
	"github.com/oncard/oncard/tui/editor"
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

// maxFormWidth: past it, more columns go to the preview (a form's lines
// are short; the card's JSON lines are long).
const maxFormWidth = 100

// minPreviewWidth: the preview's share is never under it once the form has
// its minimum (a JSON line of a skill still reads at 45 columns).
const minPreviewWidth = 45

// chrome is the state of the frame around the current step or screen.
type Chrome struct {
	Th *style.Theme
	// adaptTheme says the theme was not chosen by the caller: it follows
	// the terminal's background once the terminal says what it is.
	AdaptTheme    bool
	Width, Height int
	Diag          DiagPanel
	Prev          Preview
	showPreview   bool // below narrowWidth columns: the preview instead of the form
	ShowHelp      bool
	// Pal is the step palette (palette.go), drawn over the form pane.
	Pal    Palette
	Status string // a message shown in the header until the next key
}

// framePage is what the current step or screen puts into the frame.
type FramePage struct {
	// title starts the header (styled): the editor and the file.
	Title string
	// unit names what pages are ("step", "screen"); pages are their
	// titles, in order, and cur is the current one.
	Unit  string
	Pages []string
	// About says what each page edits, in a line ("" or nil for none):
	// the step palette shows it beside the title.
	About []string
	Cur   int
	// content is the form pane's text (the page, or a dialog over it);
	// preview is the preview pane's, both in width × height cells.
	Content, Preview func(width, height int) string
	Diags            []validate.Diagnostic
	// keys are the page's keys for the footer; overlay is true while a
	// dialog is open (its keys are its own: the footer is empty).
	Keys    []key.Binding
	Overlay bool
}

// layout sizes, computed from the window.
type layout struct {
	narrow                  bool
	bodyH, diagH, footerH   int
	formW, previewW, stepsW int
}

func (f *Chrome) layout() layout {
	w, h := max(f.Width, 40), max(f.Height, 12)
	l := layout{narrow: w < narrowWidth}
	l.footerH = 1
	if f.ShowHelp {
		l.footerH = fullHelpHeight(w)
	}
	l.diagH = 5
	if h < 24 {
		l.diagH = 3
	}
	if f.Diag.Focused {
		l.diagH = FocusedPanelHeight(l.diagH, h)
	}
	// The full help gives way to a body of at least 3 lines (it is cut).
	l.footerH = max(1, min(l.footerH, h-1-l.diagH-3))
	l.bodyH = h - 1 - l.diagH - l.footerH
	if l.narrow {
		l.formW, l.previewW = w, w
		return l
	}
	// The form gets what the step list leaves but minPreviewWidth, up to
	// maxFormWidth and never under minFormWidth: its choice rows, hints
	// and findings are read whole, while the preview wraps its long lines
	// anyway. The preview takes the rest.
	// The step list gives way when it would leave the preview under its
	// minimum (100 columns): the header names the step, ctrl+o goes to
	// any other, and the JSON lines need the room more.
	if w-stepListWidth-minFormWidth >= minPreviewWidth {
		l.stepsW = stepListWidth
	}
	rest := w - l.stepsW
	l.formW = max(minFormWidth, min(maxFormWidth, rest-minPreviewWidth))
	l.previewW = rest - l.formW
	return l
}

func (f *Chrome) PreviewHeight() int { return max(1, f.layout().bodyH-2) }

// PreviewSize is the inner size of the preview pane, as Render draws it.
func (f *Chrome) PreviewSize() (width, height int) {
	l := f.layout()
	w := l.previewW
	if l.narrow {
		w = l.formW
	}
	return max(1, w-2), max(1, l.bodyH-2)
}

// Settle brings the frame's own state in line with the page after a
// message (View changes nothing): the preview takes its content and
// scrolls to what it follows, the diagnostics panel keeps its cursor in
// its list of n.
func (f *Chrome) Settle(c editor.PreviewContent, n int) {
	w, h := f.PreviewSize()
	f.Prev.Sync(c, w, h)
	f.Diag.Settle(n, f.layout().diagH)
}

// render draws the whole screen around p.
func (f *Chrome) Render(p FramePage) string {
	l := f.layout()
	th := f.Th
	w := max(f.Width, 40)

	header := p.Title + "  " +
		th.Hint.Render(fmt.Sprintf("%s %d/%d", p.Unit, p.Cur+1, len(p.Pages))) + "  " + th.LabelFocus.Render(p.Pages[p.Cur])
	if l.narrow {
		other := "preview"
		if f.showPreview {
			other = "form"
		}
		header += "  " + th.Hint.Render("ctrl+t "+other)
	}
	if f.Status != "" {
		header += "  " + th.Warning.Render(f.Status)
	}
	header = fit(header, w, 1)

	var body string
	switch {
	case l.narrow && f.showPreview:
		body = f.previewPane(p.Preview, l.formW, l.bodyH)
	case l.narrow:
		body = fit(f.content(p, l.formW-1, l.bodyH), l.formW, l.bodyH)
	case l.stepsW == 0:
		form := fit(f.content(p, l.formW-2, l.bodyH), l.formW, l.bodyH)
		body = lipgloss.JoinHorizontal(lipgloss.Top, form, f.previewPane(p.Preview, l.previewW, l.bodyH))
	default:
		list := fit(f.pageList(p.Pages, p.Cur), l.stepsW, l.bodyH)
		form := fit(f.content(p, l.formW-2, l.bodyH), l.formW, l.bodyH)
		body = lipgloss.JoinHorizontal(lipgloss.Top, list, form, f.previewPane(p.Preview, l.previewW, l.bodyH))
	}
	diags := fit(f.Diag.View(th, p.Diags, w, l.diagH), w, l.diagH)
	footer := fit(f.footer(w, p.Keys, p.Overlay, l.narrow), w, l.footerH)
	return lipgloss.JoinVertical(lipgloss.Left, header, body, diags, footer)
}

// content is the form pane's text: the page's, or the step palette over
// it.
func (f *Chrome) content(p FramePage, width, height int) string {
	if f.Pal.Open {
		return KeepInView(f.Pal.view(f.Th, p.Pages, p.About, p.Cur, width, height), height)
	}
	return p.Content(width, height)
}

// pageList is the column of steps; the current one is highlighted.
func (f *Chrome) pageList(pages []string, cur int) string {
	var b strings.Builder
	for i, title := range pages {
		name := fmt.Sprintf(" %d %s", i+1, title)
		if i == cur {
			b.WriteString(f.Th.StepActive.Render(padRight(name, stepListWidth-2)))
		} else {
			b.WriteString(f.Th.StepIdle.Render(name))
		}
		b.WriteString("\n")
	}
	jump := fmt.Sprintf(" alt+1…%d", len(pages))
	if len(pages) >= 10 {
		jump = " alt+1…9, 0" // alt+0 is the tenth (style.StepOfDigit)
	}
	b.WriteString("\n" + f.Th.Hint.Render(" ctrl+n/ctrl+p") + "\n" + f.Th.Hint.Render(jump) + "\n" + f.Th.Hint.Render(" ctrl+o by name"))
	return b.String()
}

// previewPane boxes the preview, its scroll position in the top border.
func (f *Chrome) previewPane(inner func(width, height int) string, width, height int) string {
	text := inner(width-2, height-2)
	title := " preview "
	if f.Prev.Offset > 0 || f.Prev.LastShown < len(f.Prev.lines)-1 {
		title = fmt.Sprintf(" preview %d-%d/%d ", f.Prev.Offset+1, f.Prev.LastShown+1, len(f.Prev.lines))
	}
	box := f.Th.Pane.Width(width).Height(height).MaxHeight(height).Render(fit(text, width-2, height-2))
	// Put the title into the top border.
	lines := strings.Split(box, "\n")
	if len(lines) > 0 && width > len(title)+4 {
		lines[0] = ansi.Truncate(lines[0], 2, "") + f.Th.Hint.Render(title) + ansi.TruncateLeft(lines[0], 2+len(title), "")
	}
	return strings.Join(lines, "\n")
}

// frameKey handles the keys of the frame itself: ctrl+g focuses the
// diagnostics panel, ctrl+t swaps the form and the preview (narrow
// screens), shift+pgup/pgdn scroll the preview, and so do pgup/pgdn unless
// the page is busy or shows a list (then they are the page's: a list
// pages with them). It reports whether msg was one.
func (f *Chrome) FrameKey(msg tea.KeyPressMsg, busy bool) bool {
	switch {
	case key.Matches(msg, style.Keys.Diagnostics):
		f.Diag.Focused = true
		f.showPreview = false
	case key.Matches(msg, style.Keys.Preview):
		f.showPreview = !f.showPreview
	case key.Matches(msg, style.Keys.ScrollUp) && (!busy || previewOnly(msg)):
		f.Prev.scroll(-f.PreviewHeight()/2, f.PreviewHeight())
	case key.Matches(msg, style.Keys.ScrollDown) && (!busy || previewOnly(msg)):
		f.Prev.scroll(f.PreviewHeight()/2, f.PreviewHeight())
	default:
		return false
	}
	return true
}

// previewOnly: shift+pgup/pgdn scroll the preview whatever the page shows.
func previewOnly(msg tea.KeyPressMsg) bool { return msg.Mod&tea.ModShift != 0 }

// PageKey handles the keys both editors share for finding their way: the
// step palette (ctrl+o, then every key while it is open), F1 (the full
// help), the keys of the focused diagnostics panel, and the keys that move
// to the next, previous or numbered page (cur of the pages titled titles). ok says
// msg was one of them; then jump is the pointer of a diagnostic to go to
// ("" for none) and page the page to enter (-1 for none).
func (f *Chrome) PageKey(msg tea.KeyPressMsg, cur int, titles []string, diags []validate.Diagnostic) (page int, jump string, ok bool) {
	page = -1
	pages := len(titles)
	switch {
	case f.Pal.Open:
		page = f.Pal.update(msg, titles)
	case key.Matches(msg, style.Keys.Palette):
		f.Pal.open(cur)
		f.Diag.Focused, f.showPreview = false, false
	case key.Matches(msg, style.Keys.Help):
		f.ShowHelp = !f.ShowHelp
	case f.Diag.Focused:
		if key.Matches(msg, style.Keys.Back, style.Keys.Diagnostics) {
			f.Diag.Focused = false
			break
		}
		if ptr, chosen := f.Diag.Update(msg, diags); chosen {
			f.Diag.Focused = false
			jump = ptr
		}
	case key.Matches(msg, style.Keys.NextStep):
		if cur < pages-1 {
			page = cur + 1
		}
	case key.Matches(msg, style.Keys.PrevStep):
		if cur > 0 {
			page = cur - 1
		}
	case key.Matches(msg, style.Keys.GoToStep):
		if n := style.StepOfDigit(msg.Code); n >= 0 && n < pages {
			page = n
		}
	default:
		return -1, "", false
	}
	return page, jump, true
}

// askBackground asks the terminal for its background colour (when the
// theme adapts); the answer arrives as a tea.BackgroundColorMsg.
func (ch *Chrome) AskBackground() tea.Cmd {
	if !ch.AdaptTheme {
		return nil
	}
	return tea.RequestBackgroundColor
}

// adaptToBackground rebuilds the theme for the terminal's background. The
// Theme is changed in place: every component holding it follows.
func (ch *Chrome) AdaptToBackground(msg tea.BackgroundColorMsg) {
	if ch.AdaptTheme {
		*ch.Th = *style.NewAdaptiveTheme(ch.Th.Colors, msg.IsDark())
	}
}

// fit cuts or pads s to exactly w cells by h lines; a line cut ends in
// one ellipsis.
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
			// Cut with one ellipsis (Truncate), so that a cut line (a long
			// status, a row running into the pane's edge) says so.
			ln = Truncate(ln, w)
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
const FocusMark = "›"

// keepInView scrolls a step's view that is taller than the pane so that the
// focused line (the first one carrying focusMark) and a few lines after it
// (its value, hint and diagnostics) stay visible.
func KeepInView(content string, height int) string {
	lines := strings.Split(content, "\n")
	if len(lines) <= height {
		return content
	}
	at := 0
	for i, l := range lines {
		if strings.Contains(l, FocusMark) {
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
