package model

// Error messages and the positions they report.

import (
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"sync"
	"unicode/utf8"
)

// found describes the input at offset i for an error message.
func (p *parser) found(i int) string {
	if i >= len(p.src) {
		return "end of input"
	}
	r, _ := utf8.DecodeRune(p.src[i:])
	return strconv.QuoteRune(r)
}

// pointer is the pointer of the member or item being parsed.
func (p *parser) pointer() string {
	tokens := make([]string, len(p.path))
	for i, s := range p.path {
		if s.isKey {
			tokens[i] = decodeStringRaw(p.src[s.index:s.index+int(s.keyLen)], s.esc)
		} else {
			tokens[i] = strconv.Itoa(s.index)
		}
	}
	return Pointer(tokens...)
}

func (p *parser) errAt(off int, code, msg string) *ParseError {
	line, col := lineColIn(p.src, off)
	return &ParseError{
		Code: code, Offset: off, Line: line, Column: col,
		Msg:    fmt.Sprintf("line %d, column %d: %s", line, col, msg),
		Detail: msg,
	}
}

// lineColIn computes a 1-based line and rune column by scanning; used for
// errors, where no line table exists yet.
func lineColIn(src []byte, off int) (line, col int) {
	if off > len(src) {
		off = len(src)
	}
	line = 1 + bytes.Count(src[:off], []byte{'\n'})
	lineStart := bytes.LastIndexByte(src[:off], '\n') + 1
	if lineStart == 0 && bytes.HasPrefix(src, utf8BOM) && off >= len(utf8BOM) {
		lineStart = len(utf8BOM)
	}
	return line, utf8.RuneCount(src[lineStart:off]) + 1
}

func firstInvalidUTF8(b []byte) int {
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return len(b)
}

// lineStarts returns the byte offset where each line of src begins
// (int32: sources are smaller than maxSourceBytes).
func lineStarts(src []byte) []int32 {
	lines := make([]int32, 1, bytes.Count(src, []byte{'\n'})+1)
	for i := 0; ; {
		j := bytes.IndexByte(src[i:], '\n')
		if j < 0 {
			return lines
		}
		i += j + 1
		lines = append(lines, int32(i))
	}
}

// lineIndex holds a source's line starts, and column marks within long
// lines, computed once, on the first position asked for: a document
// validated clean never needs them. Clones share it (they share the
// source).
type lineIndex struct {
	once   sync.Once
	starts []int32
	marks  []colMark // in source order; see colMarkEvery
}

// colMark is a known column: the rune at byte offset off (a rune's first
// byte) is the runes'th of its line, counting from 0.
type colMark struct{ off, runes int32 }

// colMarkEvery is how many bytes of a line lie between two column marks at
// most (plus one rune): a position's column costs counting at most that
// many bytes, however long the line. A minified catalog is one line of
// tens of megabytes, and every finding in it needs a column.
const colMarkEvery = 1024

func (x *lineIndex) get(src []byte) *lineIndex {
	x.once.Do(func() {
		x.starts = lineStarts(src)
		x.marks = colMarks(src, x.starts)
	})
	return x
}

// colMarks marks every line longer than colMarkEvery every colMarkEvery
// bytes (moved forward to the next rune's first byte).
func colMarks(src []byte, starts []int32) []colMark {
	var marks []colMark
	for i, s := range starts {
		end := len(src)
		if i+1 < len(starts) {
			end = int(starts[i+1])
		}
		start := int(s)
		if i == 0 && bytes.HasPrefix(src, utf8BOM) {
			start = len(utf8BOM) // the mark not counted, as LineCol does
		}
		runes, at := 0, start
		for next := start + colMarkEvery; next < end; next = at + colMarkEvery {
			for next < end && !utf8.RuneStart(src[next]) {
				next++
			}
			if next >= end {
				break
			}
			runes += utf8.RuneCount(src[at:next])
			at = next
			marks = append(marks, colMark{off: int32(at), runes: int32(runes)})
		}
	}
	return marks
}

// column is the 0-based rune column of offset in the line starting at
// start: counted from the last mark of that line at or before offset.
func (x *lineIndex) column(src []byte, start, offset int) int {
	i := sort.Search(len(x.marks), func(i int) bool { return int(x.marks[i].off) > offset }) - 1
	if i >= 0 && int(x.marks[i].off) >= start {
		m := x.marks[i]
		return int(m.runes) + utf8.RuneCount(src[m.off:offset])
	}
	return utf8.RuneCount(src[start:offset])
}

// HumanBytes writes a size for people ("16 MiB", "3.2 KiB"), as the
// parser's messages do.
func HumanBytes(n int) string { return humanBytes(n) }

func humanBytes(n int) string {
	switch {
	case n >= 1<<20:
		return strconv.FormatFloat(float64(n)/(1<<20), 'f', 1, 64) + " MiB"
	case n >= 1<<10:
		return strconv.FormatFloat(float64(n)/(1<<10), 'f', 1, 64) + " KiB"
	}
	return strconv.Itoa(n) + " B"
}
