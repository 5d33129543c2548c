package edit

import (
	"bytes"
	"fmt"

	"github.com/oncard/oncard/internal/docfile"
	"github.com/oncard/oncard/model"
)

// Conflict is a pending edit that Rebase could not apply to the file's new
// version.
type Conflict struct {
	Op     Op
	Reason string // for a person: "/name changed on disk"
}

func (c Conflict) String() string { return c.Op.String() + ": " + c.Reason }

// Rebase starts over from the file as it is now on disk (after Save
// refused with docfile.ErrChangedOnDisk) and applies the pending edits to it
// again, in order, except those that conflict: an edit conflicts when the
// value at its pointer changed on disk, or when an array its pointer
// indexes changed length (its indices may now name other items), or when
// it no longer applies (its parent is gone). Conflicting edits are dropped
// from the session and returned; an edit that someone else already made
// the same way is no conflict.
//
// Changes made on Doc() directly rather than through the session are
// found by comparing the document with the original (see deriveOps) and
// carried over the same way, at the level of the members that changed.
//
// When the file cannot be read or parsed any more, Rebase returns an error
// and changes nothing: the edits are still there to SaveAs.
func (s *Session) Rebase() ([]Conflict, error) {
	disk, err := docfile.OpenFile(s.file.Path)
	if err != nil {
		return nil, err
	}
	return s.RebaseOnto(disk)
}

// RebaseOnto is Rebase onto disk, the session's file as read again
// (docfile.OpenFile of Path): an editor reads it in a command, off its event
// loop, and rebases on the loop.
func (s *Session) RebaseOnto(disk *docfile.File) ([]Conflict, error) {
	orig, err := s.Original()
	if err != nil {
		return nil, err
	}
	ops := s.pending
	if !s.recorded(orig) {
		ops = deriveOps(orig, s.doc)
	}
	disk.ReplaceReadOnly = s.file.ReplaceReadOnly
	doc := disk.Doc.Clone()
	if s.prepare != nil {
		s.prepare(doc)
	}
	var applied []Op
	var conflicts []Conflict
	for _, op := range ops {
		if reason := conflictOf(op, orig, disk.Doc); reason != "" {
			conflicts = append(conflicts, Conflict{op, reason})
			continue
		}
		if op.Kind == OpDelete && doc.Find(op.Ptr) == nil && orig.Find(op.Ptr) != nil {
			continue // deleted on disk too: nothing left to do
		}
		if err := op.apply(doc); err != nil {
			conflicts = append(conflicts, Conflict{op, "no longer applies: " + op.trimPrefix(err)})
			continue
		}
		applied = append(applied, op)
	}
	s.file, s.base, s.original, s.doc, s.pending = disk, disk.Doc.Source(), disk.Doc, doc, applied
	return conflicts, nil
}

// recorded reports whether the pending ops account for every change: they
// replay on the original to the same bytes.
func (s *Session) recorded(orig *model.Doc) bool {
	replay := orig.Clone()
	if s.prepare != nil {
		s.prepare(replay)
	}
	for _, op := range s.pending {
		if op.apply(replay) != nil {
			return false
		}
	}
	return bytes.Equal(replay.Encode(), s.Bytes())
}

// conflictOf says why op cannot be carried from orig (the file as loaded)
// to disk (the file now), or "" when it can.
func conflictOf(op Op, orig, disk *model.Doc) string {
	ptrs := []string{op.Ptr}
	if op.Kind == OpMove {
		ptrs = append(ptrs, op.From)
	}
	for _, p := range ptrs {
		if r := shiftedArray(p, op.Kind == OpInsert || op.Kind == OpMove, orig, disk); r != "" {
			return r
		}
	}
	switch op.Kind {
	case OpSet:
		was, now := orig.Find(op.Ptr), disk.Find(op.Ptr)
		if sameValue(was, now) {
			return ""
		}
		if v, err := model.Parse(op.Value); err == nil && sameValue(v.Root(), now) {
			return "" // the same change was made on disk
		}
		return op.Ptr + " changed on disk"
	case OpDelete:
		was, now := orig.Find(op.Ptr), disk.Find(op.Ptr)
		if now == nil && was != nil {
			return "" // deleted on disk too: Rebase skips it
		}
		if !sameValue(was, now) {
			return op.Ptr + " changed on disk"
		}
	}
	return ""
}

// shiftedArray reports an array on the path of ptr that has a different
// length on disk than when loaded: an index into it may name another item
// now. The last token counts only for inserts and moves (which index the
// array itself); "-" (the end) is not an index.
func shiftedArray(ptr string, last bool, orig, disk *model.Doc) string {
	tokens, err := model.SplitPointer(ptr)
	if err != nil {
		return ""
	}
	n := len(tokens)
	if !last {
		n--
	}
	for k := 0; k < n; k++ {
		if tokens[k] == "-" {
			continue
		}
		parent := model.Pointer(tokens[:k]...)
		a, b := orig.Find(parent), disk.Find(parent)
		if a == nil || a.Kind != model.Array || b == nil || b.Kind != model.Array {
			continue
		}
		if a.Len() != b.Len() {
			return fmt.Sprintf("%s has %d items on disk, %d when loaded: its indices may name other items now",
				displayPtr(parent), b.Len(), a.Len())
		}
	}
	return ""
}

func displayPtr(p string) string {
	if p == "" {
		return "the document"
	}
	return p
}

// sameValue reports whether two nodes hold the same JSON value (member
// order aside; numbers compared as written). Two nil nodes (both absent)
// are the same.
func sameValue(a, b *model.Node) bool {
	if a == nil || b == nil {
		return a == b
	}
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case model.String:
		return a.Text() == b.Text()
	case model.Number, model.Bool:
		return bytes.Equal(a.Raw(), b.Raw())
	case model.Null:
		return true
	case model.Array:
		if a.Len() != b.Len() {
			return false
		}
		for i := range a.All() {
			if !sameValue(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	case model.Object:
		if a.Len() != b.Len() {
			return false
		}
		for _, m := range a.Members() {
			if !sameValue(m.Value, b.Get(m.Key())) {
				return false
			}
		}
		return true
	}
	return false
}
