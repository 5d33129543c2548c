package docfile

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/oncard/oncard/internal/safefile"
	"github.com/oncard/oncard/internal/sizecap"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
)

// ErrChangedOnDisk means the file's bytes on disk are no longer those that
// were loaded: someone else wrote it, and saving would lose their change.
var ErrChangedOnDisk = errors.New("the file changed on disk since it was loaded")

// ErrExists means WriteNew found a file where it was told not to overwrite.
var ErrExists = errors.New("the file already exists")

// Errors of writing that callers may want to explain (see safefile).
var (
	// ErrReadOnly: the file has no write permission; File.ReplaceReadOnly
	// (oncard's --force) allows replacing it.
	ErrReadOnly = safefile.ErrReadOnly
	// ErrNotRegular: the path is a device, a pipe or a directory, which
	// oncard never replaces (nor opens as a File).
	ErrNotRegular = safefile.ErrNotRegular
	// ErrDanglingLink: the path is a symlink to nothing.
	ErrDanglingLink = safefile.ErrDanglingLink
)

// File is a document loaded from disk, remembered well enough to save it
// back safely: atomically, with its mode and owner, and never over someone
// else's edit (see internal/safefile).
type File struct {
	Path string
	Doc  *model.Doc
	Mode os.FileMode // permission bits of the file when it was loaded

	// ReplaceReadOnly lets Save replace a file without write permission;
	// without it Save refuses with ErrReadOnly.
	ReplaceReadOnly bool
	// Warnings are what the last Save reported besides writing, one
	// sentence each (a hard link split off, an owner that could not be
	// kept); the caller shows them.
	Warnings []string

	loaded [sha256.Size]byte // hash of the bytes loaded (or last saved)
	size   int               // their length: Save reads no more of the file to compare
}

// FileError is an error about a file; for a parse error it reads
// "path:line:col: message", the form editors and CI annotations understand.
type FileError struct {
	Path string
	Err  error
}

func (e *FileError) Error() string {
	var pe *model.ParseError
	if errors.As(e.Err, &pe) {
		return fmt.Sprintf("%s:%d:%d: %s", e.Path, pe.Line, pe.Column, pe.Reason())
	}
	return e.Path + ": " + e.Err.Error()
}

func (e *FileError) Unwrap() error { return e.Err }

// fileError wraps err for path, dropping an *fs.PathError about the same
// path so that the path is not said twice.
func fileError(path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Path == path {
		err = pe.Err
	}
	return &FileError{Path: path, Err: err}
}

// OpenFile reads and parses the document at path. Only a regular file is
// opened: a File is something to save back.
func OpenFile(path string) (*File, error) {
	return OpenFileContext(context.Background(), path)
}

// OpenFileContext is OpenFile giving up when ctx is cancelled.
//
// The size cap is that of the document's kind (internal/sizecap): an AI
// Catalog may be as large as sizecap.Catalog, any other document
// sizecap.Document (model.DefaultLimits.MaxBytes).
func OpenFileContext(ctx context.Context, path string) (*File, error) {
	return OpenFileMax(ctx, path, 0)
}

// OpenFileMax is OpenFileContext with the size cap max (the user's
// --max-size) instead of the kind's, when max is positive.
func OpenFileMax(ctx context.Context, path string, max int) (*File, error) {
	limit := sizecap.Largest
	if max > 0 {
		limit = max
	}
	data, mode, err := readLimited(ctx, path, limit)
	if err != nil {
		return nil, fileError(path, err)
	}
	// The buffer was read for the Doc alone: it becomes the Doc's source
	// instead of being copied (a copy of a 50 MiB catalog is 50 MiB more).
	// The parser refuses, naming both sizes, a document over its kind's cap.
	doc, err := model.ParseOwned(data, model.Limits{MaxBytes: sizecap.For("", data, max), MaxDepth: model.DefaultLimits.MaxDepth})
	if err != nil {
		return nil, &FileError{Path: path, Err: err}
	}
	return &File{Path: path, Doc: doc, Mode: mode, loaded: sha256.Sum256(data), size: len(data)}, nil
}

