package oasf

import "strings"

// searchEntry holds what a search compares for one class, computed once when
// the tree is built so that a keystroke in the picker costs no allocation
// per class. Every string is lowercased; the word slices point into them.
type searchEntry struct {
	name    string // full name
	leaf    string // last name segment
	caption string
	parent  int // index of the parent class in the tree, -1 at the top
	depth   int // 0 for a top-level class

	// Which byte classes name and caption hold together (see byteMask): a
	// query word needing a byte the class lacks is rejected with one AND.
	mask uint64

	captionWords []string   // the caption split into words
	captionNorm  string     // captionWords joined by single spaces
	nameWords    []nameWord // every segment of the name split into words
	leafWords    int        // how many of nameWords belong to the last segment

	// units are the strings a loose (subsequence) match must stay inside:
	// each name segment, then the caption. Matching "netsec" inside
	// "network_security" is meant; picking letters across segments is not.
	units     []string
	unitMasks []uint64
	// The letters that start a word, of each unit and of the whole class: a
	// query word can only match whole, as a word start or tightly from a
	// word start.
	unitStarts []uint64
	starts     uint64
}

// nameWord is one word of a name segment ("code" of "code_debugging").
type nameWord struct {
	text   string
	inLeaf bool // the word is in the last segment, not in a parent's
}

func newSearchEntry(c *Class) searchEntry {
	name := strings.ToLower(c.Name)
	caption := strings.ToLower(c.Caption)
	e := searchEntry{
		name:         name,
		leaf:         Leaf(name),
		caption:      caption,
		depth:        strings.Count(name, "/"),
		mask:         byteMask(name) | byteMask(caption),
		captionWords: splitWords(caption),
	}
	e.captionNorm = strings.Join(e.captionWords, " ")
	segments := strings.Split(name, "/")
	for k, seg := range segments {
		for _, w := range splitWords(seg) {
			e.nameWords = append(e.nameWords, nameWord{text: w, inLeaf: k == len(segments)-1})
		}
		e.units = append(e.units, seg)
	}
	e.leafWords = len(splitWords(e.leaf))
	e.units = append(e.units, caption)
	for _, u := range e.units {
		e.unitMasks = append(e.unitMasks, byteMask(u))
		starts := wordStartMask(u)
		e.unitStarts = append(e.unitStarts, starts)
		e.starts |= starts
	}
	return e
}

// isWordByte reports whether b belongs to a word: ASCII letters and digits,
// and every byte of a multi-byte UTF-8 character (so "café" stays whole).
// Everything else (space, '_', '/', '-', punctuation) separates words.
func isWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b >= 'A' && b <= 'Z' || b >= 0x80
}

// isWordStart reports whether s[j] is the first byte of a word.
func isWordStart(s string, j int) bool {
	return isWordByte(s[j]) && (j == 0 || !isWordByte(s[j-1]))
}

// splitWords returns the words of s (substrings of s, no copies).
func splitWords(s string) []string {
	var out []string
	start := -1
	for j := 0; j <= len(s); j++ {
		if j < len(s) && isWordByte(s[j]) {
			if start < 0 {
				start = j
			}
			continue
		}
		if start >= 0 {
			out = append(out, s[start:j])
			start = -1
		}
	}
	return out
}

// wordStartMask is the byteMask of the first bytes of the words of s.
func wordStartMask(s string) uint64 {
	var m uint64
	for j := 0; j < len(s); j++ {
		if isWordStart(s, j) {
			m |= 1 << maskBit(s[j])
		}
	}
	return m
}

// byteMask maps each byte of s to one of 64 bits (a-z, 0-9 and a few
// separators get their own; everything else shares the last bit).
func byteMask(s string) uint64 {
	var m uint64
	for i := 0; i < len(s); i++ {
		m |= 1 << maskBit(s[i])
	}
	return m
}

func maskBit(b byte) uint {
	switch {
	case b >= 'a' && b <= 'z':
		return uint(b - 'a')
	case b >= '0' && b <= '9':
		return 26 + uint(b-'0')
	case b == '_':
		return 36
	case b == ' ':
		return 37
	case b == '/':
		return 38
	case b == '-':
		return 39
	}
	return 63
}

// mayContain reports whether a string with mask m can hold every byte of a
// query with mask q.
func mayContain(m, q uint64) bool { return q&^m == 0 }
