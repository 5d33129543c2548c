//go:build e2e

package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEditCatalogInTmux opens an AI Catalog in `oncard edit`, changes the
// url of its second entry, picks an OASF skill for it, and saves after the
// diff and the confirmation: the url line is the only line of the file
// before the new payload that changed.
func TestEditCatalogInTmux(t *testing.T) {
	tmuxAvailable(t)
	catalog, err := os.ReadFile(filepath.Join("..", "tui", "catedit", "testdata", "catedit-catalog.json"))
	if err != nil {
		t.Fatal(err)
	}
	bin := buildBinary(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "catalog.json")
	if err := os.WriteFile(path, catalog, 0o644); err != nil {
		t.Fatal(err)
	}
	env := []string{"XDG_STATE_HOME=" + filepath.Join(dir, "state"), "XDG_CONFIG_HOME=" + filepath.Join(dir, "config"),
		"HOME=" + dir, "TERM=xterm-256color", "COLORTERM=truecolor"}
	tm := newTerm(t, dir, env)
	tm.start(160, 40, bin+" edit catalog.json")
	tm.waitFor("oncard edit catalog.json", "[AI Catalog]", "3 entries", "trip-planner")
	tm.keepScreen("catedit-01-entries-160x40")

	tm.keys("Down", "Enter")
	tm.waitFor("entry 2 of 3", "Identifier")
	tm.keys("Tab", "Tab", "Tab", "C-u")
	tm.typ("https://trips.example.com/agent-card.json")
	tm.waitFor("trips.example.com/agent-card.json")

	tm.keys("C-n") // Discovery
	tm.waitFor("The entry has no discovery payload")
	tm.keys("Tab", "Enter")
	tm.waitFor("search:")
	tm.typ("error handling")
	tm.waitFor("match(es)")
	tm.keys("Enter")
	tm.waitFor("Chosen (1)")
	tm.keepScreen("catedit-02-picker-160x40")
	tm.keys("Escape")
	tm.keys("Escape")
	tm.waitFor("Skills (1)")

	tm.keys("C-s")
	tm.waitFor("Review & save", "diff (lines", "trips.example.com")
	tm.keepScreen("catedit-03-review-160x40")
	tm.keys("C-s")
	tm.waitFor("Write catalog.json?")
	tm.keys("y")
	if code := tm.exitCode(); code != "0" {
		t.Fatalf("exit code after save = %s:\n%s", code, tm.capture(false))
	}
	tm.waitFor("oncard: wrote catalog.json")

	saved, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	old, now := strings.Split(string(catalog), "\n"), strings.Split(string(saved), "\n")
	var changed []string
	for i := 0; i < 24 && i < len(now); i++ { // up to the second entry's url
		if old[i] != now[i] {
			changed = append(changed, now[i])
		}
	}
	if len(changed) != 1 || !strings.Contains(changed[0], `"url": "https://trips.example.com/agent-card.json"`) {
		t.Fatalf("changed lines before the payload: %q\n%s", changed, saved)
	}
	if !strings.Contains(string(saved), `"org.agntcy.oasf.discovery.v1"`) || strings.Count(string(saved), `"schema_version"`) != 2 {
		t.Fatalf("no payload for the second entry:\n%s", saved)
	}
}
