package app

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
)

func parseTB(tb testing.TB, s string) *model.Doc {
	tb.Helper()
	doc, err := model.Parse([]byte(s))
	if err != nil {
		tb.Fatal(err)
	}
	return doc
}

// buildCatalogPlan computes the plan for card and the settings from
// scratch, as a first keystroke does (the Catalog step's planner then
// reuses what did not change).
func buildCatalogPlan(card *model.Doc, cfg CatalogSettings, vopts *validate.Options) *CatalogPlan {
	var pl CatalogPlanner
	return pl.Plan(card, 0, cfg, vopts)
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

// The costs of a plan made from scratch (entry, catalog, validation), as
// the first keystroke of the Catalog step makes it.
func BenchmarkCatalogPlanEntry(b *testing.B) {
	doc := parseTB(b, minimalCard)
	for b.Loop() {
		if p := buildCatalogPlan(doc, CatalogSettings{Write: WriteNewCatalog}, nil); p.Err != nil {
			b.Fatal(p.Err)
		}
	}
}

func BenchmarkCatalogPlanEntryBigCard(b *testing.B) {
	doc := parseTB(b, bigCard(200))
	for b.Loop() {
		if p := buildCatalogPlan(doc, CatalogSettings{}, nil); p.Err != nil {
			b.Fatal(p.Err)
		}
	}
}

// One keystroke in the Identifier field with "add to existing" chosen:
// the check that the catalog file is unchanged (as the editor makes it, in
// a command, on each keystroke), the plan (entry, clone of the catalog,
// merge, validation of the merged catalog) and the lines of the entry that
// the preview highlights. The catalog file does not change, so it is read
// once, not per keystroke.
func BenchmarkCatalogPlanMerge1000(b *testing.B)  { benchMergeKeystroke(b, 1000) }
func BenchmarkCatalogPlanMerge10000(b *testing.B) { benchMergeKeystroke(b, 10000) }

func benchMergeKeystroke(b *testing.B, n int) {
	doc := parseTB(b, minimalCard)
	cfg := CatalogSettings{Write: WriteIntoExisting, Path: writeBigCatalog(b, n)}
	var pl CatalogPlanner
	ids := []string{"urn:air:weather.example:agents:w", "urn:air:weather.example:agents:we"}
	b.ResetTimer()
	for k := range b.N {
		cfg.Identifier = ids[k%2] // typing and deleting one character
		pl.SetSource(ReadCatalogSource(cfg.Target(), pl.Source()))
		p := pl.Plan(doc, 0, cfg, nil)
		if p.Err != nil || p.ErrorCount() != 0 {
			b.Fatal(p.Err, p.Diags)
		}
		if _, _, ok := EntryLines(p); !ok {
			b.Fatal("no entry lines")
		}
	}
	if pl.Readings() != 1 {
		b.Fatalf("the unchanged catalog was read %d times", pl.Readings())
	}
}

// One keystroke in a field the merge does not depend on (the file path
// retyped to the same file, as when a character is typed and deleted):
// the plan is reused whole, the file only Stat'ed.
func BenchmarkCatalogPlanMergeOtherField10000(b *testing.B) {
	doc := parseTB(b, minimalCard)
	cfg := CatalogSettings{Write: WriteIntoExisting, Path: writeBigCatalog(b, 10000)}
	var pl CatalogPlanner
	for b.Loop() {
		pl.SetSource(ReadCatalogSource(cfg.Target(), pl.Source()))
		if p := pl.Plan(doc, 0, cfg, nil); p.Err != nil || p.ErrorCount() != 0 {
			b.Fatal(p.Err, p.Diags)
		}
	}
}
