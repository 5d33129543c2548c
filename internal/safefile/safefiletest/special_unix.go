//go:build unix

package safefiletest

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// CharDevice returns a character device a test may try to overwrite. Root
// could replace the real /dev/null if the code under test were broken, so
// root gets a null device of its own in a temporary folder (the test is
// skipped when none can be made); anyone else gets /dev/null, which they
// cannot replace.
func CharDevice(t testing.TB) string {
	t.Helper()
	if os.Geteuid() != 0 {
		return os.DevNull
	}
	p := filepath.Join(t.TempDir(), "null")
	if err := syscall.Mknod(p, syscall.S_IFCHR|0o666, 1<<8|3); err != nil { // major 1, minor 3: null
		t.Skip("cannot make a device:", err)
	}
	return p
}

// FIFO makes a named pipe at path, or skips the test when the file system
// has none.
func FIFO(t testing.TB, path string) {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skip("no named pipes:", err)
	}
}
