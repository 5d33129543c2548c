package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCatalogRemovePrompt: on a terminal the diff and the question are
// shown; only a yes writes.
func TestCatalogRemovePrompt(t *testing.T) {
	const src = `{"specVersion": "1.0", "entries": [
  {"identifier": "urn:example:agents:a", "type": "t/t", "url": "https://a.example/"},
  {"identifier": "urn:example:agents:b", "type": "t/t", "url": "https://b.example/"}
]}
`
	cat := filepath.Join(t.TempDir(), "catalog.json")
	if err := os.WriteFile(cat, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runPrompted(t, context.Background(), "n\n", "catalog", "remove", cat, "urn:example:agents:b")
	if code != exitInvalid || stdout != "" ||
		!strings.Contains(stderr, `-  {"identifier": "urn:example:agents:b", "type": "t/t", "url": "https://b.example/"}`) ||
		!strings.Contains(stderr, "Write "+cat+"? [y/N] ") || !strings.HasSuffix(stderr, "oncard: "+cat+" not written\n") {
		t.Errorf("declined: code %d, stdout %q, stderr:\n%s", code, stdout, stderr)
	}
	if got, _ := os.ReadFile(cat); string(got) != src {
		t.Fatalf("declined, but the catalog changed:\n%s", got)
	}

	code, _, stderr = runPrompted(t, context.Background(), "y\n", "catalog", "remove", cat, "urn:example:agents:b")
	if code != exitOK || !strings.HasSuffix(stderr, "oncard: wrote "+cat+"\n") {
		t.Fatalf("accepted: code %d, stderr:\n%s", code, stderr)
	}
	want := `{"specVersion": "1.0", "entries": [
  {"identifier": "urn:example:agents:a", "type": "t/t", "url": "https://a.example/"}
]}
`
	if got, _ := os.ReadFile(cat); string(got) != want {
		t.Errorf("written:\n%s\nwant:\n%s", got, want)
	}
}
