// Package edit is an editing session over a file on disk: the document as
// loaded, the edits made since (kept as pointer operations), the diff they
// make, and a save that never overwrites someone else's change. `oncard
// edit` drives it from flags; the TUI drives it from its screens.
//
// The package does not validate (model must not depend on validate): the
// caller validates Original() and Doc() and compares them with
// validate.NewFindings.
package edit

import (
	"bytes"
	"context"
	"fmt"

	"github.com/oncard/oncard/internal/docfile"
	"github.com/oncard/oncard/model"
)

// Session is one file being edited.
//
// Changes made through the session's methods (Set, Delete, Insert, Move,
// Apply) are recorded, so that Rebase can apply them again, as they were
// meant, to a newer version of the file. A change made on Doc() directly
// (by a typed view such as model.Card) is saved all the same; Rebase
// finds it by comparing values instead.
type Session struct {
	file     *docfile.File
	base     []byte     // the file's bytes as loaded or last saved
	original *model.Doc // base parsed, never edited; nil until needed
	doc      *model.Doc // original plus pending
	pending  []Op
	prepare  func(*model.Doc)
	// asLoaded: doc was parsed from base and no edit went through the
	// session since, so while doc.Changed() is false it is the file as on
	// disk (see Baseline).
	asLoaded bool
}

// OpenMax loads the file at path for editing, within the size cap max (a
// --max-size) when positive, else the default cap of the document's kind
// (docfile.OpenFileMax).
func OpenMax(path string, max int) (*Session, error) {
	f, err := docfile.OpenFileMax(context.Background(), path, max)
	if err != nil {
		return nil, err
	}
	// The loaded Doc becomes the edited one; Original parses the bytes
	// again when someone needs it (a parse costs about what a Clone does,
	// and most sessions never need it: see Baseline).
	doc := f.Doc
	f.Doc = nil // the session holds the edited Doc; the File only saves
	return &Session{file: f, base: doc.Source(), doc: doc, asLoaded: true}, nil
}

// Prepare runs fn on the edited Doc now and on each Doc the session builds
// later (after Rebase). For a card, pass a function calling model.NewCard,
// so that new members land in the spec's member order.
func (s *Session) Prepare(fn func(*model.Doc)) {
	s.prepare = fn
	if fn != nil {
		fn(s.doc)
	}
}

// Path is the file being edited.
func (s *Session) Path() string { return s.file.Path }

// Doc is the document with the pending edits. Read it freely; edit it
// through the session (see Session).
func (s *Session) Doc() *model.Doc { return s.doc }

// Original is the document as it is on disk (as loaded, or as last saved),
// parsed from Base on first use. Do not edit it. The parse can only fail
// after a save of a document made unparseable through Doc().
func (s *Session) Original() (*model.Doc, error) {
	if s.original == nil {
		d, err := parseOwn(s.base)
		if err != nil {
			return nil, fmt.Errorf("%s as saved: %w", s.file.Path, err)
		}
		s.original = d
	}
	return s.original, nil
}

// Baseline is the document as on disk for a reader that is done with it
// before the next edit, such as a validation of the file as loaded: while
// nothing has been edited it is Doc itself (no second parse, no second
// tree of a large file held), otherwise Original. Do not edit it, and do
// not keep it across an edit.
func (s *Session) Baseline() (*model.Doc, error) {
	if s.asLoaded && !s.doc.Changed() {
		return s.doc, nil
	}
	return s.Original()
}

// Reparse replaces the edited Doc by a parse of the bytes Save would write
// and returns it, for a caller that validates those bytes (findings located
// in them, as in the file written) and goes on with the session: it is the
// same document, so the edits, the diff and Save are unchanged. The old
// tree is let go before the new one is built, so that a large file's tree
// is held once, not twice. Nodes of the old Doc must not be used after.
//
// If the bytes do not parse (a bug of the encoder), the session starts
// over from the file as loaded or last saved, its edits dropped, and the
// error says so.
func (s *Session) Reparse() (*model.Doc, error) {
	data := s.Bytes()
	s.doc, s.file.Doc, s.asLoaded = nil, nil, false
	doc, err := parseOwn(data)
	if err != nil {
		s.pending = nil
		if doc, err2 := parseOwn(s.base); err2 == nil {
			s.doc = doc
			if s.prepare != nil {
				s.prepare(doc)
			}
		}
		return nil, fmt.Errorf("the edited %s does not parse (its edits are dropped): %w", s.file.Path, err)
	}
	if s.prepare != nil {
		s.prepare(doc)
	}
	s.doc = doc
	return doc, nil
}

