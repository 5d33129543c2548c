//go:build unix

package verdict

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/oncard/oncard/internal/safefile/safefiletest"
)

// A .oncard.json that is a named pipe or a symlink to a device is refused,
// naming it, without being opened or read: a pipe would wait for a writer
// (the test has one ready to hand over a config that ignores everything)
// and /dev/zero would be read until the memory runs out.
func TestConfigMustBeRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, ConfigName)
	safefiletest.FIFO(t, fifo)
	go func() {
		w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		_, _ = w.Write([]byte(`{"ignore":[{"paths":["**"]}]}`))
		_ = w.Close()
	}()
	t.Cleanup(func() {
		if r, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0); err == nil {
			_ = r.Close()
		}
	})
	c, err := NewFinder().For(filepath.Join(dir, "card.json"))
	if err == nil || !strings.Contains(err.Error(), fifo+": is a named pipe, not a regular file") {
		t.Errorf("a named pipe: %+v, %v", c, err)
	}

	dir = t.TempDir()
	link := filepath.Join(dir, ConfigName)
	if err := os.Symlink(safefiletest.CharDevice(t), link); err != nil {
		t.Fatal(err)
	}
	c, err = NewFinder().For(filepath.Join(dir, "card.json"))
	if err == nil || !strings.Contains(err.Error(), link+": is a symlink to a character device") {
		t.Errorf("a symlink to a device: %+v, %v", c, err)
	}
}
