package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oncard/oncard/model/testcards"

	"github.com/spf13/cobra"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/cputime"
	"github.com/oncard/oncard/internal/edit"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
)

// debuggerCard is our own card fixture carrying the seed's discovery
// extension (model/testdata/views holds the same card for model's tests).
const debuggerCard = `{
  "name": "Network Debugger",
  "description": "Finds why a service cannot reach another one.",
  "supportedInterfaces": [
    {"url": "https://agents.example.com/network-debugger/a2a/v1", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}
  ],
  "version": "1.0.0",
  "capabilities": {
    "extensions": [
      {
        "uri": "https://schema.oasf.outshift.com/1.1.0/objects/discovery",
        "description": "OASF skills and domains",
        "params": {
          "schema_version": "1.1.0",
          "skills": [{"name": "software_engineering/code_debugging/error_handling", "id": 60602}],
          "domains": [{"name": "technology/networking/network_security", "id": 10305}]
        }
      }
    ]
  },
  "defaultInputModes": ["text/plain"],
  "defaultOutputModes": ["text/plain"],
  "skills": [
    {"id": "diagnose", "name": "Diagnose", "description": "Diagnoses connection failures.", "tags": ["networking"]}
  ]
}
`

// BenchmarkCatalogAdd10k measures what `oncard catalog add` does to a
// catalog of 10,000 entries besides file I/O: build the card's entry,
// parse the catalog, upsert, encode, validate the result.
// Run: go test -run '^$' -bench CatalogAdd10k -benchmem ./cmd/oncard
// (the catalog is built before the clock starts; b.Loop excludes it).
func BenchmarkCatalogAdd10k(b *testing.B) {
	catalog := testcards.Catalog(10000)
	card, err := model.Parse([]byte(debuggerCard))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(catalog)))
	cpu := cputime.Process()
	for b.Loop() {
		doc, err := model.Parse(catalog)
		if err != nil {
			b.Fatal(err)
		}
		entry, _, err := model.EntryFromCard(card, model.EntryOptions{})
		if err != nil {
			b.Fatal(err)
		}
		updated, results, shown, err := mergeAndValidate(doc, [][]byte{entry}, "")
		if err != nil {
			b.Fatal(err)
		}
		if len(updated) <= len(catalog) || !results[0].Added {
			b.Fatal("the entry was not added")
		}
		if len(shown) > 0 {
			b.Fatalf("unexpected findings: %v", shown)
		}
	}
	// CPU time per operation (user + system, GC included): on a shared
	// machine wall time also counts the waits for a core.
	b.ReportMetric(float64(cputime.Process()-cpu)/float64(b.N)/1e6, "cpu-ms/op")
}

// TestBigCatalogAddKeepsBytes: adding to a 10,000-entry catalog changes
// nothing before the end of the entries array, and updating a middle entry
// changes only that entry's lines.
func TestBigCatalogAddKeepsBytes(t *testing.T) {
	catalog := testcards.Catalog(10000)
	card, err := model.Parse([]byte(debuggerCard))
	if err != nil {
		t.Fatal(err)
	}
	entry, _, err := model.EntryFromCard(card, model.EntryOptions{})
	if err != nil {
		t.Fatal(err)
	}
	updated, results, diags, err := mergeAndValidate(mustParseDoc(t, string(catalog)), [][]byte{entry}, "")
	if err != nil {
		t.Fatal(err)
	}
	if e, _, _ := validate.Counts(diags); e > 0 {
		t.Fatalf("errors: %v", diags)
	}
	if !results[0].Added || results[0].Index != 10000 {
		t.Errorf("result = %+v, want added at 10000", results[0])
	}
	head := len(catalog) - len("\n  ]\n}\n")
	if !bytes.Equal(updated[:head], catalog[:head]) || !bytes.HasSuffix(updated, []byte("\n  ]\n}\n")) {
		t.Error("bytes outside the appended entry changed")
	}

	// An update of entry 5000 to a new version: one line changes.
	e5000 := []byte(`{"identifier": "urn:air:agents5000.example.com:agents:agent-5000", "type": "application/a2a-agent-card+json", "version": "2.0.0",
	  "url": "https://agents5000.example.com/.well-known/agent-card.json",
	  "extensions": {"org.agntcy.oasf.discovery.v1": {
          "schema_version": "1.1.0",
          "skills": [{"name": "software_engineering/code_debugging/error_handling", "id": 60602}],
          "domains": [{"name": "technology/networking/network_security", "id": 10305}]
        }}}`)
	updated, results, _, err = mergeAndValidate(mustParseDoc(t, string(catalog)), [][]byte{e5000}, "")
	if err != nil {
		t.Fatal(err)
	}
	if r := results[0]; r.Added || r.Index != 5000 || r.PreviousVersion != "1.2.0" {
		t.Errorf("result = %+v", r)
	}
	diff := edit.LabelledDiff("c.json", "c.json", catalog, updated)
	want := "-      \"version\": \"1.2.0\",\n+      \"version\": \"2.0.0\",\n"
	if !strings.Contains(diff, want) || strings.Count(diff, "\n-") != 1 || strings.Count(diff, "\n+") != 2 {
		t.Errorf("diff is not the one line:\n%s", diff)
	}
}

