package cardedit

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oncard/oncard/tui/cardsteps"
	"github.com/oncard/oncard/tui/style"
)

// TestKeysDoc keeps docs/keys.md equal to the keymap. Regenerate with
// ONCARD_UPDATE_DOCS=1.
func TestKeysDoc(t *testing.T) {
	path := filepath.Join("..", "..", "docs", "keys.md")
	want := keysMarkdown()
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
		t.Fatalf("docs/keys.md is out of date: run ONCARD_UPDATE_DOCS=1 go test ./tui/cardedit -run TestKeysDoc")
	}
}

func TestGoToStepWithAltDigit(t *testing.T) {
	d := newDriverJSON(t, minimalCard)
	d.Press("alt+5")
	if d.m.cur != at(cardsteps.StepSkills) {
		t.Fatalf("alt+5 went to step %d", d.m.cur)
	}
	d.Press("alt+1")
	if d.m.cur != at(cardsteps.StepStart) {
		t.Fatalf("alt+1 went to step %d", d.m.cur)
	}
}

// TestReadmeKeys keeps the key table of the `oncard new` reference
// (docs/new.md) equal to docs/keys.md (its headings one level down, under
// "## Keys"). Regenerate with ONCARD_UPDATE_DOCS=1.
func TestReadmeKeys(t *testing.T) {
	path := filepath.Join("..", "..", "docs", "new.md")
	readme, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc := keysMarkdown()
	_, body, ok := strings.Cut(doc, "\n\n") // drop the document's title
	if !ok {
		t.Fatal("docs/keys.md has no title")
	}
	want := strings.ReplaceAll(body, "\n## ", "\n### ")
	// The generated block runs from its first line to the next section.
	first, _, _ := strings.Cut(want, "\n")
	start := strings.Index(string(readme), first)
	if start < 0 {
		t.Fatalf("docs/new.md has no generated key table (no line %q)", first)
	}
	end := len(readme) // the table ends the file, or the next section
	if next := strings.Index(string(readme[start:]), "\n## "); next >= 0 {
		end = start + next + 1
	}
	if os.Getenv("ONCARD_UPDATE_DOCS") == "1" {
		updated := string(readme[:start]) + want + "\n" + string(readme[end:])
		if err := os.WriteFile(path, []byte(updated), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if got := string(readme[start:end]); got != want+"\n" {
		t.Fatalf("the key table in docs/new.md is out of date: run ONCARD_UPDATE_DOCS=1 go test ./tui/cardedit -run TestReadmeKeys")
	}
}

// keysMarkdown lists every key of the keymap as a Markdown table (the
// source of docs/keys.md).
func keysMarkdown() string {
	var b strings.Builder
	b.WriteString("# Keys of `oncard new` and `oncard edit`\n\n")
	b.WriteString("Generated from the one keymap (`tui/style/keys.go`); `go test ./tui/cardedit -run TestKeysDoc` checks it.\n")
	b.WriteString("Bare letters (a, d, y, n) only act where no text is being typed: in lists and dialogs.\n")
	b.WriteString("`oncard edit FILE` on a terminal uses the same screens and keys; there ctrl+s shows the diff on Review, then asks before writing.\n\n")
	titles := []string{"Steps and program", "Fields and choices", "Lists (interfaces, skills)", "Undo, panels and dialogs",
		"Long lists (pgup/pgdn page a list by 10 rows, elsewhere they scroll the preview; shift+pgup/pgdn always scroll it)"}
	for i, group := range style.Keys.All() {
		b.WriteString("## " + titles[i] + "\n\n| key | keys sent | does |\n|---|---|---|\n")
		for _, k := range group {
			h := k.Help()
			b.WriteString("| `" + h.Key + "` | " + strings.Join(k.Keys(), ", ") + " | " + h.Desc + " |\n")
		}
		b.WriteString("\n")
	}
	b.WriteString(`## In the taxonomy picker (OASF step)

| key | does |
|---|---|
| typing | search names and captions: every word, anywhere, in any order (space types a space) |
| ↑/↓, shift+tab, pgup/pgdn | move |
| enter | tick or untick the class (a category heading opens instead; a suggested word searches it; a class of the other kind opens that picker) |
| tab | go to the Chosen list and back: there ↑/↓ move and enter or d removes a reference, known to the taxonomy or not |
| → / ← | open a level / go up a level (browsing) |
| esc | clear the search, then leave the picker |
`)
	return b.String()
}
