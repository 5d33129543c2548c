package edit

import (
	"bytes"

	udiff "github.com/aymanbagabas/go-udiff"
)

// Diff is the unified diff of the file on disk (as loaded or last saved)
// against the bytes Save would write, with the file's path on both sides;
// "" when nothing changed. The text is the document's own: pass it through
// model.SafeText before showing it on a terminal.
func (s *Session) Diff() string {
	return UnifiedDiff(s.file.Path, s.base, s.Bytes())
}

// UnifiedDiff is the unified diff (3 lines of context) from old to new,
// labelled name on both sides; "" when they are equal.
//
// Only the lines between the common head and the common tail are handed
// to the diff algorithm, so that one edit in a large file costs about a
// scan of it rather than a line-by-line comparison of everything.
func UnifiedDiff(name string, old, new []byte) string {
	return LabelledDiff(name, name, old, new)
}

// LabelledDiff is UnifiedDiff with a label for each side, such as
// "/dev/null" for the old side of a file that does not exist yet.
func LabelledDiff(fromName, toName string, old, new []byte) string {
	if bytes.Equal(old, new) {
		return ""
	}
	head := commonHead(old, new)
	tail := commonTail(old[head:], new[head:])
	// The diff only needs the changed lines and their context: cut a
	// window of old around them and shift the hunks' line numbers back.
	from := linesBack(old, head, udiff.DefaultContextLines)
	to := linesForward(old, len(old)-tail, udiff.DefaultContextLines)
	edits := udiff.Lines(string(old[head:len(old)-tail]), string(new[head:len(new)-tail]))
	for i := range edits {
		edits[i].Start += head - from
		edits[i].End += head - from
	}
	u, err := udiff.ToUnifiedDiff(fromName, toName, string(old[from:to]), edits, udiff.DefaultContextLines)
	if err != nil { // the edits come from the same text: cannot happen, but stay correct
		return udiff.Unified(fromName, toName, string(old), string(new))
	}
	shift := bytes.Count(old[:from], []byte{'\n'})
	for _, h := range u.Hunks {
		h.FromLine += shift
		h.ToLine += shift
	}
	return u.String()
}

// linesBack returns the start of the line n lines before the line that
// starts at offset at (0 when there are fewer).
func linesBack(text []byte, at, n int) int {
	for ; n > 0 && at > 0; n-- {
		at = bytes.LastIndexByte(text[:at-1], '\n') + 1
	}
	return at
}

// linesForward returns the end of the n lines that start at offset at (the
// end of text when there are fewer).
func linesForward(text []byte, at, n int) int {
	for ; n > 0 && at < len(text); n-- {
		i := bytes.IndexByte(text[at:], '\n')
		if i < 0 {
			return len(text)
		}
		at += i + 1
	}
	return at
}

// commonHead is the length of the longest run of whole lines a and b both
// start with.
func commonHead(a, b []byte) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return bytes.LastIndexByte(a[:n], '\n') + 1
}

// commonTail is the length of the longest run of whole lines a and b both
// end with: the common suffix, shortened to start at a line start in both.
func commonTail(a, b []byte) int {
	n := 0
	for n < len(a) && n < len(b) && a[len(a)-1-n] == b[len(b)-1-n] {
		n++
	}
	atLineStart := func(x []byte) bool { p := len(x) - n; return p == 0 || x[p-1] == '\n' }
	if atLineStart(a) && atLineStart(b) {
		return n
	}
	// Inside the common suffix every byte after a newline starts a line in
	// both texts.
	i := bytes.IndexByte(a[len(a)-n:], '\n')
	if i < 0 {
		return 0
	}
	return n - (i + 1)
}
