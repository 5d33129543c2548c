package model

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
)

// MergeResult says what MergeEntries did with one entry.
type MergeResult struct {
	Identifier      string
	Version         string
	Index           int    // the entry's index in the merged catalog
	Added           bool   // appended rather than updated
	PreviousVersion string // for an update: the version the entry had
}

// Merged is the outcome of MergeEntries.
type Merged struct {
	// Text is the merged catalog, to be written.
	Text []byte
	// Doc holds the same JSON values as Text, as edits on the parsed
	// source (appended entries are new nodes): validate it instead of
	// parsing Text again. Its positions are those of the source, so a
	// finding about an edited or appended entry is best located by
	// parsing Text.
	Doc *Doc
	// Results says what happened to each entry, in order.
	Results []MergeResult
}

// MergeEntries puts entries (JSON texts, e.g. from EntryFromCard) into the
// catalog doc, as loaded (by Parse or OpenFile). doc is edited in place and
// becomes Merged.Doc; a doc that was already edited is re-parsed from its
// encoding first.
//
// An entry updates the listed entry with the same identifier and version,
// or else the only one with the same identifier (as UpsertEntry does); the
// update goes member by member and keeps what the new entry does not carry.
// Other entries are appended. Unlike UpsertEntry, which writes a new entry
// in the document's expanded style, an appended entry is spliced in as it
// was given, only re-indented to the catalog's depth and unit (compacted in
// a minified catalog or a single-line entries array): the discovery payload
// keeps the card's own layout, and adding one card to an empty catalog
// yields what CatalogFromCards writes. Every byte outside the edited and
// appended entries is kept. The catalog is not parsed again.
func MergeEntries(doc *Doc, entries [][]byte) (*Merged, error) {
	if doc == nil || doc.Root() == nil {
		return nil, errors.New("no catalog")
	}
	if doc.Changed() {
		// Positions are needed, and those of an edited Doc are stale.
		var err error
		if doc, err = Parse(doc.Encode()); err != nil {
			return nil, err
		}
	}
	src := doc.Source()
	cat := NewCatalog(doc)
	arr := doc.Root().Get("entries")
	if doc.Root().Kind != Object || arr == nil || arr.Kind != Array {
		return nil, errors.New("/entries: the catalog has no entries array")
	}
	slot := newEntrySlot(doc, arr) // before any edit: source positions

	// listed holds (identifier, version) of the catalog's entries followed
	// by the entries to append, so that later entries of the same call
	// match earlier ones.
	type idv struct{ id, version string }
	listed := make([]idv, 0, arr.Len()+len(entries))
	for _, it := range arr.All() {
		listed = append(listed, idv{it.Get("identifier").Text(), it.Get("version").Text()})
	}
	existing := len(listed)
	var appended [][]byte
	results := make([]MergeResult, 0, len(entries))

	for n, entry := range entries {
		nd, err := Parse(entry)
		if err != nil {
			return nil, fmt.Errorf("entry %d: %w", n+1, err)
		}
		if nd.Root().Kind != Object {
			return nil, fmt.Errorf("entry %d: not a JSON object", n+1)
		}
		id, version := nd.Root().Get("identifier").Text(), nd.Root().Get("version").Text()
		r := MergeResult{Identifier: id, Version: version}
		i := -1
		for k, l := range listed {
			if l.id == id && l.version == version {
				i = k
				break
			}
		}
		if i < 0 {
			for k, l := range listed {
				if l.id == id {
					if i >= 0 {
						i = -1 // several versions listed: do not guess which
						break
					}
					i = k
				}
			}
		}
		switch {
		case i < 0:
			listed = append(listed, idv{id, version})
			appended = append(appended, nd.Source())
			r.Index, r.Added = len(listed)-1, true
		case i >= existing:
			r.PreviousVersion = listed[i].version
			listed[i] = idv{id, version}
			appended[i-existing] = nd.Source()
			r.Index, r.Added = i, true
		default:
			r.PreviousVersion = listed[i].version
			listed[i] = idv{id, version}
			if err := cat.updateEntry(i, nd); err != nil {
				return nil, fmt.Errorf("%s: %w", EntryPtr(i), err)
			}
			r.Index = i
		}
		results = append(results, r)
	}

	out := doc.Encode()
	if len(appended) > 0 {
		var err error
		if out, err = slot.splice(src, out, appended); err != nil {
			return nil, err
		}
		// The Doc gets the same entries as edits, for validation.
		for _, e := range appended {
			if _, err := cat.AddEntry(e); err != nil {
				return nil, err
			}
		}
	}
	return &Merged{Text: out, Doc: doc, Results: results}, nil
}

