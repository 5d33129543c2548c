package component

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/style"
)

// preview shows the card as it will be written, long lines wrapped, scrolled
// to keep the member being edited in sight and highlighted. Only the visible
// lines are wrapped and styled.
type Preview struct {
	lines  [][]byte
	Offset int // first source line shown
	// follow is false once the user scrolled by hand, until the focus
	// moves or the card changes.
	Follow  bool
	LastPtr string
	// seen is the card as last drawn: a change to it (a toggled skill, a
	// typed character) makes the preview follow the member again.
	seen []byte
	// lastShown is the last source line drawn by the latest view.
	LastShown int
}

func (p *Preview) SetContent(data []byte) {
	p.lines = bytes.Split(bytes.TrimRight(data, "\r\n"), []byte("\n"))
}

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

// view renders height rows of width cells, highlighting the lines of the
// member at s.Focus.
func (p *Preview) View(th *style.Theme, s *Session, width, height int) string {
	p.SetContent(s.JSON)
	first, last, hl := s.LineSpan(s.Focus)
	if s.Focus != p.LastPtr {
		p.LastPtr = s.Focus
		p.Follow = true
	}
	if !bytes.Equal(s.JSON, p.seen) {
		p.seen = append(p.seen[:0], s.JSON...)
		p.Follow = true
	}
	return p.DrawFollowing(th, width, height, first, last, hl)
}

// drawFollowing draws the lines with first..last highlighted (when hl);
// while following, a highlight not wholly in sight is scrolled into view:
// its start a third of the way down, or higher when that shows its end
// (a skill appended to a list), its start at the top when it is taller
// than the pane.
func (p *Preview) DrawFollowing(th *style.Theme, width, height, first, last int, hl bool) string {
	p.clamp(height)
	out := p.draw(th, width, height, first, last, hl)
	if !hl || !p.Follow || first < 0 || first >= len(p.lines) {
		return out
	}
	if first >= p.Offset && (last <= p.LastShown || first == p.Offset) {
		return out // in sight (or as much of it as the pane holds)
	}
	p.Offset = min(first, max(first-height/3, p.firstToShow(last, width, height)))
	p.clamp(height)
	return p.draw(th, width, height, first, last, hl)
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
	p.LastShown = p.Offset
	for i := p.Offset; i < len(p.lines) && rows < height; i++ {
		parts := WrapLine(expandTabs(p.Text(i)), textW)
		lit := hl && i >= first && i <= last
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
				b.WriteString(th.Hint.Render(num) + " " + part)
			}
			rows++
		}
		p.LastShown = i
	}
	return b.String()
}

// wrapLine cuts an already neutralised line into pieces of w cells,
// continuation pieces indented like the line.
func WrapLine(s string, w int) []string {
	if ansi.StringWidth(s) <= w {
		return []string{s}
	}
	indent := len(s) - len(strings.TrimLeft(s, " "))
	if indent > w/2 {
		indent = 0
	}
	pad := strings.Repeat(" ", indent+2)
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
