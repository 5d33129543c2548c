// Package termout writes JSON and unified diffs for a person to read: on a
// terminal, highlighted with the one theme of tui/style (adapted to the
// terminal's background, downsampled to the colours it supports, plain
// for NO_COLOR and TERM=dumb) and with every piece of document text passed
// through model.SafeText; anywhere else, the exact bytes, so that a pipe or
// a redirect gets data it can use.
package termout

import (
	"bytes"
	"io"
	"os"
	"strings"
	"sync"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/term"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/style"
)

// theme is the TUI's theme (one palette for screens and command line) for
// the background of the terminal w is: asked once per process, and only
// when something is highlighted; dark when the terminal does not say.
func theme(w io.Writer) *style.Theme {
	themeOnce.Do(func() {
		dark := true
		if f, ok := unwrap(w).(term.File); ok && term.IsTerminal(os.Stdin.Fd()) {
			dark = lipgloss.HasDarkBackground(os.Stdin, f)
		}
		cliTheme = style.NewAdaptiveTheme(true, dark)
	})
	return cliTheme
}

var (
	themeOnce sync.Once
	cliTheme  *style.Theme
)

// IsTerminal reports whether w (possibly wrapped by colorprofile) is a
// terminal.
func IsTerminal(w io.Writer) bool {
	f, ok := unwrap(w).(term.File)
	return ok && term.IsTerminal(f.Fd())
}

// unwrap is the writer under a colorprofile.Writer (fang's stderr).
func unwrap(w io.Writer) io.Writer {
	if cw, ok := w.(*colorprofile.Writer); ok {
		return cw.Forward
	}
	return w
}

// JSON writes JSON text to w: the bytes unchanged when w is not a
// terminal, highlighted when it is.
func JSON(w io.Writer, data []byte) error {
	if !IsTerminal(w) {
		_, err := w.Write(data)
		return err
	}
	return writeStyled(w, colorprofile.Detect(w, os.Environ()), func(color bool) string {
		return highlightJSON(theme(w), data, color)
	})
}

// Diff writes a unified diff to w, coloured when w is a terminal.
func Diff(w io.Writer, diff string) error {
	if !IsTerminal(w) {
		_, err := io.WriteString(w, diff)
		return err
	}
	return writeStyled(w, colorprofile.Detect(w, os.Environ()), func(color bool) string {
		return highlightDiff(theme(w), diff, color)
	})
}

// writeStyled writes what render returns for the terminal's profile:
// coloured and downsampled to the profile, or, for NO_COLOR (ASCII) and
// TERM=dumb (NoTTY), without any escape sequence at all.
func writeStyled(w io.Writer, profile colorprofile.Profile, render func(color bool) string) error {
	if profile <= colorprofile.ASCII {
		_, err := io.WriteString(w, render(false))
		return err
	}
	cw := &colorprofile.Writer{Forward: w, Profile: profile}
	_, err := io.WriteString(cw, render(true))
	return err
}

// highlightJSON returns data with each token styled (when color) and every
// string token passed through model.SafeText, so that a card's text cannot
// drive the terminal. It never fails: bytes that are not JSON tokens are
// shown safely as they are.
func highlightJSON(th *style.Theme, data []byte, color bool) string {
	var b strings.Builder
	b.Grow(len(data) + len(data)/2)
	style := func(s lipgloss.Style, tok string) {
		if color {
			b.WriteString(s.Render(tok))
		} else {
			b.WriteString(tok)
		}
	}
	for i := 0; i < len(data); {
		c := data[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			b.WriteByte(c)
			i++
		case c == '"':
			end := stringEnd(data, i)
			tok := model.SafeText(string(data[i:end]))
			if isKey(data, end) {
				style(th.JSONKey, tok)
			} else {
				style(th.JSONString, tok)
			}
			i = end
		case c == '-' || (c >= '0' && c <= '9'):
			end := i + 1
			for end < len(data) && strings.IndexByte("0123456789+-.eE", data[end]) >= 0 {
				end++
			}
			style(th.JSONNumber, string(data[i:end]))
			i = end
		case c == 't' || c == 'f' || c == 'n':
			end := i + 1
			for end < len(data) && data[end] >= 'a' && data[end] <= 'z' {
				end++
			}
			style(th.JSONLiteral, model.SafeText(string(data[i:end])))
			i = end
		case strings.IndexByte("{}[],:", c) >= 0:
			style(th.JSONPunct, string(c))
			i++
		default:
			// Not JSON: show up to the next structural byte, made safe.
			end := i + 1
			for end < len(data) && strings.IndexByte(" \t\r\n\"{}[],:", data[end]) < 0 {
				end++
			}
			b.WriteString(model.SafeText(string(data[i:end])))
			i = end
		}
	}
	return b.String()
}

// stringEnd returns the offset just past the string token starting at
// data[start] == '"' (or len(data) when it is not closed).
func stringEnd(data []byte, start int) int {
	for i := start + 1; i < len(data); i++ {
		switch data[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		case '\n':
			return i // an unclosed string ends with its line
		}
	}
	return len(data)
}

// isKey reports whether the string token ending at end is a member name:
// the next byte that is not white space is a colon.
func isKey(data []byte, end int) bool {
	rest := bytes.TrimLeft(data[end:], " \t\r\n")
	return len(rest) > 0 && rest[0] == ':'
}

// highlightDiff colours the lines of a unified diff by their first byte
// and makes each line safe (a catalog line may hold a card's text).
func highlightDiff(th *style.Theme, diff string, color bool) string {
	var b strings.Builder
	b.Grow(len(diff) + len(diff)/4)
	for line := range strings.Lines(diff) {
		text, nl := strings.CutSuffix(line, "\n")
		text = model.SafeText(text)
		if color {
			switch {
			case strings.HasPrefix(text, "+++ "), strings.HasPrefix(text, "--- "):
				text = th.DiffHead.Render(text)
			case strings.HasPrefix(text, "@@"):
				text = th.DiffHunk.Render(text)
			case strings.HasPrefix(text, "+"):
				text = th.DiffAdd.Render(text)
			case strings.HasPrefix(text, "-"):
				text = th.DiffDel.Render(text)
			}
		}
		b.WriteString(text)
		if nl {
			b.WriteByte('\n')
		}
	}
	return b.String()
}
