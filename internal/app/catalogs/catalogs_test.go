package catalogs

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/model/testcards"
)

// console collects what a workflow prints; diffs are written as they are
// (what the command line does when its output is not a terminal).
func console(answer bool) (app.Console, *bytes.Buffer, *bytes.Buffer) {
	var out, errb bytes.Buffer
	return app.Console{
		In: strings.NewReader(""), Out: &out, Err: &errb,
		Confirm: func(q string) (bool, error) { errb.WriteString(q + "\n"); return answer, nil },
		Diff:    func(w io.Writer, diff string) error { _, err := io.WriteString(w, diff); return err },
	}, &out, &errb
}

func writeCard(t *testing.T, dir string) string {
	t.Helper()
	p := filepath.Join(dir, "card.json")
	if err := os.WriteFile(p, testcards.Small(), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestAddListRemove: a card is added to a new catalog, adding it again
// changes nothing, list shows its entry, remove takes it out again.
func TestAddListRemove(t *testing.T) {
	dir := t.TempDir()
	card, cat := writeCard(t, dir), filepath.Join(dir, "ai-catalog.json")
	ctx := context.Background()

	con, _, errb := console(false)
	if err := Add(ctx, con, []string{card}, AddOptions{To: cat, Yes: true}); err != nil {
		t.Fatalf("add: %v\n%s", err, errb)
	}
	if !strings.HasSuffix(errb.String(), "oncard: wrote "+cat+"\n") {
		t.Errorf("add said:\n%s", errb)
	}
	con, _, errb = console(false)
	if err := Add(ctx, con, []string{card}, AddOptions{To: cat, Yes: true}); err != nil ||
		!strings.Contains(errb.String(), "already lists the cards as they are; nothing to write") {
		t.Errorf("add again: %v\n%s", err, errb)
	}

	var out bytes.Buffer
	if err := List(ctx, &out, nil, cat, "json"); err != nil {
		t.Fatal(err)
	}
	var listed []Listed
	if err := json.Unmarshal(out.Bytes(), &listed); err != nil || len(listed) != 1 ||
		listed[0].Identifier != "urn:air:agent.harbor-dental.example:agents:harbor-dental-front-desk" || listed[0].Pointer != "/entries/0" {
		t.Fatalf("list: %v %+v\n%s", err, listed, out.String())
	}

	// Declined on a terminal: the diff is shown on stderr, nothing written.
	before, _ := os.ReadFile(cat)
	con, _, errb = console(false)
	err := Remove(ctx, con, cat, listed[0].Identifier, RemoveOptions{CanPrompt: true})
	if !errors.Is(err, app.ErrReported) || !strings.Contains(errb.String(), "-    {") || !strings.Contains(errb.String(), "Write "+cat+"?") {
		t.Errorf("declined: %v\n%s", err, errb)
	}
	if after, _ := os.ReadFile(cat); !bytes.Equal(after, before) {
		t.Fatal("declined, but the catalog changed")
	}
	con, _, errb = console(true)
	if err := Remove(ctx, con, cat, listed[0].Identifier, RemoveOptions{CanPrompt: true}); err != nil {
		t.Fatalf("remove: %v\n%s", err, errb)
	}
	out.Reset()
	if err := List(ctx, &out, nil, cat, "text"); err != nil || out.Len() != 0 {
		t.Errorf("after remove: %v, %q", err, out.String())
	}
}

// TestAddDryRunWritesNothing: the diff goes to stdout, the file is not
// created.
func TestAddDryRunWritesNothing(t *testing.T) {
	dir := t.TempDir()
	card, cat := writeCard(t, dir), filepath.Join(dir, "ai-catalog.json")
	con, out, errb := console(false)
	if err := Add(context.Background(), con, []string{card}, AddOptions{To: cat, DryRun: true}); err != nil {
		t.Fatalf("%v\n%s", err, errb)
	}
	if !strings.HasPrefix(out.String(), "--- /dev/null\n+++ "+cat+"\n") || !strings.HasSuffix(errb.String(), "oncard: dry run: "+cat+" not written\n") {
		t.Errorf("stdout:\n%s\nstderr:\n%s", out, errb)
	}
	if _, err := os.Stat(cat); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the catalog was written: %v", err)
	}
}

// TestUsage: what the options cannot mean is a usage error.
func TestUsage(t *testing.T) {
	con, _, _ := console(false)
	ctx := context.Background()
	for name, err := range map[string]error{
		"no --to":         Add(ctx, con, []string{"c.json"}, AddOptions{Yes: true}),
		"two with --url":  Add(ctx, con, []string{"a.json", "b.json"}, AddOptions{To: "x.json", URL: "https://a.example/", Yes: true}),
		"no terminal":     Add(ctx, con, []string{"c.json"}, AddOptions{To: "x.json"}),
		"stdin catalog":   Remove(ctx, con, "-", "urn:x", RemoveOptions{Yes: true}),
		"yes and dry run": Remove(ctx, con, "x.json", "urn:x", RemoveOptions{Yes: true, DryRun: true}),
	} {
		if u := (app.UsageError{}); !errors.As(err, &u) {
			t.Errorf("%s: err = %v, want a usage error", name, err)
		}
	}
}

// TestAddChangedOnDisk: the file changes between reading and writing
// (here: while the question is asked); the write is refused and the other
// writer's version kept.
func TestAddChangedOnDisk(t *testing.T) {
	dir := t.TempDir()
	card, cat := writeCard(t, dir), filepath.Join(dir, "catalog.json")
	orig := []byte("{\"specVersion\": \"1.0\", \"entries\": []}\n")
	if err := os.WriteFile(cat, orig, 0o600); err != nil {
		t.Fatal(err)
	}
	other := []byte("{\"specVersion\": \"1.0\", \"entries\": [], \"x\": 1}\n")
	con, _, errb := console(true)
	con.Confirm = func(string) (bool, error) { return true, os.WriteFile(cat, other, 0o600) }
	err := Add(context.Background(), con, []string{card}, AddOptions{To: cat, CanPrompt: true})
	if !errors.Is(err, app.ErrCatalogMoved) || !strings.HasPrefix(err.Error(), cat+" changed on disk since oncard read it; nothing written") {
		t.Errorf("err %v, stderr:\n%s", err, errb)
	}
	if got, _ := os.ReadFile(cat); !bytes.Equal(got, other) {
		t.Errorf("the other writer's version was lost:\n%s", got)
	}
}
