package model

import (
	"strconv"
	"unicode/utf16"
)

// LoneSurrogate returns the pointer of the first string, or member name,
// whose escapes write half of a UTF-16 surrogate pair ("\ud800" alone).
// Such a string is valid JSON text but no Unicode text: decoders replace
// it with U+FFFD, so two different documents would read alike, and RFC
// 8785 gives it no canonical form. Signing and verifying refuse it first.
func (d *Doc) LoneSurrogate() (string, bool) {
	if d == nil || d.Root() == nil {
		return "", false
	}
	return loneSurrogateIn(d.Root(), d.src, "")
}

func loneSurrogateIn(n *Node, src []byte, ptr string) (string, bool) {
	switch n.Kind {
	case String:
		if n.esc && hasLoneSurrogate(n.raw()) {
			return ptr, true
		}
	case Object:
		for _, m := range n.Members() {
			p := ptr + "/" + escapeToken(m.Key())
			if hasLoneSurrogate(m.keyBytes(src)) {
				return p, true
			}
			if at, ok := loneSurrogateIn(m.Value, src, p); ok {
				return at, true
			}
		}
	case Array:
		for i, it := range n.All() {
			if at, ok := loneSurrogateIn(it, src, ptr+"/"+strconv.Itoa(i)); ok {
				return at, true
			}
		}
	}
	return "", false
}

// hasLoneSurrogate scans a string token (quotes included) for a \u escape
// of a surrogate that is not half of a high-low pair.
func hasLoneSurrogate(tok []byte) bool {
	for i := 0; i+1 < len(tok); i++ {
		if tok[i] != '\\' {
			continue
		}
		if tok[i+1] != 'u' || i+6 > len(tok) {
			i++ // another escape: skip its character
			continue
		}
		r := rune(hex4(tok[i+2 : i+6]))
		i += 5
		if !utf16.IsSurrogate(r) {
			continue
		}
		if r >= 0xdc00 { // a low surrogate first
			return true
		}
		if i+7 > len(tok) || tok[i+1] != '\\' || tok[i+2] != 'u' {
			return true
		}
		r2 := rune(hex4(tok[i+3 : i+7]))
		if r2 < 0xdc00 || r2 > 0xdfff {
			return true
		}
		i += 6
	}
	return false
}
