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

// answers is a terminal typed at by a test: each Read returns the next
// line; before a line is handed over, its hook runs (to change the file on
// disk while oncard waits for the answer).
type answers struct {
	lines []string
	hooks map[int]func()
	next  int
}

func (a *answers) Read(p []byte) (int, error) {
	if a.next >= len(a.lines) {
		return 0, io.EOF
	}
	if h := a.hooks[a.next]; h != nil {
		h()
	}
	n := copy(p, a.lines[a.next])
	a.next++
	return n, nil
}

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

// theirs is the other writer's change, made while oncard waits.
var theirs = strings.Replace(editCard, `"Books trips"`, `"Books trips and hotels"`, 1)

// TestEditChangedOnDiskReapply: the file changes on disk while the
// question is open; the save is refused, and re-applying the edits to the
// new version keeps both changes.
func TestEditChangedOnDiskReapply(t *testing.T) {
	path := writeTemp(t, "card.json", editCard)
	in := &answers{lines: []string{"y\n", "r\n", "y\n"}, hooks: map[int]func(){
		0: func() { os.WriteFile(path, []byte(theirs), 0o644) },
	}}
	code, _, stderr := runEditOnTerminal(t, in, path, "--set", `/version="2.0.0"`)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	if !strings.Contains(stderr, path+" changed on disk since oncard read it; nothing written") {
		t.Errorf("the refusal is not said:\n%s", stderr)
	}
	want := strings.Replace(theirs, `"1.0.0"`, `"2.0.0"`, 1)
	if got := mustRead(t, path); got != want {
		t.Errorf("file:\n%s\nwant:\n%s", got, want)
	}
}

// TestEditChangedOnDiskSaveElsewhere: both versions survive, each in its
// own file.
func TestEditChangedOnDiskSaveElsewhere(t *testing.T) {
	path := writeTemp(t, "card.json", editCard)
	in := &answers{lines: []string{"y\n", "s\n", "\n"}, hooks: map[int]func(){
		0: func() { os.WriteFile(path, []byte(theirs), 0o644) },
	}}
	code, _, stderr := runEditOnTerminal(t, in, path, "--set", `/version="2.0.0"`)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	if got := mustRead(t, path); got != theirs {
		t.Errorf("the other writer's version was not kept:\n%s", got)
	}
	mine := strings.Replace(editCard, `"1.0.0"`, `"2.0.0"`, 1)
	if got := mustRead(t, path+".mine"); got != mine {
		t.Errorf("our version:\n%s\nwant:\n%s", got, mine)
	}
}

// TestEditChangedOnDiskQuit: quitting keeps the other version and loses
// nothing of it.
func TestEditChangedOnDiskQuit(t *testing.T) {
	path := writeTemp(t, "card.json", editCard)
	in := &answers{lines: []string{"y\n", "q\n"}, hooks: map[int]func(){
		0: func() { os.WriteFile(path, []byte(theirs), 0o644) },
	}}
	code, _, stderr := runEditOnTerminal(t, in, path, "--set", `/version="2.0.0"`)
	if code != 1 || !strings.Contains(stderr, "it keeps the other version") {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	if got := mustRead(t, path); got != theirs {
		t.Errorf("file:\n%s", got)
	}
}

// TestEditChangedOnDiskConflict: the other writer changed the same member;
// re-applying drops our edit, says so, and writes nothing (exit 1).
func TestEditChangedOnDiskConflict(t *testing.T) {
	path := writeTemp(t, "card.json", editCard)
	other := strings.Replace(editCard, `"1.0.0"`, `"1.5.0"`, 1)
	in := &answers{lines: []string{"y\n", "r\n"}, hooks: map[int]func(){
		0: func() { os.WriteFile(path, []byte(other), 0o644) },
	}}
	code, _, stderr := runEditOnTerminal(t, in, path, "--set", `/version="2.0.0"`)
	if code != 1 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	if !strings.Contains(stderr, "oncard: dropped set /version: /version changed on disk") {
		t.Errorf("the conflict is not said:\n%s", stderr)
	}
	if got := mustRead(t, path); got != other {
		t.Errorf("file:\n%s", got)
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

// TestEditChangedOnDiskWithoutTerminal: with --yes nobody can be asked;
// edits that do not touch what the other writer changed are re-applied to
// the new version (both changes kept), and a conflicting one refuses the
// save (exit 1) and keeps the other writer's version.
func TestEditChangedOnDiskWithoutTerminal(t *testing.T) {
	path := writeTemp(t, "card.json", editCard)
	saved := editBeforeSave
	editBeforeSave = func(string) { os.WriteFile(path, []byte(theirs), 0o644) }
	defer func() { editBeforeSave = saved }()
	var out, errb bytes.Buffer
	code := runWith(context.Background(), []string{"edit", path, "--set", `/version="2.0.0"`, "--yes"}, strings.NewReader(""), &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, errb.String())
	}
	want := "oncard: " + path + " changed on disk since oncard read it; applying the edits to the new version\n"
	if !strings.Contains(errb.String(), want) {
		t.Errorf("stderr lacks %q:\n%s", want, errb.String())
	}
	both := strings.Replace(theirs, `"version": "1.0.0"`, `"version": "2.0.0"`, 1)
	if got := mustRead(t, path); got != both {
		t.Errorf("file:\n%s", got)
	}

	// The other writer changed the same member: refused.
	path = writeTemp(t, "card.json", editCard)
	other := strings.Replace(editCard, `"version": "1.0.0"`, `"version": "1.5.0"`, 1)
	editBeforeSave = func(string) { os.WriteFile(path, []byte(other), 0o644) }
	errb.Reset()
	code = runWith(context.Background(), []string{"edit", path, "--set", `/version="2.0.0"`, "--yes"}, strings.NewReader(""), &out, &errb)
	if code != 1 {
		t.Fatalf("conflict: exit %d\n%s", code, errb.String())
	}
	for _, want := range []string{
		"oncard: conflict: set /version",
		"oncard: " + path + " not written: the other change touched what the edits change",
	} {
		if !strings.Contains(errb.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, errb.String())
		}
	}
	if got := mustRead(t, path); got != other {
		t.Errorf("file:\n%s", got)
	}
}
