package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/edit"
)

// keptEditDraft writes a card, makes an edit of it and keeps the edit in
// a draft, as an `oncard edit` that crashed would have.
func keptEditDraft(t *testing.T) (path string, ds *app.Drafts, want []byte) {
	t.Helper()
	path = filepath.Join(t.TempDir(), "card.json")
	if err := os.WriteFile(path, []byte(`{"name": "a", "version": "1"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ds, err := app.OpenDraftsAt(filepath.Join(t.TempDir(), "drafts"))
	if err != nil {
		t.Fatal(err)
	}
	s, err := edit.OpenMax(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	d := ds.NewEditDraft(s)
	if err := s.Set("/name", []byte(`"b"`)); err != nil {
		t.Fatal(err)
	}
	if err := app.RecordEdits(d, s); err != nil {
		t.Fatal(err)
	}
	if err := app.SaveDraft(d); err != nil {
		t.Fatal(err)
	}
	return path, ds, s.Bytes()
}

func openSession(t *testing.T, path string) *edit.Session {
	t.Helper()
	s, err := edit.OpenMax(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// oncard edit FILE offers the draft of FILE's unsaved edits; y applies
// them, n discards the draft.
func TestEditOffersTheDraftOfTheSameFile(t *testing.T) {
	path, ds, want := keptEditDraft(t)
	s := openSession(t, path)
	var out bytes.Buffer
	d, err := offerEditDraft(context.Background(), strings.NewReader("y\n"), &out, ds, s)
	if err != nil || d == nil {
		t.Fatalf("draft %v, err %v; said:\n%s", d, err, out.String())
	}
	if !strings.Contains(out.String(), "has unsaved edits from") || !strings.Contains(out.String(), "set /name") ||
		!strings.Contains(out.String(), "[y/N]") {
		t.Fatalf("the question:\n%s", out.String())
	}
	if !bytes.Equal(s.Bytes(), want) {
		t.Fatalf("resumed:\n%s", s.Bytes())
	}

	s = openSession(t, path)
	out.Reset()
	d, err = offerEditDraft(context.Background(), strings.NewReader("\n"), &out, ds, s)
	if err != nil || d != nil || s.Changed() || !strings.Contains(out.String(), "discarded") {
		t.Fatalf("a no: draft %v, err %v, changed %v; said:\n%s", d, err, s.Changed(), out.String())
	}
	if _, err := ds.EditDraftFor(path); err == nil {
		t.Fatal("a declined draft is still there")
	}
}

// A draft of a file that changed since is not offered; why is said, and
// the draft is kept.
func TestEditSaysWhyADraftIsStale(t *testing.T) {
	path, ds, _ := keptEditDraft(t)
	if err := os.WriteFile(path, []byte(`{"name": "c", "version": "1"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := openSession(t, path)
	var out bytes.Buffer
	d, err := offerEditDraft(context.Background(), strings.NewReader("y\n"), &out, ds, s)
	if err != nil || d != nil || s.Changed() {
		t.Fatalf("draft %v, err %v, changed %v", d, err, s.Changed())
	}
	if !strings.Contains(out.String(), "stale: the file changed since the edits were made") || strings.Contains(out.String(), "[y/N]") {
		t.Fatalf("said:\n%s", out.String())
	}
	if _, err := ds.EditDraftFor(path); err != nil {
		t.Fatalf("the stale draft was removed: %v", err)
	}
}
