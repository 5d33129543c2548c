package oasf

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/oncard/oncard/internal/reference"
)

// readFixture reads the reference copy of the schema server's answer for
// one taxonomy (outside the repository; the test skips when it is absent).
func readFixture(t testing.TB, version, kind string) []byte {
	t.Helper()
	b, err := os.ReadFile(reference.Dir(t, "oasf", "api", version, kind+"_categories.json"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The counts of OASF.md's table.
func TestEmbeddedCounts(t *testing.T) {
	for _, tc := range []struct {
		version                   string
		kind                      Kind
		all, categories, selected int
	}{
		{"1.1.0", Skills, 513, 18, 495},
		{"1.1.0", Domains, 201, 24, 177},
		{"1.0.0", Skills, 136, 15, 121},
		{"1.0.0", Domains, 204, 24, 180},
	} {
		tax := Get(tc.version)
		if tax == nil {
			t.Fatalf("Get(%q) = nil", tc.version)
		}
		if tax.Source != EmbeddedSource {
			t.Errorf("%s source = %q", tc.version, tax.Source)
		}
		tree := tax.Tree(tc.kind)
		if got := tree.Len(); got != tc.all {
			t.Errorf("%s %s: %d classes, want %d", tc.version, tc.kind, got, tc.all)
		}
		if got := tree.Categories(); got != tc.categories {
			t.Errorf("%s %s: %d categories, want %d", tc.version, tc.kind, got, tc.categories)
		}
		if got := tree.Len() - tree.Categories(); got != tc.selected {
			t.Errorf("%s %s: %d selectable, want %d", tc.version, tc.kind, got, tc.selected)
		}
		if got := len(tree.Children("")); got != tc.categories {
			t.Errorf("%s %s: %d top-level nodes, want %d", tc.version, tc.kind, got, tc.categories)
		}
		for _, c := range tree.All() {
			if c.Description != "" {
				t.Fatalf("%s: embedded class %s has a description", tc.version, c.Name)
			}
			if c.Category != (c.Parent == "") {
				t.Errorf("%s: %s category=%v parent=%q", tc.version, c.Name, c.Category, c.Parent)
			}
		}
	}
}

// The snapshots must carry no description text of the standard.
func TestNoDescriptionsEmbedded(t *testing.T) {
	entries, err := snapshots.ReadDir("data")
	if err != nil || len(entries) == 0 {
		t.Fatalf("no embedded snapshots: %v", err)
	}
	for _, e := range entries {
		data, _ := snapshots.ReadFile("data/" + e.Name())
		if bytes.Contains(data, []byte(`"description"`)) {
			t.Errorf("%s contains a description member", e.Name())
		}
		v := strings.TrimSuffix(e.Name(), ".json")
		if _, err := reference.Path("reference", "oasf", "api", v); err != nil {
			continue // no fixture of this version to compare with
		}
		tax, err := ParseCategories(v, "test", readFixture(t, v, "skill"), readFixture(t, v, "domain"))
		if err != nil {
			t.Fatal(err)
		}
		for _, kind := range []string{"skill", "domain"} {
			checked := 0
			for _, c := range tax.Tree(map[string]Kind{"skill": Skills, "domain": Domains}[kind]).All() {
				// Short descriptions could equal a caption; the long ones are prose.
				if len(c.Description) > 40 {
					checked++
					if bytes.Contains(data, []byte(c.Description)) {
						t.Errorf("%s embeds the description of %s", e.Name(), c.Name)
					}
				}
			}
			if checked == 0 {
				t.Errorf("%s %s: no descriptions in the fixture to check against", v, kind)
			}
		}
	}
}

// Re-running the generator over the reference fixtures must reproduce the
// committed snapshots byte for byte.
func TestSnapshotsUpToDate(t *testing.T) {
	referenceAPI := reference.Dir(t, "oasf", "api")
	if testing.Short() {
		t.Skip("runs go run; skipped with -short")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go command not found")
	}
	out := t.TempDir()
	cmd := exec.Command(goBin, "run", "./internal/gen", "-in", referenceAPI, "-out", out)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("generator failed: %v\n%s", err, msg)
	}
	generated, _ := os.ReadDir(out)
	committed, _ := snapshots.ReadDir("data")
	if len(generated) != len(committed) {
		t.Errorf("generator wrote %d files, %d are committed", len(generated), len(committed))
	}
	for _, e := range generated {
		want, _ := os.ReadFile(filepath.Join(out, e.Name()))
		got, err := snapshots.ReadFile("data/" + e.Name())
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("data/%s is out of date: run `go generate ./model/oasf`", e.Name())
		}
	}
}

func TestParseCategoriesFixture(t *testing.T) {
	tax, err := ParseCategories("1.1.0", "http://localhost:8080", readFixture(t, "1.1.0", "skill"), readFixture(t, "1.1.0", "domain"))
	if err != nil {
		t.Fatal(err)
	}
	if tax.Version != "1.1.0" || tax.Source != "http://localhost:8080" {
		t.Errorf("version/source = %q/%q", tax.Version, tax.Source)
	}
	c := tax.Skills.ByID(60602)
	if c == nil || c.Name != "software_engineering/code_debugging/error_handling" ||
		c.Parent != "software_engineering/code_debugging" || c.Description == "" || c.Caption == "" {
		t.Fatalf("60602 = %+v", c)
	}
	// Order is the server's, not sorted by id or name.
	var raw map[string]json.RawMessage
	_ = json.Unmarshal(readFixture(t, "1.1.0", "skill"), &raw)
	firstKey := strings.TrimSpace(string(readFixture(t, "1.1.0", "skill")))[1:]
	firstKey = firstKey[strings.IndexByte(firstKey, '"')+1:]
	firstKey = firstKey[:strings.IndexByte(firstKey, '"')]
	if got := tax.Skills.All()[0].Name; got != firstKey {
		t.Errorf("first class %q, want the server's first %q", got, firstKey)
	}
	// Parsed and embedded agree on every fact the snapshot keeps.
	emb := Embedded("1.1.0")
	for i, c := range tax.Skills.All() {
		e := emb.Skills.All()[i]
		if c.ID != e.ID || c.Name != e.Name || c.Caption != e.Caption || c.Parent != e.Parent || c.Category != e.Category {
			t.Fatalf("class %d: parsed %+v, embedded %+v", i, c, e)
		}
	}
}

func TestParseCategoriesMalformed(t *testing.T) {
	ok := `{"a":{"name":"a","id":1,"caption":"A","category":true}}`
	deep := strings.Repeat(`{"x":{"name":"x","id":1,"classes":`, 40) + "{}" + strings.Repeat("}}", 40)
	for name, body := range map[string]string{
		"empty":          ``,
		"null":           `null`,
		"array":          `[]`,
		"string":         `"skills"`,
		"truncated":      `{"a":{"name":"a","id":1`,
		"no classes":     `{}`,
		"no name":        `{"a":{"id":1}}`,
		"no id":          `{"a":{"name":"a"}}`,
		"string id":      `{"a":{"name":"a","id":"1"}}`,
		"float id":       `{"a":{"name":"a","id":1.5}}`,
		"zero id":        `{"a":{"name":"a","id":0}}`,
		"node not obj":   `{"a":7}`,
		"classes array":  `{"a":{"name":"a","id":1,"classes":[]}}`,
		"duplicate id":   `{"a":{"name":"a","id":1},"b":{"name":"b","id":1}}`,
		"duplicate name": `{"a":{"name":"a","id":1},"b":{"name":"a","id":2}}`,
		"trailing":       `{"a":{"name":"a","id":1}} {}`,
		"too deep":       deep,
	} {
		if _, err := ParseCategories("9.9.9", "test", []byte(body), []byte(ok)); err == nil {
			t.Errorf("%s: skills %q accepted", name, body)
		}
		if _, err := ParseCategories("9.9.9", "test", []byte(ok), []byte(body)); err == nil {
			t.Errorf("%s: domains %q accepted", name, body)
		}
	}
	if _, err := ParseCategories("", "test", []byte(ok), []byte(ok)); err == nil {
		t.Error("empty version accepted")
	}
	if _, err := ParseCategories("9.9.9", "test", []byte(ok), []byte(ok)); err != nil {
		t.Errorf("minimal valid body rejected: %v", err)
	}
}

func FuzzParseCategories(f *testing.F) {
	f.Add([]byte(`{"a":{"name":"a","id":1,"caption":"A","category":true,"classes":{"b":{"name":"a/b","id":101}}}}`))
	f.Add([]byte(`{"a":{"name":"a","id":1,"classes":null}}`))
	f.Add([]byte(`[1,2,{"a":null}]`))
	f.Fuzz(func(t *testing.T, body []byte) {
		tax, err := ParseCategories("0.0.1", "fuzz", body, body)
		if err == nil {
			// Whatever was accepted must be fully indexed.
			for _, c := range tax.Skills.All() {
				if tax.Skills.ByID(c.ID) != c || tax.Skills.ByName(c.Name) != c {
					t.Fatalf("class %+v not indexed", c)
				}
			}
		}
	})
}

func TestLookup(t *testing.T) {
	s := Get("1.1.0").Skills
	d := Get("1.1.0").Domains
	if c := s.ByName("software_engineering/code_debugging"); c == nil || c.ID != 606 || c.Category {
		t.Errorf("606 = %+v", c)
	}
	if c := d.ByID(114); c == nil || c.Name != "technology/geospatial" {
		t.Errorf("114 = %+v", c)
	}
	if c := d.ByID(10305); c == nil || c.Name != "technology/networking/network_security" {
		t.Errorf("10305 = %+v", c)
	}
	if cs := s.ByLeaf("error_handling"); len(cs) != 1 || cs[0].ID != 60602 {
		t.Errorf("ByLeaf(error_handling) = %v", cs)
	}
	if s.ByID(99999) != nil || s.ByName("nope") != nil || s.ByLeaf("nope") != nil {
		t.Error("unknown lookups should give nil")
	}
	kids := s.Children("software_engineering/code_debugging")
	if len(kids) == 0 {
		t.Fatal("no children of code_debugging")
	}
	for _, k := range kids {
		if k.Parent != "software_engineering/code_debugging" || !strings.HasPrefix(k.Name, k.Parent+"/") {
			t.Errorf("child %+v", k)
		}
	}
	var nilTree *Tree
	if nilTree.ByID(1) != nil || nilTree.All() != nil || nilTree.Search("a", 0) != nil || nilTree.Suggest("a", 3) != nil {
		t.Error("nil tree lookups should give nil")
	}
}

// TestConcreteName: ConcreteName is ByID's class's name for a concrete
// class, and nothing for a category or an unknown id, in every tree.
func TestConcreteName(t *testing.T) {
	for _, v := range Versions() {
		tax := Get(v)
		for _, tree := range []*Tree{tax.Skills, tax.Domains} {
			concrete := 0
			for _, c := range tree.All() {
				name, ok := tree.ConcreteName(c.ID)
				if ok != !c.Category || (ok && name != c.Name) || (!ok && name != "") {
					t.Fatalf("%s %s: ConcreteName(%d) = %q, %v for %+v", v, tree.Kind, c.ID, name, ok, c)
				}
				if ok {
					concrete++
				}
				if _, ok := tree.ConcreteName(c.ID + 1); ok && tree.ByID(c.ID+1) == nil {
					t.Fatalf("%s %s: ConcreteName(%d) found an id ByID does not know", v, tree.Kind, c.ID+1)
				}
			}
			if concrete == 0 {
				t.Fatalf("%s %s: no concrete class", v, tree.Kind)
			}
		}
	}
	var nilTree *Tree
	if name, ok := nilTree.ConcreteName(1); ok || name != "" {
		t.Error("a nil tree has a concrete class")
	}
	if _, ok := Get("1.1.0").Skills.ConcreteName(0); ok {
		t.Error("id 0 is concrete")
	}
}

func TestAcross(t *testing.T) {
	got := Across(Skills, 60101)
	want := map[string]string{
		"1.0.0": "retrieval_augmented_generation/retrieval_of_information/indexing",
		"1.1.0": "software_engineering/code_generation/text_to_code",
	}
	if len(got) != len(want) {
		t.Fatalf("Across(60101) = %v", got)
	}
	for _, vc := range got {
		if vc.Class.Name != want[vc.Version] {
			t.Errorf("60101 in %s = %s, want %s", vc.Version, vc.Class.Name, want[vc.Version])
		}
	}
	if got[0].Version != "1.0.0" {
		t.Errorf("not oldest first: %v", got)
	}
	if n := AcrossName(Domains, "technology/networking/network_security"); len(n) != 2 || n[0].Class.ID != 10305 || n[1].Class.ID != 10305 {
		t.Errorf("AcrossName(network_security) = %v", n)
	}
	// By last segment when the full path differs: text_to_code moved from
	// analytical_skills/coding_skills in 1.0.0 to software_engineering/code_generation.
	n := AcrossName(Skills, "wrong/path/text_to_code")
	if len(n) != 2 || n[0].Class.Name != "analytical_skills/coding_skills/text_to_code" ||
		n[1].Class.Name != "software_engineering/code_generation/text_to_code" {
		t.Errorf("AcrossName(text_to_code) = %v", n)
	}
	if n := AcrossName(Skills, "no_such_skill"); n != nil {
		t.Errorf("AcrossName(unknown) = %v", n)
	}
}

func TestSearch(t *testing.T) {
	s := Get("1.1.0").Skills
	d := Get("1.1.0").Domains
	for _, tc := range []struct {
		tree  *Tree
		query string
		first string
	}{
		{s, "error handling", "software_engineering/code_debugging/error_handling"},
		{s, "ERROR_HANDLING", "software_engineering/code_debugging/error_handling"},
		{s, "Error Handling Implementation", "software_engineering/code_debugging/error_handling"},
		{d, "network security", "technology/networking/network_security"},
		{d, "geospatial", "technology/geospatial"},
	} {
		got := tc.tree.Search(tc.query, 5)
		if len(got) == 0 || got[0].Class.Name != tc.first {
			var names []string
			for _, m := range got {
				names = append(names, fmt.Sprintf("%s(%d)", m.Class.Name, m.Score))
			}
			t.Errorf("Search(%q) = %v, want %s first", tc.query, names, tc.first)
		}
	}
	if got := s.Search("qqqzzzxxx", 0); got != nil {
		t.Errorf("nonsense query matched %d classes", len(got))
	}
	if got := s.Search("a", 3); len(got) != 3 {
		t.Errorf("limit 3 gave %d", len(got))
	}
	all := s.Search("", 0)
	if len(all) != s.Len() || all[0].Class != s.All()[0] {
		t.Errorf("empty query gave %d results", len(all))
	}
	// Scores are non-increasing.
	res := s.Search("code", 0)
	for i := 1; i < len(res); i++ {
		if res[i].Score > res[i-1].Score {
			t.Fatalf("results not sorted at %d", i)
		}
	}
	// Categories are included (as headings).
	if got := s.Search("software engineering", 1); len(got) != 1 || !got[0].Class.Category {
		t.Errorf("category not first for its own name: %v", got)
	}
}

func TestSuggest(t *testing.T) {
	s := Get("1.1.0").Skills
	for query, want := range map[string]string{
		"error_handlng":                      "software_engineering/code_debugging/error_handling",
		"wrong/path/error_handling":          "software_engineering/code_debugging/error_handling",
		"software_engineering/code_debuging": "software_engineering/code_debugging",
		"debuging":                           "",
	} {
		got := s.Suggest(query, 3)
		if want == "" {
			if len(got) == 0 {
				t.Errorf("Suggest(%q) gave nothing", query)
			}
			continue
		}
		if len(got) == 0 || got[0].Name != want {
			t.Errorf("Suggest(%q) = %v, want %s first", query, got, want)
		}
		for _, c := range got {
			if c.Category {
				t.Errorf("Suggest(%q) offered category %s", query, c.Name)
			}
		}
	}
	if got := s.Suggest("language_processing", 3); len(got) == 0 || got[0].Category {
		t.Errorf("Suggest(category) = %v", got)
	}
}

func TestVersionsAndRegister(t *testing.T) {
	vs := Versions()
	if len(vs) < 2 || vs[0] != "1.0.0" || vs[1] != "1.1.0" {
		t.Fatalf("Versions() = %v", vs)
	}
	if Get("9.9.9") != nil {
		t.Fatal("unknown version found")
	}
	ok := `{"a":{"name":"a","id":1,"caption":"A","category":true,"classes":{"b":{"name":"a/b","id":101,"caption":"B","description":"Bee."}}}}`
	tax, err := ParseCategories("1.10.0-test", "http://localhost:8080", []byte(ok), []byte(ok))
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(2)
		go func() { defer wg.Done(); Register(tax) }()
		go func() { defer wg.Done(); _ = Versions(); _ = Get("1.1.0"); _ = Get("1.10.0-test") }()
	}
	wg.Wait()
	t.Cleanup(func() {
		registryMu.Lock()
		delete(registered, "1.10.0-test")
		registryMu.Unlock()
	})
	if got := Get("1.10.0-test"); got != tax || got.Skills.ByID(101).Description != "Bee." {
		t.Fatalf("registered taxonomy not returned")
	}
	vs = Versions()
	if vs[len(vs)-1] != "1.10.0-test" {
		t.Errorf("Versions() = %v; 1.10.0-test sorts after 1.1.0", vs)
	}
	Register(nil)
	Register(&Taxonomy{Version: "x"})
	if Get("x") != nil {
		t.Error("incomplete taxonomy registered")
	}
}

