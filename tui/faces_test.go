package tui_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/app/check"
	"github.com/oncard/oncard/internal/app/input"
	"github.com/oncard/oncard/internal/reference"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/editor"
	"github.com/oncard/oncard/validate"
)

// TestOneVerdictInEveryFace feeds one corpus (every fixture of validate,
// and the real-world cards of ../shared/reference when present) through
// each face's entry point and holds their findings equal: `oncard
// validate` (check.Run, its JSON report), the editors and the line-by-line
// prompts (editor.Check), the save judgement of `oncard edit`
// (app.Edit: the file as opened, and the bytes it would write), and the
// refusal of `catalog add` and `preview` (input.Card: a card is refused
// exactly when validate finds an error in it).
func TestOneVerdictInEveryFace(t *testing.T) {
	files := corpus(t)
	if len(files) < 100 {
		t.Fatalf("only %d documents in the corpus", len(files))
	}
	ctx := context.Background()
	cards := 0
	for _, path := range files {
		cli, kind := validateFace(t, path)
		if kind == "" || kind == string(validate.KindUnknown) {
			continue // not JSON, or no kind: no face but validate takes it
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := model.Parse(data)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if got := findingLines(editor.Check(doc, validate.Kind(kind), &validate.Options{Path: path})); !slices.Equal(got, cli) {
			t.Errorf("%s: the editor's findings differ from oncard validate's:\neditor:   %q\nvalidate: %q", path, got, cli)
		}
		e, err := app.OpenMax(path, 0, &validate.Options{Path: path})
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if got := findingLines(e.Before()); !slices.Equal(got, cli) {
			t.Errorf("%s: oncard edit's findings of the file differ from oncard validate's:\nedit:     %q\nvalidate: %q", path, got, cli)
		}
		if kind != string(validate.KindCard) {
			continue
		}
		cards++
		var stderr bytes.Buffer
		_, err = input.Card(ctx, path, nil, &stderr, false)
		refused := err != nil
		hasErrors := slices.ContainsFunc(cli, func(l string) bool {
			return strings.Contains(l, " error ") && strings.Index(l, " error ") < strings.Index(l, ": ")
		})
		if refused != hasErrors {
			t.Errorf("%s: catalog add and preview refuse it: %v, but oncard validate finds errors: %v (%s)", path, refused, hasErrors, stderr.String())
		}
	}
	if cards < 20 {
		t.Errorf("only %d cards in the corpus", cards)
	}
}

// validateFace runs `oncard validate --format json PATH` and returns its
// findings and the kind it reports.
func validateFace(t *testing.T, path string) ([]string, string) {
	t.Helper()
	var out bytes.Buffer
	con := app.Console{In: strings.NewReader(""), Out: &out, Err: io.Discard}
	err := check.Run(context.Background(), con, []string{path}, check.Options{Format: "json", Signatures: string(validate.SignaturesIfPresent)})
	if err != nil && err != app.ErrReported {
		t.Fatalf("%s: %v", path, err)
	}
	var rep struct {
		Files []struct {
			Kind        string                `json:"kind"`
			Diagnostics []validate.Diagnostic `json:"diagnostics"`
		} `json:"files"`
	}
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil || len(rep.Files) != 1 {
		t.Fatalf("%s: report %q: %v", path, out.String(), err)
	}
	return findingLines(rep.Files[0].Diagnostics), rep.Files[0].Kind
}

func findingLines(diags []validate.Diagnostic) []string {
	out := make([]string, len(diags))
	for i, d := range diags {
		out[i] = fmt.Sprintf("%d:%d %s %s %s: %s", d.Line, d.Column, d.Pointer, d.Severity, d.Code, d.Message)
	}
	return out
}

// corpus lists every JSON fixture of validate and, when ../shared is
// there, the real-world cards.
func corpus(t *testing.T) []string {
	t.Helper()
	var files []string
	add := func(root string) {
		err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && d.Name() == "fuzz" {
				return filepath.SkipDir
			}
			if !d.IsDir() && strings.HasSuffix(p, ".json") {
				files = append(files, p)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	add(filepath.Join("..", "validate", "testdata"))
	if dir, err := reference.Path("reference", "a2a", "real-cards"); err == nil {
		add(dir)
	} else {
		t.Logf("the real-world cards are not part of the corpus: %v", err)
	}
	return files
}

// TestEveryFaceHonoursTheConfig: a .oncard.json that ignores a code beside
// a card silences it in the editor as in oncard validate.
func TestEveryFaceHonoursTheConfig(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile(filepath.Join("..", "validate", "testdata", "rules", "a2a", "insecure-url", "invalid.json"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "agent-card.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	before, _ := validateFace(t, path)
	if err := os.WriteFile(filepath.Join(dir, ".oncard.json"), []byte(`{"ignore": [{"paths": ["*.json"], "codes": ["a2a/insecure-url"]}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	cli, _ := validateFace(t, path)
	if len(cli) >= len(before) {
		t.Fatalf("the config silenced nothing: %q", cli)
	}
	doc, err := model.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if got := findingLines(editor.Check(doc, validate.KindCard, &validate.Options{Path: path})); !slices.Equal(got, cli) {
		t.Errorf("editor %q, validate %q", got, cli)
	}
}