// entrySlot is where and how new entries go in an entries array, read from
// the source before any edit.
type entrySlot struct {
	style      Style
	empty      bool
	arrStart   int    // offset of '['
	arrEnd     int    // offset just past ']'
	lastEnd    int    // offset just past the last item
	inline     bool   // new items share a line with the others
	unit       string // indentation unit for the lines of a new item
	arrIndent  string // indentation of the line holding '['
	itemIndent string // indentation of a new item's first line
}

func newEntrySlot(doc *Doc, arr *Node) entrySlot {
	src, st := doc.Source(), doc.Style()
	l := entrySlot{style: st, empty: arr.Len() == 0, arrStart: arr.Start(), arrEnd: arr.End()}
	// New items go on their own lines when the existing ones do (or, in an
	// empty array, when the document is indented at all).
	l.inline = st.Indent == ""
	if !l.empty {
		last := arr.Index(arr.Len() - 1)
		l.lastEnd = last.End()
		l.inline = !bytes.Contains(arr.sepsAt(src, arr.Len()-1).lead.bytes(src), []byte{'\n'})
	}
	l.unit = st.Indent
	if l.unit == "" {
		l.unit = entryIndent // items on their own lines, no unit detected
	}
	l.arrIndent = string(lineIndent(src, arr.Start()))
	l.itemIndent = l.arrIndent + l.unit
	if !l.empty && !l.inline {
		l.itemIndent = string(lineIndent(src, arr.Index(arr.Len()-1).Start()))
	}
	return l
}

// splice inserts the entry texts at the end of the entries array of out,
// the encoding of src after updates. Updates never touch the bytes after
// the last item, so the insertion point is found from the end of out.
func (l entrySlot) splice(src, out []byte, entries [][]byte) ([]byte, error) {
	st := l.style
	sep := "," + st.Newline + l.itemIndent // before an item after another
	if l.inline {
		sep = ","
		if !st.Minified {
			sep = ", "
		}
	}
	var items bytes.Buffer
	for k, e := range entries {
		if k > 0 || !l.empty {
			items.WriteString(sep)
		}
		if l.inline {
			compactJSON(&items, e, !st.Minified)
			continue
		}
		text := reindent(e, "", entryIndent, l.itemIndent, l.unit)
		if st.Newline != "\n" {
			text = []byte(strings.ReplaceAll(string(text), "\n", st.Newline))
		}
		items.Write(text)
	}

	var b bytes.Buffer
	b.Grow(len(out) + items.Len() + 16)
	if !l.empty {
		// After the last item, before the white space and the bracket
		// that close the array.
		tail := src[l.lastEnd:]
		if !bytes.HasSuffix(out, tail) {
			return nil, errors.New("internal error: the updated catalog does not end like the source")
		}
		at := len(out) - len(tail)
		b.Write(out[:at])
		b.Write(items.Bytes())
		b.Write(out[at:])
		return b.Bytes(), nil
	}
	// An empty array (nothing was updated, out is src): its inside, white
	// space only, is rewritten.
	b.Write(out[:l.arrStart+1])
	if !l.inline {
		b.WriteString(st.Newline + l.itemIndent)
	}
	b.Write(items.Bytes())
	if !l.inline {
		b.WriteString(st.Newline + l.arrIndent)
	}
	b.Write(out[l.arrEnd-1:])
	return b.Bytes(), nil
}

// compactJSON writes the JSON text src on one line: white space between
// tokens is dropped, or, when spaced, normalised to one space after each
// colon and comma. Strings are copied as they are (escapes included).
func compactJSON(dst *bytes.Buffer, src []byte, spaced bool) {
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch c {
		case ' ', '\t', '\n', '\r':
			continue
		case '"':
			j := i + 1
			for j < len(src) && src[j] != '"' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j+1, len(src))
			dst.Write(src[i:j])
			i = j - 1
			continue
		}
		dst.WriteByte(c)
		if spaced && (c == ':' || c == ',') {
			dst.WriteByte(' ')
		}
	}
}
