package model

// Error messages and the positions they report.

import (
	"bytes"
	"fmt"
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
			tokens[i] = s.key
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

// lineIndex holds a source's line starts, computed on the first position
// asked for: a document validated clean never needs them. Clones share it
// (they share the source).
type lineIndex struct {
	once   sync.Once
	starts []int32
}

func (x *lineIndex) get(src []byte) []int32 {
	x.once.Do(func() { x.starts = lineStarts(src) })
	return x.starts
}

func humanBytes(n int) string {
	switch {
	case n >= 1<<20:
		return strconv.FormatFloat(float64(n)/(1<<20), 'f', 1, 64) + " MiB"
	case n >= 1<<10:
		return strconv.FormatFloat(float64(n)/(1<<10), 'f', 1, 64) + " KiB"
	}
	return strconv.Itoa(n) + " B"
}
