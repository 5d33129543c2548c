package editrun

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/edit"
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

// theirs is the other writer's change, made while the edit waits.
var theirs = strings.Replace(editCard, `"Books trips"`, `"Books trips and hotels"`, 1)

func writeTemp(t *testing.T, text string) string {
	t.Helper()
	t.Setenv("XDG_CONFIG_HOME", t.TempDir()) // no configured signing key or hosts
	path := filepath.Join(t.TempDir(), "card.json")
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

// person answers the edit's questions in turn, as someone at a terminal
// would; before answer i, hooks[i] runs (to change the file on disk while
// the question is open). Past the last answer, input has ended.
type person struct {
	answers []string
	hooks   map[int]func()
	next    int
}

func (p *person) answer(question string, w io.Writer) (string, bool) {
	io.WriteString(w, question+"\n")
	if p.next >= len(p.answers) {
		return "", false
	}
	if h := p.hooks[p.next]; h != nil {
		h()
	}
	p.next++
	return p.answers[p.next-1], true
}

// runEdit edits path with the --set ops on a terminal that p answers at.
func runEdit(t *testing.T, p *person, path string, o Options) (stdout, stderr string, err error) {
	t.Helper()
	var out, errb bytes.Buffer
	con := app.Console{Out: &out, Err: &errb,
		Confirm: func(q string) (bool, error) { a, _ := p.answer(q, &errb); return a == "y", nil },
		Ask:     func(q string) (string, bool, error) { a, ok := p.answer(q, &errb); return a, ok, nil },
		Diff:    func(w io.Writer, diff string) error { _, err := io.WriteString(w, diff); return err },
	}
	o.CanPrompt = p != nil
	err = Run(context.Background(), con, path, o, nil)
	return out.String(), errb.String(), err
}

func setVersion(v string) []edit.Op {
	return []edit.Op{{Kind: edit.OpSet, Ptr: "/version", Value: []byte(`"` + v + `"`)}}
}

// TestChangedOnDiskReapply: the file changes on disk while the question is
// open; the save is refused, and re-applying the edits to the new version
// keeps both changes.
func TestChangedOnDiskReapply(t *testing.T) {
	path := writeTemp(t, editCard)
	p := &person{answers: []string{"y", "r", "y"}, hooks: map[int]func(){
		0: func() { os.WriteFile(path, []byte(theirs), 0o644) },
	}}
	_, stderr, err := runEdit(t, p, path, Options{Ops: setVersion("2.0.0")})
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	if !strings.Contains(stderr, path+" changed on disk since oncard read it; nothing written") {
		t.Errorf("the refusal is not said:\n%s", stderr)
	}
	want := strings.Replace(theirs, `"1.0.0"`, `"2.0.0"`, 1)
	if got := mustRead(t, path); got != want {
		t.Errorf("file:\n%s\nwant:\n%s", got, want)
	}
}

// TestChangedOnDiskSaveElsewhere: both versions survive, each in its own
// file.
func TestChangedOnDiskSaveElsewhere(t *testing.T) {
	path := writeTemp(t, editCard)
	p := &person{answers: []string{"y", "s", ""}, hooks: map[int]func(){
		0: func() { os.WriteFile(path, []byte(theirs), 0o644) },
	}}
	if _, stderr, err := runEdit(t, p, path, Options{Ops: setVersion("2.0.0")}); err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	if got := mustRead(t, path); got != theirs {
		t.Errorf("the other writer's version was not kept:\n%s", got)
	}
	mine := strings.Replace(editCard, `"1.0.0"`, `"2.0.0"`, 1)
	if got := mustRead(t, path+".mine"); got != mine {
		t.Errorf("our version:\n%s\nwant:\n%s", got, mine)
	}
}

// TestChangedOnDiskQuit: quitting (or the end of input) keeps the other
// version and loses nothing of it.
func TestChangedOnDiskQuit(t *testing.T) {
	for _, answers := range [][]string{{"y", "q"}, {"y"}} {
		path := writeTemp(t, editCard)
		p := &person{answers: answers, hooks: map[int]func(){
			0: func() { os.WriteFile(path, []byte(theirs), 0o644) },
		}}
		_, stderr, err := runEdit(t, p, path, Options{Ops: setVersion("2.0.0")})
		if !errors.Is(err, app.ErrReported) {
			t.Fatalf("answers %q: %v\n%s", answers, err, stderr)
		}
		if got := mustRead(t, path); got != theirs {
			t.Errorf("answers %q: file:\n%s", answers, got)
		}
	}
}

// TestChangedOnDiskConflict: the other writer changed the same member;
// re-applying drops our edit, says so, and writes nothing.
func TestChangedOnDiskConflict(t *testing.T) {
	path := writeTemp(t, editCard)
	other := strings.Replace(editCard, `"1.0.0"`, `"1.5.0"`, 1)
	p := &person{answers: []string{"y", "r"}, hooks: map[int]func(){
		0: func() { os.WriteFile(path, []byte(other), 0o644) },
	}}
	_, stderr, err := runEdit(t, p, path, Options{Ops: setVersion("2.0.0")})
	if !errors.Is(err, app.ErrReported) {
		t.Fatalf("%v\n%s", err, stderr)
	}
	if !strings.Contains(stderr, "oncard: dropped set /version: /version changed on disk") {
		t.Errorf("the conflict is not said:\n%s", stderr)
	}
	if got := mustRead(t, path); got != other {
		t.Errorf("file:\n%s", got)
	}
}

// TestChangedOnDiskWithoutTerminal: with Yes nobody can be asked; edits
// that do not touch what the other writer changed are re-applied to the
// new version (both changes kept), and a conflicting one refuses the save
// and keeps the other writer's version.
func TestChangedOnDiskWithoutTerminal(t *testing.T) {
	path := writeTemp(t, editCard)
	o := Options{Ops: setVersion("2.0.0"), Yes: true,
		BeforeSave: func(string) { os.WriteFile(path, []byte(theirs), 0o644) }}
	_, stderr, err := runEdit(t, nil, path, o)
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	want := "oncard: " + path + " changed on disk since oncard read it; applying the edits to the new version\n"
	if !strings.Contains(stderr, want) {
		t.Errorf("stderr lacks %q:\n%s", want, stderr)
	}
	both := strings.Replace(theirs, `"version": "1.0.0"`, `"version": "2.0.0"`, 1)
	if got := mustRead(t, path); got != both {
		t.Errorf("file:\n%s", got)
	}

	// The other writer changed the same member: refused.
	path = writeTemp(t, editCard)
	other := strings.Replace(editCard, `"version": "1.0.0"`, `"version": "1.5.0"`, 1)
	o.BeforeSave = func(string) { os.WriteFile(path, []byte(other), 0o644) }
	_, stderr, err = runEdit(t, nil, path, o)
	if !errors.Is(err, app.ErrReported) {
		t.Fatalf("conflict: %v\n%s", err, stderr)
	}
	for _, want := range []string{
		"oncard: conflict: set /version",
		"oncard: " + path + " not written: the other change touched what the edits change",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if got := mustRead(t, path); got != other {
		t.Errorf("file:\n%s", got)
	}
}

// TestUsage: what the options cannot mean is a usage error, and without
// edits or a terminal there is nothing to do.
func TestUsage(t *testing.T) {
	path := writeTemp(t, editCard)
	for name, o := range map[string]Options{
		"keep-dual alone": {Ops: setVersion("2"), KeepDual: true, Yes: true},
		"yes and dry run": {Ops: setVersion("2"), Yes: true, DryRun: true},
		"nothing to do":   {Yes: true},
		"no terminal":     {Ops: setVersion("2")},
	} {
		if _, _, err := runEdit(t, nil, path, o); !errors.As(err, new(app.UsageError)) {
			t.Errorf("%s: err = %v, want a usage error", name, err)
		}
	}
	if _, _, err := runEdit(t, nil, "-", Options{Ops: setVersion("2"), Yes: true}); !errors.As(err, new(app.UsageError)) {
		t.Errorf("stdin: err = %v, want a usage error", err)
	}
}
