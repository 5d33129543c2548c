package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/templates"
	"github.com/oncard/oncard/tui"
	"github.com/oncard/oncard/validate"
)

// A catalog opens in the catalog editor, with the session and validation
// options of the file.
func TestEditTUIOpensCatalogsInTheCatalogEditor(t *testing.T) {
	if interactiveEdit == nil {
		t.Fatal("the interactive editor is not wired")
	}
	data, ok := templates.Get("catalog")
	if !ok {
		t.Fatal("no catalog template")
	}
	path := filepath.Join(t.TempDir(), "catalog.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	e, err := app.OpenMax(path, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	s, kind := e.Session, e.Kind
	if kind != validate.KindCatalog {
		t.Fatalf("the catalog template is detected as %s", kind)
	}
	state := t.TempDir()
	t.Setenv("XDG_STATE_HOME", state)
	var got tui.CatalogEditorOptions
	calls := 0
	saved := runCatalogEditor
	t.Cleanup(func() { runCatalogEditor = saved })
	runCatalogEditor = func(_ context.Context, opts tui.CatalogEditorOptions, _ io.Reader, _ io.Writer) (tui.Result, error) {
		calls++
		got = opts
		return tui.Result{Saved: true, Path: opts.Edit.Path()}, nil
	}
	var stderr bytes.Buffer
	cmd := &cobra.Command{Use: "edit"}
	cmd.SetErr(&stderr)
	if err := interactiveEdit(cmd, e); err != nil {
		t.Fatalf("err = %v", err)
	}
	if calls != 1 || got.Edit != s || got.Validate == nil || got.Validate.Path != path {
		t.Fatalf("the catalog editor was called %d times with %+v", calls, got)
	}
	// The catalog editor keeps drafts of unsaved edits, as the card's does.
	if got.DraftDir != filepath.Join(state, "oncard", "drafts") {
		t.Fatalf("drafts directory %q", got.DraftDir)
	}
	if !strings.Contains(stderr.String(), "wrote "+path) {
		t.Fatalf("stderr %q", stderr.String())
	}
}

// A document that is neither a card nor a catalog (here a bare OASF
// discovery payload) has no screens: the editor says how to edit it.
func TestEditTUIRefusesDocumentsOtherThanCards(t *testing.T) {
	if interactiveEdit == nil {
		t.Fatal("the interactive editor is not wired")
	}
	payload := []byte(`{"schema_version": "1.1.0", "skills": [{"name": "software_engineering/code_debugging/error_handling", "id": 60602}]}` + "\n")
	path := filepath.Join(t.TempDir(), "discovery.json")
	if err := os.WriteFile(path, payload, 0o644); err != nil {
		t.Fatal(err)
	}
	e, err := app.OpenMax(path, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	if kind := e.Kind; kind != validate.KindDiscovery {
		t.Fatalf("the payload is detected as %s", kind)
	}
	saved := runCatalogEditor
	t.Cleanup(func() { runCatalogEditor = saved })
	runCatalogEditor = func(context.Context, tui.CatalogEditorOptions, io.Reader, io.Writer) (tui.Result, error) {
		t.Fatal("a discovery payload was opened in the catalog editor")
		return tui.Result{}, nil
	}
	err = interactiveEdit(&cobra.Command{Use: "edit"}, e)
	var ue usageError
	if !errors.As(err, &ue) || !strings.Contains(ue.msg, "--set and --delete") {
		t.Fatalf("err = %v, want a usage error naming --set and --delete", err)
	}
}

// Ctrl-C with no edit ends `oncard edit` with exit 130, as `oncard new`
// and every command: the file is untouched and nothing is said.
func TestEditTUICtrlCWithoutEditsIsExit130(t *testing.T) {
	data, _ := templates.Get("catalog")
	path := filepath.Join(t.TempDir(), "catalog.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	e, err := app.OpenMax(path, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	saved := runCatalogEditor
	t.Cleanup(func() { runCatalogEditor = saved })
	runCatalogEditor = func(context.Context, tui.CatalogEditorOptions, io.Reader, io.Writer) (tui.Result, error) {
		return tui.Result{Interrupted: true}, nil
	}
	var stderr bytes.Buffer
	cmd := &cobra.Command{Use: "edit"}
	cmd.SetErr(&stderr)
	err = interactiveEdit(cmd, e)
	var ee exitError
	if !errors.As(err, &ee) || ee.code != exitInterrupt {
		t.Fatalf("err = %v, want exit %d", err, exitInterrupt)
	}
	if stderr.Len() != 0 {
		t.Errorf("said %q", stderr.String())
	}
}
