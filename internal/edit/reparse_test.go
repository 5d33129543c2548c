package edit

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oncard/oncard/model"
)

// TestBaselineIsTheDocUntilAnEdit: before any edit the file as on disk is
// the edited Doc itself (no second parse); after one it is Original, which
// still reads the old value.
func TestBaselineIsTheDocUntilAnEdit(t *testing.T) {
	s, err := OpenMax(writeCard(t, card, 0o644), 0)
	if err != nil {
		t.Fatal(err)
	}
	if b, err := s.Baseline(); err != nil || b != s.Doc() {
		t.Fatalf("Baseline before an edit = %p, %v; want the Doc %p", b, err, s.Doc())
	}
	if err := s.Set("/name", []byte(`"Other"`)); err != nil {
		t.Fatal(err)
	}
	b, err := s.Baseline()
	if err != nil || b == s.Doc() {
		t.Fatalf("Baseline after an edit = %p, %v; want a parse of the file", b, err)
	}
	if got, _ := b.Root().Get("name").Str(); got != "Travel agent" {
		t.Errorf("Baseline reads name %q, want the value on disk", got)
	}
}

// TestBaselineSeesDirectChanges: a change made on Doc() directly (a typed
// view) also ends the Doc's standing for the file.
func TestBaselineSeesDirectChanges(t *testing.T) {
	s, err := OpenMax(writeCard(t, card, 0o644), 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Doc().Set("/version", []byte(`"2.0.0"`)); err != nil {
		t.Fatal(err)
	}
	if b, _ := s.Baseline(); b == s.Doc() {
		t.Fatal("Baseline is the changed Doc")
	}
}

// TestReparseKeepsTheSession: after Reparse the Doc is a parse of the bytes
// to save, located in them, and the edits, the diff and Save are those of
// before.
func TestReparseKeepsTheSession(t *testing.T) {
	path := writeCard(t, card, 0o644)
	s, err := OpenMax(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Set("/description", []byte(`"Books trips\nand hotels"`)); err != nil {
		t.Fatal(err)
	}
	if err := s.Set("/iconUrl", []byte(`"https://travel.example/icon.png"`)); err != nil {
		t.Fatal(err)
	}
	want, diff := s.Bytes(), s.Diff()
	old := s.Doc()
	doc, err := s.Reparse()
	if err != nil {
		t.Fatal(err)
	}
	if doc != s.Doc() || doc == old {
		t.Fatal("Reparse did not make the new parse the session's Doc")
	}
	if !bytes.Equal(doc.Source(), want) || !bytes.Equal(s.Bytes(), want) || s.Diff() != diff {
		t.Fatal("Reparse changed what would be saved")
	}
	if line, _ := doc.LineCol(doc.Find("/iconUrl").Start()); line != strings.Count(string(want[:bytes.Index(want, []byte(`"iconUrl"`))]), "\n")+1 {
		t.Errorf("iconUrl at line %d, not where the bytes to save have it", line)
	}
	if len(s.Pending()) != 2 {
		t.Errorf("pending edits %v, want the two made", s.Pending())
	}
	// New members still land in the order Prepare installed.
	if err := s.Save(); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, path); got != string(want) {
		t.Errorf("saved:\n%s\nwant:\n%s", got, want)
	}
}

// TestOpenCapsByKind: an AI Catalog over the 16 MiB cap of other documents
// opens for editing; a card of that size is refused with both sizes named,
// and OpenMax applies the cap given.
func TestOpenCapsByKind(t *testing.T) {
	dir := t.TempDir()
	pad := strings.Repeat("x", 17<<20)
	catalog := filepath.Join(dir, "ai-catalog.json")
	if err := os.WriteFile(catalog, []byte(`{"specVersion": "1.0", "entries": [], "x-pad": "`+pad+`"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	cardPath := filepath.Join(dir, "agent-card.json")
	if err := os.WriteFile(cardPath, []byte(`{"name": "big", "x-pad": "`+pad+`"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := OpenMax(catalog, 0); err != nil {
		t.Errorf("catalog of 17 MiB: %v", err)
	}
	var pe *model.ParseError
	if _, err := OpenMax(cardPath, 0); !errors.As(err, &pe) || pe.Code != "json/too-large" || !strings.Contains(err.Error(), "16.0 MiB") {
		t.Errorf("card of 17 MiB: %v, want json/too-large naming the 16 MiB cap", err)
	}
	if _, err := OpenMax(cardPath, 32<<20); err != nil {
		t.Errorf("card of 17 MiB with a cap of 32 MiB: %v", err)
	}
	if _, err := OpenMax(catalog, 1<<20); !errors.As(err, &pe) || pe.Code != "json/too-large" {
		t.Errorf("catalog of 17 MiB with a cap of 1 MiB: %v, want json/too-large", err)
	}
}
