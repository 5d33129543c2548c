package oasf

import (
	"math"
	"sort"
	"strings"
)

// searchEntry holds the lowercased strings a search compares, computed once
// when the tree is built so that a keystroke in the picker costs no
// allocation per class.
type searchEntry struct {
	name    string // full name
	leaf    string // last name segment
	caption string
	parent  int // index of the parent class in the tree, -1 at the top
	// Which byte classes each string contains (see byteMask): a query
	// needing a byte the string lacks is rejected with one AND.
	nameMask, leafMask, captionMask uint64
}

func newSearchEntry(c *Class) searchEntry {
	name := strings.ToLower(c.Name)
	caption := strings.ToLower(c.Caption)
	leaf := Leaf(name)
	return searchEntry{
		name: name, leaf: leaf, caption: caption,
		nameMask: byteMask(name), leafMask: byteMask(leaf), captionMask: byteMask(caption),
	}
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

// Bonuses added to the fuzzy score so that the obvious answer comes first:
// typing a class's exact last segment, or a contiguous piece of its name.
const (
	exactLeafBonus = 60
	substringBonus = 15
)

// noScore marks a class that did not match (fuzzy scores are far above it).
const noScore = math.MinInt

// Search finds classes whose full name or caption match query (fuzzy,
// case-insensitive), best first, at most limit (0 = no limit). Categories are
// included (the picker shows them as headings). Spaces in the query also
// match the underscores of names ("error handling" finds error_handling). An
// empty query lists every class in taxonomy order.
func (t *Tree) Search(query string, limit int) []Match {
	if t == nil {
		return nil
	}
	q := strings.ToLower(strings.TrimSpace(query))
	if q == "" {
		return t.everything(limit)
	}
	qName := strings.ReplaceAll(q, " ", "_")
	qMask, qNameMask := byteMask(q), byteMask(qName)

	// A class can only match if the query is a subsequence of its name or
	// caption; checking that first (a bit mask, then a byte scan) is far
	// cheaper than scoring, and leaves the fuzzy scorer the real candidates.
	n := len(t.search)
	nameHas := make([]bool, n) // the query is a subsequence of the full name
	inherit := make([]bool, n) // scored from the parent, see below
	var nameIdx, capIdx []int
	var names, caps []string
	for i := range t.search {
		e := &t.search[i]
		if mayContain(e.nameMask, qNameMask) && isSubsequence(qName, e.name) {
			nameHas[i] = true
			switch {
			case mayContain(e.leafMask, qNameMask) && isSubsequence(qName, e.leaf):
				// A match within the last segment is what the user means,
				// and the short string is cheap to score.
				nameIdx = append(nameIdx, i)
				names = append(names, e.leaf)
			case e.parent >= 0 && nameHas[e.parent]:
				// The match lies in the parents' segments: rank the class
				// just below its parent instead of scoring the long name.
				inherit[i] = true
			default:
				nameIdx = append(nameIdx, i)
				names = append(names, e.name)
			}
		}
		if mayContain(e.captionMask, qMask) && isSubsequence(q, e.caption) {
			capIdx = append(capIdx, i)
			caps = append(caps, e.caption)
		}
	}
	if len(nameIdx) == 0 && len(capIdx) == 0 {
		return nil
	}
	nameScore := make([]int, n)
	best := make([]int, n) // best[i] is the score of class i, or noScore
	for i := range best {
		best[i], nameScore[i] = noScore, noScore
	}
	eachFuzzyMatch(qName, names, func(k, score int) {
		i := nameIdx[k]
		if t.search[i].leaf == qName {
			score += exactLeafBonus
		} else if strings.Contains(t.search[i].name, qName) {
			score += substringBonus
		}
		nameScore[i] = score
	})
	// Parents come before their children, so one pass in taxonomy order
	// settles every inherited score (the penalty is the one the fuzzy scorer
	// gives for the unmatched bytes of "/leaf").
	for i := range inherit {
		if inherit[i] {
			if p := t.search[i].parent; nameScore[p] != noScore {
				nameScore[i] = nameScore[p] - len(t.search[i].leaf) - 1
			}
		}
	}
	matched := 0
	record := func(i, score int) {
		if best[i] == noScore {
			matched++
		}
		best[i] = max(best[i], score)
	}
	for i, sc := range nameScore {
		if sc != noScore {
			record(i, sc)
		}
	}
	eachFuzzyMatch(q, caps, func(k, score int) {
		i := capIdx[k]
		if t.search[i].caption == q {
			score += exactLeafBonus
		} else if strings.Contains(t.search[i].caption, q) {
			score += substringBonus
		}
		record(i, score)
	})
	order := make([]int, 0, matched)
	for i, sc := range best {
		if sc != noScore {
			order = append(order, i)
		}
	}
	sort.Slice(order, func(a, b int) bool {
		sa, sb := best[order[a]], best[order[b]]
		if sa != sb {
			return sa > sb
		}
		return order[a] < order[b] // taxonomy order breaks ties
	})
	if limit > 0 && len(order) > limit {
		order = order[:limit]
	}
	out := make([]Match, len(order))
	for k, i := range order {
		out[k] = Match{Class: t.classes[i], Score: best[i]}
	}
	return out
}

func (t *Tree) everything(limit int) []Match {
	n := len(t.classes)
	if limit > 0 && limit < n {
		n = limit
	}
	out := make([]Match, n)
	for i := range out {
		out[i] = Match{Class: t.classes[i]}
	}
	return out
}

// isSubsequence reports whether every byte of q appears in s in order. Both
// are lowercased. strings.IndexByte jumps ahead with the runtime's vectorised
// search, which makes rejecting a class a few nanoseconds.
func isSubsequence(q, s string) bool {
	if len(q) > len(s) {
		return false
	}
	for i := 0; i < len(q); i++ {
		k := strings.IndexByte(s, q[i])
		if k < 0 {
			return false
		}
		s = s[k+1:]
	}
	return true
}
