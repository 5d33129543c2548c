//go:build unix

package keyfile

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/oncard/oncard/internal/safefile/safefiletest"
)

// A key file that is a named pipe is refused before it is opened. The test
// has a writer ready to hand over a valid key and close the pipe: a reader
// that opened the pipe would get the key and succeed, so only a refusal
// passes (and nothing waits: the writer is released by the cleanup).
func TestKeyFilesMustBeRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "key.pem")
	safefiletest.FIFO(t, fifo)
	key := pemKey(t)
	go func() {
		w, err := os.OpenFile(fifo, os.O_WRONLY, 0) // waits for a reader
		if err != nil {
			return
		}
		_, _ = w.Write(key)
		_ = w.Close()
	}()
	t.Cleanup(func() {
		// Lets the writer's open return if nothing opened the pipe.
		if r, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0); err == nil {
			_ = r.Close()
		}
	})
	if _, err := SigningKey(fifo); err == nil || err.Error() != fifo+": is a named pipe, not a regular file; a key is read from a regular file" {
		t.Errorf("SigningKey(fifo): %v", err)
	}

	zero := filepath.Join(dir, "jwks.json")
	if err := os.Symlink(safefiletest.CharDevice(t), zero); err != nil {
		t.Fatal(err)
	}
	if _, err := KeySet(zero); err == nil || !strings.Contains(err.Error(), ": is a symlink to a character device (") {
		t.Errorf("KeySet(symlink to a device): %v", err)
	}
}
