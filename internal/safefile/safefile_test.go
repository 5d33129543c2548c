package safefile

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/oncard/oncard/internal/safefile/safefiletest"
)

func writeFile(t *testing.T, p, content string, mode fs.FileMode) {
	t.Helper()
	if err := os.WriteFile(p, []byte(content), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, mode); err != nil {
		t.Fatal(err)
	}
}

func readString(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// names lists a folder.
func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

func TestWriteCreatesAndReplacesKeepingMode(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "card.json")
	rep, err := Write(context.Background(), p, []byte("one"), Options{})
	if err != nil || rep.Path != p || len(rep.Warnings) != 0 {
		t.Fatalf("create: %v %+v", err, rep)
	}
	if err := os.Chmod(p, 0o640); err != nil {
		t.Fatal(err)
	}
	if _, err := Write(context.Background(), p, []byte("two"), Options{}); err != nil {
		t.Fatal(err)
	}
	fi, _ := os.Stat(p)
	if readString(t, p) != "two" || fi.Mode().Perm() != 0o640 {
		t.Errorf("holds %q mode %v", readString(t, p), fi.Mode().Perm())
	}
	if got := names(t, dir); len(got) != 1 {
		t.Errorf("folder holds %v", got)
	}
}

func TestWriteRefusesSpecialFiles(t *testing.T) {
	dev := safefiletest.CharDevice(t)
	before, err := os.Lstat(dev)
	if err != nil {
		t.Skip(err)
	}
	_, err = Write(context.Background(), dev, []byte("x"), Options{ReplaceReadOnly: true})
	if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "character device") {
		t.Errorf("%s: %v", dev, err)
	}
	after, _ := os.Lstat(dev)
	if after.Mode() != before.Mode() {
		t.Errorf("%s changed from %v to %v", dev, before.Mode(), after.Mode())
	}
	dir := t.TempDir()
	if _, err := Write(context.Background(), dir, []byte("x"), Options{}); !errors.Is(err, ErrNotRegular) {
		t.Errorf("directory: %v", err)
	}
}

func TestWriteThroughSymlinks(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real.json")
	writeFile(t, real, "old", 0o644)
	link := filepath.Join(dir, "link.json")
	if err := os.Symlink(real, link); err != nil {
		t.Skip("no symlinks:", err)
	}
	rep, err := Write(context.Background(), link, []byte("new"), Options{})
	if err != nil || rep.Path != real {
		t.Fatalf("%v %+v", err, rep)
	}
	if fi, _ := os.Lstat(link); fi.Mode()&fs.ModeSymlink == 0 || readString(t, real) != "new" {
		t.Error("the link was replaced, or its target not updated")
	}
	dangling := filepath.Join(dir, "dangling.json")
	if err := os.Symlink(filepath.Join(dir, "nowhere.json"), dangling); err != nil {
		t.Fatal(err)
	}
	if _, err := Write(context.Background(), dangling, []byte("x"), Options{}); !errors.Is(err, ErrDanglingLink) {
		t.Errorf("dangling: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "nowhere.json")); !errors.Is(err, fs.ErrNotExist) {
		t.Error("the dangling link's target was created")
	}
}

func TestWriteRefusesReadOnlyUnlessAllowed(t *testing.T) {
	p := filepath.Join(t.TempDir(), "card.json")
	writeFile(t, p, "old", 0o444)
	_, err := Write(context.Background(), p, []byte("new"), Options{})
	if !errors.Is(err, ErrReadOnly) || !strings.Contains(err.Error(), p) {
		t.Fatalf("err = %v", err)
	}
	if readString(t, p) != "old" {
		t.Error("a read-only file was replaced")
	}
	if _, err := Write(context.Background(), p, []byte("new"), Options{ReplaceReadOnly: true}); err != nil {
		t.Fatal(err)
	}
	fi, _ := os.Stat(p)
	if readString(t, p) != "new" || fi.Mode().Perm() != 0o444 {
		t.Errorf("holds %q mode %v", readString(t, p), fi.Mode().Perm())
	}
}

func TestWriteWarnsAboutHardLinks(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "card.json")
	other := filepath.Join(dir, "other.json")
	writeFile(t, p, "old", 0o644)
	if err := os.Link(p, other); err != nil {
		t.Skip("no hard links:", err)
	}
	rep, err := Write(context.Background(), p, []byte("new"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Warnings) != 1 || !strings.Contains(rep.Warnings[0], "2 hard links") ||
		!strings.Contains(rep.Warnings[0], "old content") {
		t.Errorf("warnings %q", rep.Warnings)
	}
	if readString(t, other) != "old" || readString(t, p) != "new" {
		t.Error("unexpected contents")
	}
}

func TestWriteSweepsStaleTempFilesOfThatFileOnly(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "card.json")
	writeFile(t, p, "old", 0o644)
	stale := filepath.Join(dir, ".card.json.oncard-tmp-0123456789ab")
	otherStale := filepath.Join(dir, ".other.json.oncard-tmp-0123456789ab")
	mine := filepath.Join(dir, ".card.json.swp")
	for _, f := range []string{stale, otherStale, mine} {
		writeFile(t, f, "x", 0o600)
	}
	if _, err := Write(context.Background(), p, []byte("new"), Options{}); err != nil {
		t.Fatal(err)
	}
	got := strings.Join(names(t, dir), " ")
	if got != ".card.json.swp .other.json.oncard-tmp-0123456789ab card.json" {
		t.Errorf("folder holds %s", got)
	}
}

