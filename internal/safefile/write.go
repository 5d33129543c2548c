package safefile

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Options tune a write.
type Options struct {
	// Perm is the mode of a file created anew, before the umask; 0 means
	// 0644. A replaced file keeps its own mode.
	Perm fs.FileMode
	// ReplaceReadOnly is oncard's --force: it allows replacing a file
	// without write permission bits, refused with ErrReadOnly otherwise,
	// and a file (or symlink) another user owns in a folder others may
	// write, refused with ErrForeign otherwise.
	ReplaceReadOnly bool
	// NoClobber only creates: a file at the path is refused with
	// ErrExists, even one another program creates while oncard writes.
	NoClobber bool
	// MaxBytes caps what Update reads of the current file; 0 means 64 MiB.
	MaxBytes int64
}

// Report says what a successful write did beyond writing.
type Report struct {
	// Path is the file written: the path given, or through a symlink the
	// file it points to.
	Path string
	// Warnings are things the user should know, one sentence each: a hard
	// link that now names the old content, an owner that could not be
	// kept.
	Warnings []string
}

// Current is the file as Update found it under the lock.
type Current struct {
	Data []byte      // nil when the file does not exist
	Info fs.FileInfo // nil when the file does not exist
}

// Exists reports whether there was a file.
func (c Current) Exists() bool { return c.Info != nil }

// Write replaces the file at path with data atomically (see the package
// comment), under the lock.
func Write(ctx context.Context, path string, data []byte, opts Options) (Report, error) {
	return update(ctx, path, opts, false, func(Current) ([]byte, error) { return data, nil })
}

// Update is a locked read-modify-write: under the lock it reads the file
// (a regular file, or nothing), calls change with what it found, and
// writes what change returns. When change returns an error nothing is
// written and Update returns that error as it is; when it returns nil
// data nothing is written either.
func Update(ctx context.Context, path string, opts Options, change func(Current) ([]byte, error)) (Report, error) {
	return update(ctx, path, opts, true, change)
}

func update(ctx context.Context, path string, opts Options, readCurrent bool, change func(Current) ([]byte, error)) (Report, error) {
	target, err := resolve(path)
	if err != nil {
		return Report{}, err
	}
	// A device or a directory is refused before anything is created
	// beside it (the lock file), and again under the lock below.
	if fi, err := os.Lstat(target); err == nil && !fi.Mode().IsRegular() {
		return Report{}, notRegular("replace", path, fi.Mode())
	}
	if !opts.ReplaceReadOnly {
		if err := foreignInOpenFolder(path, target); err != nil {
			return Report{}, err
		}
	}
	unlock, err := lock(ctx, path, target)
	if err != nil {
		return Report{}, err
	}
	defer unlock()
	sweep(target)

	var cur Current
	fi, err := os.Lstat(target)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return Report{}, err
	case !fi.Mode().IsRegular():
		return Report{}, notRegular("replace", path, fi.Mode())
	case opts.NoClobber:
		return Report{}, &fs.PathError{Op: "create", Path: path, Err: ErrExists}
	default:
		cur.Info = fi
		if readCurrent {
			max := opts.MaxBytes
			if max <= 0 {
				max = 64 << 20
			}
			data, info, err := ReadRegular(ctx, target, max)
			if err != nil {
				return Report{}, err
			}
			cur.Data, cur.Info = data, info
		}
	}
	data, err := change(cur)
	if err != nil || data == nil {
		return Report{}, err
	}
	if cur.Exists() && cur.Info.Mode().Perm()&0o222 == 0 && !opts.ReplaceReadOnly {
		return Report{}, &fs.PathError{Op: "replace", Path: path, Err: ErrReadOnly}
	}
	if err := ctx.Err(); err != nil {
		return Report{}, err
	}
	rep := Report{Path: target}
	rep.Warnings, err = replace(path, target, data, cur.Info, opts)
	return rep, err
}

// foreignInOpenFolder refuses (ErrForeign) to write path when it, or the
// file target it leads to, belongs to another user (root excepted) in a
// folder others may write: such a file may have been planted there (a
// symlink in /tmp leading to a file of yours) for oncard to write over.
func foreignInOpenFolder(path, target string) error {
	for _, p := range []string{path, target} {
		fi, err := os.Lstat(p)
		if err != nil {
			continue // absent: nothing of anyone's to replace
		}
		uid, foreign := ForeignOwner(fi)
		if !foreign {
			continue
		}
		if di, err := os.Stat(filepath.Dir(p)); err == nil && OthersMayWrite(di) {
			what := "it is"
			if p != path {
				what = "the file it leads to (" + p + ") is"
			} else if fi.Mode()&fs.ModeSymlink != 0 {
				what = "the symlink is"
			}
			return &fs.PathError{Op: "replace", Path: path, Err: &foreignError{fmt.Sprintf(
				"%s owned by another user (uid %d) in a folder others may write; replace it only with --force", what, uid)}}
		}
	}
	return nil
}

