package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oncard/oncard/model/testcards"
)

// The size cap is per kind: a catalog over the 16 MiB of other documents
// is read (detected or named by --kind), a card that large is not, and
// --max-size replaces the defaults.
func TestSizeCapPerKind(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 20 MB catalog")
	}
	dir := t.TempDir()
	catalog := filepath.Join(dir, "catalog.json")
	data := testcards.Catalog(36000) // about 20 MB
	if len(data) <= 16<<20 {
		t.Fatalf("the catalog is only %d bytes", len(data))
	}
	if err := os.WriteFile(catalog, data, 0o644); err != nil {
		t.Fatal(err)
	}
	card := filepath.Join(dir, "card.json")
	if err := os.WriteFile(card, testcards.OfSize(17<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	small := filepath.Join(dir, "small.json")
	if err := os.WriteFile(small, testcards.Small(), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
		out  string // a substring of the output
	}{
		{[]string{catalog}, 0, "0 errors, 0 warnings"},
		{[]string{"--kind", "catalog", catalog}, 0, "0 errors, 0 warnings"},
		{[]string{card}, 1, "larger than the limit of 16.0 MiB"},
		{[]string{"--kind", "card", catalog}, 1, "larger than the limit of 16.0 MiB"},
		{[]string{"--max-size", "32MiB", card}, 0, "0 errors, 0 warnings"},
		{[]string{"--max-size", "10MB", catalog}, 1, "larger than the limit of 9.5 MiB"},
		{[]string{"--max-size", "1KiB", small}, 1, "larger than the limit of 0.0 MiB (1024 bytes)"},
		{[]string{"--max-size", "lots", small}, 2, "not a size"},
	} {
		var out, errOut strings.Builder
		args := append([]string{"validate"}, c.args...)
		code := runWith(context.Background(), args, strings.NewReader(""), &out, &errOut)
		all := out.String() + errOut.String()
		if code != c.code || !strings.Contains(all, c.out) {
			t.Errorf("oncard %s: exit %d, want %d with %q in:\n%.600s", strings.Join(args, " "), code, c.code, c.out, all)
		}
	}
}

// Edit opens files within the same caps: a catalog over 16 MiB is edited,
// a card that large is refused unless --max-size allows it.
func TestEditSizeCapPerKind(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 20 MB catalog")
	}
	dir := t.TempDir()
	catalog := filepath.Join(dir, "ai-catalog.json")
	if err := os.WriteFile(catalog, testcards.Catalog(36000), 0o644); err != nil {
		t.Fatal(err)
	}
	card := filepath.Join(dir, "agent-card.json")
	if err := os.WriteFile(card, testcards.OfSize(17<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
		out  string
	}{
		{[]string{catalog, "--set", `/entries/0/description="Edited"`, "--yes"}, 0, "wrote"},
		{[]string{card, "--set", `/skills/1/description="Edited"`, "--yes"}, 1, "larger than the limit of 16.0 MiB"},
		{[]string{card, "--max-size", "32MiB", "--set", `/skills/1/description="Edited"`, "--yes"}, 0, "wrote"},
		{[]string{catalog, "--max-size", "1MiB", "--set", `/entries/0/description="Again"`, "--yes"}, 1, "larger than"},
	} {
		var out, errOut strings.Builder
		args := append([]string{"edit"}, c.args...)
		code := runWith(context.Background(), args, strings.NewReader(""), &out, &errOut)
		all := out.String() + errOut.String()
		if code != c.code || !strings.Contains(all, c.out) {
			t.Errorf("oncard %s: exit %d, want %d with %q in:\n%.600s", strings.Join(args, " "), code, c.code, c.out, all)
		}
	}
	if data, err := os.ReadFile(catalog); err != nil || !strings.Contains(string(data), `"description": "Edited"`) {
		t.Errorf("the catalog was not edited: %v", err)
	}
}
