package tui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oncard/oncard/model"
)

func parseTB(tb testing.TB, s string) *model.Doc {
	tb.Helper()
	doc, err := model.Parse([]byte(s))
	if err != nil {
		tb.Fatal(err)
	}
	return doc
}

// writeBigCatalog writes a valid catalog of n other entries and returns its
// path.
func writeBigCatalog(tb testing.TB, n int) string {
	tb.Helper()
	entries := make([]string, n)
	for i := range entries {
		entries[i] = fmt.Sprintf(`    {"identifier": "urn:air:other.example:agents:a%d", "type": "application/a2a-agent-card+json", "version": "1.%d.0", "url": "https://other.example/a%d/agent-card.json"}`, i, i, i)
	}
	path := filepath.Join(tb.TempDir(), "catalog.json")
	data := "{\n  \"specVersion\": \"1.0\",\n  \"entries\": [\n" + strings.Join(entries, ",\n") + "\n  ]\n}\n"
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		tb.Fatal(err)
	}
	return path
}

// The plan is rebuilt on every keystroke of the Catalog step: these are
// the costs of one keystroke's work (entry, catalog, validation; for a
// merge also reading and merging the file).
func BenchmarkCatalogPlanEntry(b *testing.B) {
	doc := parseTB(b, minimalCard)
	for b.Loop() {
		if p := buildCatalogPlan(doc, catalogSettings{Write: writeNewCatalog}, nil); p.err != nil {
			b.Fatal(p.err)
		}
	}
}

func BenchmarkCatalogPlanEntryBigCard(b *testing.B) {
	doc := parseTB(b, bigCard(200))
	for b.Loop() {
		if p := buildCatalogPlan(doc, catalogSettings{}, nil); p.err != nil {
			b.Fatal(p.err)
		}
	}
}

func BenchmarkCatalogPlanMerge1000(b *testing.B) {
	doc := parseTB(b, minimalCard)
	cfg := catalogSettings{Write: writeIntoExisting, Path: writeBigCatalog(b, 1000)}
	for b.Loop() {
		if p := buildCatalogPlan(doc, cfg, nil); p.err != nil || p.errorCount() != 0 {
			b.Fatal(p.err, p.diags)
		}
	}
}
