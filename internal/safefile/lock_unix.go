//go:build unix

package safefile

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// lock takes the advisory lock of target, waiting for other oncard
// writers of the same file (up to lockWaitLimit, or until ctx is
// cancelled), and returns its release.
//
// The lock file is .<name>.oncard-lock beside target. It is created with
// O_EXCL and opened with O_NOFOLLOW, never through a symlink (one planted
// there by another user would make oncard create or lock a file anywhere),
// and refused when it is not a regular file or is owned by another user
// (root excepted). The holder writes its pid in it, so that a waiting
// writer can say whose lock it waits for. The lock file is removed on
// release, so that none is left beside the user's files; a writer that was
// waiting on the removed file notices (the path no longer names the file it
// locked) and locks the new one instead.
func lock(ctx context.Context, path, target string) (func(), error) {
	lockPath := affixed(target, ".oncard-lock")
	start := time.Now()
	noticed := false
	for {
		f, err := openLock(path, lockPath)
		if err != nil {
			return nil, err
		}
		for {
			ok, err := tryFlock(f)
			if err != nil {
				f.Close()
				return nil, &fs.PathError{Op: "write", Path: path, Err: fmt.Errorf("cannot lock %s: %w", lockPath, err)}
			}
			if ok {
				break
			}
			waited := time.Since(start)
			if say := lockNoticeOf(ctx); say != nil && !noticed && waited >= lockNoticeAfter {
				noticed = true
				say("waiting for the lock of " + holderName(lockHolder(f)) + " on " + path)
			}
			if waited >= lockWaitLimit {
				pid := lockHolder(f)
				f.Close()
				return nil, lockTimeout(path, pid)
			}
			select {
			case <-ctx.Done():
				f.Close()
				return nil, ctx.Err()
			case <-time.After(lockRetry):
			}
		}
		held, err1 := f.Stat()
		now, err2 := os.Lstat(lockPath)
		if err1 != nil || err2 != nil || !os.SameFile(held, now) {
			f.Close() // released and removed by its holder meanwhile
			continue
		}
		// Whose lock it is, for those who wait.
		if f.Truncate(0) == nil {
			_, _ = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
		}
		return func() {
			_ = os.Remove(lockPath) // while still holding it
			_ = f.Close()
		}, nil
	}
}

// openLock opens (creating it if need be) the lock file at lockPath for
// a write of path, refusing a symlink, anything but a regular file, and
// another user's file.
func openLock(path, lockPath string) (*os.File, error) {
	dir := filepath.Dir(lockPath)
	for range 100 {
		f, err := os.OpenFile(lockPath, os.O_RDWR|os.O_CREATE|os.O_EXCL|syscall.O_NOFOLLOW, 0o644)
		if err == nil {
			return f, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, folderError(path, dir, err)
		}
		// Someone holds it, or left it. O_NONBLOCK: a named pipe put there
		// must not block the open either.
		f, err = os.OpenFile(lockPath, os.O_RDWR|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			continue // removed by its holder in between: create it again
		case errors.Is(err, syscall.ELOOP):
			return nil, lockRefused(path, lockPath, "is a symlink")
		case errors.Is(err, syscall.EISDIR):
			return nil, lockRefused(path, lockPath, "is a directory")
		case errors.Is(err, syscall.ENXIO): // a socket
			return nil, lockRefused(path, lockPath, "is not a regular file")
		case err != nil:
			return nil, folderError(path, dir, err)
		}
		fi, err := f.Stat()
		if err != nil {
			f.Close()
			return nil, folderError(path, dir, err)
		}
		if !fi.Mode().IsRegular() {
			f.Close()
			return nil, lockRefused(path, lockPath, "is "+kindOf(fi.Mode()))
		}
		if uid, foreign := ForeignOwner(fi); foreign {
			f.Close()
			return nil, lockRefused(path, lockPath, fmt.Sprintf("is owned by another user (uid %d)", uid))
		}
		if err := blocking(f); err != nil {
			f.Close()
			return nil, folderError(path, dir, err)
		}
		return f, nil
	}
	return nil, &fs.PathError{Op: "write", Path: path, Err: fmt.Errorf("the lock %s keeps disappearing", lockPath)}
}

// tryFlock takes the exclusive lock on f without waiting: false when
// another open file holds it.
func tryFlock(f *os.File) (bool, error) {
	rc, err := f.SyscallConn()
	if err != nil {
		return false, err
	}
	var ferr error
	if err := rc.Control(func(fd uintptr) {
		for {
			ferr = unix.Flock(int(fd), unix.LOCK_EX|unix.LOCK_NB)
			if ferr != unix.EINTR {
				return
			}
		}
	}); err != nil {
		return false, err
	}
	if errors.Is(ferr, unix.EWOULDBLOCK) {
		return false, nil
	}
	return ferr == nil, ferr
}

// lockHolder is the pid the lock's holder wrote in it, 0 when unknown.
func lockHolder(f *os.File) int {
	var b [24]byte
	n, _ := f.ReadAt(b[:], 0)
	pid, err := strconv.Atoi(strings.TrimSpace(string(b[:n])))
	if err != nil || pid <= 0 {
		return 0
	}
	return pid
}
