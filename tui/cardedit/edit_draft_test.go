package cardedit

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/edit"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/cardsteps"
)

// openEditWithDrafts is openEdit with drafts kept in a directory of
// their own (returned).
func openEditWithDrafts(t *testing.T, fixture string, resume *app.Draft) (*driver, string, []byte, string) {
	t.Helper()
	_, path, data := openEdit(t, fixture)
	drafts := filepath.Join(t.TempDir(), "drafts")
	return openEditDrafts(t, path, drafts, resume), path, data, drafts
}

func openEditDrafts(t *testing.T, path, drafts string, resume *app.Draft) *driver {
	t.Helper()
	es, err := edit.OpenMax(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	es.Prepare(func(d *model.Doc) { model.NewCard(d) })
	if resume != nil {
		if err := app.ResumeEdits(resume, es); err != nil {
			t.Fatal(err)
		}
	}
	return newDriver(t, Options{Edit: es, DraftDir: drafts, EditDraft: resume})
}

// editDrafts lists the edit drafts in dir.
func editDrafts(t *testing.T, dir string) []*app.Draft {
	t.Helper()
	all, damaged, err := (&app.Drafts{Dir: dir}).List()
	if err != nil || len(damaged) > 0 {
		t.Fatalf("list: %v, damaged %+v", err, damaged)
	}
	var out []*app.Draft
	for _, d := range all {
		if d.Kind == app.DraftEdit {
			out = append(out, d)
		}
	}
	return out
}

// Unsaved edits are kept in a draft as soon as a field is left: after a
// crash (the model is simply dropped here) they are there to resume, and
// resumed they give the same card; a save then removes the draft.
func TestEditKeepsADraftOfUnsavedEdits(t *testing.T) {
	d, path, _, drafts := openEditWithDrafts(t, "edit-v10.json", nil)
	d.editPersonEntry("/new").goStep(cardsteps.StepReview)
	want := string(d.m.edit.s.Bytes())
	kept := editDrafts(t, drafts)
	if len(kept) != 1 {
		t.Fatalf("%d edit drafts after an edit, want 1", len(kept))
	}
	dr := kept[0]
	abs, _ := filepath.Abs(path)
	if dr.Output != abs || len(dr.Ops) == 0 || dr.Base == nil {
		t.Fatalf("draft: output %q (want %q), ops %+v, base %+v", dr.Output, abs, dr.Ops, dr.Base)
	}

	r := openEditDrafts(t, path, drafts, dr)
	if got := string(r.m.edit.s.Bytes()); got != want {
		t.Fatalf("resumed card differs:\n%s", edit.UnifiedDiff("card.json", []byte(want), []byte(got)))
	}
	r.Press("ctrl+s", "ctrl+s", "y")
	if !r.m.Result().Saved {
		t.Fatalf("not saved: %q", r.m.Status)
	}
	if readFile(t, path) != want {
		t.Fatal("the resumed edits were not saved")
	}
	if left := editDrafts(t, drafts); len(left) != 0 {
		t.Fatalf("drafts left after the save: %d", len(left))
	}
}

// Quitting with unsaved edits asks whether to keep them: yes keeps the
// draft (and says so in the result), no removes it.
func TestEditQuitKeepsOrDropsTheDraft(t *testing.T) {
	d, _, _, drafts := openEditWithDrafts(t, "edit-v10.json", nil)
	d.editPersonEntry("/new").Press("ctrl+c")
	if d.m.dialog == nil || !strings.Contains(d.m.dialog.Question, "Keep a draft") {
		t.Fatalf("no question about the draft: %+v", d.m.dialog)
	}
	d.Press("y")
	if !d.m.quitting || d.m.Result().DraftKept == "" {
		t.Fatalf("quit %v, result %+v", d.m.quitting, d.m.Result())
	}
	if kept := editDrafts(t, drafts); len(kept) != 1 || kept[0].Path != d.m.Result().DraftKept {
		t.Fatalf("drafts %+v, result %q", kept, d.m.Result().DraftKept)
	}

	d2, _, _, drafts2 := openEditWithDrafts(t, "edit-v10.json", nil)
	d2.editPersonEntry("/new").goStep(cardsteps.StepReview).Press("ctrl+c", "n")
	if !d2.m.quitting || d2.m.Result().DraftKept != "" {
		t.Fatalf("quit %v, result %+v", d2.m.quitting, d2.m.Result())
	}
	if kept := editDrafts(t, drafts2); len(kept) != 0 {
		t.Fatalf("a no to keeping left %d drafts", len(kept))
	}
}

// A refused save of a read-only file says how to proceed.
func TestEditReadOnlyRefusalSaysWhatToDo(t *testing.T) {
	d, path, data := openEdit(t, "edit-v10.json")
	if err := os.Chmod(path, 0o444); err != nil {
		t.Fatal(err)
	}
	d.editPersonEntry("/new").Press("ctrl+s", "ctrl+s", "y")
	if d.m.quitting || readFile(t, path) != string(data) {
		t.Fatal("a read-only file was replaced")
	}
	for _, want := range []string{"is read-only", "oncard edit --force", "chmod u+w"} {
		if !strings.Contains(d.m.Status, want) {
			t.Fatalf("status %q lacks %q", d.m.Status, want)
		}
	}
}

// What a save reports besides writing (here: a hard link split off) is
// shown, not dropped.
func TestEditSaveShowsWarnings(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("hard link counts are Unix")
	}
	d, path, _ := openEdit(t, "edit-v10.json")
	if err := os.Link(path, "other-name.json"); err != nil {
		t.Skip("no hard links here:", err)
	}
	d.editPersonEntry("/new").Press("ctrl+s", "ctrl+s", "y")
	res := d.m.Result()
	if !res.Saved || len(res.Warnings) == 0 || !strings.Contains(res.Warnings[0], "hard link") {
		t.Fatalf("result %+v", res)
	}
	if !strings.Contains(d.m.Status, "warning") || !strings.Contains(d.m.Status, "hard link") {
		t.Fatalf("status %q", d.m.Status)
	}
}

// After a reload (the file changed on disk) the draft describes the file
// as reloaded, so that its edits are still offered after a crash.
func TestEditDraftFollowsAReload(t *testing.T) {
	d, path, _, drafts := openEditWithDrafts(t, "edit-v10.json", nil)
	d.editPersonEntry("/new")
	changeOnDisk(t, path, `"version": "1.0.0"`, `"version": "1.0.1"`)
	d.Press("ctrl+s", "ctrl+s", "y")
	d.chooseAction("Reload")
	kept := editDrafts(t, drafts)
	if len(kept) != 1 {
		t.Fatalf("%d edit drafts, want 1", len(kept))
	}
	r := openEditDrafts(t, path, drafts, kept[0]) // fails when the draft is stale
	if got := string(r.m.edit.s.Bytes()); !strings.Contains(got, "disputes/new") || !strings.Contains(got, "1.0.1") {
		t.Fatalf("resumed card lacks one of the changes:\n%s", got)
	}
}
