package tui

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aymanbagabas/go-udiff"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/edit"
	"github.com/oncard/oncard/tui/style"
)

// TestFlowEditOnRequestEntry runs the editor as a Bubble Tea program: open
// a card, change one personEntry on the On Request step, review the diff,
// confirm; the file differs from the original in that one line.
func TestFlowEditOnRequestEntry(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(editTestdata, "edit-v10.json"))
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	if err := os.WriteFile("card.json", data, 0o644); err != nil {
		t.Fatal(err)
	}
	es, err := edit.OpenMax("card.json", 0)
	if err != nil {
		t.Fatal(err)
	}
	es.Prepare(func(d *model.Doc) { model.NewCard(d) })

	f := newFlow(t, New(Options{Edit: es, Theme: style.NewTheme(false)}), 120, 40)
	f.Keys("alt+7", "enter") // On Request, the first skill's entry
	f.Typ("/new")
	f.Keys("ctrl+s") // Review: the diff
	review := f.Screen()
	f.Keys("ctrl+s") // the confirmation
	confirm := f.Screen()
	f.Keys("y")
	final := f.final()

	if !final.Result().Saved {
		t.Fatalf("not saved; status %q\n%s", final.Status, confirm)
	}
	got, err := os.ReadFile("card.json")
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Replace(string(data), "support/disputes\"", "support/disputes/new\"", 1)
	if string(got) != want {
		t.Fatalf("the file is not the original with one change:\n%s", edit.UnifiedDiff("card.json", []byte(want), got))
	}
	if !strings.Contains(confirm, "Write card.json?") {
		t.Fatalf("no confirmation:\n%s", confirm)
	}
	requireEditGolden(t, "edit-flow-review.golden", review)
}

// requireEditGolden compares out with testdata/name; -update rewrites it
// (the flag is the golden package's, as for the other flows).
func requireEditGolden(t *testing.T, name, out string) {
	t.Helper()
	path := filepath.Join(editTestdata, name)
	if fl := flag.Lookup("update"); fl != nil && fl.Value.String() == "true" {
		if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./tui -run %s -update)", err, t.Name())
	}
	if d := udiff.Unified("golden", "run", string(want), out); d != "" {
		t.Fatalf("the screen differs from %s:\n%s", name, d)
	}
}
