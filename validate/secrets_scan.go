package validate

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"sync/atomic"

	"github.com/oncard/oncard/model"
)

// The walks of the secrets check. A large card has a few thousand values
// and, as a rule, no secret, so the walk that reads the strings (strings)
// keeps no pointer, no path step pushed and popped at every member and
// item: it numbers the long strings it meets and notes the numbers of
// those that hold a secret. Only when there is one does a second walk
// (report) go over the subtree with its path, to report each at its
// pointer. Both meet the strings in one order (members and items in
// order, top-level /signatures left out), so the findings are made in the
// order and at the pointers of a walk that keeps its path all along
// (TestSecretsAgreeWithPathWalk, FuzzSecretsAgreeWithPathWalk).

// secretHit is a long string that holds a secret: its number among the
// long strings of the subtree checked, from 1, and what it holds.
type secretHit struct {
	ordinal int
	what    string
}

// node checks n at the walk's pointer; top says n is the card's root.
//
// An incremental check reads the members of its tracked lists one at a
// time (memberwise): it walks down to them with its path, and checks every
// other subtree whole.
func (s *secretScanner) node(n *model.Node, top bool) {
	if s.r.inc == nil || !s.holdsTrackedList(n) {
		s.subtree(n, top)
		return
	}
	switch n.Kind {
	case model.Array:
		if s.memberwise(famSecrets, n, func(it *model.Node) { s.node(it, false) }) {
			return
		}
		for i, it := range n.AllTransient() {
			m := s.pushIndex(i)
			s.node(it, false)
			s.pop(m)
		}
	case model.Object:
		for _, mem := range n.AllMembers() {
			if top && mem.Key() == "signatures" {
				continue
			}
			m := s.push(mem.Key())
			s.node(mem.Value, false)
			s.pop(m)
		}
	}
}

// holdsTrackedList reports whether n holds or is a list whose members an
// incremental check remembers one by one. Its Doc is as parsed, so the
// nodes' offsets are those of the lists.
func (s *secretScanner) holdsTrackedList(n *model.Node) bool {
	for _, l := range s.r.inc.next.lists {
		if n.Start() <= l.start && l.start < n.End() {
			return true
		}
	}
	return false
}

// subtree checks every string value of n's subtree, n at the walk's
// pointer.
func (s *secretScanner) subtree(n *model.Node, top bool) {
	s.hits, s.count = s.hits[:0], 0
	s.strings(n, top)
	if len(s.hits) == 0 {
		return
	}
	s.next, s.count = 0, 0
	s.report(n, top)
}

// strings numbers the long strings of n's subtree and notes in s.hits
// those that hold a secret. Scalars are told apart in the loops, and short
// strings passed over there, without a call for each.
func (s *secretScanner) strings(n *model.Node, top bool) {
	if src := n.KeptAsBytes(); src != nil && !top { // the root's signatures are left out
		s.sourceStrings(src)
		return
	}
	switch n.Kind {
	case model.String:
		if raw := n.Raw(); len(raw) >= minSecretToken {
			s.longString(raw)
		}
	case model.Object:
		for _, mem := range n.AllMembers() {
			if v := mem.Value; v.Kind == model.String {
				if raw := v.Raw(); len(raw) >= minSecretToken && !(top && mem.Key() == "signatures") {
					s.longString(raw)
				}
			} else if v.Kind == model.Object || v.Kind == model.Array {
				if !(top && mem.Key() == "signatures") {
					s.strings(v, false)
				}
			}
		}
	case model.Array:
		// Not Items: a packed array's items are made one at a time, in
		// the same memory (Items would make them all at once).
		for _, it := range n.AllTransient() {
			if it.Kind == model.String {
				if raw := it.Raw(); len(raw) >= minSecretToken {
					s.longString(raw)
				}
			} else if it.Kind == model.Object || it.Kind == model.Array {
				s.strings(it, false)
			}
		}
	}
}

// sourceStrings is strings for a container kept as its bytes (nested
// deeper than the parse keeps nodes for, or a packed array: model.Node.
// KeptAsBytes), read from them rather than from nodes made again for the
// walk: the long string values in order, member names left out.
func (s *secretScanner) sourceStrings(src []byte) {
	for v := (valueStrings{src: src}); ; {
		raw, _, ok := v.next()
		if !ok {
			return
		}
		if len(raw) >= minSecretToken {
			s.longString(raw)
		}
	}
}

// valueStrings reads the string values of JSON bytes in order, member
// names left out. The bytes are meant to have been parsed: a string then
// ends at the first quote that no backslash escapes, and a member name is
// a string a colon follows. Bytes that do not parse are read as far as
// they go, without a fault (prescanSecrets reads a document before it is
// parsed).
type valueStrings struct {
	src []byte
	i   int
}

