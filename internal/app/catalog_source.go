package app

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"

	"github.com/oncard/oncard/internal/docfile"

	"github.com/oncard/oncard/model"
)

// CatalogSource is an existing catalog as last read from disk, kept between
// keystrokes so that "add to existing" does not read and parse the file on
// each one. ReadCatalogSource reads it again when the path changes or the
// file's size or modification time does. A change that keeps both (same
// size, within the file system's time resolution) can go unseen by the
// preview, never by the write: File.Save compares the bytes on disk with
// those read and refuses.
//
// A CatalogSource is made by ReadCatalogSource (which does all the file
// I/O, so that an editor runs it off its event loop) and handed to a
// CatalogPlanner (SetSource); it is never changed after it is made.
type CatalogSource struct {
	path    string
	size    int64
	modTime time.Time
	// file is the catalog as read. Its Doc is never edited: merges work on
	// a clone, so that each keystroke merges into the catalog as on disk.
	file *docfile.File
	// err is why the file cannot be merged into (missing, unreadable, not
	// an AI Catalog); file is nil then. missing says the path did not exist.
	err     error
	missing bool
}

// Path is the file this is a reading of.
func (src *CatalogSource) Path() string { return src.path }

// docToMerge returns a copy of the catalog as read, for MergeEntries to
// edit. A 10,000-entry catalog takes a few milliseconds to clone, much
// less than the merge's validation.
func (src *CatalogSource) docToMerge() *model.Doc { return src.file.Doc.Clone() }

// fresh reports whether src still describes path as it is on disk (fi and
// missing are statCatalog(path) now).
func (src *CatalogSource) fresh(path string, fi os.FileInfo, missing bool) bool {
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

// ReadCatalogSource returns the catalog at path as it is on disk: prev
// itself when prev still describes the file (same path, size and
// modification time), else a new reading. It reads regular files only, so
// it never blocks on a pipe.
func ReadCatalogSource(path string, prev *CatalogSource) *CatalogSource {
	fi, missing := statCatalog(path)
	if prev.fresh(path, fi, missing) {
		return prev
	}
	return readCatalogSource(path, fi, missing)
}

// readCatalogSource reads and checks the catalog at path. fi is the Stat
// taken before reading: if the file changes while it is read, the next
// Stat differs and the file is read again.
func readCatalogSource(path string, fi os.FileInfo, missing bool) *CatalogSource {
	src := &CatalogSource{path: path, missing: missing}
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
