package model_test

import (
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/testcards"
)

// TestLongStringsAreTheTreesLongStrings: the long string values the parse
// notes (Doc.LongStrings) are those a walk of the tree meets, in its order,
// member names left out: in arrays and objects packed or not, flat items,
// containers nested deeper than the parse keeps nodes for, and with every
// array packed (model.StressPacking). A streamed Doc and an edited one
// have none to give.
func TestLongStringsAreTheTreesLongStrings(t *testing.T) {
	const min = 22
	docs := jsonFiles(t, filepath.Join("..", "validate", "testdata"))
	for _, shape := range []string{"skills-card", "strings-card", "mixed-card", "nested20-card", "objects31-card", "wide-objects-card", "deep-card", "onrequest-entries"} {
		docs[shape], _ = testcards.Shaped(shape, 64<<10)
	}
	docs["a large variant"] = testcards.LargeVariant(1, 3)
	long := `"a string value long enough to be noted"`
	var b strings.Builder
	b.WriteString(`{"k": [`)
	for i := range 100 { // scalars and flat items with long strings among them, packed
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString([]string{strconv.Itoa(i), long, `{"s": ` + long + `}`, `["short", ` + long + `]`, `{"` + strings.Repeat("n", 30) + `": 1}`}[i%5])
	}
	b.WriteString(`], "flushed": [` + strings.Repeat(`{"a": 1}, `, 40) + `{"s": ` + long + `}]`) // too large to be flat: parsed again
	b.WriteString(`, "deep": ` + strings.Repeat("[", 30) + long + strings.Repeat("]", 30) + `}`)
	docs["packed and deep"] = []byte(b.String())

	walkLong := func(root *model.Node) [][2]int32 {
		var spans [][2]int32
		var walk func(n *model.Node)
		walk = func(n *model.Node) {
			switch n.Kind {
			case model.String:
				if n.End()-n.Start() >= min {
					spans = append(spans, [2]int32{int32(n.Start()), int32(n.End())})
				}
			case model.Object:
				for _, m := range n.AllMembers() {
					walk(m.Value)
				}
			case model.Array:
				for _, it := range n.All() {
					walk(it)
				}
			}
		}
		walk(root)
		return spans
	}
	check := func(name string, data []byte) {
		d, err := model.ParseLimits(data, model.Limits{LongStrings: min})
		if err != nil {
			return // validate's testdata has documents that do not parse
		}
		got, ok := d.LongStrings(min)
		if want := walkLong(d.Root()); !ok || !slices.Equal(got, want) {
			t.Fatalf("%s: noted %d long strings (ok %v), the walk meets %d", name, len(got), ok, len(want))
		}
		for _, s := range got {
			if tok := d.Source()[s[0]:s[1]]; tok[0] != '"' || tok[len(tok)-1] != '"' || len(tok) < min {
				t.Fatalf("%s: the token at %d is %q", name, s[0], tok)
			}
		}
		if _, ok := d.LongStrings(min + 1); ok {
			t.Fatalf("%s: long strings of another length given", name)
		}
	}
	for name, data := range docs {
		check(name, data)
		restore := model.StressPacking()
		check(name+", every array packed", data)
		restore()
	}

	d, err := model.ParseLimits(docs["packed and deep"], model.Limits{LongStrings: min})
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Set("/k/1", []byte(`"edited"`)); err != nil {
		t.Fatal(err)
	}
	if _, ok := d.LongStrings(min); ok {
		t.Fatal("an edited Doc gives the long strings of its parse")
	}
	if d, err := model.ParseLimits(docs["packed and deep"], model.Limits{}); err != nil {
		t.Fatal(err)
	} else if _, ok := d.LongStrings(min); ok {
		t.Fatal("long strings given by a parse that did not note them")
	}
}
