package newcard

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/validate"
)

// TestTemplatesAreCards: every template offered starts a card, and an
// unknown name is a usage error listing them.
func TestTemplatesAreCards(t *testing.T) {
	names := Templates()
	if len(names) == 0 || !slices.Contains(names, "minimal") {
		t.Fatalf("templates %v", names)
	}
	for _, n := range names {
		doc, err := Start(context.Background(), nil, io.Discard, Source{Template: n})
		if err != nil || doc == nil || validate.Detect(doc) != validate.KindCard {
			t.Errorf("template %s: %v", n, err)
		}
	}
	_, err := Start(context.Background(), nil, io.Discard, Source{Template: "nope"})
	if u := (app.UsageError{}); !errors.As(err, &u) || !strings.Contains(u.Msg, "minimal") {
		t.Errorf("unknown template: %v", err)
	}
}

// TestStartFromNamesTheLocation: a --from that is not JSON is refused
// with its file, line and column.
func TestStartFromNamesTheLocation(t *testing.T) {
	_, err := Start(context.Background(), strings.NewReader("{\n  \"name\": }"), io.Discard, Source{From: "-"})
	if err == nil || !strings.HasPrefix(err.Error(), "<stdin>:2:11: ") {
		t.Errorf("err = %v", err)
	}
}

// TestWriteOnlyValidCards: a template with its defaults filled in is
// written (never over an existing file without force); a card with errors
// is not, and its findings are listed.
func TestWriteOnlyValidCards(t *testing.T) {
	ctx := context.Background()
	out := filepath.Join(t.TempDir(), "agent-card.json")
	var stdout, stderr bytes.Buffer
	con := app.Console{Out: &stdout, Err: &stderr}
	doc, err := Start(ctx, nil, io.Discard, Source{Template: "minimal"})
	if err != nil {
		t.Fatal(err)
	}
	if err := Write(ctx, con, doc, "template minimal", out, false, &validate.Options{}); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	if data, err := os.ReadFile(out); err != nil || !bytes.Equal(data, doc.Encode()) {
		t.Fatalf("written: %v\n%s", err, data)
	}
	if err := Write(ctx, con, doc, "template minimal", out, false, &validate.Options{}); err == nil || !strings.Contains(err.Error(), "already exists; pass --force to replace it") {
		t.Errorf("over an existing file: %v", err)
	}

	stderr.Reset()
	bad, err := Start(ctx, strings.NewReader(`{"name": "x", "version": 1}`), io.Discard, Source{From: "-"})
	if err != nil {
		t.Fatal(err)
	}
	err = Write(ctx, con, bad, "<stdin>", "-", false, &validate.Options{})
	if !errors.Is(err, app.ErrReported) || stdout.Len() != 0 || !strings.Contains(stderr.String(), "<stdin>:1:15: error a2a/type: ") ||
		!strings.Contains(stderr.String(), "oncard: not written: the card has ") {
		t.Errorf("invalid card: %v, stdout %q\n%s", err, stdout.String(), stderr.String())
	}
}

// TestStartWritesRequirementsInTheSpecForm: bare-array and null security
// requirement values become {"list": [...]}, and that is said.
func TestStartWritesRequirementsInTheSpecForm(t *testing.T) {
	var stderr bytes.Buffer
	doc, err := Start(context.Background(), strings.NewReader(`{"name": "x",
  "securityRequirements": [{"schemes": {"bearer": ["read"]}}, {"schemes": {"key": null}}]}`), &stderr, Source{From: "-"})
	if err != nil {
		t.Fatal(err)
	}
	if got := string(doc.Encode()); !strings.Contains(got, `"bearer": {"list": ["read"]}`) || !strings.Contains(got, `"key": {"list": []}`) {
		t.Errorf("card:\n%s", got)
	}
	if stderr.String() != "oncard: security requirements written in the spec form {\"list\": [...]}: /securityRequirements/0/schemes/bearer, /securityRequirements/1/schemes/key\n" {
		t.Errorf("stderr: %q", stderr.String())
	}
}