func TestWriteNoClobber(t *testing.T) {
	p := filepath.Join(t.TempDir(), "new.json")
	if _, err := Write(context.Background(), p, []byte("x"), Options{NoClobber: true}); err != nil {
		t.Fatal(err)
	}
	if got := names(t, filepath.Dir(p)); len(got) != 1 {
		t.Errorf("folder holds %v", got)
	}
}

// TestUpdateLosesNoWrite runs 20 read-modify-writes of one file at once;
// each appends its line, so a lost update shows as a missing line.
func TestUpdateLosesNoWrite(t *testing.T) {
	p := filepath.Join(t.TempDir(), "list.txt")
	const n = 20
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := Update(context.Background(), p, Options{}, func(c Current) ([]byte, error) {
				return fmt.Appendf(bytes.Clone(c.Data), "line %d\n", i), nil
			})
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if got := strings.Count(readString(t, p), "\n"); got != n {
		t.Errorf("%d of %d lines survived:\n%s", got, n, readString(t, p))
	}
}

func TestUpdateErrorWritesNothing(t *testing.T) {
	p := filepath.Join(t.TempDir(), "card.json")
	writeFile(t, p, "old", 0o644)
	stop := errors.New("stop")
	_, err := Update(context.Background(), p, Options{}, func(c Current) ([]byte, error) {
		if string(c.Data) != "old" || !c.Exists() {
			t.Errorf("current = %q", c.Data)
		}
		return nil, stop
	})
	if err != stop || readString(t, p) != "old" {
		t.Errorf("err = %v", err)
	}
}

func TestReadCapsAndRefuses(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "card.json")
	writeFile(t, p, "12345", 0o644)
	if data, fi, err := Read(context.Background(), p, Cap{Max: 5}); err != nil || string(data) != "12345" || fi.Size() != 5 {
		t.Errorf("read: %q %v", data, err)
	}
	var big *TooLargeError
	if _, _, err := Read(context.Background(), p, Cap{Max: 4}); !errors.As(err, &big) || big.Size != 5 {
		t.Errorf("regular over the cap: %v", err)
	}
	if _, _, err := Read(context.Background(), "/dev/zero", Cap{Max: 1000}); !errors.As(err, &big) || big.Size != -1 {
		t.Errorf("/dev/zero: %v", err)
	}
	if _, _, err := ReadRegular(context.Background(), safefiletest.CharDevice(t), 1000); !errors.Is(err, ErrNotRegular) {
		t.Errorf("ReadRegular /dev/null: %v", err)
	}
	if _, _, err := Read(context.Background(), dir, Cap{Max: 1000}); !errors.Is(err, ErrNotRegular) ||
		!strings.Contains(err.Error(), "directory") {
		t.Errorf("directory: %v", err)
	}
}

