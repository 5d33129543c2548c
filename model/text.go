package model

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// SafeText neutralises text taken from a document before it reaches a
// terminal: control characters (ESC, BEL, C1 controls, bidi overrides ...)
// are shown as visible escapes like `\x1b` or `\u202e`, so a card cannot move
// the cursor, clear the screen or reorder what the user reads. Newlines and
// tabs are escaped too: a single field is always one line. Invalid UTF-8
// bytes become `\xNN`.
func SafeText(s string) string {
	if isPlain(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\x`)
			b.WriteString(hex2(s[i]))
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0):
			switch r {
			case '\n':
				b.WriteString(`\n`)
			case '\t':
				b.WriteString(`\t`)
			case '\r':
				b.WriteString(`\r`)
			default:
				b.WriteString(`\x`)
				b.WriteString(hex2(byte(r)))
			}
		case isInvisibleFormat(r):
			b.WriteString(`\u`)
			b.WriteString(hex2(byte(r>>8)) + hex2(byte(r)))
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

func isPlain(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c >= 0x7f {
			return false
		}
	}
	return true
}

// isInvisibleFormat reports the format characters that change how text is
// displayed (bidi controls) or hide text; they are escaped like controls.
func isInvisibleFormat(r rune) bool {
	switch {
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x200e, r == 0x200f, r == 0x061c:
		return true
	}
	return unicode.Is(unicode.Cc, r)
}

func hex2(c byte) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[c>>4], digits[c&0xf]})
}
