package validate

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"

	"github.com/oncard/oncard/model"
)

// An Agent Card given inline as an A2A entry's data is validated like a card
// file, with its findings located in the catalog as written.
func TestCatalogInlineCard(t *testing.T) {
	const card = "/entries/0/data"
	unknownSkill := card + "/capabilities/extensions/0/params/skills/0/id"
	// The inline cards declare no security requirement, and their On
	// Request skill has a completion: the security rules run on inline
	// cards too.
	unprotected := want{"security/unprotected-action", card + "/capabilities/extensions/0/params/skills/0/completion", Warning, "no security requirement"}
	cases := []struct {
		file  string
		wants []want
	}{
		{"inline-card.valid.catalog.json", []want{unprotected}},
		{"inline-card-unknown-skill.catalog.json", []want{
			{"onrequest/unknown-skill", unknownSkill, Error, `"close-account"`}, unprotected}},
		{"inline-card-name-missing.catalog.json", []want{
			{"a2a/required-missing", card + "/name", Error, `missing required member "name"`}, unprotected}},
		// The entry says 1.4.0, like the --card runCatalog passes: only the
		// inline card (1.5.0) can be the one compared.
		{"inline-card-version-mismatch.catalog.json", []want{
			{"catalog/version-mismatch", "/entries/0/version", Error, `the card (inline data): "1.5.0"`}, unprotected}},
		{"inline-card-discovery-mismatch.catalog.json", []want{
			{"catalog/discovery-mismatch", "/entries/0/extensions/org.agntcy.oasf.discovery.v1", Error, "(inline data)"}, unprotected}},
		// An inline card inside an inline catalog: both prefixes.
		{"inline-card-nested.catalog.json", []want{
			{"onrequest/unknown-skill", "/entries/0/data" + unknownSkill, Error, `"close-account"`},
			{unprotected.code, "/entries/0/data" + unprotected.ptr, Warning, unprotected.msg}}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			expectExactly(t, runCatalog(t, c.file), c.wants...)
		})
	}
}

// A finding inside an inline card carries the line and column of the member
// in the catalog file, not of the same pointer read from the card's root.
func TestCatalogInlineCardPosition(t *testing.T) {
	const name = "inline-card-unknown-skill.catalog.json"
	src, err := os.ReadFile(filepath.Join("testdata", "catalog", name))
	if err != nil {
		t.Fatal(err)
	}
	at := bytes.Index(src, []byte(`"id": "close-account"`))
	if at < 0 {
		t.Fatal("fixture lost its unknown skill id")
	}
	wantLine := bytes.Count(src[:at], []byte("\n")) + 1
	wantCol := at - bytes.LastIndexByte(src[:at], '\n')
	for _, d := range runCatalog(t, name) {
		if d.Code != "onrequest/unknown-skill" {
			continue
		}
		if d.Line != wantLine || d.Column != wantCol {
			t.Errorf("unknown-skill at %d:%d, want %d:%d (the id member in the catalog)", d.Line, d.Column, wantLine, wantCol)
		}
		return
	}
	t.Fatal("no onrequest/unknown-skill finding")
}

