package tui

import (
	"os"
	"path/filepath"
	"testing"
)

// TestKeysDoc keeps docs/keys.md equal to the keymap. Regenerate with
// ONCARD_UPDATE_DOCS=1.
func TestKeysDoc(t *testing.T) {
	path := filepath.Join("..", "docs", "keys.md")
	want := KeysMarkdown()
	if os.Getenv("ONCARD_UPDATE_DOCS") == "1" {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with ONCARD_UPDATE_DOCS=1)", err)
	}
	if string(got) != want {
		t.Fatalf("docs/keys.md is out of date: run ONCARD_UPDATE_DOCS=1 go test ./tui -run TestKeysDoc")
	}
}

func TestGoToStepWithAltDigit(t *testing.T) {
	d := newDriverJSON(t, minimalCard)
	d.press("alt+5")
	if d.m.cur != stepSkills {
		t.Fatalf("alt+5 went to step %d", d.m.cur)
	}
	d.press("alt+1")
	if d.m.cur != stepStart {
		t.Fatalf("alt+1 went to step %d", d.m.cur)
	}
}
