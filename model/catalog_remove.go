package model

import (
	"errors"
	"fmt"
	"strings"
)

// Removed is the outcome of RemoveEntry.
type Removed struct {
	// Text is the catalog without the entry, to be written: every byte
	// outside the removed entry and the separator before it is kept.
	Text []byte
	// Doc holds the same JSON values as Text (the source with the entry
	// deleted): validate it instead of parsing Text again.
	Doc *Doc
	// Index is where the removed entry was.
	Index int
	// Identifier and Version are the removed entry's.
	Identifier, Version string
}

// ErrNoSuchEntry is returned (wrapped) by RemoveEntry when no entry has the
// identifier (and version) asked for.
var ErrNoSuchEntry = errors.New("no such entry")

// ErrAmbiguousEntry is returned (wrapped) by RemoveEntry when several
// entries match and no version says which.
var ErrAmbiguousEntry = errors.New("several entries match")

// RemoveEntry deletes one entry from the catalog doc, as loaded (by Parse
// or OpenFile); doc is edited in place and becomes Removed.Doc. With a
// version, the entry with that identifier and version goes; without one,
// the only entry with the identifier (several listed is ErrAmbiguousEntry:
// nothing is guessed).
func RemoveEntry(doc *Doc, identifier, version string) (*Removed, error) {
	if doc == nil || doc.Root() == nil {
		return nil, errors.New("no catalog")
	}
	arr := doc.Root().Get("entries")
	if doc.Root().Kind != Object || arr == nil || arr.Kind != Array {
		return nil, errors.New("/entries: the catalog has no entries array")
	}
	cat := NewCatalog(doc)
	var matches []int
	var versions []string
	for i, e := range cat.Entries() {
		if e.Identifier() != identifier {
			continue
		}
		if version == "" || e.Version() == version {
			matches = append(matches, i)
		}
		versions = append(versions, orUnversioned(e.Version()))
	}
	switch {
	case len(matches) == 0 && len(versions) > 0:
		return nil, fmt.Errorf("%w: %s is listed with version %s, not %s", ErrNoSuchEntry, identifier, strings.Join(versions, ", "), version)
	case len(matches) == 0:
		return nil, fmt.Errorf("%w: no entry has the identifier %s", ErrNoSuchEntry, identifier)
	case len(matches) > 1 && version == "":
		return nil, fmt.Errorf("%w: %s is listed with versions %s; say which", ErrAmbiguousEntry, identifier, strings.Join(versions, ", "))
	case len(matches) > 1:
		return nil, fmt.Errorf("%w: %s %s is listed %d times (%s and more); edit the file to say which", ErrAmbiguousEntry, identifier, version, len(matches), EntryPtr(matches[0]))
	}
	i := matches[0]
	r := &Removed{Index: i, Identifier: identifier, Version: cat.Entry(i).Version()}
	if err := cat.DeleteEntry(i); err != nil {
		return nil, err
	}
	r.Text, r.Doc = doc.Encode(), doc
	return r, nil
}

func orUnversioned(v string) string {
	if v == "" {
		return "(none)"
	}
	return v
}
