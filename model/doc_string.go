package model

import (
	"strings"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// decodeStringRaw decodes a string token that the parser has validated
// (quotes included). esc tells whether it contains escapes; without them the
// value is the token's content itself, shared without a copy (sourceString).
func decodeStringRaw(raw []byte, esc bool) string {
	body := raw[1 : len(raw)-1]
	if !esc {
		return sourceString(body)
	}
	var b strings.Builder
	b.Grow(len(body))
	for i := 0; i < len(body); {
		c := body[i]
		if c != '\\' {
			j := i + 1
			for j < len(body) && body[j] != '\\' {
				j++
			}
			b.Write(body[i:j])
			i = j
			continue
		}
		switch body[i+1] {
		case '"':
			b.WriteByte('"')
		case '\\':
			b.WriteByte('\\')
		case '/':
			b.WriteByte('/')
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'u':
			r := rune(hex4(body[i+2 : i+6]))
			i += 6
			// A surrogate pair is two escapes; a lone surrogate becomes
			// U+FFFD, as encoding/json does.
			if utf16.IsSurrogate(r) {
				if i+6 <= len(body) && body[i] == '\\' && body[i+1] == 'u' {
					r2 := rune(hex4(body[i+2 : i+6]))
					if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
						b.WriteRune(dec)
						i += 6
						continue
					}
				}
				r = utf8.RuneError
			}
			b.WriteRune(r)
			continue
		}
		i += 2
	}
	return b.String()
}

func hex4(b []byte) int {
	v := 0
	for _, c := range b {
		v <<= 4
		switch {
		case c >= '0' && c <= '9':
			v |= int(c - '0')
		case c >= 'a' && c <= 'f':
			v |= int(c-'a') + 10
		case c >= 'A' && c <= 'F':
			v |= int(c-'A') + 10
		}
	}
	return v
}

// quoteString encodes s as a JSON string token the way encoding/json does
// with HTML escaping off.
func quoteString(s string) []byte {
	const hexDigits = "0123456789abcdef"
	b := make([]byte, 0, len(s)+2)
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\n':
				b = append(b, '\\', 'n')
			case c == '\r':
				b = append(b, '\\', 'r')
			case c == '\t':
				b = append(b, '\\', 't')
			case c < 0x20:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
		default:
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}

// sourceString is b as a string without a copy. Reading the strings of a
// document is the validators' hot path, and a copy per read was about a
// tenth of a card's validation time.
//
// It is only for bytes of a document source, which never change: ParseLimits
// parses its own copy of the input (so the caller may reuse its buffer), an
// edit parses its value into a new source, Encode writes a new buffer, and
// the readers that expose source bytes (Doc.Source, Node.Raw) say they are
// read-only. TestStringsSurviveInputReuse holds Parse to the first point.
func sourceString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(unsafe.SliceData(b), len(b))
}
