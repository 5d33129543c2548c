// Package safefile reads and replaces the files oncard is given without
// ever losing a write, hanging, or damaging something that is not a plain
// file.
//
// Reading (Read, ReadFrom) checks what a path is before opening it, opens
// it without blocking (a named pipe with no writer does not stall the
// open), caps how much is read, and gives up when the context is
// cancelled, whatever the read is waiting for.
//
// Writing (Write, Update) replaces a file atomically: the new bytes go to a
// temporary file beside it, named .<name>.oncard-tmp-<random>, which is
// synced and renamed over the target, keeping its mode and, where the
// system permits, its owner and group. Only regular files (or absent paths)
// are replaced; a symlink has its target updated; a dangling link, a
// read-only file (unless allowed) and anything else are refused. Every
// write holds an advisory lock on .<name>.oncard-lock beside the target
// (removed again when the write is done), so that oncard processes writing
// the same file take turns, and Update
// reads the current bytes under that lock: a read-modify-write is never
// interleaved with another. Temporary files a killed oncard left behind
// are removed by the next write of the same file.
package safefile

import (
	"errors"
	"fmt"
	"io/fs"
)

// Errors callers tell apart with errors.Is. They come wrapped in a
// *fs.PathError naming the path given.
var (
	// ErrNotRegular: the path is a device, a named pipe, a socket or a
	// directory, which oncard neither replaces nor (for ReadRegular) reads.
	ErrNotRegular = errors.New("not a regular file")
	// ErrDanglingLink: the path is a symlink to nothing; writing would
	// have to guess between replacing the link and creating its target.
	ErrDanglingLink = errors.New("is a symlink to a file that does not exist")
	// ErrReadOnly: the target has no write permission bits; it is
	// replaced only with Options.ReplaceReadOnly.
	ErrReadOnly = errors.New("is read-only")
	// ErrExists: with Options.NoClobber, there is a file at the path, or
	// one appeared there while writing (made by a program that does not
	// take oncard's lock).
	ErrExists = errors.New("already exists")
	// ErrForeign: the file, or the symlink leading to it, is owned by
	// another user and lies in a folder others may write (/tmp): it may
	// have been put there for oncard to write over. Replaced only with
	// Options.ReplaceReadOnly (--force).
	ErrForeign = errors.New("is owned by another user in a folder others may write")
)

// TooLargeError is an input over the size cap. Size is the file's size
// when known (a regular file), -1 when the input was read up to the cap.
type TooLargeError struct {
	Size  int64
	Limit int64
}

func (e *TooLargeError) Error() string {
	if e.Size >= 0 {
		return fmt.Sprintf("the file is %d bytes; the limit is %d", e.Size, e.Limit)
	}
	return fmt.Sprintf("the input is larger than %d bytes", e.Limit)
}

// kindOf names what a non-regular file is, for messages.
func kindOf(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	case m&fs.ModeSymlink != 0:
		return "a symlink"
	}
	return "not a regular file"
}

// notRegular is the error for a path of mode m that is not a regular file.
func notRegular(op, path string, m fs.FileMode) error {
	return &fs.PathError{Op: op, Path: path, Err: &kindError{kind: kindOf(m)}}
}

type kindError struct {
	kind string
	via  string // where the symlink at the path leads, when it is one
}

func (e *kindError) Error() string {
	if e.via != "" {
		return "is a symlink to " + e.kind + " (" + e.via + "), not a regular file"
	}
	switch e.kind {
	case "not a regular file":
		return e.kind
	case "a directory":
		return "is a directory" // says it all
	}
	return "is " + e.kind + ", not a regular file"
}

func (e *kindError) Is(target error) bool { return target == ErrNotRegular }
