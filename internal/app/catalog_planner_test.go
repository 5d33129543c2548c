package app

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oncard/oncard/internal/docfile"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
)

// Typing in a field the entry does not depend on (the new catalog's host
// name) does not derive the entry again; typing the path of a catalog
// that does not exist says so, and says it again after the file appears.
func TestCatalogPlannerReusesWhatDidNotChange(t *testing.T) {
	doc := parseTB(t, minimalCard)
	var pl CatalogPlanner
	cfg := CatalogSettings{Write: WriteNewCatalog}
	first := pl.Plan(doc, 0, cfg, nil)
	gen := pl.entryGen
	cfg.HostName = "Weather Co"
	p := pl.Plan(doc, 0, cfg, nil)
	if pl.entryGen != gen {
		t.Fatal("typing the host name derived the entry again")
	}
	if !strings.Contains(string(p.Output), `"displayName": "Weather Co"`) || bytes.Equal(p.Output, first.Output) {
		t.Fatalf("the host name is not in the new catalog:\n%s", p.Output)
	}
	// A card edit (Session.Edits) derives it again.
	pl.Plan(doc, 1, cfg, nil)
	if pl.entryGen == gen {
		t.Fatal("a card edit did not derive the entry again")
	}

	path := filepath.Join(t.TempDir(), "later.json")
	cfg = CatalogSettings{Write: WriteIntoExisting, Path: path}
	// The planner reads no file: before a reading is handed over, the plan
	// says it waits for one.
	var reading *CatalogReadingError
	if p := pl.Plan(doc, 1, cfg, nil); !errors.As(p.Err, &reading) || reading.Path != path || pl.NeedsSource(cfg) != path {
		t.Fatalf("plan before reading: %v", p.Err)
	}
	if p := planAfterReading(&pl, doc, 1, cfg, nil); p.Err == nil || !strings.Contains(p.Err.Error(), "does not exist") {
		t.Fatalf("missing catalog: %v", p.Err)
	}
	if err := os.WriteFile(path, readBytes(t, filepath.Join("testdata", "catalog_odd.json")), 0o644); err != nil {
		t.Fatal(err)
	}
	if p := planAfterReading(&pl, doc, 1, cfg, nil); p.Err != nil || p.Merge == nil || !p.Merge.Added {
		t.Fatalf("the catalog that appeared was not merged into: %v %+v", p.Err, p.Merge)
	}
}

// The planner's merge (a clone of the catalog read, findings on the merged
// Doc, the entry's lines found without parsing) gives what a merge from
// scratch gives: the same bytes, the same findings, the same lines.
func TestCatalogPlannerMergeMatchesFromScratch(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	catalogs := map[string]string{
		"odd":      filepath.Join("testdata", "catalog_odd.json"),
		"invalid":  filepath.Join("testdata", "catalog_invalid.json"),
		"big":      writeBigCatalog(t, 40),
		"empty":    write("empty.json", "{\n  \"specVersion\": \"1.0\",\n  \"entries\": []\n}\n"),
		"minified": write("min.json", `{"specVersion":"1.0","entries":[{"identifier":"urn:air:o.example:agents:o","type":"application/a2a-agent-card+json","url":"https://o.example/c.json"}]}`),
		"inline":   write("inline.json", "{\"specVersion\": \"1.0\", \"entries\": [{\"identifier\": \"urn:air:o.example:agents:o\", \"type\": \"application/a2a-agent-card+json\", \"url\": \"https://o.example/c.json\"}]}\n"),
		// The card's own entry is listed already (second): an update.
		"update": write("update.json", "{\r\n  \"specVersion\": \"1.0\",\r\n  \"entries\": [\r\n    {\"identifier\": \"urn:air:o.example:agents:o\", \"type\": \"application/a2a-agent-card+json\", \"url\": \"https://o.example/c.json\"},\r\n    {\"identifier\": \""+derivedID+"\", \"type\": \"application/a2a-agent-card+json\", \"version\": \"0.1.0\", \"url\": \"https://x.example/{\\\"}.json\", \"x-keep\": [1, {\"a\": \"]\"}]}\r\n  ]\r\n}\r\n"),
	}
	doc := parseTB(t, minimalCard)
	opts := &validate.Options{}
	for name, path := range catalogs {
		t.Run(name, func(t *testing.T) {
			var pl CatalogPlanner
			for k, id := range []string{"", "urn:example:agents:w", "urn:example:agents:wx", "", derivedID} {
				cfg := CatalogSettings{Write: WriteIntoExisting, Path: path, Identifier: id}
				got := planAfterReading(&pl, doc, 0, cfg, opts)
				want := scratchMerge(t, doc, path, id, opts)
				if got.Err != nil {
					t.Fatalf("keystroke %d: %v", k, got.Err)
				}
				if !bytes.Equal(got.Output, want.Text) {
					t.Fatalf("keystroke %d: merged\n%s\nwant\n%s", k, got.Output, want.Text)
				}
				if *got.Merge != want.Results[0] {
					t.Fatalf("keystroke %d: merge %+v, want %+v", k, *got.Merge, want.Results[0])
				}
				if g, w := findingKeys(got.Diags), findingKeys(scratchFindings(t, want.Text, doc, path, opts)); g != w {
					t.Fatalf("keystroke %d: findings\n%s\nwant\n%s", k, g, w)
				}
				if got.lines == nil {
					t.Fatalf("keystroke %d: the entry's lines were not found without parsing", k)
				}
				f, l, ok := findEntryLines(got)
				if *got.lines != (entrySpan{f, l, ok}) {
					t.Fatalf("keystroke %d: entry lines %+v, parsed %d-%d %v", k, *got.lines, f, l, ok)
				}
			}
		})
	}
}

