package catedit

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/edit"
	"github.com/oncard/oncard/tui/style"
)

// openCatEditDrafts opens the catalog at path in the editor with drafts
// kept in drafts, resuming resume when it is not nil (as `oncard edit`
// does: the edits applied to the session first).
func openCatEditDrafts(t *testing.T, path, drafts string, resume *app.Draft) *catEditDriver {
	t.Helper()
	es, err := edit.OpenMax(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	if resume != nil {
		if err := app.ResumeEdits(resume, es); err != nil {
			t.Fatal(err)
		}
	}
	orig, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	c := NewCatalogEditor(CatalogEditorOptions{Edit: es, Theme: style.NewTheme(false), DraftDir: drafts, EditDraft: resume})
	c.Update(tea.WindowSizeMsg{Width: 220, Height: 50})
	return newCatEditDriver(t, c, path, orig)
}

func catDrafts(t *testing.T, dir string) []*app.Draft {
	t.Helper()
	all, damaged, err := (&app.Drafts{Dir: dir}).List()
	if err != nil || len(damaged) > 0 {
		t.Fatalf("list: %v, damaged %+v", err, damaged)
	}
	return all
}

// The catalog editor keeps a draft of its unsaved edits once a field is
// left (a crash loses at most the field being typed); resumed, the draft
// gives the same catalog, and a save removes it.
func TestCatEditKeepsADraftOfUnsavedEdits(t *testing.T) {
	d := openCatEdit(t)
	drafts := filepath.Join(t.TempDir(), "drafts")
	d = openCatEditDrafts(t, d.path, drafts, nil)
	d.Press("down", "enter", "tab", "tab", "tab", "ctrl+u").Typ("https://trips.example.com/card.json")
	if n := len(catDrafts(t, drafts)); n != 0 {
		t.Fatalf("%d drafts while the field is being typed (written on leaving it)", n)
	}
	d.Press("tab")
	kept := catDrafts(t, drafts)
	if len(kept) != 1 || kept[0].Kind != app.DraftEdit || len(kept[0].Ops) == 0 {
		t.Fatalf("drafts after leaving the field: %+v", kept)
	}
	want := string(d.c.es.Bytes())

	// The editor is dropped (a crash): the draft resumes the same edits.
	r := openCatEditDrafts(t, d.path, drafts, kept[0])
	if got := string(r.c.es.Bytes()); got != want {
		t.Fatalf("resumed catalog differs:\n%s", edit.UnifiedDiff("catalog.json", []byte(want), []byte(got)))
	}
	if saved := r.save(); string(saved) != want {
		t.Fatal("the resumed edits were not saved")
	}
	if left := catDrafts(t, drafts); len(left) != 0 {
		t.Fatalf("drafts left after the save: %d", len(left))
	}
}

// An edit outside a text field (removing an entry) is kept at once;
// quitting asks whether to keep the draft: yes keeps it, no removes it.
func TestCatEditQuitKeepsOrDropsTheDraft(t *testing.T) {
	base := openCatEdit(t)
	drafts := filepath.Join(t.TempDir(), "drafts")
	d := openCatEditDrafts(t, base.path, drafts, nil)
	d.Press("down", "d", "y")
	if n := len(catDrafts(t, drafts)); n != 1 {
		t.Fatalf("%d drafts after removing an entry, want 1", n)
	}
	d.Press("ctrl+c")
	if d.c.confirm == nil || !strings.Contains(d.c.confirm.Question, "Keep a draft") {
		t.Fatalf("no question about the draft: %+v", d.c.confirm)
	}
	d.Press("y")
	if !d.quit || d.c.Result().DraftKept == "" {
		t.Fatalf("quit %v, result %+v", d.quit, d.c.Result())
	}
	if kept := catDrafts(t, drafts); len(kept) != 1 || kept[0].Path != d.c.Result().DraftKept {
		t.Fatalf("drafts %+v, result %q", kept, d.c.Result().DraftKept)
	}

	d2 := openCatEditDrafts(t, base.path, drafts, catDrafts(t, drafts)[0])
	d2.Press("ctrl+c", "n")
	if !d2.quit || d2.c.Result().DraftKept != "" {
		t.Fatalf("quit %v, result %+v", d2.quit, d2.c.Result())
	}
	if kept := catDrafts(t, drafts); len(kept) != 0 {
		t.Fatalf("a no to keeping left %d drafts", len(kept))
	}
}
