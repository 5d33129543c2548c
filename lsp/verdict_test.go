package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/app/check"
	"github.com/oncard/oncard/internal/verdict"
	"github.com/oncard/oncard/validate"
)

// TestSameFindingsAsValidate holds the promise the server makes: every
// fixture of validate/testdata gets, in the editor, the findings `oncard
// validate` reports for the file (signatures left out: the server does
// not verify them yet).
func TestSameFindingsAsValidate(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "validate", "testdata", "*", "*", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	more, _ := filepath.Glob(filepath.Join("..", "validate", "testdata", "*", "*.json"))
	files = append(files, more...)
	if len(files) < 100 {
		t.Fatalf("only %d fixtures found", len(files))
	}
	var out bytes.Buffer
	con := app.Console{In: bytes.NewReader(nil), Out: &out, Err: io.Discard}
	err = check.Run(context.Background(), con, files, check.Options{Format: "json", Signatures: string(validate.SignaturesOff)})
	if err != nil && err != app.ErrReported {
		t.Fatal(err)
	}
	var report struct {
		Files []struct {
			Path        string
			Kind        string
			Diagnostics []validate.Diagnostic
		}
	}
	if err := json.Unmarshal(out.Bytes(), &report); err != nil {
		t.Fatal(err)
	}
	settings, err := Settings{}.resolve()
	if err != nil {
		t.Fatal(err)
	}
	configs := verdict.NewFinder()
	compared := 0
	for _, f := range report.Files {
		data, err := os.ReadFile(f.Path)
		if err != nil {
			t.Fatal(err)
		}
		v := checkDocument(context.Background(), data, checkRequest{Path: f.Path, Settings: settings, Configs: configs})
		if v.Kind == validate.KindUnknown || !ours(v) {
			// Nothing is shown for a document that is none of oncard's;
			// validate reports it as validate/unknown-document.
			if len(f.Diagnostics) != 1 || f.Diagnostics[0].Code != "validate/unknown-document" {
				t.Errorf("%s: the server shows nothing, validate reports %v", f.Path, codes(f.Diagnostics))
			}
			continue
		}
		if string(v.Kind) != f.Kind {
			t.Errorf("%s: checked as %s, validate as %s", f.Path, v.Kind, f.Kind)
		}
		if got, want := findings(v.Diags), findings(f.Diagnostics); !slices.Equal(got, want) {
			t.Errorf("%s:\nserver   %v\nvalidate %v", f.Path, got, want)
		}
		compared++
	}
	t.Logf("%d documents compared", compared)
}

func findings(ds []validate.Diagnostic) []string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = fmt.Sprintf("%s@%s:%d:%d:%s", d.Code, d.Pointer, d.Line, d.Column, d.Severity)
	}
	return out
}

func codes(ds []validate.Diagnostic) []string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = d.Code
	}
	return out
}
