package oasf

import (
	"slices"
	"strings"
	"sync"
)

// Alternatives is what to offer when a query finds nothing in one tree:
// the classes of the other kind that match it (a user looking for "travel"
// among skills finds it among domains), and other queries drawn from the
// words of this tree's captions that are close to the query's words
// ("translate" → "translation", "summarise" → "summarization"), each of
// which finds something. Everything comes from the taxonomy itself.
type Alternatives struct {
	Other []Match  // matches in the other kind's tree, best first
	Words []string // single-word queries that find classes in this tree
}

// Empty reports whether there is nothing to offer.
func (a Alternatives) Empty() bool { return len(a.Other) == 0 && len(a.Words) == 0 }

// Alternatives returns what to offer for query in t (the tree searched)
// and other (the other kind's tree of the same version, may be nil): at
// most n classes of other and n words. It is meant for a query that found
// nothing in t, but is correct for any query.
func (t *Tree) Alternatives(query string, other *Tree, n int) Alternatives {
	var out Alternatives
	q := strings.ToLower(strings.TrimSpace(query))
	if t == nil || q == "" || n <= 0 {
		return out
	}
	if other != nil {
		out.Other = other.Search(q, n)
	}
	words := splitWords(q)
	vocab := t.captionVocabulary()
	seen := map[string]bool{}
	add := func(w string) {
		if len(out.Words) < n && !seen[w] {
			seen[w] = true
			out.Words = append(out.Words, w)
		}
	}
	for _, w := range words {
		seen[w] = true // the query's own words are no alternative
	}
	// A word of a longer query that finds something alone: the other words
	// are what found nothing ("weather forecast" → "forecast").
	if len(words) > 1 {
		for _, w := range words {
			if len(w) >= minWordLen && !stopWords[w] && t.containsWord(w) {
				seen[w] = false
				add(w)
			}
		}
	}
	// Caption words of this tree spelled like a query word: the same stem
	// or a typo away.
	type near struct {
		word          string
		prefix, dist  int
		queryPosition int
	}
	var nears []near
	for k, w := range words {
		if len(w) < 4 {
			continue
		}
		limit := 1
		if len(w) >= 8 {
			limit = 2
		}
		for _, v := range vocab.words {
			if seen[v] {
				continue
			}
			p := commonPrefix(w, v)
			// The same stem: most of the query word starts the caption word
			// ("summarise" and "summarization", not "booking" and
			// "bookkeeping").
			if p >= 4 && 4*p >= 3*len(w) {
				nears = append(nears, near{v, p, 0, k})
			} else if v[0] == w[0] && abs(len(v)-len(w)) <= limit {
				// A typo away; the first letter is taken as typed.
				if d := editDistance(w, v, limit); d <= limit {
					nears = append(nears, near{v, 0, d, k})
				}
			}
		}
	}
	slices.SortStableFunc(nears, func(a, b near) int {
		if a.prefix != b.prefix {
			return b.prefix - a.prefix // the longer shared stem first
		}
		if a.dist != b.dist {
			return a.dist - b.dist
		}
		return a.queryPosition - b.queryPosition
	})
	for _, nr := range nears {
		add(nr.word)
	}
	// Words of the captions of what the query found in the other tree (and
	// of their parents) that this tree's captions use too: "travel" finds
	// the domain Hospitality and Tourism / Travel Services, whose words
	// may name skills.
	for _, m := range out.Other {
		for c := m.Class; c != nil; c = other.ByName(c.Parent) {
			for _, w := range splitWords(strings.ToLower(c.Caption)) {
				if vocab.set[w] {
					add(w)
				}
			}
			if c.Parent == "" {
				break
			}
		}
	}
	return out
}

// minWordLen is the shortest caption word offered as an alternative query.
const minWordLen = 3

// stopWords are caption words that name nothing on their own.
var stopWords = map[string]bool{"and": true, "the": true, "for": true, "with": true, "from": true, "into": true, "its": true}

// captionVocabulary is the set of distinct words of a tree's captions
// (lowercased, stop words and words shorter than minWordLen left out), in
// taxonomy order: the words an alternative query is drawn from. Built once,
// on the first query that needs it.
type captionVocabulary struct {
	once  sync.Once
	words []string
	set   map[string]bool
}

func (t *Tree) captionVocabulary() *captionVocabulary {
	v := &t.vocab
	v.once.Do(func() {
		v.set = map[string]bool{}
		entries := t.searchEntries()
		for i := range entries {
			for _, w := range entries[i].captionWords {
				if len(w) < minWordLen || stopWords[w] || v.set[w] {
					continue
				}
				v.set[w] = true
				v.words = append(v.words, w)
			}
		}
	})
	return v
}

// containsWord reports whether w is inside the name or caption of a class:
// a query of w alone finds that class.
func (t *Tree) containsWord(w string) bool {
	m := byteMask(w)
	entries := t.searchEntries()
	for i := range entries {
		e := &entries[i]
		if mayContain(e.mask, m) && (strings.Contains(e.caption, w) || strings.Contains(e.name, w)) {
			return true
		}
	}
	return false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func commonPrefix(a, b string) int {
	n := min(len(a), len(b))
	for i := range n {
		if a[i] != b[i] {
			return i
		}
	}
	return n
}
