package catedit

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/oncard/oncard/internal/edit"
	"github.com/oncard/oncard/tui/internal/keydrive"
	"github.com/oncard/oncard/tui/style"
)

// catEditBigCatalog opens the catalog editor on a valid catalog of n
// entries.
func catEditBigCatalog(b *testing.B, n int) *CatalogEditor {
	b.Helper()
	entries := make([]string, n)
	for i := range entries {
		entries[i] = fmt.Sprintf(`    {"identifier": "urn:air:other.example:agents:a%d", "type": "application/a2a-agent-card+json", "version": "1.%d.0", "url": "https://other.example/a%d/agent-card.json"}`, i, i, i)
	}
	path := filepath.Join(b.TempDir(), "catalog.json")
	data := "{\n  \"specVersion\": \"1.0\",\n  \"entries\": [\n" + strings.Join(entries, ",\n") + "\n  ]\n}\n"
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		b.Fatal(err)
	}
	es, err := edit.OpenMax(path, 0)
	if err != nil {
		b.Fatal(err)
	}
	c := NewCatalogEditor(CatalogEditorOptions{Edit: es, Theme: style.NewTheme(false)})
	c.Update(tea.WindowSizeMsg{Width: 160, Height: 50})
	return c
}

// One keystroke in the URL field of an entry: the edit, the re-encoding
// and the re-validation of the whole catalog, and the frame drawn after it.
func benchmarkCatEditKeystroke(b *testing.B, n int) {
	c := catEditBigCatalog(b, n)
	for _, k := range []string{"enter", "tab", "tab", "tab"} {
		c.Update(keydrive.KeyMsg(k))
	}
	x := keydrive.KeyMsg("x")
	bs := keydrive.KeyMsg("backspace")
	for b.Loop() {
		c.Update(x)
		_ = c.Render()
		c.Update(bs)
		_ = c.Render()
	}
}

func BenchmarkCatEditKeystroke100(b *testing.B)  { benchmarkCatEditKeystroke(b, 100) }
func BenchmarkCatEditKeystroke1000(b *testing.B) { benchmarkCatEditKeystroke(b, 1000) }

// Moving the cursor in the Entries list (no edit: only the frame).
func BenchmarkCatEditListCursor1000(b *testing.B) {
	c := catEditBigCatalog(b, 1000)
	down, up := keydrive.KeyMsg("down"), keydrive.KeyMsg("up")
	for b.Loop() {
		c.Update(down)
		_ = c.Render()
		c.Update(up)
		_ = c.Render()
	}
}
