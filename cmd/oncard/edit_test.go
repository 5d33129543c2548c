package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

const editCard = `{
  "name": "Travel agent",
  "description": "Books trips",
  "supportedInterfaces": [{"url": "https://travel.example/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
  "version": "1.0.0",
  "capabilities": {},
  "defaultInputModes": ["text/plain"],
  "defaultOutputModes": ["text/plain"],
  "skills": [{"id": "book", "name": "Book", "description": "Books a trip", "tags": ["travel"]}]
}
`

// runEditOnTerminal runs `oncard edit` in-process as if on a terminal.
func runEditOnTerminal(t *testing.T, in io.Reader, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	saved := canPrompt
	canPrompt = func(*cobra.Command) bool { return true }
	defer func() { canPrompt = saved }()
	var out, errb bytes.Buffer
	code = runWith(context.Background(), append([]string{"edit"}, args...), in, &out, &errb)
	return code, out.String(), errb.String()
}

func writeTemp(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func mustRead(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestEditAsksBeforeWriting(t *testing.T) {
	for _, tt := range []struct {
		answer  string
		code    int
		written bool
	}{
		{"y\n", 0, true},
		{"YES\n", 0, true},
		{"n\n", 1, false},
		{"", 1, false}, // end of input is a no
	} {
		path := writeTemp(t, "card.json", editCard)
		code, _, stderr := runEditOnTerminal(t, strings.NewReader(tt.answer), path, "--set", `/version="2.0.0"`)
		if code != tt.code {
			t.Errorf("answer %q: exit %d, want %d\n%s", tt.answer, code, tt.code, stderr)
		}
		if !strings.Contains(stderr, "+  \"version\": \"2.0.0\",\n") || !strings.Contains(stderr, "Write "+path+"? [y/N] ") {
			t.Errorf("answer %q: the diff or the question is missing:\n%s", tt.answer, stderr)
		}
		if got := strings.Contains(mustRead(t, path), `"2.0.0"`); got != tt.written {
			t.Errorf("answer %q: written = %v, want %v", tt.answer, got, tt.written)
		}
	}
}

// TestEditWithoutFlagsNeedsTheEditor: on a terminal without edit flags the
// command hands the session to the interactive editor; while none is wired
// in, it says how to edit with flags.
func TestEditWithoutFlagsNeedsTheEditor(t *testing.T) {
	if interactiveEdit != nil {
		t.Skip("the interactive editor is wired in")
	}
	path := writeTemp(t, "card.json", editCard)
	code, _, stderr := runEditOnTerminal(t, strings.NewReader(""), path)
	if code != 2 || !strings.Contains(stderr, "give the edits with --set and --delete") {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
}