// scratchMerge is the merge done as the step did before it kept anything:
// read, parse, merge.
func scratchMerge(t *testing.T, card *model.Doc, path, id string, opts *validate.Options) *model.Merged {
	t.Helper()
	f, err := docfile.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	entry, _, err := model.EntryFromCard(card, model.EntryOptions{Identifier: id})
	if err != nil {
		t.Fatal(err)
	}
	m, err := model.MergeEntries(f.Doc, [][]byte{entry})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// scratchFindings validates the merged text parsed again.
func scratchFindings(t *testing.T, text []byte, card *model.Doc, path string, opts *validate.Options) []validate.Diagnostic {
	t.Helper()
	return validateCatalog(text, card, path, opts)
}

// findingKeys lists findings without their positions, one a line.
func findingKeys(diags []validate.Diagnostic) string {
	var b strings.Builder
	for _, d := range diags {
		b.WriteString(d.Severity.String() + " " + d.Code + " " + d.Pointer + " " + d.Message + "\n")
	}
	return b.String()
}

// planAfterReading plans as an editor does: the catalog file read first
// (again only when it changed), then handed to the planner.
func planAfterReading(pl *CatalogPlanner, doc *model.Doc, edits int, cfg CatalogSettings, opts *validate.Options) *CatalogPlan {
	if cfg.Write == WriteIntoExisting {
		pl.SetSource(ReadCatalogSource(cfg.Target(), pl.Source()))
	}
	return pl.Plan(doc, edits, cfg, opts)
}

// A reading is made again only when the file changed; every merge starts
// from the catalog as read, never from an earlier merge.
func TestCatalogSourceIsReadOnceAndStaysPristine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "catalog.json")
	odd := readBytes(t, filepath.Join("testdata", "catalog_odd.json"))
	if err := os.WriteFile(path, odd, 0o644); err != nil {
		t.Fatal(err)
	}
	src := ReadCatalogSource(path, nil)
	if src.err != nil {
		t.Fatal(src.err)
	}
	if again := ReadCatalogSource(path, src); again != src {
		t.Fatal("an unchanged file was read again")
	}
	for i := range 4 {
		doc := src.docToMerge()
		if doc == src.file.Doc || doc.Changed() || doc.Root().Get("entries").Len() != 1 {
			t.Fatalf("merge %d got a used copy", i)
		}
		if _, err := model.MergeEntries(doc, [][]byte{[]byte(`{"identifier": "urn:x:` + string(rune('a'+i)) + `", "type": "t", "url": "https://x.example/"}`)}); err != nil {
			t.Fatal(err)
		}
	}
	if src.file.Doc.Changed() || !bytes.Equal(src.file.Doc.Encode(), odd) {
		t.Fatal("the catalog as read was edited")
	}
	if err := os.WriteFile(path, append(odd, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	if again := ReadCatalogSource(path, src); again == src {
		t.Fatal("a file of another size was not read again")
	}
}

// A plan's diff is the merge against the file as read, or the whole new
// file; a plan that writes nothing has none.
func TestCatalogPlanDiff(t *testing.T) {
	doc := parseTB(t, minimalCard)
	var pl CatalogPlanner
	if d := pl.Plan(doc, 0, CatalogSettings{}, nil).Diff(); d != "" {
		t.Fatalf("writing nothing has a diff:\n%s", d)
	}
	d := pl.Plan(doc, 0, CatalogSettings{Write: WriteNewCatalog, Path: "new.json"}, nil).Diff()
	if !strings.HasPrefix(d, "--- /dev/null\n+++ new.json\n") || !strings.Contains(d, "+  \"specVersion\"") || strings.Contains(d, "\n-") {
		t.Fatalf("new catalog diff:\n%s", d)
	}
	path := filepath.Join(t.TempDir(), "catalog.json")
	odd := readBytes(t, filepath.Join("testdata", "catalog_odd.json"))
	if err := os.WriteFile(path, odd, 0o644); err != nil {
		t.Fatal(err)
	}
	p := planAfterReading(&pl, doc, 0, CatalogSettings{Write: WriteIntoExisting, Path: path}, nil)
	d = p.Diff()
	added := strings.Count(d, "\n+") - 1 // less the +++ header
	if !strings.Contains(d, derivedID) || strings.Contains(d, "\n-  ") || added < 4 {
		t.Fatalf("merge diff (%d lines added):\n%s", added, d)
	}
}
