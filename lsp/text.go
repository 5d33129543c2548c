package lsp

import (
	"bytes"
	"errors"
	"sort"
	"sync"
	"unicode/utf16"
	"unicode/utf8"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

// text is one version of a document as the editor holds it, with the
// offsets of its lines: LSP positions count lines and UTF-16 code units,
// the model counts bytes. A text is never modified once made (the
// validator parses it in place); an edit makes a new one.
type text struct {
	src   []byte
	lines []int // byte offset of the start of each line

	// marks are known columns within long lines, made on first need: a
	// position counts characters from the nearest mark before it rather
	// than from its line's start, so that the findings of a minified
	// document (one line) cost no count from its first byte each.
	marks     []colMark
	marksOnce sync.Once
}

// colMark is a known column: at byte offset off (a rune's first byte),
// runes runes and units UTF-16 code units from its line's start (the runes
// not counting a byte order mark, as model.Doc.LineCol does not).
type colMark struct{ off, runes, units int }

// markEvery is how many bytes of a line lie between two marks at most
// (plus one rune).
var markEvery = 1024

func newText(src []byte) *text {
	t := &text{src: src, lines: make([]int, 1, 64+len(src)/32)}
	for i := 0; ; {
		nl := bytes.IndexByte(src[i:], '\n')
		if nl < 0 {
			return t
		}
		i += nl + 1
		t.lines = append(t.lines, i)
	}
}

// position is the LSP position of byte offset off (clamped to the text).
func (t *text) position(off int) protocol.Position {
	off = max(0, min(off, len(t.src)))
	line := sort.Search(len(t.lines), func(i int) bool { return t.lines[i] > off }) - 1
	from, units := t.lines[line], 0
	if off-from > markEvery {
		marks := t.columnMarks()
		if k := sort.Search(len(marks), func(i int) bool { return marks[i].off > off }) - 1; k >= 0 && marks[k].off >= from {
			from, units = marks[k].off, marks[k].units
		}
	}
	return protocol.Position{Line: uint32(line), Character: uint32(units + utf16Len(t.src[from:off]))}
}

// columnMarks returns the marks of the text's long lines, made once.
func (t *text) columnMarks() []colMark {
	t.marksOnce.Do(func() {
		for line, start := range t.lines {
			end := len(t.src)
			if line+1 < len(t.lines) {
				end = t.lines[line+1]
			}
			if end-start <= markEvery {
				continue
			}
			i, runes, units := start, 0, 0
			if line == 0 && bytes.HasPrefix(t.src, utf8BOM) {
				i, units = len(utf8BOM), 1 // U+FEFF: one unit, no rune for LineCol
			}
			next := start + markEvery
			for i < end {
				if i >= next {
					t.marks = append(t.marks, colMark{i, runes, units})
					next = i + markEvery
				}
				r, size := utf8.DecodeRune(t.src[i:end])
				runes, units, i = runes+1, units+utf16.RuneLen(r), i+size
			}
		}
	})
	return t.marks
}

// utf8BOM is the byte order mark UTF-8 texts may start with.
var utf8BOM = []byte("\xef\xbb\xbf")

// span is the LSP range of the bytes [start, end).
func (t *text) span(start, end int) protocol.Range {
	return protocol.Range{Start: t.position(start), End: t.position(max(start, end))}
}

// offset is the byte offset of an LSP position. A character past the end
// of its line means the line's end (as the protocol says); a line past the
// end means the end of the text.
func (t *text) offset(p protocol.Position) int {
	if int(p.Line) >= len(t.lines) {
		return len(t.src)
	}
	start := t.lines[p.Line]
	end := len(t.src)
	if int(p.Line)+1 < len(t.lines) {
		end = t.lines[p.Line+1] - 1 // the '\n'
		if end > start && t.src[end-1] == '\r' {
			end--
		}
	}
	units := int(p.Character)
	i := start
	for i < end && units > 0 {
		r, size := utf8.DecodeRune(t.src[i:end])
		units -= utf16.RuneLen(r)
		if units < 0 { // inside a surrogate pair: the character's start
			break
		}
		i += size
	}
	return i
}

// lineColOffset is the byte offset of a 1-based line and a 1-based column
// counted in runes, as validate.Diagnostic and model.Doc.LineCol give them.
func (t *text) lineColOffset(line, col int) int {
	if line < 1 || line > len(t.lines) {
		return 0
	}
	i := t.lines[line-1]
	if line == 1 && bytes.HasPrefix(t.src, utf8BOM) {
		i = len(utf8BOM) // LineCol does not count a byte order mark
	}
	if col > markEvery {
		end := len(t.src)
		if line < len(t.lines) {
			end = t.lines[line]
		}
		marks := t.columnMarks()
		// The last mark of the line at or before the column.
		k := sort.Search(len(marks), func(j int) bool {
			return marks[j].off >= end || marks[j].off > i && marks[j].runes >= col
		}) - 1
		if k >= 0 && marks[k].off > i {
			i, col = marks[k].off, col-marks[k].runes
		}
	}
	for ; col > 1 && i < len(t.src) && t.src[i] != '\n'; col-- {
		_, size := utf8.DecodeRune(t.src[i:])
		i += size
	}
	return i
}

func utf16Len(b []byte) int {
	n := 0
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		n += utf16.RuneLen(r) // a stray byte decodes as U+FFFD: one unit
		b = b[size:]
	}
	return n
}

// errBadRange is a change whose range ends before it starts.
var errBadRange = errors.New("change range ends before it starts")

// apply returns the text after the editor's changes, made in order: a
// change with a range replaces that range (incremental sync), one
// without replaces the whole text.
func (t *text) apply(changes []any) (*text, error) {
	cur := t
	for _, c := range changes {
		switch c := c.(type) {
		case protocol.TextDocumentContentChangeEventWhole:
			cur = newText([]byte(c.Text))
		case protocol.TextDocumentContentChangeEvent:
			start, end := cur.offset(c.Range.Start), cur.offset(c.Range.End)
			if end < start {
				return t, errBadRange
			}
			src := make([]byte, 0, len(cur.src)-(end-start)+len(c.Text))
			src = append(src, cur.src[:start]...)
			src = append(src, c.Text...)
			src = append(src, cur.src[end:]...)
			cur = newText(src)
		}
	}
	return cur, nil
}