func TestVersionLess(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"1.0.0", "1.1.0", true}, {"1.1.0", "1.10.0", true}, {"1.10.0", "1.9.0", false},
		{"1.1.0-rc1", "1.1.0", true}, {"1.1.0", "1.1.0-rc1", false}, {"1.1.0", "dev", true},
	} {
		if got := versionLess(tc.a, tc.b); got != tc.want {
			t.Errorf("versionLess(%q, %q) = %v", tc.a, tc.b, got)
		}
	}
}

// Realistic picker queries over all 1.1.0 skills and domains.
var benchQueries = []string{"error handling", "netsec", "code gen", "text_to_code", "medical imaging", "data", "a", "summar", "codegen", "1804"}

func BenchmarkSearchSkillsAndDomains(b *testing.B) {
	tax := Get("1.1.0")
	for _, q := range benchQueries {
		b.Run(strings.ReplaceAll(q, " ", "_"), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = tax.Skills.Search(q, 0)
				_ = tax.Domains.Search(q, 0)
			}
		})
	}
}

// BenchmarkAlternatives: what the picker offers for a query that finds
// nothing among skills (run after the search, on the same keystroke).
func BenchmarkAlternatives(b *testing.B) {
	tax := Get("1.1.0")
	tax.Skills.Alternatives("warm", tax.Domains, 5) // the vocabulary is built once
	for _, q := range []string{"translate", "weather forecast", "travel"} {
		b.Run(strings.ReplaceAll(q, " ", "_"), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = tax.Skills.Alternatives(q, tax.Domains, 5)
			}
		})
	}
}

