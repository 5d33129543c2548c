package app

import (
	"bytes"

	"github.com/oncard/oncard/model"
)

// mergedEntrySpan finds the lines of the merged entry in text, the merged
// catalog, without parsing text: MergeEntries keeps every byte before the
// entry it updates, and puts an added entry right after the last one
// listed (or inside an empty array). So the entry is the first object that
// starts, in text, at or after a known offset of the catalog as read
// (read); only the entry itself is scanned to find where it ends. It
// returns nil when that does not hold (entryLines then parses text).
func mergedEntrySpan(read *model.Doc, text []byte, r *model.MergeResult) *entrySpan {
	arr := read.Root().Get("entries")
	if arr == nil || arr.Kind != model.Array {
		return nil
	}
	var from int
	switch {
	case r.Index < arr.Len() && !r.Added:
		from = arr.Index(r.Index).Start() // an update: the entry starts here
	case arr.Len() > 0 && r.Index == arr.Len():
		from = arr.Index(arr.Len() - 1).End() // appended after the last entry
	case arr.Len() == 0 && r.Index == 0:
		from = arr.Start() + 1 // the first entry of an empty array
	default:
		return nil
	}
	if from < 0 || from > len(text) {
		return nil
	}
	// Only the separator (a comma, white space) may precede the entry.
	start := from + len(text[from:]) - len(bytes.TrimLeft(text[from:], ", \t\r\n"))
	if start >= len(text) || text[start] != '{' {
		return nil
	}
	end := jsonValueEnd(text, start)
	if end < 0 {
		return nil
	}
	first := bytes.Count(text[:start], []byte{'\n'})
	last := first + bytes.Count(text[start:end-1], []byte{'\n'})
	return &entrySpan{first: first, last: last, ok: true}
}

// jsonValueEnd is the offset just past the object or array that starts at
// text[start] ('{' or '['), or -1 when it does not close. Brackets inside
// strings do not count.
func jsonValueEnd(text []byte, start int) int {
	depth := 0
	for i := start; i < len(text); i++ {
		switch text[i] {
		case '"':
			for i++; i < len(text) && text[i] != '"'; i++ {
				if text[i] == '\\' {
					i++
				}
			}
		case '{', '[':
			depth++
		case '}', ']':
			depth--
			if depth == 0 {
				return i + 1
			}
		}
	}
	return -1
}

// EntryLines are the preview lines (0-based, inclusive) of the card's entry
// inside a catalog; ok is false when the preview is the entry itself.
// It is computed once per plan (a merged catalog may be large).
func EntryLines(p *CatalogPlan) (first, last int, ok bool) {
	if p.lines == nil {
		f, l, ok := findEntryLines(p)
		p.lines = &entrySpan{f, l, ok}
	}
	return p.lines.first, p.lines.last, p.lines.ok
}

type entrySpan struct {
	first, last int
	ok          bool
}

func findEntryLines(p *CatalogPlan) (first, last int, ok bool) {
	if p.Err != nil || p.Settings.Write == WriteNothing || p.Settings.Write == WriteEntry {
		return 0, 0, false
	}
	doc, err := model.Parse(p.Output)
	if err != nil {
		return 0, 0, false
	}
	n := doc.Find(p.EntryPointer())
	if n == nil {
		return 0, 0, false
	}
	l1, _ := doc.LineCol(n.Start())
	l2, _ := doc.LineCol(max(n.Start(), n.End()-1))
	return l1 - 1, l2 - 1, true
}