func tooLargeError(max int) *model.ParseError {
	return &model.ParseError{Code: validate.RuleJSONTooLarge.Code, Offset: max, Line: 1, Column: 1,
		Msg: fmt.Sprintf("the document is larger than %d bytes", max)}
}

// readLimited reads a regular file of at most max bytes (a larger one
// would be refused by model.Parse anyway; this avoids reading it all first).
func readLimited(ctx context.Context, path string, max int) ([]byte, os.FileMode, error) {
	data, fi, err := safefile.ReadRegular(ctx, path, int64(max))
	var big *safefile.TooLargeError
	if errors.As(err, &big) {
		return nil, 0, tooLargeError(max)
	}
	if err != nil {
		return nil, 0, err
	}
	return data, fi.Mode().Perm(), nil
}

// Save replaces the file with data atomically, keeping the file's mode (a
// chmod since loading wins) and owner. It refuses, with an error wrapping
// ErrChangedOnDisk, when the bytes on disk are not the ones loaded; the
// check and the write happen under the file's lock, so two oncard
// processes saving the same file never lose one another's change.
func (f *File) Save(data []byte) error {
	return f.SaveContext(context.Background(), data)
}

// SaveContext is Save giving up when ctx is cancelled before writing
// (while waiting for another writer's lock, for instance).
func (f *File) SaveContext(ctx context.Context, data []byte) error {
	if data == nil {
		data = []byte{}
	}
	var mode os.FileMode
	// A file longer than the bytes loaded changed on disk: reading it needs
	// no more than them (and a catalog may be far over model.DefaultLimits).
	opts := safefile.Options{ReplaceReadOnly: f.ReplaceReadOnly, MaxBytes: int64(max(f.size, 1))}
	rep, err := safefile.Update(ctx, f.Path, opts, func(cur safefile.Current) ([]byte, error) {
		if !cur.Exists() {
			return nil, fmt.Errorf("%w (it was removed)", ErrChangedOnDisk)
		}
		if sha256.Sum256(cur.Data) != f.loaded {
			return nil, ErrChangedOnDisk
		}
		mode = cur.Info.Mode().Perm()
		return data, nil
	})
	if errors.As(err, new(*safefile.TooLargeError)) {
		err = ErrChangedOnDisk // it grew past what we could have loaded
	}
	if err != nil {
		return fileError(f.Path, err)
	}
	f.loaded, f.size = sha256.Sum256(data), len(data)
	f.Mode = mode
	f.Warnings = rep.Warnings
	return nil
}

// Reload re-reads the file from disk (after ErrChangedOnDisk, to start over
// from the other writer's version).
func (f *File) Reload() error {
	g, err := OpenFile(f.Path)
	if err != nil {
		return err
	}
	g.ReplaceReadOnly = f.ReplaceReadOnly
	*f = *g
	return nil
}

// WriteNew writes data to path atomically. It fails with an error wrapping
// ErrExists when path exists and overwrite is false; new files get mode
// 0644 (less the umask), an overwritten file keeps its mode and owner.
// Overwriting (oncard's --force) also replaces a read-only file.
func WriteNew(path string, data []byte, overwrite bool) error {
	_, err := WriteNewContext(context.Background(), path, data, overwrite)
	return err
}

// WriteNewContext is WriteNew giving up when ctx is cancelled before
// writing; it returns the warnings to show (see File.Warnings).
func WriteNewContext(ctx context.Context, path string, data []byte, overwrite bool) ([]string, error) {
	if data == nil {
		data = []byte{}
	}
	opts := safefile.Options{Perm: 0o644, NoClobber: !overwrite, ReplaceReadOnly: overwrite}
	rep, err := safefile.Write(ctx, path, data, opts)
	if errors.Is(err, safefile.ErrExists) {
		err = ErrExists
	}
	if err != nil {
		return nil, fileError(path, err)
	}
	return rep.Warnings, nil
}
