package widgets

import (
	"bytes"
	"fmt"
	"github.com/oncard/oncard/tui/editor"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/style"
)

// Preview shows the card (or what the Catalog step plans) as it will be
// written, long lines wrapped, scrolled to keep the member being edited in
// sight and highlighted. Only the visible lines are wrapped and styled.
//
// Its state changes only in Update: Sync, after each message, takes what
// it is to show and scrolls; View draws that, changing nothing.
type Preview struct {
	lines  [][]byte
	Offset int // first source line shown
	// follow is false once the user scrolled by hand, until the focus
	// moves or the content changes.
	Follow bool
	// LastPtr is the key of what was followed at the last Sync (the
	// focused member's pointer), seen the text shown then: a change of
	// either makes the preview follow again. The text is never edited in
	// place (a change is a new encoding), so seen is the text itself.
	LastPtr string
	seen    []byte
	// first..last are the source lines highlighted (when hl).
	first, last int
	hl          bool
	// LastShown is the last source line the pane shows, at the size of
	// the last Sync.
	LastShown int
}

// SetContent replaces the text shown (scrolling keys call it with the
// text on screen).
func (p *Preview) SetContent(data []byte) {
	p.lines = bytes.Split(bytes.TrimRight(data, "\r\n"), []byte("\n"))
}

// Lines is the number of source lines shown.
func (p *Preview) Lines() int { return len(p.lines) }

func (p *Preview) scroll(delta, height int) {
	p.Follow = false
	p.Offset += delta
	p.clamp(height)
}

func (p *Preview) clamp(height int) {
	if p.Offset > len(p.lines)-height {
		p.Offset = len(p.lines) - height
	}
	if p.Offset < 0 {
		p.Offset = 0
	}
}

// Sync takes c as the preview's content for a pane of width × height
// cells: a new key or new text makes it follow again, and while following,
// a highlight not wholly in sight is scrolled into view: its start a third
// of the way down, or higher when that shows its end (a skill appended to
// a list), its start at the top when it is taller than the pane.
func (p *Preview) Sync(c editor.PreviewContent, width, height int) {
	if c.Key != p.LastPtr {
		p.LastPtr, p.Follow = c.Key, true
	}
	if !sameBytes(c.Text, p.seen) {
		p.seen = c.Text
		p.SetContent(c.Text)
		p.Follow = true
	}
	p.first, p.last, p.hl = c.First, c.Last, c.Highlight
	p.clamp(height)
	p.LastShown = p.lastShown(width, height)
	if !c.Highlight || !p.Follow || c.First < 0 || c.First >= len(p.lines) {
		return
	}
	if c.First >= p.Offset && (c.Last <= p.LastShown || c.First == p.Offset) {
		return // in sight (or as much of it as the pane holds)
	}
	p.Offset = min(c.First, max(c.First-height/3, p.firstToShow(c.Last, width, height)))
	p.clamp(height)
	p.LastShown = p.lastShown(width, height)
}

// sameBytes reports whether a and b are the same slice (not merely equal
// bytes): comparing a large card byte by byte on every key would cost
// what the preview saves by being drawn from state.
func sameBytes(a, b []byte) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// lastShown is the last source line a pane of width × height shows from
// Offset.
func (p *Preview) lastShown(width, height int) int {
	textW := p.textWidth(width)
	rows, last := 0, p.Offset
	for i := p.Offset; i < len(p.lines) && rows < height; i++ {
		rows += len(WrapLine(expandTabs(p.Text(i)), textW))
		last = i
	}
	return last
}

// View draws height rows of width cells of what the last Sync took.
func (p *Preview) View(th *style.Theme, width, height int) string {
	return p.draw(th, width, height, p.first, p.last, p.hl)
}

// firstToShow is the first source line to draw so that line last ends the
// pane: as many lines before it as their wrapped rows allow.
func (p *Preview) firstToShow(last, width, height int) int {
	last = min(last, len(p.lines)-1)
	textW := p.textWidth(width)
	rows := 0
	i := last
	for ; i >= 0; i-- {
		rows += len(WrapLine(expandTabs(p.Text(i)), textW))
		if rows > height {
			return i + 1
		}
	}
	return 0
}

// text is source line i made safe for the terminal.
func (p *Preview) Text(i int) string {
	return strings.TrimRight(model.SafeText(string(p.lines[i])), `\r`)
}

// textWidth is the cells left for the text beside the line numbers.
func (p *Preview) textWidth(width int) int {
	numW := len(fmt.Sprint(len(p.lines)))
	return max(4, width-numW-1)
}

func (p *Preview) draw(th *style.Theme, width, height, first, last int, hl bool) string {
	numW := len(fmt.Sprint(len(p.lines)))
	textW := p.textWidth(width)
	gutter := strings.Repeat(" ", numW)
	var b strings.Builder
	rows := 0
	offset := min(p.Offset, max(0, len(p.lines)-height))
	for i := offset; i < len(p.lines) && rows < height; i++ {
		text := expandTabs(p.Text(i))
		parts := WrapLine(text, textW)
		lit := hl && i >= first && i <= last
		// The highlight is one background over plain text (token colours
		// inside it would end it at their first reset).
		shown := parts
		if th.Colors && !lit {
			shown = colorPieces(th, text, parts, wrapPad(text, textW))
		}
		for k, part := range parts {
			if rows == height {
				break
			}
			if rows > 0 {
				b.WriteByte('\n')
			}
			num := gutter
			if k == 0 {
				num = fmt.Sprintf("%*d", numW, i+1)
			}
			if lit {
				b.WriteString(th.Highlight.Render(padRight(num+" "+part, width)))
			} else {
				b.WriteString(th.Hint.Render(num) + " " + shown[k])
			}
			rows++
		}
	}
	return b.String()
}

// wrapLine cuts an already neutralised line into pieces of w cells,
// continuation pieces indented like the line.
func WrapLine(s string, w int) []string {
	if ansi.StringWidth(s) <= w {
		return []string{s}
	}
	pad := strings.Repeat(" ", wrapPad(s, w))
	if isASCII(s) && w > len(pad) {
		// The common case (JSON is mostly ASCII): one cell per byte, so
		// slicing is exact and linear.
		out := []string{s[:w]}
		for rest := s[w:]; len(rest) > 0 && len(out) < 50; {
			n := min(len(rest), w-len(pad))
			out = append(out, pad+rest[:n])
			rest = rest[n:]
		}
		return out
	}
	var out []string
	rest := s
	for ansi.StringWidth(rest) > w && len(out) < 50 {
		head := ansi.Truncate(rest, w, "")
		if head == "" {
			break
		}
		out = append(out, head)
		rest = pad + ansi.TruncateLeft(rest, ansi.StringWidth(head), "")
	}
	return append(out, rest)
}

// wrapPad is the indentation of the continuation pieces of s wrapped to
// w cells: the line's own, two more, none for a line indented past half.
func wrapPad(s string, w int) int {
	indent := len(s) - len(strings.TrimLeft(s, " "))
	if indent > w/2 {
		indent = 0
	}
	return indent + 2
}

// expandTabs shows escaped tab indentation (SafeText writes \t) as spaces.
func expandTabs(s string) string {
	n := 0
	for strings.HasPrefix(s[n:], `\t`) {
		n += 2
	}
	if n == 0 {
		return s
	}
	return strings.Repeat("  ", n/2) + s[n:]
}

func padRight(s string, w int) string {
	if n := ansi.StringWidth(s); n < w {
		return s + strings.Repeat(" ", w-n)
	}
	return s
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] >= 0x7f {
			return false
		}
	}
	return true
}
