package widgets

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/style"
	"github.com/oncard/oncard/validate"
)

func severityMark(sev validate.Severity) string {
	switch sev {
	case validate.Error:
		return "✗"
	case validate.Warning:
		return "!"
	}
	return "i"
}

func severityStyle(th *style.Theme, sev validate.Severity) func(...string) string {
	switch sev {
	case validate.Error:
		return th.Error.Render
	case validate.Warning:
		return th.Warning.Render
	}
	return th.Info.Render
}

// renderDiag is one diagnostic on one line. Messages can quote card text,
// so they pass through SafeText.
func RenderDiag(th *style.Theme, d validate.Diagnostic, width int) string {
	line := severityMark(d.Severity) + " " + d.Code + ": " + model.SafeText(d.Message)
	return severityStyle(th, d.Severity)(Truncate(line, width))
}

// renderDiagFull is one diagnostic, word-wrapped to width, its hint on
// the lines below it: shown under the field it is about and in the
// diagnostics panel's detail, where it must be read whole.
func RenderDiagFull(th *style.Theme, d validate.Diagnostic, width, indent int) string {
	return indentLines(strings.Join(diagFullLines(th, d, width-indent), "\n"), indent)
}

// diagFullLines is a diagnostic's message and hint, wrapped to width
// cells (every line styled on its own, so that cutting the list of lines
// never leaves a style open).
func diagFullLines(th *style.Theme, d validate.Diagnostic, width int) []string {
	width = max(10, width)
	msg := severityMark(d.Severity) + " " + d.Code + ": " + model.SafeText(d.Message)
	var out []string
	for _, l := range strings.Split(ansi.Wrap(msg, width, ""), "\n") {
		out = append(out, severityStyle(th, d.Severity)(l))
	}
	if d.Hint != "" {
		// The hint's lines hang under its "hint:".
		for i, l := range strings.Split(ansi.Wrap(model.SafeText(d.Hint), width-8, ""), "\n") {
			lead := "  hint: "
			if i > 0 {
				lead = "        "
			}
			out = append(out, th.Hint.Render(lead+l))
		}
	}
	return out
}

// indentLines prefixes every line of s with n spaces.
func indentLines(s string, n int) string {
	pad := strings.Repeat(" ", n)
	return pad + strings.ReplaceAll(s, "\n", "\n"+pad)
}

// diagMark summarises the diagnostics of a field that is not focused.
func DiagMark(th *style.Theme, diags []validate.Diagnostic) string {
	worst := validate.Info
	for _, d := range diags {
		if d.Severity > worst {
			worst = d.Severity
		}
	}
	return severityStyle(th, worst)(fmt.Sprintf("%s%d", severityMark(worst), len(diags)))
}

// countsLine is "2 errors · 1 warning · 0 info".
func CountsLine(th *style.Theme, diags []validate.Diagnostic) string {
	e, w, i := validate.Counts(diags)
	if e+w+i == 0 {
		return th.OK.Render("✓ no findings")
	}
	return th.Error.Render(fmt.Sprintf("✗ %d %s", e, Plural(e, "error", "errors"))) + " · " +
		th.Warning.Render(fmt.Sprintf("! %d %s", w, Plural(w, "warning", "warnings"))) + " · " +
		th.Info.Render(fmt.Sprintf("i %d info", i))
}

func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// diagPanel lists every diagnostic; when focused, enter jumps to the field.
type DiagPanel struct {
	Focused bool
	Cursor  int
	Offset  int
}

// update handles keys while the panel has focus; jump is the pointer to go
// to, when enter was pressed.
func (p *DiagPanel) Update(msg tea.KeyPressMsg, diags []validate.Diagnostic) (jump string, ok bool) {
	switch {
	case key.Matches(msg, style.Keys.Up):
		if p.Cursor > 0 {
			p.Cursor--
		}
	case key.Matches(msg, style.Keys.Down):
		if p.Cursor < len(diags)-1 {
			p.Cursor++
		}
	case key.Matches(msg, style.Keys.Enter):
		if p.Cursor < len(diags) {
			return diags[p.Cursor].Pointer, true
		}
	}
	return "", false
}

