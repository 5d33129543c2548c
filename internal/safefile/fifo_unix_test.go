//go:build unix

package safefile

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/oncard/oncard/internal/safefile/safefiletest"
)

func mkfifo(t *testing.T) string {
	p := filepath.Join(t.TempDir(), "fifo")
	safefiletest.FIFO(t, p)
	return p
}

// A named pipe nobody writes to must not hang the open: it reads as empty.
func TestReadFIFOWithoutWriter(t *testing.T) {
	p := mkfifo(t)
	data, _, err := Read(context.Background(), p, 100)
	if err != nil || len(data) != 0 {
		t.Errorf("%q %v", data, err)
	}
	if _, _, err := ReadRegular(context.Background(), p, 100); !errors.Is(err, ErrNotRegular) ||
		err.Error() != "open "+p+": is a named pipe, not a regular file" {
		t.Errorf("ReadRegular: %v", err)
	}
}

// A writer that keeps the pipe open and never finishes: cancelling ends
// the read.
func TestReadFIFOStopsOnCancel(t *testing.T) {
	p := mkfifo(t)
	// O_RDWR opens a pipe at once on Linux and holds a writer's end.
	w, err := os.OpenFile(p, os.O_RDWR, 0)
	if err != nil {
		t.Skip(err)
	}
	defer w.Close()
	if _, err := w.Write([]byte("{")); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, _, err := Read(ctx, p, 100)
		done <- err
	}()
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v", err)
	}
}

func TestWriteRefusesFIFO(t *testing.T) {
	p := mkfifo(t)
	_, err := Write(context.Background(), p, []byte("x"), Options{})
	if !errors.Is(err, ErrNotRegular) {
		t.Errorf("err = %v", err)
	}
	if fi, _ := os.Lstat(p); fi.Mode()&os.ModeNamedPipe == 0 {
		t.Error("the pipe was replaced")
	}
}

// Run as root, a file owned by someone else keeps its owner and group.
func TestWriteKeepsOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("only root can give a file to another user")
	}
	p := filepath.Join(t.TempDir(), "card.json")
	writeFile(t, p, "old", 0o644)
	if err := os.Chown(p, 4321, 8765); err != nil {
		t.Skip(err)
	}
	rep, err := Write(context.Background(), p, []byte("new"), Options{})
	if err != nil || len(rep.Warnings) != 0 {
		t.Fatalf("%v %q", err, rep.Warnings)
	}
	fi, _ := os.Stat(p)
	st := fi.Sys().(*syscall.Stat_t)
	if st.Uid != 4321 || st.Gid != 8765 {
		t.Errorf("owner %d:%d", st.Uid, st.Gid)
	}
}
