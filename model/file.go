package model

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/google/renameio/v2"
)

// ErrChangedOnDisk means the file's bytes on disk are no longer those that
// were loaded: someone else wrote it, and saving would lose their change.
var ErrChangedOnDisk = errors.New("the file changed on disk since it was loaded")

// ErrExists means WriteNew found a file where it was told not to overwrite.
var ErrExists = errors.New("the file already exists")

// File is a document loaded from disk, remembered well enough to save it
// back safely: atomically, with its mode, and never over someone else's edit.
type File struct {
	Path string
	Doc  *Doc
	Mode os.FileMode // permission bits of the file when it was loaded

	loaded [sha256.Size]byte // hash of the bytes loaded (or last saved)
}

// FileError is an error about a file; for a parse error it reads
// "path:line:col: message", the form editors and CI annotations understand.
type FileError struct {
	Path string
	Err  error
}

func (e *FileError) Error() string {
	var pe *ParseError
	if errors.As(e.Err, &pe) {
		return fmt.Sprintf("%s:%d:%d: %s", e.Path, pe.Line, pe.Column, pe.Reason())
	}
	return e.Path + ": " + e.Err.Error()
}

func (e *FileError) Unwrap() error { return e.Err }

// OpenFile reads and parses the document at path.
func OpenFile(path string) (*File, error) {
	data, mode, err := readLimited(path, DefaultLimits.MaxBytes)
	if err != nil {
		return nil, &FileError{Path: path, Err: err}
	}
	doc, err := Parse(data)
	if err != nil {
		return nil, &FileError{Path: path, Err: err}
	}
	return &File{Path: path, Doc: doc, Mode: mode, loaded: sha256.Sum256(data)}, nil
}

// readLimited reads a regular file of at most max bytes (a larger one
// would be refused by Parse anyway; this avoids reading it all first).
func readLimited(path string, max int) ([]byte, os.FileMode, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, 0, err
	}
	if fi.IsDir() {
		return nil, 0, errors.New("is a directory")
	}
	data, err := io.ReadAll(io.LimitReader(f, int64(max)+1))
	if err != nil {
		return nil, 0, err
	}
	if len(data) > max {
		return nil, 0, &ParseError{Code: "json/too-large", Offset: max, Line: 1, Column: 1,
			Msg: fmt.Sprintf("the document is larger than %d bytes", max)}
	}
	return data, fi.Mode().Perm(), nil
}

// Save replaces the file with data atomically (a temporary file in the same
// folder, fsync, rename), keeping the file's mode. It refuses, with an error
// wrapping ErrChangedOnDisk, when the bytes on disk are not the ones loaded.
func (f *File) Save(data []byte) error {
	target, err := resolve(f.Path)
	if err != nil {
		return &FileError{Path: f.Path, Err: err}
	}
	mode := f.Mode
	if fi, err := os.Stat(target); err == nil {
		mode = fi.Mode().Perm() // a chmod since loading wins
	}
	t, err := renameio.NewPendingFile(target,
		renameio.WithTempDir(filepath.Dir(target)), renameio.WithStaticPermissions(mode))
	if err != nil {
		return &FileError{Path: f.Path, Err: err}
	}
	defer t.Cleanup()
	if _, err := t.Write(data); err != nil {
		return &FileError{Path: f.Path, Err: err}
	}
	// Check as late as possible, right before the rename, to keep the
	// window in which another writer could slip in small.
	if err := f.unchangedOnDisk(target); err != nil {
		return &FileError{Path: f.Path, Err: err}
	}
	if err := t.CloseAtomicallyReplace(); err != nil {
		return &FileError{Path: f.Path, Err: err}
	}
	syncDir(filepath.Dir(target))
	f.loaded = sha256.Sum256(data)
	f.Mode = mode
	return nil
}

// unchangedOnDisk compares the file's current bytes with those loaded.
func (f *File) unchangedOnDisk(target string) error {
	cur, err := os.ReadFile(target)
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%w (it was removed)", ErrChangedOnDisk)
	}
	if err != nil {
		return err
	}
	if sha256.Sum256(cur) != f.loaded {
		return ErrChangedOnDisk
	}
	return nil
}

// Reload re-reads the file from disk (after ErrChangedOnDisk, to start over
// from the other writer's version).
func (f *File) Reload() error {
	g, err := OpenFile(f.Path)
	if err != nil {
		return err
	}
	*f = *g
	return nil
}

// WriteNew writes data to path atomically. It fails with an error wrapping
// ErrExists when path exists and overwrite is false; new files get mode
// 0644 (less the umask), an overwritten file keeps its mode.
func WriteNew(path string, data []byte, overwrite bool) error {
	target, err := resolve(path)
	if err != nil {
		return &FileError{Path: path, Err: err}
	}
	if _, err := os.Lstat(target); err == nil && !overwrite {
		return &FileError{Path: path, Err: ErrExists}
	}
	t, err := renameio.NewPendingFile(target, renameio.WithTempDir(filepath.Dir(target)),
		renameio.WithPermissions(0o644), renameio.WithExistingPermissions())
	if err != nil {
		return &FileError{Path: path, Err: err}
	}
	defer t.Cleanup()
	if _, err := t.Write(data); err != nil {
		return &FileError{Path: path, Err: err}
	}
	if !overwrite {
		// Link fails if the name appeared meanwhile: no clobbering even in
		// a race. The temporary name is removed by Cleanup.
		if err := t.Sync(); err != nil {
			return &FileError{Path: path, Err: err}
		}
		err := os.Link(t.Name(), target)
		if err == nil {
			syncDir(filepath.Dir(target))
			return nil
		}
		if errors.Is(err, fs.ErrExist) {
			return &FileError{Path: path, Err: ErrExists}
		}
		// The file system has no hard links: fall back to the rename.
	}
	if err := t.CloseAtomicallyReplace(); err != nil {
		return &FileError{Path: path, Err: err}
	}
	syncDir(filepath.Dir(target))
	return nil
}

// resolve follows a symlink so that saving replaces the file it points to
// rather than the link itself. A path that does not exist yet is kept.
func resolve(path string) (string, error) {
	p, err := filepath.EvalSymlinks(path)
	if errors.Is(err, fs.ErrNotExist) {
		return path, nil
	}
	return p, err
}

// syncDir makes the rename durable; failures are ignored because some
// systems cannot fsync a directory and the rename itself succeeded.
func syncDir(dir string) {
	d, err := os.Open(dir)
	if err != nil {
		return
	}
	_ = d.Sync()
	_ = d.Close()
}
