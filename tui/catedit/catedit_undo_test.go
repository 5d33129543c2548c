package catedit

import (
	"bytes"
	"os"
	"testing"
)

// In the catalog editor, ctrl+z undoes a field's typing and a removed
// entry, bringing back the file's bytes exactly; ctrl+y redoes.
func TestCatEditUndoRedo(t *testing.T) {
	d := openCatEdit(t)
	d.Press("down", "enter", "tab", "tab") // entry 2, Version
	d.Typ("-beta")
	if got := d.entries()[1].Version(); got != "2.1.0-beta" {
		t.Fatalf("version = %q", got)
	}
	d.Press("esc") // back to the list
	d.Press("ctrl+z")
	if got := d.entries()[1].Version(); got != "2.1.0" {
		t.Fatalf("version after undo = %q", got)
	}
	// Back in the field where the typing was.
	if d.c.cur != catEditScreenEntry || d.c.s.Focus != "/entries/1/version" {
		t.Fatalf("after undo: screen %d, focus %q", d.c.cur, d.c.s.Focus)
	}
	if d.c.es.Changed() {
		t.Fatalf("undo left a change:\n%s", d.c.es.Diff())
	}

	d.Press("esc", "up", "d", "y") // remove entry 1
	d.MustContain("removed entry 1 (ctrl+z undoes)")
	if n := len(d.entries()); n != 2 {
		t.Fatalf("%d entries after the remove", n)
	}
	d.Press("ctrl+z")
	if !bytes.Equal(d.c.es.Bytes(), d.orig) {
		t.Fatalf("after undoing the remove the catalog differs from the file:\n%s", d.c.es.Diff())
	}
	if d.c.cur != catEditScreenEntries || d.c.entry != 0 {
		t.Fatalf("after undo: screen %d, entry %d", d.c.cur, d.c.entry)
	}
	d.Press("ctrl+y")
	if n := len(d.entries()); n != 2 {
		t.Fatalf("%d entries after redo, want 2", n)
	}
	d.Press("ctrl+z", "ctrl+z")
	d.MustContain("nothing to undo")
}

// After a reload from disk, undo has nothing to take back.
func TestCatEditReloadForgetsTheHistory(t *testing.T) {
	d := openCatEdit(t)
	d.Press("down", "enter", "tab", "tab", "ctrl+u").Typ("2.2.0")
	other := bytes.Replace(d.orig, []byte(`"Example Networks"`), []byte(`"Example Networks Ltd"`), 1)
	if err := os.WriteFile(d.path, other, 0o640); err != nil {
		t.Fatal(err)
	}
	d.Press("ctrl+s", "ctrl+s", "y")
	d.Press("enter") // reload
	d.MustContain("Reloaded the file from disk")
	d.Press("ctrl+z")
	if !bytes.Contains(d.c.es.Bytes(), []byte("Example Networks Ltd")) {
		t.Fatalf("undo after the reload wrote the old file back:\n%s", d.c.es.Bytes())
	}
}
