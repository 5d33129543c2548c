//go:build unix

package safefile

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"

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
	data, _, err := Read(context.Background(), p, Cap{Max: 100})
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
		_, _, err := Read(ctx, p, Cap{Max: 100})
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

// A symlink to a device is refused by ReadRegular naming where it leads,
// and read by Read only up to the cap (a symlink to /dev/zero must not be
// read without end).
func TestReadSymlinkToDevice(t *testing.T) {
	dev := safefiletest.CharDevice(t)
	link := filepath.Join(t.TempDir(), "config.json")
	if err := os.Symlink(dev, link); err != nil {
		t.Fatal(err)
	}
	_, _, err := ReadRegular(context.Background(), link, 100)
	if !errors.Is(err, ErrNotRegular) || err.Error() != "open "+link+": is a symlink to a character device ("+dev+"), not a regular file" {
		t.Errorf("ReadRegular: %v", err)
	}
}

// A regular file's read stops once the context is cancelled: a file on a
// stalled network share must not outlast Ctrl-C.
func TestReadRegularStopsOnCancel(t *testing.T) {
	p := filepath.Join(t.TempDir(), "card.json")
	writeFile(t, p, "{}", 0o644)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := ReadRegular(ctx, p, 100); !errors.Is(err, context.Canceled) {
		t.Errorf("ReadRegular after cancel: %v", err)
	}
	// Between chunks too: the reader looks at the context before each.
	ctx, cancel = context.WithCancel(context.Background())
	r := ctxReader{ctx, strings.NewReader(strings.Repeat("x", 3*readChunk))}
	buf := make([]byte, 2*readChunk)
	if n, err := r.Read(buf); n != readChunk || err != nil {
		t.Fatalf("first chunk: %d %v", n, err)
	}
	cancel()
	if _, err := r.Read(buf); !errors.Is(err, context.Canceled) {
		t.Errorf("after cancel: %v", err)
	}
}

// A regular file opened with O_NONBLOCK (so that a pipe swapped in could
// not block the open) is read with it cleared.
func TestReadRegularClearsNonBlocking(t *testing.T) {
	p := filepath.Join(t.TempDir(), "card.json")
	writeFile(t, p, "{}", 0o644)
	f, err := os.OpenFile(p, os.O_RDONLY|nonBlocking, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := blocking(f); err != nil {
		t.Fatal(err)
	}
	flags, err := unix.FcntlInt(f.Fd(), unix.F_GETFL, 0)
	if err != nil {
		t.Fatal(err)
	}
	if flags&unix.O_NONBLOCK != 0 {
		t.Error("O_NONBLOCK still set")
	}
}
