package widgets

import (
	"strings"

	"charm.land/lipgloss/v2"

	"github.com/oncard/oncard/tui/style"
)

// The preview colours the card's JSON with the theme's JSON styles (the
// ones the command line uses): keys, strings, numbers, literals and
// punctuation. Lines are classified whole, byte by byte, then each wrapped
// piece is styled with its bytes' classes: a string cut by the wrap keeps
// its colour on the next row, and a key is known by the colon after it.

type jsonClass uint8

const (
	jsonNone jsonClass = iota
	jsonKey
	jsonString
	jsonNumber
	jsonLiteral
	jsonPunct
)

// classifyJSON gives the class of every byte of a line of JSON text (as
// the preview shows it: already made safe, so a string's escapes are
// backslash sequences).
func classifyJSON(s string) []jsonClass {
	out := make([]jsonClass, len(s))
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '"':
			j := i + 1
			for j < len(s) && s[j] != '"' {
				if s[j] == '\\' {
					j++
				}
				j++
			}
			end := min(j+1, len(s)) // past the closing quote
			k := end
			for k < len(s) && s[k] == ' ' {
				k++
			}
			class := jsonString
			if k < len(s) && s[k] == ':' {
				class = jsonKey
			}
			for x := i; x < end; x++ {
				out[x] = class
			}
			i = end
		case c == '-' || c >= '0' && c <= '9':
			j := i
			for j < len(s) && strings.IndexByte("0123456789+-.eE", s[j]) >= 0 {
				out[j] = jsonNumber
				j++
			}
			i = j
		case c >= 'a' && c <= 'z':
			j := i
			for j < len(s) && s[j] >= 'a' && s[j] <= 'z' {
				out[j] = jsonLiteral
				j++
			}
			i = j
		case strings.IndexByte("{}[],:", c) >= 0:
			out[i] = jsonPunct
			i++
		default:
			i++
		}
	}
	return out
}

func jsonStyle(th *style.Theme, c jsonClass) *lipgloss.Style {
	switch c {
	case jsonKey:
		return &th.JSONKey
	case jsonString:
		return &th.JSONString
	case jsonNumber:
		return &th.JSONNumber
	case jsonLiteral:
		return &th.JSONLiteral
	case jsonPunct:
		return &th.JSONPunct
	}
	return nil
}

// colorRun styles text whose bytes have the classes given, one style
// per run of bytes of one class (runs never split a character: a
// character's bytes share a class).
func colorRun(th *style.Theme, text string, classes []jsonClass) string {
	var b strings.Builder
	for i := 0; i < len(text); {
		j := i + 1
		for j < len(text) && classes[j] == classes[i] {
			j++
		}
		if st := jsonStyle(th, classes[i]); st != nil {
			b.WriteString(st.Render(text[i:j]))
		} else {
			b.WriteString(text[i:j])
		}
		i = j
	}
	return b.String()
}

// colorPieces styles the pieces WrapLine cut line into (pieces after the
// first start with pad spaces of indentation, then continue the line).
func colorPieces(th *style.Theme, line string, pieces []string, pad int) []string {
	classes := classifyJSON(line)
	out := make([]string, len(pieces))
	off := 0
	for k, p := range pieces {
		prefix, body := "", p
		if k > 0 && len(p) >= pad {
			prefix, body = p[:pad], p[pad:]
		}
		if off+len(body) > len(line) || line[off:off+len(body)] != body {
			out[k] = p // not a slice of the line (cannot happen): as is
			continue
		}
		out[k] = prefix + colorRun(th, body, classes[off:off+len(body)])
		off += len(body)
	}
	return out
}
