package app

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"

	"github.com/oncard/oncard/model"
)

// catalogSource is an existing catalog as last read from disk, kept between
// keystrokes so that "add to existing" does not read and parse the file on
// each one. It is read again when the path changes or the file's size or
// modification time does. A change that keeps both (same size, within the
// file system's time resolution) can go unseen by the preview, never by the
// write: File.Save compares the bytes on disk with those read and refuses.
type catalogSource struct {
	path    string
	size    int64
	modTime time.Time
	// file is the catalog as read. Its Doc is never edited: merges work on
	// a clone, so that each keystroke merges into the catalog as on disk.
	file *model.File
	// err is why the file cannot be merged into (missing, unreadable, not
	// an AI Catalog); file is nil then. missing says the path did not exist.
	err     error
	missing bool
	// gen tells one reading from another (it grows with each).
	gen int

	// spare is a clone of file.Doc made ahead, off the keystroke path, for
	// the next merge; cloning says one is being made (or waits in spare).
	// Cloning only reads the Doc, which the model allows concurrently.
	spare   chan *model.Doc
	cloning bool
}

// docToMerge returns a copy of the catalog as read, for MergeEntries to
// edit, and starts making the copy for the next merge. A 10,000-entry
// catalog takes milliseconds to clone: done between keystrokes, it costs
// the next keystroke nothing. It is called from the TUI's event loop only.
func (src *catalogSource) docToMerge() *model.Doc {
	var doc *model.Doc
	select {
	case doc = <-src.spare:
		src.cloning = false
	default:
		// None ready (the first merge, or keys typed faster than a clone).
		doc = src.file.Doc.Clone()
	}
	if !src.cloning {
		src.cloning = true
		read, spare := src.file.Doc, src.spare
		go func() { spare <- read.Clone() }() // never blocks: at most one in flight
	}
	return doc
}

// fresh reports whether src still describes path as it is on disk (fi and
// missing are statCatalog(path) now).
func (src *catalogSource) fresh(path string, fi os.FileInfo, missing bool) bool {
	if src == nil || src.path != path {
		return false
	}
	if fi == nil {
		// Missing before and still missing: nothing new to say. Any other
		// Stat failure is tried again (and reported by OpenFile).
		return src.missing && missing
	}
	return !src.missing && src.size == fi.Size() && src.modTime.Equal(fi.ModTime())
}

// readCatalogSource reads and checks the catalog at path. fi is the Stat
// taken before reading: if the file changes while it is read, the next
// Stat differs and the file is read again.
func readCatalogSource(path string, fi os.FileInfo, missing bool, gen int) *catalogSource {
	src := &catalogSource{path: path, gen: gen, missing: missing}
	if missing {
		src.err = fmt.Errorf("%s does not exist; choose \"new catalog\" to create it", model.SafeText(path))
		return src
	}
	if fi != nil {
		src.size, src.modTime = fi.Size(), fi.ModTime()
	}
	f, err := ReadCatalog(context.Background(), path) // regular files only: never blocks
	if err != nil {
		src.err = err
		return src
	}
	src.file = f
	src.spare = make(chan *model.Doc, 1)
	return src
}

// statCatalog is os.Stat(path), nil when the path does not exist. Other
// Stat errors (permissions) also give nil info but are left to OpenFile,
// which reports them with the path.
func statCatalog(path string) (fi os.FileInfo, missing bool) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, errors.Is(err, fs.ErrNotExist)
	}
	return fi, false
}