// next returns the next string value (its bytes, quotes included) and
// where it starts; ok false once there is none.
func (v *valueStrings) next() (raw []byte, at int, ok bool) {
	src := v.src
	for {
		start := nextQuote(src, v.i)
		if start < 0 {
			return nil, 0, false
		}
		end := start + 1
		for {
			if end = nextQuote(src, end); end < 0 {
				v.i = len(src)
				return nil, 0, false
			}
			escapes := 0
			for j := end - 1; src[j] == '\\'; j-- {
				escapes++
			}
			if escapes%2 == 0 {
				break
			}
			end++
		}
		i := end + 1
		for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r') {
			i++
		}
		v.i = i
		if i < len(src) && src[i] == ':' {
			continue // a member name
		}
		return src[start : end+1], start, true
	}
}

// nextQuote returns where the first '"' of src at i or after it is, or -1.
// Most strings of a card and the gaps between them are short: the first
// sixteen bytes are looked at in line, eight at a time, before IndexByte,
// whose call costs more than such a look.
func nextQuote(src []byte, i int) int {
	const quotes = 0x0101010101010101 * '"'
	for range 2 {
		if i+8 > len(src) {
			break
		}
		if m := zeroBytes(binary.LittleEndian.Uint64(src[i:]) ^ quotes); m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
		i += 8
	}
	if k := bytes.IndexByte(src[i:], '"'); k >= 0 {
		return i + k
	}
	return -1
}

// longString checks raw, a string long enough to hold a credential (a
// long token; the raw form includes the quotes).
func (s *secretScanner) longString(raw []byte) {
	s.count++
	if what := secretOf(raw); what != "" {
		s.hits = append(s.hits, secretHit{s.count, what})
	}
}

// secretOf returns what kind of credential raw, a string token of at
// least minSecretToken bytes, seems to hold, or "".
func secretOf(raw []byte) string {
	// Prose (a space among the first sixteen bytes, as a rule) is read run
	// by run, which skips it quickly; a URL or an id first in one pass.
	const spaces = 0x0101010101010101 * ' '
	w, v := binary.LittleEndian.Uint64(raw[1:]), binary.LittleEndian.Uint64(raw[9:])
	if zeroBytes(w^spaces)|zeroBytes(v^spaces) == 0 && plainToken(raw) {
		return ""
	}
	return secretIn(raw)
}

// secretPrescan is what prescanSecrets found in a document's bytes: the
// long string values that hold a secret, numbered as strings numbers them
// but counting those of the top-level signatures too (the bytes do not
// say where those are), and whether the scan read the bytes to their end.
type secretPrescan struct {
	hits     []prescanHit
	complete bool
}

// prescanHit is a secretHit of a prescan, with where its string starts.
type prescanHit struct {
	secretHit
	at int
}

// prescanSecrets reads the long string values of src, a whole document,
// for secrets, before (or while) it is parsed: the text rules' helper does
// it during the parse, and the check of the tree then only has to place
// what it found (fromPrescan). It stops, incomplete, once stop is set.
func prescanSecrets(src []byte, stop *atomic.Bool) (p secretPrescan) {
	count := 0
	for k, v := 0, (valueStrings{src: src}); ; k++ {
		if k%64 == 63 && stop.Load() {
			return p
		}
		raw, at, ok := v.next()
		if !ok {
			p.complete = true
			return p
		}
		if len(raw) < minSecretToken {
			continue
		}
		count++
		if what := secretOf(raw); what != "" {
			p.hits = append(p.hits, prescanHit{secretHit{count, what}, at})
		}
	}
}

// secretsOfNoted is prescanSecrets of src, a document's source, from the
// long string values its parse noted (spans: model.Doc.LongStrings): the
// same hits, numbered the same, read where they are without a walk of the
// tree or a scan of the bytes between them.
func secretsOfNoted(src []byte, spans [][2]int32) secretPrescan {
	p := secretPrescan{complete: true}
	for i, s := range spans {
		if what := secretOf(src[s[0]:s[1]:s[1]]); what != "" {
			p.hits = append(p.hits, prescanHit{secretHit{i + 1, what}, int(s[0])})
		}
	}
	return p
}

// fromPrescan is subtree(root, true) for the root of a document whose
// bytes (src, as parsed) p holds the prescan of: the strings of the
// top-level signatures are taken out of p's hits and numbers, and the
// hits left are reported at their pointers by the walk strings would
// have made.
func (s *secretScanner) fromPrescan(root *model.Node, p *secretPrescan, src []byte) {
	hits := p.hits
	if root.Kind == model.Object && len(hits) > 0 {
		for _, mem := range root.AllMembers() {
			if mem.Key() != "signatures" {
				continue
			}
			lo, hi := mem.Value.Start(), mem.Value.End()
			inside := 0 // the long strings of this member's value
			for v := (valueStrings{src: src[lo:hi]}); ; {
				raw, _, ok := v.next()
				if !ok {
					break
				}
				if len(raw) >= minSecretToken {
					inside++
				}
			}
			var kept []prescanHit // hits is p's: a copy is made
			for _, h := range hits {
				switch {
				case h.at < lo:
					kept = append(kept, h)
				case h.at >= hi:
					h.ordinal -= inside
					kept = append(kept, h)
				}
			}
			hits = kept
		}
	}
	if len(hits) == 0 {
		return
	}
	s.hits = s.hits[:0]
	for _, h := range hits {
		s.hits = append(s.hits, h.secretHit)
	}
	s.next, s.count = 0, 0
	s.report(root, true)
}