func TestReadFromStopsOnCancel(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	defer r.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := ReadFrom(ctx, r, Cap{Max: 100})
		done <- err
	}()
	if _, err := w.Write([]byte("partial")); err != nil {
		t.Fatal(err)
	}
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v", err)
	}
}

func TestWriteNoClobberRefusesExisting(t *testing.T) {
	p := filepath.Join(t.TempDir(), "card.json")
	writeFile(t, p, "theirs", 0o644)
	_, err := Write(context.Background(), p, []byte("mine"), Options{NoClobber: true})
	if !errors.Is(err, ErrExists) || readString(t, p) != "theirs" {
		t.Errorf("err = %v, file holds %q", err, readString(t, p))
	}
}

// TestWriteInReadOnlyFolder: the error names the folder and the file the
// user asked for, never a lock or temporary file of ours.
func TestWriteInReadOnlyFolder(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "card.json")
	writeFile(t, p, "old", 0o644)
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(dir, 0o755)
	if f, err := os.Create(filepath.Join(dir, "probe")); err == nil {
		f.Close()
		t.Skip("the folder is writable anyway (running as root?)")
	}
	_, err := Write(context.Background(), p, []byte("new"), Options{})
	if err == nil || !errors.Is(err, fs.ErrPermission) ||
		!strings.Contains(err.Error(), "cannot create files in the folder "+dir) || strings.Contains(err.Error(), ".oncard-") {
		t.Errorf("err = %v", err)
	}
}

// TestRefusalCreatesNothing: refusing a device or a directory leaves no
// lock or temporary file beside it.
func TestRefusalCreatesNothing(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := Write(context.Background(), sub, []byte("x"), Options{}); !errors.Is(err, ErrNotRegular) {
		t.Fatalf("err = %v", err)
	}
	if got := names(t, dir); len(got) != 1 {
		t.Errorf("folder holds %v", got)
	}
}

// A Cap grows only for an input whose first bytes say so; anything else is
// refused at Max, a regular file by its size before it is read.
func TestReadCapFollowsTheHead(t *testing.T) {
	dir := t.TempDir()
	catalog := filepath.Join(dir, "a.json")
	writeFile(t, catalog, `{"entries": [`+strings.Repeat(" ", 100)+`]}`, 0o644)
	other := filepath.Join(dir, "b.json")
	writeFile(t, other, `{"name": "`+strings.Repeat("x", 100)+`"}`, 0o644)
	c := Cap{Max: 20, Grow: func(head []byte) bool { return bytes.HasPrefix(head, []byte(`{"entries"`)) }, GrowMax: 1000}
	if data, _, err := Read(context.Background(), catalog, c); err != nil || len(data) != 115 {
		t.Errorf("catalog: %d bytes, %v", len(data), err)
	}
	var big *TooLargeError
	if _, _, err := Read(context.Background(), other, c); !errors.As(err, &big) || big.Size != 112 || big.Limit != 20 {
		t.Errorf("other: %v", err)
	}
	f, err := os.Open(catalog)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if data, err := ReadFrom(context.Background(), f, c); err != nil || len(data) != 115 {
		t.Errorf("catalog through a reader: %d bytes, %v", len(data), err)
	}
	c.GrowMax = 50
	if _, err := ReadFrom(context.Background(), strings.NewReader(readString(t, catalog)), c); !errors.As(err, &big) || big.Limit != 50 {
		t.Errorf("over GrowMax: %v", err)
	}
}
