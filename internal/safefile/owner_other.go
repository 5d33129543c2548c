//go:build !unix

package safefile

import (
	"io/fs"
	"os"
)

// keepOwner does nothing where files have no Unix owner: the new file
// inherits the folder's access rules.
func keepOwner(*os.File, string, fs.FileInfo) []string { return nil }

// linkCount is 1 where FileInfo does not tell the number of names.
func linkCount(fs.FileInfo) uint64 { return 1 }

// ForeignOwner is false where files have no Unix owner.
func ForeignOwner(fs.FileInfo) (uid int, foreign bool) { return 0, false }

// OpenToOthers is false where folders have no Unix permission bits.
func OpenToOthers(fs.FileInfo) bool { return false }

// NotMine is false where files have no Unix owner.
func NotMine(fs.FileInfo) (uid int, notMine bool) { return 0, false }

// OthersMayWrite is false where folders have no Unix permission bits.
func OthersMayWrite(fs.FileInfo) bool { return false }
