package model

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// SafeText neutralises text taken from a document before it reaches a
// terminal: control characters (ESC, BEL, C1 controls) and the invisible
// format characters (bidi controls, zero-width spaces and joiners, the
// byte order mark, tag characters, soft hyphens) and the line and paragraph
// separators U+2028/U+2029 are shown as visible escapes like `\x1b`,
// `\u202e` or `\U000e0041`, so a card cannot move the cursor, clear the
// screen, reorder what the user reads or hide text in it. Newlines and tabs
// are escaped too: a single field is always one line. Invalid UTF-8 bytes
// become `\xNN`.
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
		case isInvisibleFormat(r) && r > 0xffff:
			b.WriteString(`\U00`)
			b.WriteString(hex2(byte(r>>16)) + hex2(byte(r>>8)) + hex2(byte(r)))
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

// isInvisibleFormat reports the characters that change how text is
// displayed or hide text: every format character (Cf: bidi controls,
// zero-width space, joiners, U+FEFF, tag characters, ...), the line and
// paragraph separators, and the controls; they are escaped like controls.
// The zero-width joiner inside emoji sequences is escaped too: showing
// 👨\u200d👩 is the price of never showing hidden text.
func isInvisibleFormat(r rune) bool {
	return unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp, unicode.Cc)
}

func hex2(c byte) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[c>>4], digits[c&0xf]})
}
