package resume

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oncard/oncard/internal/app"
)

// saveNewDraft keeps a draft of a new card named name, started in dir.
func saveNewDraft(t *testing.T, ds *app.Drafts, dir, name string) *app.Draft {
	t.Helper()
	d := ds.New(app.DraftNew)
	d.Card, d.Dir = `{"name": "`+name+`"}`, dir
	if err := app.SaveDraft(d); err != nil {
		t.Fatal(err)
	}
	return d
}

// TestPick: nothing to resume is said; the only draft of this directory
// opens; two drafts are listed to choose from (ErrChoose), and an ID opens
// its draft.
func TestPick(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	var errb bytes.Buffer
	if _, err := Pick(&errb, ""); !errors.Is(err, app.ErrNoDraft) {
		t.Fatalf("no drafts: %v", err)
	}
	ds, err := app.OpenDrafts()
	if err != nil {
		t.Fatal(err)
	}
	first := saveNewDraft(t, ds, wd, "First")
	d, err := Pick(&errb, "")
	if err != nil || d.ID != first.ID || !strings.HasPrefix(errb.String(), "oncard: resuming draft "+first.ID+", saved ") {
		t.Fatalf("the only draft: %v, %v\n%s", d, err, errb.String())
	}

	second := saveNewDraft(t, ds, filepath.Join(wd, "elsewhere"), "Second")
	errb.Reset()
	if _, err := Pick(&errb, ""); !errors.Is(err, ErrChoose) ||
		!strings.Contains(errb.String(), "2 drafts to resume") || !strings.Contains(errb.String(), "Second") {
		t.Errorf("two drafts: %v\n%s", err, errb.String())
	}
	if d, err := Pick(&errb, second.ID); err != nil || d.ID != second.ID {
		t.Errorf("by ID: %v, %v", d, err)
	}
	if got := ID(second.Path); got != second.ID {
		t.Errorf("ID(%s) = %q, want %q", second.Path, got, second.ID)
	}
}
