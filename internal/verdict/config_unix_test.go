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

// The search for .oncard.json stops at the repository's root and at the
// home folder: a config above them (a shared parent, /tmp) is someone
// else's and does not govern the files inside.
func TestConfigSearchStopsAtRepositoryAndHome(t *testing.T) {
	root := t.TempDir()
	writeFile(t, filepath.Join(root, ConfigName), `{"ignore": [{"paths": ["**"]}]}`)
	if err := os.MkdirAll(filepath.Join(root, "repo", ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("HOME", filepath.Join(root, "home"))
	f := NewFinder()
	for _, file := range []string{
		filepath.Join(root, "repo", "cards", "card.json"),
		filepath.Join(root, "home", "cards", "card.json"),
	} {
		if c, err := f.For(file); err != nil || c != nil {
			t.Errorf("%s is governed by %+v (%v)", file, c, err)
		}
	}
	// Inside the repository the search still goes up to its root.
	writeFile(t, filepath.Join(root, "repo", ConfigName), `{}`)
	if c, err := NewFinder().For(filepath.Join(root, "repo", "cards", "card.json")); err != nil || c == nil || c.Path != filepath.Join(root, "repo", ConfigName) {
		t.Errorf("the repository's own config: %+v %v", c, err)
	}
	// Outside both, the nearest config above governs, as before.
	if c, err := NewFinder().For(filepath.Join(root, "elsewhere", "card.json")); err != nil || c == nil || c.Path != filepath.Join(root, ConfigName) {
		t.Errorf("no repository, no home: %+v %v", c, err)
	}
}

// A config in a folder anyone may write (no sticky bit) is ignored with a
// warning: anyone could have put it there. With the sticky bit (/tmp) only
// its owner could have, and it counts.
func TestConfigInFolderOpenToOthersIsIgnored(t *testing.T) {
	shared := t.TempDir()
	writeFile(t, filepath.Join(shared, ConfigName), `{"ignore": [{"paths": ["**"]}]}`)
	if err := os.Chmod(shared, 0o777); err != nil {
		t.Fatal(err)
	}
	f := NewFinder()
	c, err := f.For(filepath.Join(shared, "bad.json"))
	if err != nil || c != nil {
		t.Errorf("a config in a folder open to all governs: %+v %v", c, err)
	}
	want := "ignoring " + filepath.Join(shared, ConfigName) + ": its folder can be written by anyone (mode 0777, no sticky bit)"
	if w := f.NewWarnings(); len(w) != 1 || w[0] != want {
		t.Errorf("warnings %q, want %q", w, want)
	}
	if w := f.NewWarnings(); len(w) != 0 {
		t.Errorf("said twice: %q", w)
	}
	if err := os.Chmod(shared, 0o777|os.ModeSticky); err != nil {
		t.Fatal(err)
	}
	if c, err := NewFinder().For(filepath.Join(shared, "bad.json")); err != nil || c == nil {
		t.Errorf("the own config in a sticky folder: %+v %v", c, err)
	}
}

// A config owned by another user (not root) is ignored with a warning,
// whatever it says. Needs root, to give the file away.
func TestConfigOwnedByAnotherUserIsIgnored(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("only root can give a file to another user")
	}
	dir := t.TempDir()
	p := filepath.Join(dir, ConfigName)
	writeFile(t, p, `{"ignore": [{"paths": ["**"]}]}`)
	if err := os.Chown(p, 65534, 65534); err != nil {
		t.Skip(err)
	}
	f := NewFinder()
	if c, err := f.For(filepath.Join(dir, "bad.json")); err != nil || c != nil {
		t.Errorf("another user's config governs: %+v %v", c, err)
	}
	want := "ignoring " + p + ": it is owned by another user (uid 65534), not by you or root"
	if w := f.Warnings(); len(w) != 1 || w[0] != want {
		t.Errorf("warnings %q, want %q", w, want)
	}
	// Root's own files are trusted by everyone.
	if err := os.Chown(p, 0, 0); err != nil {
		t.Fatal(err)
	}
	if c, err := NewFinder().For(filepath.Join(dir, "bad.json")); err != nil || c == nil {
		t.Errorf("root's config: %+v %v", c, err)
	}
}

// A config that ignores every finding of every file is applied, and a
// warning says so.
func TestConfigSilencingEverythingIsAWarning(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, ConfigName)
	for body, silences := range map[string]bool{
		`{"ignore": [{"paths": ["**"]}]}`:                                   true,
		`{"ignore": [{"paths": ["fixtures/*"]}, {"paths": ["**/*.json"]}]}`: true,
		`{"ignore": [{"paths": ["**"], "codes": ["a2a/insecure-url"]}]}`:    false,
		`{"ignore": [{"paths": ["fixtures/**"]}]}`:                          false,
	} {
		writeFile(t, p, body)
		f := NewFinder()
		c, err := f.For(filepath.Join(dir, "card.json"))
		if err != nil || c == nil {
			t.Fatalf("%s: %v", body, err)
		}
		w := f.Warnings()
		if got := len(w) == 1 && strings.Contains(w[0], p+" ignores every finding of every file under "+dir); got != silences {
			t.Errorf("%s: warnings %q", body, w)
		}
	}
}
