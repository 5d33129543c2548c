package app

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

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
// the plan (entry, merge, validation of the merged catalog) and the lines
// of the entry that the preview highlights. The catalog file does not
// change, so it is read once, not per keystroke.
// Between keystrokes (not timed) the spare clone of the catalog is let
// finish, as it does while a person types; the Burst variants type with no
// pause at all.
func BenchmarkCatalogPlanMerge1000(b *testing.B)       { benchMergeKeystroke(b, 1000, true) }
func BenchmarkCatalogPlanMerge10000(b *testing.B)      { benchMergeKeystroke(b, 10000, true) }
func BenchmarkCatalogPlanMergeBurst10000(b *testing.B) { benchMergeKeystroke(b, 10000, false) }

func benchMergeKeystroke(b *testing.B, n int, paced bool) {
	doc := parseTB(b, minimalCard)
	cfg := CatalogSettings{Write: WriteIntoExisting, Path: writeBigCatalog(b, n)}
	var pl CatalogPlanner
	ids := []string{"urn:air:weather.example:agents:w", "urn:air:weather.example:agents:we"}
	b.ResetTimer()
	for k := range b.N {
		cfg.Identifier = ids[k%2] // typing and deleting one character
		p := pl.Plan(doc, 0, cfg, nil)
		if p.Err != nil || p.ErrorCount() != 0 {
			b.Fatal(p.Err, p.Diags)
		}
		if _, _, ok := EntryLines(p); !ok {
			b.Fatal("no entry lines")
		}
		if paced {
			b.StopTimer()
			for end := time.Now().Add(time.Second); len(pl.source.spare) == 0 && time.Now().Before(end); {
				time.Sleep(50 * time.Microsecond)
			}
			b.StartTimer()
		}
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
		if p := pl.Plan(doc, 0, cfg, nil); p.Err != nil || p.ErrorCount() != 0 {
			b.Fatal(p.Err, p.Diags)
		}
	}
}
