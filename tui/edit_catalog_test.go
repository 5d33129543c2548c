package tui

import (
	"os"
	"strings"
	"testing"

	"github.com/oncard/oncard/model"
)

// In edit mode the Catalog step writes with the card's save, as in `new`.

func TestEditCatalogEntryAloneWrittenAfterTheCard(t *testing.T) {
	d, path, data := openEdit(t, "edit-v10.json")
	d.Send(teaSize(220, 50)) // the announcements fit on one line
	d.editPersonEntry("/new").Press("esc")
	diff := d.m.edit.s.Diff()

	d.goToStep(stepCatalog).MustContain("Catalog", "Nothing here changes the card")
	d.chooseWrite(1, "")
	d.MustContain("On save: the entry is written to ./ai-catalog-entry.json")
	if got := d.m.edit.s.Diff(); got != diff {
		t.Fatalf("the catalog settings changed the card's diff:\n%s", got)
	}

	d.Press("ctrl+s").MustContain("Review & save", "Also writes: the catalog entry to ./ai-catalog-entry.json (after the card).")
	d.Press("ctrl+s")
	if d.m.dialog == nil || !strings.Contains(d.m.dialog.Question, "Also writes: the catalog entry to ./ai-catalog-entry.json") {
		t.Fatalf("the confirmation does not announce the catalog write: %+v", d.m.dialog)
	}
	if _, err := os.Stat("ai-catalog-entry.json"); err == nil {
		t.Fatal("the entry was written before the yes")
	}
	d.Press("y")
	r := d.m.Result()
	if !r.Saved || !strings.Contains(r.Catalog, "Wrote the catalog entry to ./ai-catalog-entry.json") {
		t.Fatalf("result %+v, status %q", r, d.m.Status)
	}
	want := strings.Replace(string(data), "support/disputes\"", "support/disputes/new\"", 1)
	if got := readFile(t, path); got != want {
		t.Fatalf("the card is not the original with one change:\n%s", got)
	}
	// The entry is the saved card's (the edit included).
	if got, want := string(readBytes(t, "ai-catalog-entry.json")), string(entryFor(t, path, model.EntryOptions{}))+"\n"; got != want {
		t.Fatalf("entry:\n%s\nwant:\n%s", got, want)
	}
}

// The Catalog step writes what Review announces even when the card is
// unchanged (as `oncard catalog add` does for an unchanged card): the save
// asks about the catalog alone, and the card's file is not touched.
func TestEditCatalogSettingsDoNotChangeTheCard(t *testing.T) {
	d, path, data := openEdit(t, "edit-v10.json")
	d.Send(teaSize(220, 50))
	d.goToStep(stepCatalog).Typ("urn:example:agents:bank")
	d.chooseWrite(2, "catalog.json")
	d.Press("tab", "right", "tab").Typ("Example Bank")
	if d.m.edit.s.Changed() || d.m.edit.s.Diff() != "" {
		t.Fatalf("the Catalog step edited the card:\n%s", d.m.edit.s.Diff())
	}
	d.Press("ctrl+s").MustContain("Also writes: a new AI Catalog listing the card to catalog.json", "No changes yet",
		"The catalog's diff (adds", "+++ catalog.json")
	d.Press("ctrl+s")
	if d.m.dialog == nil || !strings.Contains(d.m.dialog.Question, "Write the catalog?") {
		t.Fatalf("dialog %v, status %q", d.m.dialog, d.m.Status)
	}
	d.Press("n")
	if _, err := os.Stat("catalog.json"); err == nil {
		t.Fatal("a catalog was written after a no")
	}
	d.Press("ctrl+s", "y")
	r := d.m.Result()
	if r.Saved || !strings.Contains(r.Catalog, "Wrote a new AI Catalog listing the card to catalog.json") {
		t.Fatalf("result %+v, status %q", r, d.m.Status)
	}
	if !strings.Contains(readFile(t, "catalog.json"), "urn:example:agents:bank") {
		t.Fatal("the catalog does not list the card")
	}
	if got := readFile(t, path); got != string(data) {
		t.Fatalf("the unchanged card was rewritten:\n%s", got)
	}
}

func TestEditCatalogRefusalStopsTheSave(t *testing.T) {
	d, path, data := openEdit(t, "edit-v10.json")
	d.Send(teaSize(220, 50)) // the announcements fit on one line
	d.editPersonEntry("/new").Press("esc")
	d.goToStep(stepCatalog)
	d.chooseWrite(1, path) // the card's own file
	d.Press("ctrl+s").MustContain("The save stops at the catalog: the catalog file is the card's own file")
	d.Press("ctrl+s")
	if d.m.dialog != nil || !strings.Contains(d.m.Status, "not saved: the catalog file is the card's own file") {
		t.Fatalf("dialog %v, status %q", d.m.dialog, d.m.Status)
	}
	if d.m.cur != stepCatalog {
		t.Fatalf("on step %d, want the Catalog step", d.m.cur)
	}
	if readFile(t, path) != string(data) {
		t.Fatal("the card was written")
	}
}

func TestEditCatalogExistingFileAsksBeforeTheCardQuestion(t *testing.T) {
	d, path, _ := openEdit(t, "edit-v10.json")
	if err := os.WriteFile("ai-catalog-entry.json", []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	d.editPersonEntry("/new").Press("esc")
	d.goToStep(stepCatalog)
	d.chooseWrite(1, "")
	d.Press("ctrl+s", "ctrl+s")
	if d.m.dialog == nil || !strings.Contains(d.m.dialog.Question, "ai-catalog-entry.json already exists") {
		t.Fatalf("no question about the existing entry: %+v", d.m.dialog)
	}
	d.Press("y")
	if d.m.dialog == nil || !strings.Contains(d.m.dialog.Question, "Write card.json?") {
		t.Fatalf("the card's own question did not follow: %+v", d.m.dialog)
	}
	d.Press("y")
	if !d.m.Result().Saved {
		t.Fatalf("not saved: %q", d.m.Status)
	}
	if got := readFile(t, "ai-catalog-entry.json"); got != string(entryFor(t, path, model.EntryOptions{}))+"\n" {
		t.Fatalf("the entry was not replaced:\n%s", got)
	}
}

func TestEditCatalogSaveAsWritesTheEntryToo(t *testing.T) {
	d, path, _ := openEdit(t, "edit-v10.json")
	d.editPersonEntry("/new").Press("esc")
	d.goToStep(stepCatalog)
	d.chooseWrite(1, "")
	changeOnDisk(t, path, `"version": "1.0.0"`, `"version": "1.0.1"`)
	d.Press("ctrl+s", "ctrl+s", "y")
	d.chooseAction("Save my version").Press("enter")
	mine := path + ".mine"
	if r := d.m.Result(); !r.Saved || r.Path != mine || r.Catalog == "" {
		t.Fatalf("result %+v, status %q", r, d.m.Status)
	}
	if got := readFile(t, "ai-catalog-entry.json"); got != string(entryFor(t, mine, model.EntryOptions{}))+"\n" {
		t.Fatalf("the entry is not the saved version's:\n%s", got)
	}
}
