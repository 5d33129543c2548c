package validate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/testcards"
)

// checkBothWays runs Check on data with and without streaming the
// catalog's entries and reports every difference: the kind, the detection,
// the findings, and what the Docs say about the findings' pointers.
func checkBothWays(t *testing.T, name string, data []byte, path string) {
	t.Helper()
	run := func(minBytes int) Result {
		old := streamMinBytes
		streamMinBytes = minBytes
		defer func() { streamMinBytes = old }()
		return Check(bytes.Clone(data), "", &Options{Path: path, Resolve: readIn(filepath.Dir(path)), DataOwned: true, MaxBytes: len(data) + 1})
	}
	whole, streamed := run(1<<62), run(0)
	if whole.Kind != streamed.Kind || !reflect.DeepEqual(whole.Detection, streamed.Detection) {
		t.Fatalf("%s: kind %q %+v whole, %q %+v streamed", name, whole.Kind, whole.Detection, streamed.Kind, streamed.Detection)
	}
	if !reflect.DeepEqual(whole.Diags, streamed.Diags) {
		t.Fatalf("%s: findings differ\nwhole:\n  %s\nstreamed:\n  %s\n%s", name,
			strings.Join(renderAll(whole.Diags), "\n  "), strings.Join(renderAll(streamed.Diags), "\n  "), clip(string(data), 2000))
	}
	if (whole.Doc == nil) != (streamed.Doc == nil) {
		t.Fatalf("%s: a Doc one way only", name)
	}
	if whole.Doc == nil {
		return
	}
	ptrs := []string{"", "/entries", "/entries/0", "/entries/1/type", "/entries/-", "/entries/99999", "/specVersion", "/entries/0/nope/x"}
	for _, d := range whole.Diags {
		ptrs = append(ptrs, d.Pointer)
	}
	for _, p := range ptrs {
		a, b := whole.Doc.Find(p), streamed.Doc.Find(p)
		if (a == nil) != (b == nil) || a != nil && (a.Start() != b.Start() || a.End() != b.End() || a.Kind != b.Kind || a.Len() != b.Len()) {
			t.Fatalf("%s: Find(%q) differs: %+v vs %+v", name, p, a, b)
		}
		l1, c1 := whole.Doc.KeyPosition(p)
		l2, c2 := streamed.Doc.KeyPosition(p)
		l3, c3 := whole.Doc.Position(p)
		l4, c4 := streamed.Doc.Position(p)
		if l1 != l2 || c1 != c2 || l3 != l4 || c3 != c4 {
			t.Fatalf("%s: positions of %q differ", name, p)
		}
	}
	if !bytes.Equal(streamed.Doc.Encode(), data) || whole.Doc.Style() != streamed.Doc.Style() ||
		!reflect.DeepEqual(whole.Doc.Root().Interface(), streamed.Doc.Root().Interface()) {
		t.Fatalf("%s: the streamed Doc is not the whole one", name)
	}
}

func renderAll(diags []Diagnostic) []string {
	out := make([]string, len(diags))
	for i, d := range diags {
		out[i] = fmt.Sprintf("%+v", d)
	}
	return out
}

