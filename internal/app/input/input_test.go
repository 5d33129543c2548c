package input

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/model/testcards"
)

func writeFile(t *testing.T, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestReadFileCapsPerKind: the cap is the kind's (a catalog may be larger
// than a card), found again once the kind is known, and --max-size
// replaces the defaults.
func TestReadFileCapsPerKind(t *testing.T) {
	ctx := context.Background()
	card := writeFile(t, "card.json", testcards.Small())
	if _, err := ReadFile(ctx, card, nil, "card", 100); !isTooLarge(err, 100) {
		t.Errorf("--max-size 100: err = %v, want too large with limit 100", err)
	}
	if data, err := ReadFile(ctx, card, nil, "", 0); err != nil || !bytes.Equal(data, testcards.Small()) {
		t.Errorf("detected kind: %d bytes, err %v", len(data), err)
	}
	// A 17 MiB document that is no catalog is over the cap of the other
	// kinds even when its kind is detected (the read itself allows the
	// largest cap, the catalogs').
	big := writeFile(t, "big.json", []byte(`{"name": "`+strings.Repeat("x", 17<<20)+`"}`))
	_, err := ReadFile(ctx, big, nil, "", 0)
	if !isTooLarge(err, 16<<20) {
		t.Errorf("17 MiB document: err = %v, want too large with the 16 MiB limit", err)
	}
	if tl := (*TooLargeError)(nil); errors.As(err, &tl) {
		d := tl.Diagnostic()
		if d.Code != "json/too-large" || d.Line != 1 || !strings.Contains(d.Message, "16.0 MiB") {
			t.Errorf("diagnostic %+v", d)
		}
	}
}

func isTooLarge(err error, limit int) bool {
	var tl *TooLargeError
	return errors.As(err, &tl) && tl.Limit == limit
}

// TestReadFileNamesWhatFailed: a missing file and a broken stdin are said
// as "cannot read NAME: why".
func TestReadFileNamesWhatFailed(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing.json")
	_, err := ReadFile(context.Background(), missing, nil, "card", 0)
	if err == nil || !strings.HasPrefix(err.Error(), "cannot read "+missing+": ") {
		t.Errorf("missing file: %v", err)
	}
	data, err := ReadFile(context.Background(), "-", strings.NewReader(`{"a": 1}`), "card", 0)
	if err != nil || string(data) != `{"a": 1}` {
		t.Errorf("stdin: %q, %v", data, err)
	}
	_, err = ReadFile(context.Background(), "-", failingReader{}, "card", 0)
	if err == nil || !strings.HasPrefix(err.Error(), "cannot read <stdin>: ") {
		t.Errorf("broken stdin: %v", err)
	}
}

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("broken pipe") }

// TestCardRefusesWhatIsNotAValidCard: errors refuse a card unless force;
// a document of another kind is refused with its kind named.
func TestCardRefusesWhatIsNotAValidCard(t *testing.T) {
	ctx := context.Background()
	var errb bytes.Buffer
	doc, err := Card(ctx, writeFile(t, "card.json", testcards.Small()), nil, &errb, false)
	if err != nil || doc == nil || errb.Len() != 0 {
		t.Fatalf("valid card: %v, said %q", err, errb.String())
	}
	bad := writeFile(t, "bad.json", bytes.Replace(testcards.Small(), []byte(`"version": "1.0.0"`), []byte(`"version": 1`), 1))
	errb.Reset()
	if _, err := Card(ctx, bad, nil, &errb, false); !errors.Is(err, app.ErrReported) ||
		!strings.Contains(errb.String(), "fix it, or pass --force to go on anyway") {
		t.Errorf("invalid card: %v, said:\n%s", err, errb.String())
	}
	errb.Reset()
	if doc, err := Card(ctx, bad, nil, &errb, true); err != nil || doc == nil || !strings.Contains(errb.String(), "going on because of --force") {
		t.Errorf("invalid card, force: %v, said:\n%s", err, errb.String())
	}
	errb.Reset()
	cat := writeFile(t, "catalog.json", testcards.Catalog(2))
	if _, err := Card(ctx, cat, nil, &errb, true); !errors.Is(err, app.ErrReported) || !strings.Contains(errb.String(), "looks like an AI Catalog, not an Agent Card") {
		t.Errorf("catalog: %v, said:\n%s", err, errb.String())
	}
}