// report walks n's subtree as strings did, with its path, and reports each
// of s.hits at its string's pointer; it returns true once all are.
func (s *secretScanner) report(n *model.Node, top bool) bool {
	switch n.Kind {
	case model.String:
		if len(n.Raw()) < minSecretToken {
			return false
		}
		s.count++
		if h := s.hits[s.next]; h.ordinal == s.count {
			s.found(s.here(), h.what)
			s.next++
		}
		return s.next == len(s.hits)
	case model.Object:
		for _, mem := range n.AllMembers() {
			if top && mem.Key() == "signatures" {
				continue
			}
			m := s.push(mem.Key())
			done := s.report(mem.Value, false)
			s.pop(m)
			if done {
				return true
			}
		}
	case model.Array:
		for i, it := range n.AllTransient() {
			m := s.pushIndex(i)
			done := s.report(it, false)
			s.pop(m)
			if done {
				return true
			}
		}
	}
	return false
}

// plainToken reports whether secretIn certainly finds nothing in raw, a
// string token of at least minSecretToken bytes, in one pass over it that
// reads eight bytes at a time: most long strings of a card are URLs and
// ids, one run of token bytes from quote to quote.
//
// It is sure when the string holds no space, no 'J', '@' or '=', and no
// known prefix at a word start. Without a space there is no private key
// ("PRIVATE KEY") and no "Bearer <token>" (the spaces between them); a
// JSON Web Token starts with "eyJ", a URL with a password holds an '@', a
// credential in a query an '='. A prefix is looked for as prefixedSecret
// does, in the whole string rather than in each run: a byte starts a word
// in a run where it does in the string, and what follows a prefix in the
// string holds what follows it in the run, so what a run would match, the
// string matches. A string with a space (prose, most often) is read run by
// run (secretIn), which skips prose quickly.
func plainToken(raw []byte) bool {
	text := raw[1 : len(raw)-1]
	i := 0
	for ; i+8 <= len(text); i += 8 {
		w := binary.LittleEndian.Uint64(text[i:])
		// Most words of a URL or an id are lower-case letters, digits,
		// '.', '/' and ':', which none of the tests needs to look at, and
		// many of the others add a '-' only, where a prefix ends at
		// most if the byte before it ends a prefix's word.
		b := plainBytes(w)
		if b == highBits {
			continue
		}
		if dashes := zeroBytes(w ^ (0x0101010101010101 * '-')); b|dashes == highBits {
			for ; dashes != 0; dashes &= dashes - 1 {
				k := i + bits.TrailingZeros64(dashes)/8
				if k > 0 && separatedBefore[text[k-1]] != 0 && prefixTriggered(text, k) != "" {
					return false
				}
			}
			continue
		}
		if !plainWord(text, i, w, b) {
			return false
		}
	}
	if i < len(text) { // the last word overlaps the one before
		j := len(text) - 8
		w := binary.LittleEndian.Uint64(text[j:])
		b := plainBytes(w) | (1<<(8*(i-j)) - 1)
		return b&highBits == highBits || plainWord(text, j, w, b)
	}
	return true
}

const highBits = 0x8080808080808080

// plainBytes marks (with the high bit) the bytes of w that are lower-case
// letters, digits, '.', '/' or ':'.
func plainBytes(w uint64) uint64 {
	return betweenBytes(w, '.'-1, ':'+1) | betweenBytes(w, 'a'-1, 'z'+1)
}

// plainWord is plainToken for the word w of text at j, whose bytes that
// plain marks (with the high bit at least) need no look: plain bytes, and
// bytes looked at already.
func plainWord(text []byte, j int, w, plain uint64) bool {
	const ones = 0x0101010101010101
	// The common word of a URL: plain bytes and a '-'.
	m := zeroBytes(w ^ (ones * '-'))
	if (plain|m)&highBits != highBits {
		plain &= highBits
		if (zeroBytes(w^(ones*' '))|zeroBytes(w^(ones*'J'))|zeroBytes(w^(ones*'@'))|zeroBytes(w^(ones*'=')))&^plain != 0 {
			return false
		}
		m |= zeroBytes(w^(ones*'_')) | zeroBytes(w^(ones*'A'))
	}
	for m &^= plain; m != 0; m &= m - 1 {
		k := j + bits.TrailingZeros64(m)/8
		if (text[k] == 'A' || k > 0 && separatedBefore[text[k-1]] != 0) && prefixTriggered(text, k) != "" {
			return false
		}
	}
	return true
}
