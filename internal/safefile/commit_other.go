//go:build !linux

package safefile

import "io/fs"

// commit puts the finished temporary file name in target's place, but
// only over the version of target that was checked (old, nil when there
// was none): it re-checks just before the rename (Linux swaps atomically
// and checks after, see commit_linux.go). leftover says whether name still
// holds a file for the caller to remove.
func commit(name, target string, old, _ fs.FileInfo) (leftover bool, err error) {
	return recheckAndRename(name, target, old)
}
