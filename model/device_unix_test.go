//go:build unix

package model

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// charDevice is a character device a test may try to overwrite. Root
// could replace the real /dev/null if the code under test were broken, so
// root gets a null device of its own in a temporary folder; anyone else
// gets /dev/null, which they cannot replace.
func charDevice(t *testing.T) string {
	t.Helper()
	if os.Geteuid() != 0 {
		return os.DevNull
	}
	p := filepath.Join(t.TempDir(), "null")
	if err := syscall.Mknod(p, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
		t.Skip("cannot make a device:", err)
	}
	return p
}
