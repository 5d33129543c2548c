package tui

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/oncard/oncard/model"
)

// preview shows the card as it will be written, long lines wrapped, scrolled
// to keep the member being edited in sight and highlighted. Only the visible
// lines are wrapped and styled.
type preview struct {
	lines  [][]byte
	offset int // first source line shown
	// follow is false once the user scrolled by hand, until the focus moves.
	follow  bool
	lastPtr string
	// lastShown is the last source line drawn by the latest view.
	lastShown int
}

func (p *preview) setContent(data []byte) {
	p.lines = bytes.Split(bytes.TrimRight(data, "\r\n"), []byte("\n"))
}

func (p *preview) scroll(delta, height int) {
	p.follow = false
	p.offset += delta
	p.clamp(height)
}

func (p *preview) clamp(height int) {
	if p.offset > len(p.lines)-height {
		p.offset = len(p.lines) - height
	}
	if p.offset < 0 {
		p.offset = 0
	}
}

// view renders height rows of width cells, highlighting the lines of the
// member at s.Focus.
func (p *preview) view(th *Theme, s *Session, width, height int) string {
	p.setContent(s.JSON)
	first, last, hl := s.lineSpan(s.Focus)
	if s.Focus != p.lastPtr {
		p.lastPtr = s.Focus
		p.follow = true
	}
	return p.drawFollowing(th, width, height, first, last, hl)
}

// drawFollowing draws the lines with first..last highlighted (when hl);
// while following, a highlight out of sight scrolls it into view, a third
// of the way down.
func (p *preview) drawFollowing(th *Theme, width, height, first, last int, hl bool) string {
	p.clamp(height)
	out := p.draw(th, width, height, first, last, hl)
	if hl && p.follow && (first < p.offset || first > p.lastShown) {
		p.offset = first - height/3
		p.clamp(height)
		out = p.draw(th, width, height, first, last, hl)
	}
	return out
}

func (p *preview) draw(th *Theme, width, height, first, last int, hl bool) string {
	numW := len(fmt.Sprint(len(p.lines)))
	textW := max(4, width-numW-1)
	gutter := strings.Repeat(" ", numW)
	var b strings.Builder
	rows := 0
	p.lastShown = p.offset
	for i := p.offset; i < len(p.lines) && rows < height; i++ {
		text := strings.TrimRight(model.SafeText(string(p.lines[i])), `\r`)
		parts := wrapLine(expandTabs(text), textW)
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
		p.lastShown = i
	}
	return b.String()
}

// wrapLine cuts an already neutralised line into pieces of w cells,
// continuation pieces indented like the line.
func wrapLine(s string, w int) []string {
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