// runPrompted runs oncard in-process as if stdin and stderr were a
// terminal, answering the confirmation with answer.
func runPrompted(t *testing.T, ctx context.Context, answer string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	saved := canPrompt
	canPrompt = func(*cobra.Command) bool { return true }
	defer func() { canPrompt = saved }()
	var out, errb bytes.Buffer
	code = runWith(ctx, args, strings.NewReader(answer), &out, &errb)
	return code, out.String(), errb.String()
}

func TestCatalogAddPrompt(t *testing.T) {
	dir := t.TempDir()
	card := filepath.Join(dir, "card.json")
	cat := filepath.Join(dir, "catalog.json")
	if err := os.WriteFile(card, []byte(debuggerCard), 0o644); err != nil {
		t.Fatal(err)
	}

	// Declined: the diff and the question are shown, nothing is written.
	for _, answer := range []string{"n\n", "\n", "", "maybe\n"} {
		code, stdout, stderr := runPrompted(t, context.Background(), answer, "catalog", "add", card, "--to", cat)
		if code != exitInvalid || stdout != "" {
			t.Errorf("answer %q: code %d, stdout %q", answer, code, stdout)
		}
		if !strings.Contains(stderr, "--- /dev/null\n+++ "+cat+"\n@@ -0,0 +1,18 @@\n+{\n") ||
			!strings.Contains(stderr, "Write "+cat+"? [y/N] ") ||
			!strings.HasSuffix(stderr, "oncard: "+cat+" not written\n") {
			t.Errorf("answer %q: stderr:\n%s", answer, stderr)
		}
		if _, err := os.Stat(cat); err == nil {
			t.Fatalf("answer %q: the catalog was written", answer)
		}
	}

	// Accepted: written, and the same bytes a non-interactive --yes writes.
	for _, answer := range []string{"y\n", "YES\n", " yes \n"} {
		os.Remove(cat)
		code, _, stderr := runPrompted(t, context.Background(), answer, "catalog", "add", card, "--to", cat)
		if code != exitOK || !strings.HasSuffix(stderr, "oncard: wrote "+cat+"\n") {
			t.Fatalf("answer %q: code %d, stderr:\n%s", answer, code, stderr)
		}
	}
	got, err := os.ReadFile(cat)
	if err != nil {
		t.Fatal(err)
	}
	want, _, err := model.CatalogFromCards([]model.CardSource{{Card: mustParseDoc(t, debuggerCard)}}, model.CatalogOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("written:\n%s\nwant (CatalogFromCards):\n%s", got, want)
	}

	// Interrupted while asking: exit 130, nothing written.
	os.Remove(cat)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	saved := canPrompt
	canPrompt = func(*cobra.Command) bool { return true }
	defer func() { canPrompt = saved }()
	var out, errb bytes.Buffer
	code := runWith(ctx, []string{"catalog", "add", card, "--to", cat}, blockingReader{}, &out, &errb)
	if code != exitInterrupt {
		t.Errorf("interrupted: code %d, stderr:\n%s", code, errb.String())
	}
	if _, err := os.Stat(cat); err == nil {
		t.Error("interrupted: the catalog was written")
	}
}

// blockingReader never answers, like a person who does not type.
type blockingReader struct{}

func (blockingReader) Read([]byte) (int, error) { select {} }

func mustParseDoc(t *testing.T, s string) *model.Doc {
	t.Helper()
	d, err := model.Parse([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestWriteBigCatalog is a tool, not a check: with ONCARD_BIG_CATALOG=DIR
// it writes the benchmark's catalog (DIR/big.json) and card (DIR/card.json)
// so that the whole command can be timed (docs/PERFORMANCE.md).
func TestWriteBigCatalog(t *testing.T) {
	dir := os.Getenv("ONCARD_BIG_CATALOG")
	if dir == "" {
		t.Skip("set ONCARD_BIG_CATALOG=DIR to write the 10,000-entry catalog and a card there")
	}
	if err := os.WriteFile(filepath.Join(dir, "big.json"), testcards.Catalog(10000), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "card.json"), []byte(debuggerCard), 0o644); err != nil {
		t.Fatal(err)
	}
}

// mergeAndValidate is app.CatalogFile.Merge on a parsed catalog.
func mergeAndValidate(doc *model.Doc, entries [][]byte, path string) ([]byte, []model.MergeResult, []validate.Diagnostic, error) {
	m, err := (&app.CatalogFile{Path: path, Doc: doc}).Merge(entries)
	if err != nil {
		return nil, nil, nil, err
	}
	return m.Text, m.Results, m.Shown, nil
}
