package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadmeScreen keeps the picture of the editor on the README's first
// screen equal to the capture the tmux tests make of the real binary
// (ONCARD_SCREENS=$PWD/docs/screens go test -tags e2e ./e2e), so that it
// never shows a screen the program no longer draws.
func TestReadmeScreen(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	const marker = "<!-- screen: docs/screens/"
	i := strings.Index(string(readme), marker)
	if i < 0 {
		t.Fatalf("README.md has no %q block", marker)
	}
	rest := string(readme[i+len(marker):])
	name, rest, _ := strings.Cut(rest, " ")
	_, rest, _ = strings.Cut(rest, "```text\n")
	block, _, ok := strings.Cut(rest, "\n```")
	if !ok {
		t.Fatal("the README's screen block is not closed")
	}
	capture, err := os.ReadFile(filepath.Join("..", "docs", "screens", name))
	if err != nil {
		t.Fatal(err)
	}
	want := strings.TrimRight(string(capture), "\n ")
	if block != want {
		t.Errorf("the README's screen differs from docs/screens/%s; copy the capture into README.md", name)
	}
}
