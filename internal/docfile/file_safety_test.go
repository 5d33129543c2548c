package docfile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/oncard/oncard/internal/safefile/safefiletest"
	"github.com/oncard/oncard/model"
)

// TestConcurrentSavesLoseNothing: two Files loaded from the same bytes save
// at once, 20 times over. Exactly one wins each time; the other is told
// the file changed (never both "succeed" with one change lost).
func TestConcurrentSavesLoseNothing(t *testing.T) {
	p := writeTemp(t, "card.json", "{}\n", 0o644)
	for round := range 20 {
		a, err := OpenFile(p)
		must(t, err)
		b, err := OpenFile(p)
		must(t, err)
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i, f := range []*File{a, b} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs[i] = f.Save(fmt.Appendf(nil, "{\"round\": %d, \"writer\": %d}\n", round, i))
			}()
		}
		wg.Wait()
		ok := 0
		for _, err := range errs {
			switch {
			case err == nil:
				ok++
			case !errors.Is(err, ErrChangedOnDisk):
				t.Fatalf("round %d: %v", round, err)
			}
		}
		if ok != 1 {
			t.Fatalf("round %d: %d saves succeeded, want exactly 1 (errors %v)", round, ok, errs)
		}
	}
}

func TestSaveRefusesReadOnlyUnlessAllowed(t *testing.T) {
	p := writeTemp(t, "card.json", "{}\n", 0o444)
	f, err := OpenFile(p)
	must(t, err)
	err = f.Save([]byte("{\"a\": 1}\n"))
	if !errors.Is(err, ErrReadOnly) || err.Error() != p+": is read-only" {
		t.Fatalf("err = %v", err)
	}
	checkFile(t, p, "{}\n", 0o444)
	f.ReplaceReadOnly = true
	must(t, f.Save([]byte("{\"a\": 1}\n")))
	checkFile(t, p, "{\"a\": 1}\n", 0o444)
}

func TestSaveWarnsAboutHardLinks(t *testing.T) {
	p := writeTemp(t, "card.json", "{}\n", 0o644)
	other := filepath.Join(filepath.Dir(p), "copy.json")
	if err := os.Link(p, other); err != nil {
		t.Skip(err)
	}
	f, err := OpenFile(p)
	must(t, err)
	must(t, f.Save([]byte("{\"a\": 1}\n")))
	if len(f.Warnings) != 1 || !strings.Contains(f.Warnings[0], "hard links") {
		t.Errorf("warnings %q", f.Warnings)
	}
}

func TestOpenFileRefusesDevices(t *testing.T) {
	dev := safefiletest.CharDevice(t)
	_, err := OpenFile(dev)
	if !errors.Is(err, ErrNotRegular) || err.Error() != dev+": is a character device, not a regular file" {
		t.Errorf("err = %v", err)
	}
	if err := WriteNew(dev, []byte("{}"), true); !errors.Is(err, ErrNotRegular) {
		t.Errorf("WriteNew over %s: %v", dev, err)
	}
	if fi, err := os.Lstat(dev); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		t.Fatalf("%s is no longer a device: %v", dev, err)
	}
}

// TestEditMessagesNameTheRoot: an edit under a root that is not a
// container names the root, not an empty pointer ("the parent  is").
func TestEditMessagesNameTheRoot(t *testing.T) {
	d, err := model.Parse([]byte("5"))
	must(t, err)
	err = d.Set("/a", []byte("1"))
	if err == nil || !strings.Contains(err.Error(), "the document's root is a number, not an object or array") {
		t.Errorf("err = %v", err)
	}
}
