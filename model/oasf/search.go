package oasf

import (
	"slices"
	"strconv"
	"strings"
)

// How well a class matches, best first. The tier of a class is the weakest
// tier among its query words (every word must match somewhere); a Match's
// Score is tier*tierScale plus a finer score inside the tier, so Scores of
// different tiers never interleave.
const (
	tierTight   = 2 // letters in order, tightly, inside one segment or the caption
	tierPart    = 3 // the word is a substring of the caption or name
	tierPrefix  = 4 // the word starts a word of the caption or name
	tierWord    = 5 // the word is a whole word of the caption or name
	tierExact   = 6 // the query is the caption, the last segment or the full name
	tierID      = 7 // the query is the class's id
	tierScale   = 1000
	withinBase  = 500 // finer scores are kept within [0, tierScale)
	noTier      = 0
	primaryHit  = 40 // a query word found in the caption or the last segment
	ancestorHit = 10 // ... only in a parent's segment
	firstWord   = 15 // ... as the first word of the caption or the last segment
	phraseBonus = 30 // the query words appear side by side, in order
	extraWord   = 5  // per word of the caption or last segment left unmatched
)

// Search finds the classes that match query, best first, at most limit
// (0 = no limit). Categories are included (the picker shows them as
// headings). An empty query lists every class in taxonomy order.
//
// Ranking, as a picker user expects: a query of digits that is a class id;
// then the exact caption, last segment or full name; then classes having
// every query word (split at spaces and punctuation such as '_', '/', '-';
// in any order) as a whole word of the caption or the name, then as a word
// start, then anywhere inside; last, letters typed in order, but only when
// they sit tightly inside one name segment or the caption ("netsec" finds
// network_security). Letters scattered over a whole name do not match. Ties
// go to the shallower class, then the shorter name, then taxonomy order.
func (t *Tree) Search(query string, limit int) []Match {
	if t == nil {
		return nil
	}
	q := strings.ToLower(strings.TrimSpace(query))
	if q == "" {
		return t.everything(limit)
	}
	qs := newSearchQuery(q)
	idMatch := -1
	if id, err := strconv.Atoi(q); err == nil && q[0] != '+' && q[0] != '-' {
		if c := t.ByID(id); c != nil {
			idMatch = id
		}
	}

	var hits []uint64
	entries := t.searchEntries()
	for i := range entries {
		e := &entries[i]
		score := qs.score(e)
		if t.classes[i].ID == idMatch {
			score = tierID * tierScale
		}
		if score > 0 {
			hits = append(hits, rankKey(score, e.depth, len(e.name), i))
		}
	}
	if len(hits) == 0 {
		return nil
	}
	slices.Sort(hits)
	if limit > 0 && len(hits) > limit {
		hits = hits[:limit]
	}
	out := make([]Match, len(hits))
	for k, h := range hits {
		i := int(h & indexMask)
		out[k] = Match{Class: t.classes[i], Score: int(maxScore - h>>scoreShift)}
	}
	return out
}

// A hit is sorted as one number, so that ordering ~700 hits is a plain
// integer sort: from the high bits down, the score (inverted, best first),
// the depth, the name length, the taxonomy position. Each field is clamped
// to its bits; the taxonomies are far below those limits.
const (
	scoreShift = 44
	depthShift = 36
	lenShift   = 20
	indexMask  = 1<<lenShift - 1
	maxScore   = 1<<(64-scoreShift) - 1
)

