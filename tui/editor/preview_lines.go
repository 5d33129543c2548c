package editor

import (
	"bytes"

	"github.com/oncard/oncard/model"
)

// The preview highlights the member being edited, at lines found in the
// encoding parsed (previewDoc). After a refresh that parse is the check's
// (sharedParse), made off the event loop; until it is back, a frame would
// have to parse the whole card on the event loop, which for a card of
// thousands of skills costs more than the keys themselves. Most refreshes
// change only the member being edited (typing in a field), and then its
// lines are those it had in the previous encoding: priorLines finds them
// there, proving it first, and otherwise the frame parses as before.

// priorView is the previous encoding's parse, kept from a refresh until
// the check of the new encoding is back, and what the two encodings
// share (worked out on first use).
type priorView struct {
	view *model.Doc
	// compared: prefix and suffix are the lengths of the longest common
	// start and end of the two encodings (not overlapping); sameLines
	// says the bytes between hold as many line breaks in both.
	compared       bool
	prefix, suffix int
	sameLines      bool
}

// maxPriorMember is the largest member (in bytes) priorLines vouches for:
// it parses the member's new bytes to prove where it ends.
const maxPriorMember = 64 << 10

// priorLines returns the preview lines (0-based) of the member at ptr in
// the encoding now, json, read from the previous one, and whether it
// could tell: when everything that changed lies inside that member, the
// member starts where it did, its new bytes are one JSON value ending
// where the unchanged rest begins, and the change adds or removes no line
// break, its lines are the ones it had.
func (p *priorView) priorLines(json []byte, ptr string) (first, last int, ok bool) {
	if p == nil || p.view == nil || ptr == "" {
		return 0, 0, false
	}
	old := p.view.Source()
	if !p.compared {
		p.compared = true
		p.prefix = commonPrefix(old, json)
		p.suffix = commonSuffix(old, json, min(len(old), len(json))-p.prefix)
		p.sameLines = bytes.Count(old[p.prefix:len(old)-p.suffix], []byte{'\n'}) ==
			bytes.Count(json[p.prefix:len(json)-p.suffix], []byte{'\n'})
	}
	if !p.sameLines {
		return 0, 0, false
	}
	n := p.view.Find(ptr)
	if n == nil || n.Start() < 0 || n.End() <= n.Start() || n.Start() > p.prefix || n.End() < len(old)-p.suffix {
		return 0, 0, false
	}
	end := n.End() + len(json) - len(old) // where the member ends now, if it is one value
	if end <= n.Start() || end-n.Start() > maxPriorMember || isSpace(json[n.Start()]) || isSpace(json[end-1]) {
		return 0, 0, false
	}
	if _, err := model.Parse(json[n.Start():end]); err != nil {
		return 0, 0, false
	}
	l1, _ := p.view.KeyPosition(ptr)
	l2, _ := p.view.LineCol(n.End() - 1)
	return l1 - 1, max(l1, l2) - 1, true
}

// The two encodings of a card of thousands of skills share megabytes, and
// the comparison runs on the event loop: it compares 64 bytes at a time
// (bytes.Equal, which the runtime does a vector at a time) up to the
// first block that differs, and that block a byte at a time.
const compareBlock = 64

// commonPrefix is the length of the longest common start of a and b.
func commonPrefix(a, b []byte) int {
	n := min(len(a), len(b))
	i := 0
	for i+compareBlock <= n && bytes.Equal(a[i:i+compareBlock], b[i:i+compareBlock]) {
		i += compareBlock
	}
	for i < n && a[i] == b[i] {
		i++
	}
	return i
}

// commonSuffix is the length of the longest common end of a and b, up to
// limit bytes.
func commonSuffix(a, b []byte, limit int) int {
	i := 0
	for i+compareBlock <= limit && bytes.Equal(a[len(a)-i-compareBlock:len(a)-i], b[len(b)-i-compareBlock:len(b)-i]) {
		i += compareBlock
	}
	for i < limit && a[len(a)-1-i] == b[len(b)-1-i] {
		i++
	}
	return i
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
