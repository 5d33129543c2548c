package tui

import (
	"path/filepath"
	"testing"

	"github.com/oncard/oncard/tui/cardedit"
)

// A draft of a new card remembers the directory it was started in and
// its output there as absolute paths: resumed from another directory, the
// card is saved where it was meant to go, not beside the new directory.
func TestNewDraftResumedElsewhereKeepsItsOutput(t *testing.T) {
	work, drafts := t.TempDir(), t.TempDir()
	t.Chdir(work)
	d := newDriver(t, Options{DraftDir: drafts})
	d.Press("enter").Typ("Moved Agent").Press("tab", "ctrl+c", "y")
	dr, err := latestNewDraft(drafts)
	if err != nil {
		t.Fatal(err)
	}
	if dr.Dir != work || dr.Output != filepath.Join(work, DefaultPath) {
		t.Fatalf("draft dir %q, output %q; want %q and the default output in it", dr.Dir, dr.Output, work)
	}
	t.Chdir(t.TempDir())
	r := newDriver(t, Options{Doc: mustParse(t, dr.Card), Draft: dr, Output: dr.Output, DraftDir: drafts})
	if got := r.m.steps[stepReview].(*cardedit.ReviewStep).Path; got != filepath.Join(work, DefaultPath) {
		t.Fatalf("resumed output %q", got)
	}
}