// window is where the panel's list stands for n diagnostics in height
// rows (title included): the cursor kept within the list, the first row
// shown keeping it in sight, and the rows the list takes.
func (p *DiagPanel) window(n, height int) (cursor, offset, listRows int) {
	cursor, offset = p.Cursor, p.Offset
	if cursor >= n {
		cursor = max(0, n-1)
	}
	rows := height - 1
	if rows <= 0 {
		return cursor, offset, 0
	}
	// When they do not all fit, the last row says how many are left out.
	listRows = rows
	if n > rows && rows > 1 {
		listRows = rows - 1
	}
	if cursor < offset {
		offset = cursor
	}
	if cursor >= offset+listRows {
		offset = cursor - listRows + 1
	}
	if offset+listRows >= n {
		// Scrolled to the end: nothing below, the last row lists one more.
		offset, listRows = max(0, n-rows), rows
	}
	return cursor, offset, listRows
}

// Settle keeps the cursor and the scroll within a list of n diagnostics
// shown in height rows (after each message: View changes nothing).
func (p *DiagPanel) Settle(n, height int) {
	p.Cursor, p.Offset, _ = p.window(n, p.listHeight(height))
}

// listHeight is the rows the list takes (title included) of a panel of
// height rows: all of them, but a third when the panel has focus, the rest
// showing the selected finding whole (FocusedPanelHeight gives the panel
// the room).
func (p *DiagPanel) listHeight(height int) int {
	if !p.Focused {
		return height
	}
	return 1 + max(1, (height-1)/3)
}

// FocusedPanelHeight is the panel's height while it has focus on a
// screen of the given height, from its height otherwise: taller, for the
// selected finding's message and hint.
func FocusedPanelHeight(normal, screen int) int { return max(normal, screen/3) }

func (p *DiagPanel) View(th *style.Theme, diags []validate.Diagnostic, width, height int) string {
	out := p.list(th, diags, width, p.listHeight(height))
	if !p.Focused || len(diags) == 0 {
		return out
	}
	cursor, _, _ := p.window(len(diags), p.listHeight(height))
	return out + "\n" + strings.Join(p.detail(th, diags[cursor], width, height-strings.Count(out, "\n")-1), "\n")
}

// detail is the selected finding whole, in at most rows lines: where it
// is, its message and its hint, wrapped; cut (saying so) only when the
// screen is too short for it.
func (p *DiagPanel) detail(th *style.Theme, d validate.Diagnostic, width, rows int) []string {
	if rows <= 0 {
		return nil
	}
	where := d.Pointer
	if where == "" {
		where = "/ (the whole document)"
	}
	lines := []string{th.Hint.Render(Truncate("  at "+model.SafeText(where), width))}
	for _, l := range diagFullLines(th, d, width-4) {
		lines = append(lines, "    "+l)
	}
	if len(lines) > rows {
		lines = lines[:rows]
		lines[rows-1] = th.Hint.Render("    … (a taller window shows the rest)")
	}
	return lines
}

func (p *DiagPanel) list(th *style.Theme, diags []validate.Diagnostic, width, height int) string {
	cursor, offset, listRows := p.window(len(diags), height)
	var b strings.Builder
	title := "Diagnostics  " + CountsLine(th, diags)
	if p.Focused {
		title = th.LabelFocus.Render("› Diagnostics") + "  " + CountsLine(th, diags)
	}
	b.WriteString(title)
	if height-1 <= 0 {
		return b.String()
	}
	for i := offset; i < len(diags) && i < offset+listRows; i++ {
		d := diags[i]
		where := d.Pointer
		if where == "" {
			where = "/"
		}
		where = TruncateLeft(model.SafeText(where), 40) // the tail names the member
		line := RenderDiag(th, d, width-ansi.StringWidth(where)-4) + " " + th.Hint.Render(where)
		if p.Focused && i == cursor {
			line = th.Cursor.Render("›") + " " + line
		} else {
			line = "  " + line
		}
		b.WriteString("\n" + line)
	}
	if more := len(diags) - offset - listRows; more > 0 {
		how := style.Keys.Diagnostics.Help().Key // focuses the panel, to scroll it
		if p.Focused {
			how = style.Keys.Down.Help().Key
		}
		b.WriteString("\n  " + th.Hint.Render(fmt.Sprintf("+%d more (%s)", more, how)))
	}
	return b.String()
}

// count is "1 error", "2 errors".
func Count(n int, one, many string) string { return fmt.Sprintf("%d %s", n, Plural(n, one, many)) }

// truncateLeft cuts s to w cells by dropping its start (a path's end, the
// file name, is what tells files apart).
func TruncateLeft(s string, w int) string {
	if n := ansi.StringWidth(s); n > w {
		return "…" + ansi.TruncateLeft(s, n-w+1, "")
	}
	return s
}
