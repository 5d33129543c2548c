//go:build unix

package oasfclient

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/oncard/oncard/internal/safefile/safefiletest"
	"github.com/oncard/oncard/model/oasf"
)

// A cache file that is a named pipe or a symlink to a device is reported,
// naming it, and never opened: the pipe has a writer ready to hand over a
// sound tree (a reader that opened it would take it), and a device would be
// read without end.
func TestLoadCacheRefusesSpecialFiles(t *testing.T) {
	root := t.TempDir()
	writeEntry(t, root, "https_example.org", "7.1.0", tinyTree("pipe"), tinyTree("pipe"))
	writeEntry(t, root, "https_example.org", "7.1.1", tinyTree("device"), tinyTree("device"))
	fifo := filepath.Join(root, "https_example.org", "7.1.0", skillFile)
	if err := os.Remove(fifo); err != nil {
		t.Fatal(err)
	}
	safefiletest.FIFO(t, fifo)
	go func() {
		w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		_, _ = w.Write([]byte(tinyTree("pipe")))
		_ = w.Close()
	}()
	t.Cleanup(func() {
		if r, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0); err == nil {
			_ = r.Close()
		}
	})
	dev := filepath.Join(root, "https_example.org", "7.1.1", domainFile)
	if err := os.Remove(dev); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(safefiletest.CharDevice(t), dev); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadCacheDir(root); err != nil {
		t.Fatal(err)
	}
	for v, want := range map[string]string{
		"7.1.0": fifo + ": is a named pipe, not a regular file",
		"7.1.1": dev + ": is a symlink to a character device",
	} {
		if tax := oasf.Get(v); tax != nil {
			t.Errorf("%s was read: %+v", v, tax.Skills.ByID(1))
		}
		if err := loadError(v); err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "oncard oasf sync") {
			t.Errorf("%s: %v, want %q", v, err, want)
		}
	}
}
