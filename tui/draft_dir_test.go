package tui

import (
	"path/filepath"
	"testing"
)

// A draft of a new card remembers the directory it was started in and
// its output there as absolute paths: resumed from another directory, the
// card is saved where it was meant to go, not beside the new directory.
func TestNewDraftResumedElsewhereKeepsItsOutput(t *testing.T) {
	work, drafts := t.TempDir(), t.TempDir()
	t.Chdir(work)
	d := newDriver(t, Options{DraftDir: drafts})
	d.press("enter").typ("Moved Agent").press("tab", "ctrl+c", "y")
	dr, err := latestNewDraft(drafts)
	if err != nil {
		t.Fatal(err)
	}
	if dr.Dir != work || dr.Output != filepath.Join(work, DefaultPath) {
		t.Fatalf("draft dir %q, output %q; want %q and the default output in it", dr.Dir, dr.Output, work)
	}
	t.Chdir(t.TempDir())
	r := newDriver(t, Options{Doc: mustParse(t, dr.Card), Draft: dr, Output: dr.Output, DraftDir: drafts})
	if got := r.m.steps[stepReview].(*reviewStep).path; got != filepath.Join(work, DefaultPath) {
		t.Fatalf("resumed output %q", got)
	}
}