type foreignError struct{ msg string }

func (e *foreignError) Error() string        { return e.msg }
func (e *foreignError) Is(target error) bool { return target == ErrForeign }

// resolve returns the file a write of path replaces: path itself, or the
// end of the symlink chain it starts.
func resolve(path string) (string, error) {
	fi, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return path, nil
	}
	if err != nil {
		return "", err
	}
	if fi.Mode()&fs.ModeSymlink == 0 {
		return path, nil
	}
	target, err := filepath.EvalSymlinks(path)
	if errors.Is(err, fs.ErrNotExist) {
		return "", &fs.PathError{Op: "replace", Path: path, Err: ErrDanglingLink}
	}
	return target, err
}

// lockRetry is how often a waiting writer tries the lock again.
const lockRetry = 20 * time.Millisecond

// How long a writer waits for another's lock: after lockNoticeAfter it
// says whose lock it waits for (WithLockNotice), after lockWaitLimit it
// gives up (a holder stopped with Ctrl-Z would otherwise keep it waiting
// for ever). Variables, so that tests need not wait.
var (
	lockNoticeAfter = time.Second
	lockWaitLimit   = 30 * time.Second
)

// ErrLockTimeout: another process held the file's lock longer than a
// writer waits (it came wrapped with the path and the holder's pid).
var ErrLockTimeout = errors.New("the lock was not released in time")

// ErrLockRefused: the lock file beside the target is not one oncard may
// use (a symlink, not a regular file, another user's).
var ErrLockRefused = errors.New("the lock file cannot be used")

type lockRefusal struct{ lockPath, why string }

func (e *lockRefusal) Error() string {
	return fmt.Sprintf("the lock file %s %s; oncard does not use it (remove it if it is not yours)", e.lockPath, e.why)
}

func (e *lockRefusal) Is(target error) bool { return target == ErrLockRefused }

func lockRefused(path, lockPath, why string) error {
	return &fs.PathError{Op: "write", Path: path, Err: &lockRefusal{lockPath, why}}
}

type lockNoticeKey struct{}

// WithLockNotice returns ctx carrying say, which a write waiting for
// another process's lock calls once, after a second, with a sentence such
// as "waiting for the lock of pid 4242 on card.json". A nil say (a full
// screen program owns the terminal) says nothing.
func WithLockNotice(ctx context.Context, say func(msg string)) context.Context {
	return context.WithValue(ctx, lockNoticeKey{}, say)
}

func lockNoticeOf(ctx context.Context) func(string) {
	say, _ := ctx.Value(lockNoticeKey{}).(func(string))
	return say
}

// holderName is how a lock's holder is named in messages.
func holderName(pid int) string {
	if pid > 0 {
		return fmt.Sprintf("pid %d", pid)
	}
	return "another process"
}

// lockTimeout is the error of a writer that gave up waiting.
func lockTimeout(path string, pid int) error {
	return &fs.PathError{Op: "write", Path: path, Err: fmt.Errorf(
		"%w: %s has held it for %v (stopped with Ctrl-Z? resume it with fg, or end it, and try again)",
		ErrLockTimeout, holderName(pid), lockWaitLimit)}
}

// folderError explains a failure to create a file in dir (the lock or the
// temporary file) without naming that file: the user asked to write path.
func folderError(path, dir string, err error) error {
	var reason error = err
	var pe *fs.PathError
	if errors.As(err, &pe) {
		reason = pe.Err
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return &fs.PathError{Op: "write", Path: path, Err: fmt.Errorf("the folder %s does not exist", dir)}
	case errors.Is(err, fs.ErrPermission):
		return &fs.PathError{Op: "write", Path: path, Err: fmt.Errorf("cannot create files in the folder %s: %w", dir, reason)}
	}
	return &fs.PathError{Op: "write", Path: path, Err: fmt.Errorf("cannot write in the folder %s: %w", dir, reason)}
}

// tempMarker is in the name of every temporary file oncard writes, so
// that a stale one can be told from anyone else's file.
const tempMarker = ".oncard-tmp-"

// affixed is the hidden name ".<base><suffix>" beside target. Very long
// base names are cut so that the result stays within name limits.
func affixed(target, suffix string) string {
	base := filepath.Base(target)
	if len(base) > 180 {
		base = base[:180]
	}
	return filepath.Join(filepath.Dir(target), "."+base+suffix)
}