// Every card fixture, embedded as an entry's data, gets exactly the findings
// Card gives the card file, each under /entries/0/data. The entry has no
// version and no discovery payload, so no cross-check adds to them.
func TestCatalogInlineCardMatchesCard(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "rules", "a2a", "*", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no card fixtures under testdata/rules/a2a")
	}
	for _, file := range files {
		name, _ := filepath.Rel(filepath.Join("testdata", "rules", "a2a"), file)
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			cardDoc := parseString(t, string(src))
			if cardDoc.Root() == nil || cardDoc.Root().Kind != model.Object {
				t.Skip("not an object: an entry's data must be one to be checked as a card")
			}
			var want []string
			for _, d := range Card(cardDoc, nil) {
				want = append(want, finding("/entries/0/data"+d.Pointer, d))
			}
			cat := parseString(t, `{"specVersion": "1.0", "entries": [{"identifier": "urn:x:card", "type": "application/a2a-agent-card+json", "data": `+string(src)+`}]}`)
			var got []string
			for _, d := range Catalog(cat, nil) {
				got = append(got, finding(d.Pointer, d))
			}
			sort.Strings(want)
			sort.Strings(got)
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("inline findings differ from the card's:\ngot:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}

func finding(ptr string, d Diagnostic) string {
	return d.Severity.String() + " " + d.Code + " " + ptr + ": " + d.Message
}

// Inline data of another type is not a card: it is left alone.
func TestCatalogInlineDataOfOtherTypes(t *testing.T) {
	doc := parseString(t, `{"specVersion": "1.0", "entries": [
		{"identifier": "urn:x:a", "type": "application/json", "data": {"name": 1}},
		{"identifier": "urn:x:b", "type": "application/a2a-agent-card+json", "data": "not a card object"}]}`)
	for _, d := range catalog(doc, nil) {
		if strings.HasPrefix(d.Code, "a2a/") || strings.HasPrefix(d.Code, "onrequest/") {
			t.Errorf("card rule ran on data that is not an inline card object:%s", dump([]Diagnostic{d}))
		}
	}
}

// BenchmarkCatalogInlineCards1000 is a catalog of 1000 A2A entries, each with
// the fixture card inline: the cost of running the card rules per entry
// (BenchmarkCatalog10000 has no inline cards and is not affected).
func BenchmarkCatalogInlineCards1000(b *testing.B) {
	doc, err := model.Parse(inlineCardsCatalog(b, func(entries, _ int) bool { return entries < 1000 }))
	if err != nil {
		b.Fatal(err)
	}
	for _, d := range catalog(doc, nil) { // the fixture card draws the security review's warnings
		if d.Severity == Error {
			b.Fatalf("inline catalog not valid:%s", dump([]Diagnostic{d}))
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		catalog(doc, nil)
	}
}

// inlineCardsCatalog is a catalog of A2A entries, each with the fixture
// card inline, made while more(entries so far, bytes so far) holds.
func inlineCardsCatalog(tb testing.TB, more func(entries, bytes int) bool) []byte {
	tb.Helper()
	card, err := os.ReadFile(filepath.Join("testdata", "catalog", "card.json"))
	if err != nil {
		tb.Fatal(err)
	}
	var src strings.Builder
	src.WriteString(`{"specVersion": "1.0", "entries": [`)
	for i := 0; more(i, src.Len()); i++ {
		if i > 0 {
			src.WriteString(",\n")
		}
		fmt.Fprintf(&src, `{"identifier": "urn:air:bank.example:a2a:agent-%d", "type": "application/a2a-agent-card+json", "version": "1.4.0", "data": %s}`, i, card)
	}
	src.WriteString("]}")
	return []byte(src.String())
}

// TestStreamedCatalogOfInlineCardsMakesNoTree: a catalog large enough to
// be streamed whose entries hold their cards inline is checked entry by
// entry, its whole tree never made: the text rules of each inline card
// once asked the catalog's root, which made it (a catalog of 15 MB then
// took 3 times the CPU, and 4.1 times its size at peak against 3.5).
// Counted in bytes allocated, not timed: 3.4 times the catalog's bytes
// entry by entry, 4.7 with the tree made besides.
func TestStreamedCatalogOfInlineCardsMakesNoTree(t *testing.T) {
	data := inlineCardsCatalog(t, func(_, bytes int) bool { return bytes < 2*streamMinBytes })
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	res := Check(append([]byte(nil), data...), "", &Options{DataOwned: true})
	runtime.ReadMemStats(&after)
	if res.Kind != KindCatalog || len(res.Diags) == 0 || res.Diags[0].Pointer != "/entries/0/data/capabilities/extensions/0/params/skills/0/completion" {
		t.Fatalf("checked as %s, %d findings: the inline cards were not checked", res.Kind, len(res.Diags))
	}
	ratio := float64(after.TotalAlloc-before.TotalAlloc) / float64(len(data))
	t.Logf("%d bytes: %.2f× allocated", len(data), ratio)
	if ratio > 4 {
		t.Errorf("checking the streamed catalog allocated %.2f× its bytes, budget 4× (3.4× entry by entry; the whole tree made besides, 4.7×)", ratio)
	}
}
