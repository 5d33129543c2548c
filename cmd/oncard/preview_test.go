package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oncard/oncard/internal/reference"
)

// TestPreviewSeedGoldenIsTheSpec: the golden of preview_seed.txtar is the
// last JSON block of the OASF discovery extension's text (the "AI Catalog
// Entry" example), so the script proves the command reproduces the seed.
// Skipped when the shared spec folder is absent.
func TestPreviewSeedGoldenIsTheSpec(t *testing.T) {
	blocks := reference.SpecJSONBlocks(t, "oasf-discovery-extension.md")
	if len(blocks) == 0 {
		t.Fatal("no JSON block found in the spec")
	}
	block := blocks[len(blocks)-1] + "\n"

	script, err := os.ReadFile(filepath.Join("testdata", "script", "preview_seed.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	_, golden, ok := strings.Cut(string(script), "\n-- seed.json --\n")
	if !ok {
		t.Fatal("preview_seed.txtar has no seed.json")
	}
	if i := strings.Index(golden, "\n-- "); i >= 0 {
		golden = golden[:i+1]
	}
	if golden != block {
		t.Errorf("seed.json differs from the spec block:\n%s\nspec:\n%s", golden, block)
	}
}
