package preview

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

func preview(t *testing.T, card []byte, o Options) (stdout, stderr string, err error) {
	t.Helper()
	p := filepath.Join(t.TempDir(), "card.json")
	if err := os.WriteFile(p, card, 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	con := app.Console{Out: &out, Err: &errb,
		JSON: func(w io.Writer, data []byte) error { _, err := w.Write(data); return err }}
	err = Run(context.Background(), con, p, o)
	return out.String(), errb.String(), err
}

// TestPreviewEntry: the entry names the card's derived identifier and url,
// says so on stderr, and carries the card's version.
func TestPreviewEntry(t *testing.T) {
	out, errs, err := preview(t, testcards.Small(), Options{})
	if err != nil {
		t.Fatalf("%v\n%s", err, errs)
	}
	var entry struct{ Identifier, URL, Version, Type string }
	if err := json.Unmarshal([]byte(out), &entry); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if entry.Identifier != "urn:air:agent.harbor-dental.example:agents:harbor-dental-front-desk" ||
		entry.URL != "https://agent.harbor-dental.example/.well-known/agent-card.json" || entry.Version != "1.0.0" ||
		entry.Type != "application/a2a-agent-card+json" {
		t.Errorf("entry %+v", entry)
	}
	if !strings.Contains(errs, "oncard: note: give --identifier and --url to choose them yourself") {
		t.Errorf("stderr:\n%s", errs)
	}
}

// TestPreviewCatalogAndRefusal: --catalog prints a whole catalog; an
// identifier that is no URI is an error of the output, which refuses it.
func TestPreviewCatalogAndRefusal(t *testing.T) {
	out, errs, err := preview(t, testcards.Small(), Options{Catalog: true, SpecVersion: "1.0", HostName: "Harbor"})
	var cat struct {
		SpecVersion string `json:"specVersion"`
		Entries     []json.RawMessage
	}
	if err != nil || json.Unmarshal([]byte(out), &cat) != nil || cat.SpecVersion != "1.0" || len(cat.Entries) != 1 {
		t.Fatalf("--catalog: %v\n%s\n%s", err, out, errs)
	}
	out, errs, err = preview(t, testcards.Small(), Options{Identifier: "not a uri", URL: "https://exa mple.com/"})
	if !errors.Is(err, app.ErrReported) || out != "" || !strings.Contains(errs, "<preview>: warning catalog/identifier-not-uri") ||
		!strings.Contains(errs, "oncard: the previewed entry has 1 error; fix it, or pass --force to go on anyway") {
		t.Errorf("bad url: %v, stdout %q\n%s", err, out, errs)
	}
}
