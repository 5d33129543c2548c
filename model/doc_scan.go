package model

// Scanning of string and number tokens.

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"unicode/utf8"
	"unsafe"
)

// scanString moves past a string token starting at p.pos (on the opening
// quote). It reports whether the string contains escapes. It checks that
// the string is UTF-8: outside strings JSON is ASCII, so the parser needs
// no separate pass over the whole input (see parse).
//
// The plain bytes are skipped by plainEnd, the last few of the input one
// at a time. The rarer cases (escapes, bytes outside ASCII, errors) are out
// of line, so that this loop keeps its few variables in registers.
func (p *parser) scanString() (esc bool, err error) {
	src := p.src
	i := p.pos + 1
	for {
		i = plainEnd(src, i)
		for i < len(src) && !stringStop[src[i]] {
			i++
		}
		if i >= len(src) {
			return false, p.errAt(p.pos, "json/syntax", "unterminated string (missing closing '\"')")
		}
		switch c := src[i]; {
		case c == '"':
			p.pos = i + 1
			return esc, nil
		case c == '\\':
			esc, p.unplainText = true, true
			if i, err = p.scanEscape(i); err != nil {
				return false, err
			}
		case c < 0x20:
			return false, p.controlError(i)
		default: // a byte of 0x80 and over
			// The first byte not ASCII seen is the first of the input:
			// everything before it was ASCII or checked here.
			p.unplainText = true
			r, size := utf8.DecodeRune(src[i:])
			if r == utf8.RuneError && size == 1 {
				return false, encodingError(src, i)
			}
			i += size
		}
	}
}

// plainEnd returns the offset of the first byte from i on that stops a
// string's fast scan (stringStop), or one within eight bytes of the end of
// src: the bytes before it are plain. Small enough to be inlined, it lets
// the loops of objects and arrays find the end of a plain string (its
// quote at the offset returned) without a call.
func plainEnd(src []byte, i int) int {
	for i+8 <= len(src) {
		if m := stringStops(word(src, i)); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
		i += 8
	}
	return i
}

// word reads the eight bytes src[i:i+8] as a little-endian word; the
// caller's loop test keeps them inside src (0 <= i, i+8 <= len(src)).
// It reads through unsafe.Add: the bounds checks and the slicing of
// src[i:] took more instructions than the test of the word itself.
func word(src []byte, i int) uint64 {
	return binary.LittleEndian.Uint64((*[8]byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(src)), i))[:])
}

// scanEscape checks the escape at src[i] (a backslash inside a string)
// and returns the offset after it.
func (p *parser) scanEscape(i int) (int, error) {
	src := p.src
	if i+1 >= len(src) {
		return 0, p.errAt(p.pos, "json/syntax", "unterminated string (missing closing '\"')")
	}
	switch src[i+1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return i + 2, nil
	case 'u':
		if i+6 > len(src) || !isHex4(src[i+2:i+6]) {
			return 0, p.errAt(i, "json/syntax", "invalid \\u escape in string: expected four hexadecimal digits")
		}
		if c := src[i+2] | 0x20; c == 'd' && src[i+3] >= '8' {
			p.notIJSON = true // \uD800–\uDFFF: a surrogate, maybe alone
		}
		return i + 6, nil
	}
	return 0, p.errAt(i, "json/syntax", "invalid escape in string: \\"+string(rune(src[i+1])))
}

// controlError is the error of a raw control character in a string.
func (p *parser) controlError(i int) error {
	c := p.src[i]
	return p.errAt(i, "json/syntax",
		fmt.Sprintf("control character U+%04X is not allowed in a string; write it as an escape like \\n or \\u%04x", c, c))
}

// stringStop marks the bytes that end the fast scan of a string: the
// closing quote, a backslash, the control characters and the bytes of
// characters outside ASCII (checked for UTF-8).
var stringStop = func() (t [256]bool) {
	for c := 0; c < 0x20; c++ {
		t[c] = true
	}
	for c := utf8.RuneSelf; c < 256; c++ {
		t[c] = true
	}
	t['"'], t['\\'] = true, true
	return t
}()

// stringStops marks with its high bit each byte of the eight of w that is
// a quote, a backslash, a control character or a byte of 0x80 and over.
// After a xor with the quote (or the backslash) in every byte, that byte
// is zero, and subtracting 0x01 from it sets its high bit; a byte below
// 0x20 gets it subtracting 0x20. The other bytes that get it that way are
// those of 0x80 and over, marked anyway by their own high bit (the
// tests of "Bit Twiddling Hacks" need an & ^x to tell them apart; here
// they are stops too). A borrow may mark a byte above a stop too, never
// below the first: the lowest mark is exact.
func stringStops(w uint64) uint64 {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	quote := w ^ (ones * '"')
	slash := w ^ (ones * '\\')
	return ((quote - ones) | (slash - ones) | (w - ones*0x20) | w) & highs
}

func isHex4(b []byte) bool {
	for _, c := range b {
		if !((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')) {
			return false
		}
	}
	return true
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// scanNumber moves past a number token per RFC 8259:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func (p *parser) scanNumber() error {
	src := p.src
	start := p.pos
	i := p.pos
	if src[i] == '-' {
		i++
	}
	switch {
	case i < len(src) && src[i] == '0':
		i++
		if i < len(src) && isDigit(src[i]) {
			return p.errAt(start, "json/syntax", "numbers cannot have leading zeros")
		}
	case i < len(src) && isDigit(src[i]):
		for i < len(src) && isDigit(src[i]) {
			i++
		}
		if i-start > 16 || i-start == 16 && src[start] != '-' {
			p.notIJSON = true // more than 15 digits
		}
	default:
		return p.errAt(i, "json/syntax", "expected a digit in the number, found "+p.found(i))
	}
	if i < len(src) && (src[i] == '.' || src[i] == 'e' || src[i] == 'E') {
		p.notIJSON = true // not an integer: decided by its value
	}
	if i < len(src) && src[i] == '.' {
		i++
		if i >= len(src) || !isDigit(src[i]) {
			return p.errAt(i, "json/syntax", "expected a digit after the decimal point, found "+p.found(i))
		}
		for i < len(src) && isDigit(src[i]) {
			i++
		}
	}
	if i < len(src) && (src[i] == 'e' || src[i] == 'E') {
		i++
		if i < len(src) && (src[i] == '+' || src[i] == '-') {
			i++
		}
		if i >= len(src) || !isDigit(src[i]) {
			return p.errAt(i, "json/syntax", "expected a digit in the exponent, found "+p.found(i))
		}
		for i < len(src) && isDigit(src[i]) {
			i++
		}
	}
	p.pos = i
	return nil
}