// sweep removes the temporary files of target that an oncard killed while
// writing left behind. It runs under target's lock, so no writer of ours
// is using them.
func sweep(target string) {
	prefix := filepath.Base(affixed(target, tempMarker))
	dir := filepath.Dir(target)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), prefix) && e.Type().IsRegular() {
			_ = os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

// replace writes data to a temporary file beside target and renames it
// over target (old is target's FileInfo, nil when absent).
func replace(path, target string, data []byte, old fs.FileInfo, opts Options) ([]string, error) {
	dir := filepath.Dir(target)
	perm := opts.Perm
	if perm == 0 {
		perm = 0o644
	}
	if old != nil {
		perm = 0o600 // until chmod below gives it the old mode exactly
	}
	tmp, err := createTemp(target, perm)
	if err != nil {
		return nil, folderError(path, dir, err)
	}
	name := tmp.Name()
	committed := false
	defer func() {
		if !committed {
			_ = os.Remove(name)
		}
	}()
	var warnings []string
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return nil, writeError(path, err)
	}
	if old != nil {
		if err := tmp.Chmod(old.Mode().Perm()); err != nil {
			tmp.Close()
			return nil, writeError(path, err)
		}
		warnings = append(warnings, keepOwner(tmp, path, old)...)
		if n := linkCount(old); n > 1 {
			warnings = append(warnings, fmt.Sprintf(
				"%s had %d hard links; it is now a file of its own, and the %d other names keep the old content",
				path, n, n-1))
		}
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return nil, writeError(path, err)
	}
	if err := tmp.Close(); err != nil {
		return nil, writeError(path, err)
	}
	if old == nil && opts.NoClobber {
		// A hard link fails if the name exists: nothing is clobbered even
		// if a program that ignores our lock created it meanwhile.
		err := os.Link(name, target)
		if errors.Is(err, fs.ErrExist) {
			return nil, &fs.PathError{Op: "create", Path: path, Err: ErrExists}
		}
		if err == nil {
			syncDir(dir)
			return warnings, nil // the deferred Remove drops the temporary name
		}
		// No hard links on this file system: rename instead.
	}
	ours, err := os.Lstat(name)
	if err != nil {
		return nil, writeError(path, err)
	}
	leftover, err := commit(name, target, old, ours)
	committed = !leftover
	if err != nil {
		return nil, writeError(path, err)
	}
	syncDir(dir)
	return warnings, nil
}

// ErrReplaced: while oncard wrote, another program (one that does not take
// oncard's lock) replaced, created or removed the file; oncard wrote
// nothing, and that program's version is kept.
var ErrReplaced = errors.New("the file was replaced while oncard wrote it")

type replacedError struct{ how string }

func (e *replacedError) Error() string        { return ErrReplaced.Error() + " (" + e.how + ")" }
func (e *replacedError) Is(target error) bool { return target == ErrReplaced }

func errReplaced(how string) error { return &replacedError{how: how} }

// sameVersion reports whether a and b describe one version of a file: the
// same file (device and inode), not changed in place since (size and
// modification time).
func sameVersion(a, b fs.FileInfo) bool {
	return os.SameFile(a, b) && a.Size() == b.Size() && a.ModTime().Equal(b.ModTime())
}

// recheckAndRename renames name over target after checking that target is
// still the version checked (old; nil: nothing there). A program renaming
// in the instant between the two is not seen; Linux's exchange closes that
// gap.
func recheckAndRename(name, target string, old fs.FileInfo) (leftover bool, err error) {
	now, err := os.Lstat(target)
	switch {
	case old == nil && err == nil:
		return true, errReplaced("a file was created there")
	case old != nil && errors.Is(err, fs.ErrNotExist):
		return true, errReplaced("it was removed")
	case old != nil && err == nil && !sameVersion(now, old):
		return true, errReplaced("another program renamed a new version over it")
	}
	if err := os.Rename(name, target); err != nil {
		return true, err
	}
	return false, nil
}

// createTemp creates .<name>.oncard-tmp-<random> beside target.
func createTemp(target string, perm fs.FileMode) (*os.File, error) {
	for range 10 {
		var b [6]byte
		_, _ = rand.Read(b[:])
		name := affixed(target, tempMarker+hex.EncodeToString(b[:]))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return f, err
	}
	return nil, errors.New("cannot find a free temporary name")
}

// writeError names the path the user gave, not the temporary file.
func writeError(path string, err error) error {
	return &fs.PathError{Op: "write", Path: path, Err: unwrapPath(unwrapLink(err))}
}

func unwrapLink(err error) error {
	if le, ok := err.(*os.LinkError); ok {
		return le.Err
	}
	return err
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
