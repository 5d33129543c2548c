package oasf

// A loose match (the query's letters in order, not side by side) is only
// worth showing when it is tight: "netsec" in "network_security" or
// "sumarization" (a typo) in "summarization", not "summar" picked letter by
// letter out of "language_processing/.../market_research". tightScore finds
// the best such alignment inside one string with a small dynamic programme
// (two rows, on the stack).

const (
	// Longest unit and query word a tight match is tried on; longer ones
	// still match as words or substrings.
	maxTightLen = 128
	// maxTightGap is how many letters may be skipped between two matched
	// letters when the next one does not start a word.
	maxTightGap = 1

	tightMatch       = 16 // each matched letter
	tightWordStart   = 8  // a matched letter that starts a word
	tightConsecutive = 6  // a letter right after the previous matched one
	tightGap         = 4  // per skipped letter (at most maxTightGap)
	tightJump        = 6  // jumping to the start of a later word

	unmatched = -1 << 30 // far below any real score, safe to subtract from
)

// tightScore reports whether q (a lowercased query word) matches s tightly:
// q[0] starts a word of s, and every later letter of q comes right after the
// previous one, or after at most maxTightGap skipped letters, or at the start
// of a later word. The score (higher is better) rewards word starts and runs.
func tightScore(q, s string) (int, bool) {
	m, n := len(q), len(s)
	if m == 0 || m > n || n > maxTightLen {
		return 0, false
	}
	// prev[j]: best score with the previous query letter matched at s[j].
	var prevBuf, curBuf [maxTightLen]int
	prev, cur := prevBuf[:n], curBuf[:n]
	for j := range n {
		prev[j] = unmatched
		if s[j] == q[0] && isWordStart(s, j) {
			prev[j] = tightMatch + tightWordStart
		}
	}
	for i := 1; i < m; i++ {
		before := unmatched // best prev[j'] over every j' < j
		for j := range n {
			cur[j] = unmatched
			if j > 0 {
				before = max(before, prev[j-1])
			}
			if s[j] != q[i] || j == 0 {
				continue
			}
			best := unmatched
			if prev[j-1] > unmatched {
				best = prev[j-1] + tightConsecutive
			}
			for gap := 1; gap <= maxTightGap && j-1-gap >= 0; gap++ {
				if p := prev[j-1-gap]; p > unmatched {
					best = max(best, p-gap*tightGap)
				}
			}
			wordStart := isWordStart(s, j)
			if wordStart && before > unmatched {
				best = max(best, before-tightJump)
			}
			if best == unmatched {
				continue
			}
			cur[j] = best + tightMatch
			if wordStart {
				cur[j] += tightWordStart
			}
		}
		prev, cur = cur, prev
	}
	best := unmatched
	for _, v := range prev {
		best = max(best, v)
	}
	return best, best > unmatched
}
