package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oncard/oncard/model/testcards"
)

// TestValidateRepliesAgainstOneCard: --card is parsed once and shared by
// the parallel workers (run with -race: the shared Doc must only be read).
// A reply naming a skill the card does not list is an error; the others are
// clean.
func TestValidateRepliesAgainstOneCard(t *testing.T) {
	dir := t.TempDir()
	card := filepath.Join(dir, "card.json")
	if err := os.WriteFile(card, testcards.Large(20, 5, 2), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"validate", "--kind", "reply", "--card", card}
	for i := range 16 {
		p := filepath.Join(dir, fmt.Sprintf("reply-%02d.json", i))
		reply := `{"status": "given-on-opt-in", "skillId": "no-such-skill"}`
		if i%2 == 0 {
			reply = `{"status": "on-request", "skillId": "no-such-skill", "personEntry": "https://example.com/ask"}`
		}
		if err := os.WriteFile(p, []byte(reply), 0o644); err != nil {
			t.Fatal(err)
		}
		args = append(args, p)
	}
	code, stdout, stderr := runCapture(t, args...)
	if code != exitInvalid {
		t.Fatalf("exit %d, want 1\n%s\n%s", code, stdout, stderr)
	}
	for i := range 16 {
		name := fmt.Sprintf("reply-%02d.json:", i)
		if !strings.Contains(stdout, name) {
			t.Errorf("no finding for %s in\n%s", name, stdout)
		}
	}
	if !strings.Contains(stdout, "no-such-skill") {
		t.Errorf("findings do not name the unknown skill:\n%s", stdout)
	}
}
