package app

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/oncard/oncard/internal/edit"
)

// A draft records where it was started and where it writes as absolute
// paths, so that resuming it in another directory writes the card where
// it was meant to go.
func TestDraftRecordsAbsoluteDirAndOutput(t *testing.T) {
	work := t.TempDir()
	t.Chdir(work)
	ds, err := OpenDraftsAt(filepath.Join(t.TempDir(), "drafts"))
	if err != nil {
		t.Fatal(err)
	}
	d := ds.New(DraftNew)
	d.Output, d.Card = "agent-card.json", "{}"
	if err := SaveDraft(d); err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	got, err := ds.Get(d.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Dir != work || got.Output != filepath.Join(work, "agent-card.json") {
		t.Fatalf("dir %q output %q; want %q and the card path in it", got.Dir, got.Output, work)
	}
	if len(got.ID) > 8 {
		t.Errorf("ID %q is not short", got.ID)
	}
}

// A damaged draft is listed as damaged, with why, not skipped.
func TestListReportsDamagedDrafts(t *testing.T) {
	ds, err := OpenDraftsAt(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	good := ds.New(DraftNew)
	good.Card = "{}"
	if err := SaveDraft(good); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(ds.Dir, "draft-bad.json")
	if err := os.WriteFile(bad, []byte(`{"format": 1, "card": "{`), 0o600); err != nil {
		t.Fatal(err)
	}
	drafts, damaged, err := ds.List()
	if err != nil {
		t.Fatal(err)
	}
	if len(drafts) != 1 || drafts[0].ID != good.ID {
		t.Fatalf("drafts: %+v", drafts)
	}
	if len(damaged) != 1 || damaged[0].Path != bad || damaged[0].ID != "bad" || !strings.Contains(damaged[0].Why, "not a draft") {
		t.Fatalf("damaged: %+v", damaged)
	}
	if _, err := ds.Get("bad"); err == nil || !strings.Contains(err.Error(), "damaged") {
		t.Fatalf("Get of a damaged draft: %v", err)
	}
}

// The drafts directory is made private, also when it exists with a looser
// mode, and drafts are written 0600.
func TestDraftsDirectoryIsPrivate(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no Unix modes")
	}
	dir := filepath.Join(t.TempDir(), "drafts")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	ds, err := OpenDraftsAt(dir)
	if err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(dir); fi.Mode().Perm() != 0o700 {
		t.Fatalf("drafts directory is %o", fi.Mode().Perm())
	}
	d := ds.New(DraftNew)
	if err := SaveDraft(d); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(d.Path); fi.Mode().Perm() != 0o600 {
		t.Fatalf("draft is %o", fi.Mode().Perm())
	}
	// A write made after the directory was loosened again tightens it.
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := SaveDraft(d); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(dir); fi.Mode().Perm() != 0o700 {
		t.Fatalf("drafts directory is %o after a save", fi.Mode().Perm())
	}
}

// An edit draft stores the session's edits and applies them again to the
// same file; once the file changed it is stale and says why.
func TestEditDraftResumesOnlyOverTheSameFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "card.json")
	orig := []byte(`{"name": "a", "version": "1"}` + "\n")
	if err := os.WriteFile(path, orig, 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := edit.OpenMax(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	ds, err := OpenDraftsAt(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	d := ds.NewEditDraft(s)
	if err := s.Doc().Set("/name", []byte(`"b"`)); err != nil {
		t.Fatal(err)
	}
	if err := RecordEdits(d, s); err != nil {
		t.Fatal(err)
	}
	if err := SaveDraft(d); err != nil {
		t.Fatal(err)
	}
	found, err := ds.EditDraftFor(path)
	if err != nil {
		t.Fatal(err)
	}
	again, err := edit.OpenMax(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := ResumeEdits(found, again); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again.Bytes(), s.Bytes()) {
		t.Fatalf("resumed:\n%s\nwant:\n%s", again.Bytes(), s.Bytes())
	}

	if err := os.WriteFile(path, []byte(`{"name": "c", "version": "1"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	changed, err := edit.OpenMax(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	var stale *StaleDraftError
	if err := ResumeEdits(found, changed); !errors.As(err, &stale) || !strings.Contains(err.Error(), "changed since") {
		t.Fatalf("resume over a changed file: %v", err)
	}
	if changed.Changed() {
		t.Fatal("a stale draft changed the session")
	}
}
