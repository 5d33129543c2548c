package oasf

import "github.com/sahilm/fuzzy"

// The first keystroke in the picker is a one-letter query that every class
// matches; scoring ~700 strings through the general fuzzy matcher (which
// allocates per match) is the slowest search of all. For one ASCII byte the
// matcher's score has a closed form, computed here without allocating; a test
// holds it equal to fuzzy.Find's score on every name and caption.

// Scoring constants of github.com/sahilm/fuzzy v0.1.3.
const (
	fuzzyFirstCharBonus    = 10
	fuzzySeparatorBonus    = 20
	fuzzyLeadingPenalty    = -5
	fuzzyMaxLeadingPenalty = -15
)

func isFuzzySeparator(b byte) bool {
	switch b {
	case '/', '-', '_', ' ', '.', '\\':
		return true
	}
	return false
}

// singleByteScore is fuzzy.Find's score of the one-byte pattern c (lowercase
// ASCII) against the lowercased s, and whether it matches at all.
func singleByteScore(c byte, s string) (int, bool) {
	best, at := -1, -1
	for j := 0; j < len(s); j++ {
		if s[j] != c {
			continue
		}
		score := 0
		if j == 0 {
			score += fuzzyFirstCharBonus
		} else if isFuzzySeparator(s[j-1]) {
			score += fuzzySeparatorBonus
		}
		if score > best {
			best, at = score, j
		}
	}
	if at < 0 {
		return 0, false
	}
	return best + max(at*fuzzyLeadingPenalty, fuzzyMaxLeadingPenalty) + 1 - len(s), true
}

// findSingleByte calls found for every string of data the one-byte pattern
// c matches, with the score fuzzy.Find would give.
func findSingleByte(c byte, data []string, found func(index, score int)) {
	for i, s := range data {
		if score, ok := singleByteScore(c, s); ok {
			found(i, score)
		}
	}
}

// eachFuzzyMatch calls found for every string of data that pattern matches,
// with its fuzzy score (in data order), taking the allocation-free path for
// one ASCII byte that is not an upper-case letter (the strings are
// lowercased, so case folding changes nothing there).
func eachFuzzyMatch(pattern string, data []string, found func(index, score int)) {
	if len(pattern) == 1 && pattern[0] < 0x80 && !(pattern[0] >= 'A' && pattern[0] <= 'Z') {
		findSingleByte(pattern[0], data, found)
		return
	}
	for _, m := range fuzzy.FindNoSort(pattern, data) {
		found(m.Index, m.Score)
	}
}