func rankKey(score, depth, nameLen, index int) uint64 {
	return uint64(maxScore-min(score, maxScore))<<scoreShift |
		uint64(min(depth, 1<<(scoreShift-depthShift)-1))<<depthShift |
		uint64(min(nameLen, 1<<(depthShift-lenShift)-1))<<lenShift |
		uint64(min(index, indexMask))
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

// searchQuery is a lowercased, trimmed, non-empty query prepared once per
// Search.
type searchQuery struct {
	raw        string   // as typed (lowercased)
	words      []string // split at every non-word byte
	wordMasks  []uint64
	asCaption  string // words joined by spaces, to compare with captionNorm
	asSegment  string // words joined by '_', to compare with a segment
	rawMask    uint64
	noWordsRaw bool // the query is only separators ("_", "/"): match it as typed
}

func newSearchQuery(q string) *searchQuery {
	words := splitWords(q)
	qs := &searchQuery{
		raw:        q,
		words:      words,
		asCaption:  strings.Join(words, " "),
		asSegment:  strings.Join(words, "_"),
		rawMask:    byteMask(q),
		noWordsRaw: len(words) == 0,
	}
	for _, w := range words {
		qs.wordMasks = append(qs.wordMasks, byteMask(w))
	}
	return qs
}

// score returns tier*tierScale plus the finer score, or 0 when e does not
// match.
func (qs *searchQuery) score(e *searchEntry) int {
	if qs.noWordsRaw {
		if mayContain(e.mask, qs.rawMask) && (strings.Contains(e.name, qs.raw) || strings.Contains(e.caption, qs.raw)) {
			return tierPart*tierScale + withinBase
		}
		return 0
	}
	if qs.raw == e.name || qs.asSegment == e.leaf || qs.asCaption == e.captionNorm {
		return tierExact*tierScale + withinBase
	}
	tier, within, own := tierExact, withinBase, false
	for k, w := range qs.words {
		if !mayContain(e.mask, qs.wordMasks[k]) {
			return 0
		}
		wt, ws, primary := matchWord(e, w)
		if wt == noTier {
			return 0
		}
		tier = min(tier, wt)
		within += ws
		own = own || primary
	}
	if !own {
		// Every word is only in a parent's segments ("ml" in the children of
		// ai_ml_engineering): the class shows because of its parent, so it
		// goes below classes that match by themselves.
		tier = max(tier-1, tierTight)
	}
	if len(qs.words) > 1 && (strings.Contains(e.captionNorm, qs.asCaption) || strings.Contains(e.leaf, qs.asSegment)) {
		within += phraseBonus
	}
	// A query covering more of the caption or last segment is closer to
	// what was meant ("summar": Text Summarization before Audit Trail
	// Summarization).
	unmatched := min(len(e.captionWords), e.leafWords) - len(qs.words)
	within -= extraWord * max(0, unmatched)
	return tier*tierScale + min(max(within, 0), tierScale-1)
}

// matchWord finds the best tier of one query word w in e, its finer score,
// and whether that match is in the caption or the last segment (primary)
// rather than only in a parent's segment.
func matchWord(e *searchEntry, w string) (tier, score int, primary bool) {
	consider := func(t, s int) {
		if t > tier || t == tier && s > score {
			tier, score = t, s
		}
	}
	startsWord := mayContain(e.starts, 1<<maskBit(w[0]))
	if !startsWord {
		// No word begins with w's first letter: no word or tight match.
		return substringOnly(e, w)
	}
	for k, cw := range e.captionWords {
		if t, s := wordTier(w, cw); t != noTier {
			if k == 0 {
				s += firstWord
			}
			consider(t, s+primaryHit)
		}
	}
	leafStart := len(e.nameWords) - e.leafWords
	for k, nw := range e.nameWords {
		if t, s := wordTier(w, nw.text); t != noTier {
			switch {
			case k == leafStart:
				s += primaryHit + firstWord
			case nw.inLeaf:
				s += primaryHit
			default:
				s += ancestorHit
			}
			consider(t, s)
		}
	}
	if tier >= tierPrefix {
		return tier, score, score >= primaryHit
	}
	if t, s, p := substringOnly(e, w); t != noTier {
		return t, s, p
	}
	if len(w) < 2 {
		return noTier, 0, false // one letter that is not in a word is never meant
	}
	wm, first := byteMask(w), uint64(1)<<maskBit(w[0])
	last := len(e.units) - 1 // the caption
	for k, u := range e.units {
		if !mayContain(e.unitStarts[k], first) || !mayContain(e.unitMasks[k], wm) || !isSubsequence(w, u) {
			continue
		}
		if s, ok := tightScore(w, u); ok {
			loc := ancestorHit
			if k >= last-1 { // the last segment or the caption
				loc = primaryHit
			}
			consider(tierTight, loc+min(s/len(w), 30))
		}
	}
	return tier, score, score >= primaryHit
}

// substringOnly matches w anywhere inside the caption or the name.
func substringOnly(e *searchEntry, w string) (tier, score int, primary bool) {
	inName := strings.Contains(e.name, w)
	switch {
	case strings.Contains(e.caption, w) || inName && strings.Contains(e.leaf, w):
		return tierPart, primaryHit, true
	case inName:
		return tierPart, ancestorHit, false
	}
	return noTier, 0, false
}

// wordTier compares query word w with a word of the class: whole word,
// word start (scored by how much of the word it covers), or no match.
func wordTier(w, word string) (int, int) {
	switch {
	case w == word:
		return tierWord, 0
	case len(word) > len(w) && word[0] == w[0] && strings.HasPrefix(word, w):
		return tierPrefix, 10 * len(w) / len(word)
	}
	return noTier, 0
}

// isSubsequence reports whether every byte of q appears in s in order. Both
// are lowercased. strings.IndexByte jumps ahead with the runtime's vectorised
// search, which makes rejecting a string a few nanoseconds.
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