func BenchmarkSuggest(b *testing.B) {
	s := Get("1.1.0").Skills
	for b.Loop() {
		_ = s.Suggest("error_handlng", 3)
	}
}

func BenchmarkLoadEmbedded(b *testing.B) {
	data, _ := snapshots.ReadFile("data/1.1.0.json")
	for b.Loop() {
		if _, err := decodeSnapshot(data, EmbeddedSource); err != nil {
			b.Fatal(err)
		}
	}
}

// TestByIDAgreesWithEveryClass: in every embedded tree, each class is found
// under its id, and an id next to one, or far from any, finds nothing
// unless a class has it (the table of ids is open-addressed: a miss must
// meet an empty slot, a hit must not stop short of its own).
func TestByIDAgreesWithEveryClass(t *testing.T) {
	for _, v := range Versions() {
		tax := Embedded(v)
		for _, tree := range []*Tree{tax.Skills, tax.Domains} {
			has := map[int]*Class{}
			for _, c := range tree.All() {
				has[c.ID] = c
			}
			for id, c := range has {
				if got := tree.ByID(id); got != c {
					t.Fatalf("%s %s: ByID(%d) = %v, want %q", v, tree.Kind, id, got, c.Name)
				}
				for _, near := range []int{id - 1, id + 1, id * 1000, -id} {
					if got := tree.ByID(near); got != has[near] {
						t.Fatalf("%s %s: ByID(%d) = %v, want %v", v, tree.Kind, near, got, has[near])
					}
				}
			}
			for _, far := range []int{0, 1 << 40, -1 << 40, 1<<63 - 1, -1 << 63} {
				if got := tree.ByID(far); got != has[far] {
					t.Fatalf("%s %s: ByID(%d) = %v", v, tree.Kind, far, got)
				}
			}
		}
	}
}