// TestStreamedCatalogFindingsAreTheWholeTreeOnes holds the streamed check
// of large catalogs to the whole-tree one, on every fixture, on generated
// catalogs with random mutations and on hand-made edge cases.
func TestStreamedCatalogFindingsAreTheWholeTreeOnes(t *testing.T) {
	for _, doc := range testdataDocs(t) {
		checkBothWays(t, doc.path, doc.data, doc.path)
	}

	g := catGen{rand.New(rand.NewPCG(3, 5))}
	rounds := 1500
	if testing.Short() {
		rounds = 300
	}
	for i := range rounds {
		checkBothWays(t, "generated", []byte(g.catalog()), "")
		if i%10 == 0 {
			// Several levels and many entries: nested inline catalogs,
			// duplicates across entries.
			var list []string
			for range 20 {
				list = append(list, g.entry())
			}
			list = append(list, list[g.rng.IntN(len(list))])
			checkBothWays(t, "generated long", []byte(`{"specVersion": "1.0", "entries": [`+strings.Join(list, ", ")+`]}`), "")
		}
	}

	big := testcards.Catalog(300)
	edits := map[string]func(string) string{
		"as is": func(s string) string { return s },
		"bom":   func(s string) string { return "\ufeff" + s },
		"duplicate entries member": func(s string) string {
			return strings.Replace(s, `"entries": [`, `"entries": [], "entries": [`, 1)
		},
		"entries first": func(s string) string {
			return strings.Replace(strings.Replace(s, `"specVersion": "1.0",`, ``, 1), `]`+"\n}", `], "specVersion": "1.0"`+"\n}", 1)
		},
		"syntax error in entry 200": func(s string) string {
			return strings.Replace(s, `"agent-200"`, `"agent-200",`, 1)
		},
		"trailing comma": func(s string) string {
			i := strings.LastIndex(s, "]")
			return s[:i] + "," + s[i:]
		},
		"duplicate identifiers": func(s string) string {
			return strings.ReplaceAll(s, "agents7.example.com:agents:agent-7", "agents8.example.com:agents:agent-8")
		},
		"non-object entries": func(s string) string {
			return strings.Replace(s, `"entries": [`, `"entries": [1, "x", null, [],`, 1)
		},
		"lone surrogates and big numbers": func(s string) string {
			s = strings.Replace(s, `"identifier"`, `"ident\ud800ifier": 1, "identifier"`, 3)
			s = strings.Replace(s, `"version": "1.0.0"`, `"version": "1.0.0", "x": "\udc00", "n": 12345678901234567891`, 5)
			return s
		},
		"escaped key": func(s string) string { return strings.Replace(s, `"entries"`, `"entr\u0069es"`, 1) },
		"not a catalog": func(s string) string {
			return strings.Replace(s, `"entries"`, `"items"`, 1)
		},
		"entries not an array": func(s string) string {
			return `{"specVersion": "1.0", "entries": {"a": ` + s + `}}`
		},
		"minified": func(s string) string {
			var b bytes.Buffer
			if err := json.Compact(&b, []byte(s)); err != nil {
				t.Fatal(err)
			}
			return b.String()
		},
	}
	for name, edit := range edits {
		checkBothWays(t, name, []byte(edit(string(big))), "")
	}
}

// TestStreamedCatalogDocBuildsLazily: a clean streamed catalog never builds
// its tree, and the Doc a caller gets still behaves as a whole one.
func TestStreamedCatalogDocBuildsLazily(t *testing.T) {
	old := streamMinBytes
	streamMinBytes = 0
	defer func() { streamMinBytes = old }()
	data := testcards.Catalog(50)
	res := Check(bytes.Clone(data), "", &Options{DataOwned: true})
	if len(res.Diags) != 0 || res.Kind != KindCatalog {
		t.Fatalf("clean catalog: %v %v", res.Kind, res.Diags)
	}
	if n := res.Doc.Outline().Get("entries"); n == nil || n.Len() != 0 {
		t.Fatalf("the outline should hold the entries array without items: %+v", n)
	}
	if n := res.Doc.Root().Get("entries"); n.Len() != 50 {
		t.Fatalf("Root: %d entries, want 50", n.Len())
	}
	if err := res.Doc.Set("/entries/3/version", []byte(`"9.9.9"`)); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(res.Doc.Encode(), []byte(`"9.9.9"`)) || res.Doc.Find("/entries/3/version").Text() != "9.9.9" {
		t.Fatal("an edit of a streamed Doc was lost")
	}
	if model.DetectKind(res.Doc) != model.KindCatalog {
		t.Fatal("detection after the tree was built")
	}
}
