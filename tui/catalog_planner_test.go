package tui

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
)

// The Catalog step keeps the catalog file it read between keystrokes and
// reads it again when the file's size or modification time changes; the
// save still refuses a file changed after the last plan, whatever the
// cache saw.
func TestCatalogStepRereadsCatalogChangedOnDisk(t *testing.T) {
	d, dir := catalogDriver(t)
	out := filepath.Join(dir, "catalog.json")
	odd := readBytes(t, filepath.Join("testdata", "catalog_odd.json"))
	if err := os.WriteFile(out, odd, 0o644); err != nil {
		t.Fatal(err)
	}
	d.chooseWrite(3, out)
	st := d.catalog()
	if pv := d.catalogPreview(); !strings.Contains(pv, "Odd   Host") {
		t.Fatalf("merge preview:\n%s", pv)
	}
	read := st.planner.source.gen

	// Keystrokes in the identifier field merge again without reading.
	d.press("shift+tab", "shift+tab", "shift+tab")
	if got := st.f.focused().label(); got != lblCatalogID {
		t.Fatalf("focus on %q, want the identifier", got)
	}
	d.typ("urn:example:agents:wx")
	if pv := d.catalogPreview(); !strings.Contains(pv, `"urn:example:agents:wx"`) {
		t.Fatalf("the merge preview does not follow the identifier:\n%s", pv)
	}
	if st.planner.source.gen != read {
		t.Fatalf("the unchanged catalog was read again (reading %d, then %d)", read, st.planner.source.gen)
	}

	// Another size: the next keystroke reads the file again.
	bigger := bytes.Replace(odd, []byte("Odd   Host"), []byte("Bigger Odd Host"), 1)
	if err := os.WriteFile(out, bigger, 0o644); err != nil {
		t.Fatal(err)
	}
	d.typ("x")
	if pv := d.catalogPreview(); !strings.Contains(pv, "Bigger Odd Host") {
		t.Fatalf("the preview kept the catalog as first read:\n%s", pv)
	}

	// Same size, other bytes, another modification time: read again too.
	same := bytes.Replace(bigger, []byte("Bigger Odd Host"), []byte("Sized Odd Hosts"), 1)
	if len(same) != len(bigger) {
		t.Fatal("the test's two catalogs must have the same size")
	}
	if err := os.WriteFile(out, same, 0o644); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(out, later, later); err != nil {
		t.Fatal(err)
	}
	d.press("backspace")
	if pv := d.catalogPreview(); !strings.Contains(pv, "Sized Odd Hosts") {
		t.Fatalf("the preview missed a change of the modification time:\n%s", pv)
	}

	// A change after the last plan that the cache cannot see (same size,
	// modification time put back) is still refused by the write.
	sneaky := bytes.Replace(same, []byte("Sized Odd Hosts"), []byte("Later Odd Hosts"), 1)
	if err := os.WriteFile(out, sneaky, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(out, later, later); err != nil {
		t.Fatal(err)
	}
	if _, err := writeCatalogPlan(st.plan, false); err == nil || !strings.Contains(err.Error(), "changed on disk") {
		t.Fatalf("writeCatalogPlan over a file changed after the plan: %v", err)
	}
	if got := readBytes(t, out); !bytes.Equal(got, sneaky) {
		t.Fatal("the catalog changed on disk was overwritten")
	}
}

// Typing in a field the entry does not depend on (the new catalog's host
// name) does not derive the entry again; typing the path of a catalog
// that does not exist says so, and says it again after the file appears.
func TestCatalogPlannerReusesWhatDidNotChange(t *testing.T) {
	doc := parseTB(t, minimalCard)
	var pl catalogPlanner
	cfg := catalogSettings{Write: writeNewCatalog}
	first := pl.plan(doc, 0, cfg, nil)
	gen := pl.entryGen
	cfg.HostName = "Weather Co"
	p := pl.plan(doc, 0, cfg, nil)
	if pl.entryGen != gen {
		t.Fatal("typing the host name derived the entry again")
	}
	if !strings.Contains(string(p.output), `"displayName": "Weather Co"`) || bytes.Equal(p.output, first.output) {
		t.Fatalf("the host name is not in the new catalog:\n%s", p.output)
	}
	// A card edit (Session.Edits) derives it again.
	pl.plan(doc, 1, cfg, nil)
	if pl.entryGen == gen {
		t.Fatal("a card edit did not derive the entry again")
	}

	path := filepath.Join(t.TempDir(), "later.json")
	cfg = catalogSettings{Write: writeIntoExisting, Path: path}
	if p := pl.plan(doc, 1, cfg, nil); p.err == nil || !strings.Contains(p.err.Error(), "does not exist") {
		t.Fatalf("missing catalog: %v", p.err)
	}
	if err := os.WriteFile(path, readBytes(t, filepath.Join("testdata", "catalog_odd.json")), 0o644); err != nil {
		t.Fatal(err)
	}
	if p := pl.plan(doc, 1, cfg, nil); p.err != nil || p.merge == nil || !p.merge.Added {
		t.Fatalf("the catalog that appeared was not merged into: %v %+v", p.err, p.merge)
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
			var pl catalogPlanner
			for k, id := range []string{"", "urn:example:agents:w", "urn:example:agents:wx", "", derivedID} {
				cfg := catalogSettings{Write: writeIntoExisting, Path: path, Identifier: id}
				got := pl.plan(doc, 0, cfg, opts)
				want := scratchMerge(t, doc, path, id, opts)
				if got.err != nil {
					t.Fatalf("keystroke %d: %v", k, got.err)
				}
				if !bytes.Equal(got.output, want.Text) {
					t.Fatalf("keystroke %d: merged\n%s\nwant\n%s", k, got.output, want.Text)
				}
				if *got.merge != want.Results[0] {
					t.Fatalf("keystroke %d: merge %+v, want %+v", k, *got.merge, want.Results[0])
				}
				if g, w := findingKeys(got.diags), findingKeys(scratchFindings(t, want.Text, doc, path, opts)); g != w {
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
	f, err := model.OpenFile(path)
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

// The spare clone made between keystrokes is a copy of the catalog as
// read, not of a merge: many merges in a row each start from the file.
func TestCatalogSourceSpareIsPristine(t *testing.T) {
	path := filepath.Join("testdata", "catalog_odd.json")
	fi, missing := statCatalog(path)
	src := readCatalogSource(path, fi, missing, 1)
	if src.err != nil {
		t.Fatal(src.err)
	}
	for i := range 4 {
		doc := src.docToMerge()
		if doc == src.file.Doc || doc.Changed() || doc.Root().Get("entries").Len() != 1 {
			t.Fatalf("merge %d got a used copy", i)
		}
		if _, err := model.MergeEntries(doc, [][]byte{[]byte(`{"identifier": "urn:x:` + string(rune('a'+i)) + `", "type": "t", "url": "https://x.example/"}`)}); err != nil {
			t.Fatal(err)
		}
		for len(src.spare) == 0 { // let the next copy finish, as between keys
			time.Sleep(time.Millisecond)
		}
	}
	if src.file.Doc.Changed() || !bytes.Equal(src.file.Doc.Encode(), readBytes(t, path)) {
		t.Fatal("the catalog as read was edited")
	}
}