// parseOwn parses bytes the session owns and never changes (base, or an
// encoding of its Doc) without copying them. The cap is their own size:
// the file's kind was allowed its size when opened.
func parseOwn(data []byte) (*model.Doc, error) {
	return model.ParseOwned(data, model.Limits{MaxBytes: max(len(data), 1), MaxDepth: model.DefaultLimits.MaxDepth})
}

// Base is the file's bytes as loaded or last saved.
func (s *Session) Base() []byte { return s.base }

// Pending lists the edits made since the file was loaded or last saved.
func (s *Session) Pending() []Op { return append([]Op(nil), s.pending...) }

// Bytes is the document as it would be saved.
func (s *Session) Bytes() []byte { return s.doc.Encode() }

// Changed reports whether saving would change the file.
func (s *Session) Changed() bool { return !bytes.Equal(s.Bytes(), s.base) }

// Set replaces or adds the value at ptr (JSON text), as model.Doc.Set.
func (s *Session) Set(ptr string, value []byte) error {
	return s.Do(Op{Kind: OpSet, Ptr: ptr, Value: value})
}

// Delete removes the member or item at ptr.
func (s *Session) Delete(ptr string) error { return s.Do(Op{Kind: OpDelete, Ptr: ptr}) }

// Insert inserts value into an array before the index ptr ends in.
func (s *Session) Insert(ptr string, value []byte) error {
	return s.Do(Op{Kind: OpInsert, Ptr: ptr, Value: value})
}

// Move moves an array item from one index to another.
func (s *Session) Move(from, to string) error { return s.Do(Op{Kind: OpMove, From: from, Ptr: to}) }

// Do applies one op and records it. A failed op changes nothing and is not
// recorded.
func (s *Session) Do(op Op) error {
	if err := op.apply(s.doc); err != nil {
		return err
	}
	op.Value = bytes.Clone(op.Value)
	s.pending = append(s.pending, op)
	s.asLoaded = false
	return nil
}

// Apply applies planned edits (model.PlanUpgrade's) in order and stops at
// the first that fails, naming its pointer; the edits before it stay
// applied.
func (s *Session) Apply(edits []model.Edit) error {
	for _, e := range edits {
		if err := s.Do(opOf(e)); err != nil {
			return fmt.Errorf("%s: %w", e.Ptr, err)
		}
	}
	return nil
}

// Save writes the edited document over the file: atomically, keeping its
// mode. It refuses with an error wrapping docfile.ErrChangedOnDisk when the
// file is no longer what was loaded: nothing is written, the session keeps
// its edits, and the caller can Rebase or SaveAs. When nothing changed it
// writes nothing.
func (s *Session) Save() error { return s.SaveContext(context.Background()) }

// SaveContext is Save giving up when ctx is cancelled before writing.
func (s *Session) SaveContext(ctx context.Context) error {
	data := s.Bytes()
	if bytes.Equal(data, s.base) {
		return nil
	}
	if err := s.Write(ctx, data); err != nil {
		return err
	}
	s.Saved(data)
	return nil
}

// Write writes data, the document's bytes (Bytes) taken when the save was
// asked for, over the file as Save does, but leaves the session as it is:
// an editor writes in a command, off its event loop, while the session
// stays the event loop's, and calls Saved with the same bytes once Write
// succeeded. It touches only the file's record of what it last wrote.
func (s *Session) Write(ctx context.Context, data []byte) error {
	return s.file.SaveContext(ctx, data)
}

// Saved records that data, written by Write, is the file's content now:
// the session's edits are all saved.
func (s *Session) Saved(data []byte) {
	s.base = data
	s.original = nil // parsed again only if needed
	s.asLoaded = false
	s.pending = nil
}

// AllowReadOnly lets Save replace a file without write permission
// (oncard's --force); by default Save refuses with docfile.ErrReadOnly.
func (s *Session) AllowReadOnly(on bool) { s.file.ReplaceReadOnly = on }

// Warnings are what the last Save reported besides writing (a hard link
// split off, an owner that could not be kept), for the user.
func (s *Session) Warnings() []string { return s.file.Warnings }

// SaveAs writes the edited document to another path (atomically; an
// existing file is replaced only when overwrite is true, see
// docfile.WriteNew). The session still edits its own file.
func (s *Session) SaveAs(path string, overwrite bool) error {
	return docfile.WriteNew(path, s.Bytes(), overwrite)
}
