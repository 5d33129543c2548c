package oasf

import (
	"sort"
	"strings"
)

// Suggest returns up to n selectable classes (categories excluded) whose
// names are closest to query, for a "did you mean" hint. query may be a full
// name or a last segment. Classes with the same last segment come first,
// then near spellings of it (edit distance), then fuzzy matches.
func (t *Tree) Suggest(query string, n int) []*Class {
	if t == nil || n <= 0 {
		return nil
	}
	q := strings.ToLower(strings.TrimSpace(query))
	if q == "" {
		return nil
	}
	leaf := Leaf(q)
	var out []*Class
	seen := map[*Class]bool{}
	add := func(c *Class) bool {
		if c == nil || c.Category || seen[c] {
			return len(out) < n
		}
		seen[c] = true
		out = append(out, c)
		return len(out) < n
	}
	for _, c := range t.byLeaf[leaf] {
		if !add(c) {
			return out
		}
	}

	type near struct {
		i, d int
	}
	var nears []near
	limit := max(2, len(leaf)/3)
	entries := t.searchEntries()
	for i := range entries {
		if d := editDistance(leaf, entries[i].leaf, limit); d <= limit {
			nears = append(nears, near{i, d})
		}
	}
	sort.SliceStable(nears, func(a, b int) bool { return nears[a].d < nears[b].d })
	for _, nr := range nears {
		if !add(t.classes[nr.i]) {
			return out
		}
	}
	for _, m := range t.Search(strings.ReplaceAll(leaf, "_", " "), 4*n) {
		if !add(m.Class) {
			return out
		}
	}
	if q != leaf {
		for _, m := range t.Search(q, 4*n) {
			if !add(m.Class) {
				return out
			}
		}
	}
	return out
}

// editDistance is the Levenshtein distance of a and b (bytes), or limit+1
// as soon as it is known to exceed limit.
func editDistance(a, b string, limit int) int {
	if d := len(a) - len(b); d > limit || -d > limit {
		return limit + 1
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			rowMin = min(rowMin, cur[j])
		}
		if rowMin > limit {
			return limit + 1
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
