//go:build linux

package safefile

import (
	"errors"
	"io/fs"
	"os"

	"golang.org/x/sys/unix"
)

// commit puts the finished temporary file name in target's place, but
// only over the version of target that was checked (old, nil when there
// was none): a program that replaces files by rename without oncard's lock
// may have put a new version there since. It returns errReplaced, having
// written nothing, when that happened.
//
// On Linux the swap is atomic and checked after the fact: with a file at
// target, renameat2(RENAME_EXCHANGE) swaps the two names, and what was
// swapped out (now at name) is inspected; when it is not the version
// checked, the names are swapped back. Without a file at target,
// RENAME_NOREPLACE creates it only if nothing appeared meanwhile. On a file
// system without these (some network ones) commit re-checks just before a
// plain rename.
//
// leftover says whether name still holds a file for the caller to remove
// (the old version after an exchange, ours after a refusal).
func commit(name, target string, old, ours fs.FileInfo) (leftover bool, err error) {
	if old == nil {
		err := unix.Renameat2(unix.AT_FDCWD, name, unix.AT_FDCWD, target, unix.RENAME_NOREPLACE)
		switch {
		case err == nil:
			return false, nil
		case errors.Is(err, unix.EEXIST):
			return true, errReplaced("a file was created there")
		case !unsupported(err):
			return true, err
		}
		return recheckAndRename(name, target, old)
	}
	err = unix.Renameat2(unix.AT_FDCWD, name, unix.AT_FDCWD, target, unix.RENAME_EXCHANGE)
	switch {
	case errors.Is(err, unix.ENOENT):
		return true, errReplaced("it was removed")
	case err != nil && unsupported(err):
		return recheckAndRename(name, target, old)
	case err != nil:
		return true, err
	}
	out, err := os.Lstat(name)
	if err == nil && sameVersion(out, old) {
		return true, nil // name now holds the old version
	}
	// Another program's version: put it back.
	if err := unix.Renameat2(unix.AT_FDCWD, name, unix.AT_FDCWD, target, unix.RENAME_EXCHANGE); err != nil {
		return false, errReplaced("its version is kept at " + name + "; putting it back failed: " + err.Error())
	}
	if back, err := os.Lstat(name); err != nil || !os.SameFile(back, ours) {
		// Yet another version came in between the two swaps: ours went
		// out with it, and this one must not be removed either.
		return false, errReplaced("another version is kept at " + name)
	}
	return true, errReplaced("another program renamed a new version over it")
}

// unsupported reports a renameat2 the file system (or kernel) lacks.
func unsupported(err error) bool {
	return errors.Is(err, unix.EINVAL) || errors.Is(err, unix.ENOSYS) || errors.Is(err, unix.EOPNOTSUPP)
}
