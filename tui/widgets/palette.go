package widgets

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/style"
)

// Palette goes to a page by name, beside the alt+digit keys (which stop
// at the tenth page and need a number known by heart): ctrl+o opens it,
// typing narrows the page titles to those containing what was typed (any
// case), ↑/↓ choose among them, enter goes to the chosen one and esc
// closes it. The frame owns it, so both editors have it; while it is open
// every key but ctrl+c is its own.
type Palette struct {
	Open   bool
	Query  string
	cursor int // among the matches
}

// Matches are the pages whose title contains the query, in page order.
func (p *Palette) Matches(pages []string) []int {
	q := strings.ToLower(strings.TrimSpace(p.Query))
	var out []int
	for i, t := range pages {
		if strings.Contains(strings.ToLower(t), q) {
			out = append(out, i)
		}
	}
	return out
}

// open shows the palette, empty, with the cursor on the current page.
func (p *Palette) open(cur int) {
	p.Open, p.Query, p.cursor = true, "", cur
}

// update handles a key while the palette is open: page is the page chosen
// (-1 while none is).
func (p *Palette) update(msg tea.KeyPressMsg, pages []string) (page int) {
	m := p.Matches(pages)
	switch {
	case key.Matches(msg, style.Keys.Back, style.Keys.Palette):
		p.Open = false
	case key.Matches(msg, style.Keys.Enter):
		if len(m) > 0 {
			p.Open = false
			return m[min(p.cursor, len(m)-1)]
		}
	case key.Matches(msg, style.Keys.Up, style.Keys.PrevField) && msg.Code != tea.KeyTab:
		p.cursor = max(0, min(p.cursor, len(m)-1)-1)
	case key.Matches(msg, style.Keys.Down, style.Keys.NextField):
		p.cursor = min(len(m)-1, p.cursor+1)
	case msg.Code == tea.KeyBackspace:
		if r := []rune(p.Query); len(r) > 0 {
			p.Query = string(r[:len(r)-1])
			p.cursor = 0
		}
	case msg.Text != "":
		p.Query += msg.Text
		p.cursor = 0
	}
	return -1
}

// view draws the palette in the form pane, width × height cells: what
// each step edits is said under its title when there is room for it.
func (p *Palette) view(th *style.Theme, pages, about []string, cur, width, height int) string {
	var b strings.Builder
	b.WriteString(th.Title.Render("Go to a step") + "\n")
	b.WriteString(th.Label.Render("name: ") + model.SafeText(p.Query) + th.LabelFocus.Render("▏") + "\n\n")
	m := p.Matches(pages)
	if len(m) == 0 {
		b.WriteString(th.Hint.Render(Truncate("no step's name contains "+quoteShown(p.Query), width)) + "\n")
	}
	at := min(p.cursor, len(m)-1)
	if 7+2*len(m) > height {
		about = nil
	}
	for k, i := range m {
		line := "  " + pages[i]
		if i == cur {
			line += "  (this step)"
		}
		if k == at {
			b.WriteString(th.Cursor.Render(Truncate(FocusMark+" "+line[2:], width)) + "\n")
		} else {
			b.WriteString(Truncate(line, width) + "\n")
		}
		if i < len(about) && about[i] != "" {
			if k == at { // the chosen step's, whole
				b.WriteString(indentLines(th.Hint.Render(ansi.Wrap(about[i], max(10, width-4), " ")), 4) + "\n")
			} else {
				b.WriteString(th.Hint.Render(Truncate("    "+about[i], width)) + "\n")
			}
		}
	}
	b.WriteString("\n" + HintBlock(th, "type to filter · ↑/↓ choose · enter goes there · esc closes", width))
	return b.String()
}

// quoteShown quotes text typed by the user for a message.
func quoteShown(s string) string { return "\u201c" + model.SafeText(s) + "\u201d" }
