package model

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// flatItem is a random small flat container: an object of up to two
// members (some names escaped) or an array of up to three items, each a
// scalar or now and then a container of scalars, with whitespace or none.
func flatItem(rng *rand.Rand) string {
	sp := []string{"", " ", "\n  "}[rng.IntN(3)]
	scalar := func() string {
		if rng.IntN(6) == 0 {
			return []string{`[]`, `[1]`, `{}`, `{"t":"x"}`}[rng.IntN(4)]
		}
		return []string{`7`, `-1.5e2`, `true`, `null`, `"x"`, `"\u00e9"`, `"a\"b"`, `""`}[rng.IntN(8)]
	}
	if rng.IntN(2) == 0 {
		parts := make([]string, rng.IntN(4))
		for i := range parts {
			parts[i] = scalar()
		}
		return "[" + sp + strings.Join(parts, ","+sp) + sp + "]"
	}
	// Names as written, and as read: "\u006e" is "n".
	names := [][2]string{{`"n"`, "n"}, {`"\u006e"`, "n"}, {`"ok"`, "ok"}, {`"a/b"`, "a/b"}, {`""`, ""}}
	var parts []string
	first := names[rng.IntN(len(names))]
	for range rng.IntN(3) {
		name := first
		if len(parts) == 1 {
			for name[1] == first[1] {
				name = names[rng.IntN(len(names))]
			}
		}
		parts = append(parts, name[0]+sp+":"+sp+scalar())
	}
	return "{" + sp + strings.Join(parts, ","+sp) + sp + "}"
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// sameTree reports where the trees of a and b differ: kinds, offsets,
// names and bytes of every node.
func sameTree(a, b *Node, at string) string {
	if a.Kind != b.Kind || a.Start() != b.Start() || a.End() != b.End() || !bytes.Equal(a.Raw(), b.Raw()) || a.Len() != b.Len() {
		return fmt.Sprintf("%s: %v %d-%d %q against %v %d-%d %q", at, a.Kind, a.Start(), a.End(), a.Raw(), b.Kind, b.Start(), b.End(), b.Raw())
	}
	am, bm := a.Members(), b.Members()
	yielded := 0
	for i, m := range a.AllMembers() { // as Members, one at a time
		if i != yielded || i >= len(bm) || m.Key() != bm[i].Key() || m.keyStart != bm[i].keyStart ||
			m.Value.Kind != bm[i].Value.Kind || m.Value.Start() != bm[i].Value.Start() || !bytes.Equal(m.Value.Raw(), bm[i].Value.Raw()) {
			return fmt.Sprintf("%s: AllMembers yields member %d %q against %d members", at, i, m.Key(), len(bm))
		}
		yielded++
	}
	if yielded != len(bm) {
		return fmt.Sprintf("%s: AllMembers yields %d members of %d", at, yielded, len(bm))
	}
	for i := range am {
		if am[i].Key() != bm[i].Key() || am[i].keyStart != bm[i].keyStart || am[i].keyLen != bm[i].keyLen {
			return fmt.Sprintf("%s: member %d %q against %q", at, i, am[i].Key(), bm[i].Key())
		}
		if d := sameTree(am[i].Value, bm[i].Value, at+"/"+am[i].Key()); d != "" {
			return d
		}
	}
	for i := range a.Len() * btoi(a.Kind == Array) {
		if d := sameTree(a.Index(i), b.Index(i), fmt.Sprintf("%s/%d", at, i)); d != "" {
			return d
		}
	}
	return ""
}

// deepBreaker is a container of three levels larger than a small
// document's flat items (flatMaxBytes): neither a scalar nor flat, it ends
// the packing of the array or object it is in.
const deepBreaker = `{"a": [[1]], "pad": "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}`

// TestPackedFlatMatchesNodes: an array of small flat containers, packed,
// reads as the same array of nodes does (kinds, offsets, names, bytes,
// Interface, Find and Position), encodes to its source, and takes an edit
// inside an item as the nodes do; an item too large or too deep among them
// gives the array its nodes back, wherever it comes.
func TestPackedFlatMatchesNodes(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 4))
	for round := range 200 {
		items := make([]string, packMin+rng.IntN(80))
		for i := range items {
			items[i] = flatItem(rng)
		}
		breaker := -1
		if round%3 == 0 {
			breaker = rng.IntN(len(items))
			items[breaker] = []string{deepBreaker, `[{"b": [2]}, "` + strings.Repeat("x", 30) + `"]`, `5`, `{"long": "` + strings.Repeat("x", 40) + `"}`}[rng.IntN(4)]
		}
		data := []byte(`{"list": [` + strings.Join(items, ", ") + `], "after": {"k": 1}}`)
		packed := mustParse(t, data)
		var plain *Doc
		withSetting(&flatMaxBytes, -1, func() { plain = mustParse(t, data) })
		list := packed.Root().Get("list")
		small := true
		for _, it := range items {
			small = small && len(it) <= flatMaxBytes
		}
		if pk := list.packed(); (pk != nil && pk.flat) != (breaker < 0 && small) {
			t.Fatalf("round %d (an item of another kind at %d, all small %v): packed %v", round, breaker, small, pk != nil)
		}
		if plain.Root().Get("list").packed() != nil {
			t.Fatalf("round %d: packed with packing off", round)
		}
		if d := sameTree(packed.Root(), plain.Root(), ""); d != "" {
			t.Fatalf("round %d: %s\n%s", round, d, data)
		}
		if !reflect.DeepEqual(packed.Root().Interface(), plain.Root().Interface()) || !bytes.Equal(packed.Encode(), data) {
			t.Fatalf("round %d: Interface or Encode differ", round)
		}
		k := rng.IntN(len(items))
		for _, ptr := range []string{fmt.Sprintf("/list/%d", k), fmt.Sprintf("/list/%d/0", k), fmt.Sprintf("/list/%d/n", k), fmt.Sprintf("/list/%d/ok", k)} {
			if d := placeDiff(packed, plain, ptr); d != "" {
				t.Fatalf("round %d: %s", round, d)
			}
		}
		// An edit inside item k: a member's value, or an item of it.
		ptr := fmt.Sprintf("/list/%d/0", k)
		if packed.Find(fmt.Sprintf("/list/%d", k)).Kind == Object {
			ptr = fmt.Sprintf("/list/%d/zz", k)
		}
		if item := plain.Find(fmt.Sprintf("/list/%d", k)); item.Kind != Object && item.Kind != Array || item.Kind == Array && plain.Find(ptr) == nil {
			continue // a scalar, or an empty array: nothing to set in place
		}
		for _, d := range []*Doc{packed, plain} {
			if err := d.Set(ptr, []byte(`"edited"`)); err != nil {
				t.Fatalf("round %d: Set(%s): %v", round, ptr, err)
			}
		}
		if a, b := packed.Encode(), plain.Encode(); !bytes.Equal(a, b) {
			t.Fatalf("round %d: Set(%s) gives\n%s\nagainst\n%s", round, ptr, a, b)
		}
		if got := packed.Find(ptr); got == nil || got.Text() != "edited" {
			t.Fatalf("round %d: %s after the edit: %v", round, ptr, got)
		}
	}
}

// TestPackedFlatTreeSize: an array of small objects packed holds its items
// in a few bytes each: the tree of a card whose bulk is such an array is a
// fraction of its bytes, where nodes took six times them.
func TestPackedFlatTreeSize(t *testing.T) {
	data := bulkOf("[", "]", 200_000, func(b *strings.Builder, i int) { fmt.Fprintf(b, `{"n":%d,"ok":%t}`, i, i%3 == 0) })
	assertTreeSize(t, "small objects", data, 0.5)
}

// placeDiff says how what a and b find at ptr differs: the node (by its
// offsets and bytes), its position and its key's; "" when it does not.
func placeDiff(a, b *Doc, ptr string) string {
	an, bn := a.Find(ptr), b.Find(ptr)
	if (an == nil) != (bn == nil) || an != nil && (an.Start() != bn.Start() || an.End() != bn.End() || !bytes.Equal(an.Raw(), bn.Raw())) {
		return fmt.Sprintf("Find(%s) differs", ptr)
	}
	for _, pos := range []func(*Doc, string) (int, int){(*Doc).Position, (*Doc).KeyPosition} {
		al, ac := pos(a, ptr)
		bl, bc := pos(b, ptr)
		if al != bl || ac != bc {
			return fmt.Sprintf("the position of %s is %d:%d against %d:%d", ptr, al, ac, bl, bc)
		}
	}
	return ""
}

// bulkOf is the document {"bulk": …} whose bulk, between open and close,
// is the n items or members item writes.
func bulkOf(open, close string, n int, item func(b *strings.Builder, i int)) []byte {
	var b strings.Builder
	b.WriteString(`{"bulk": ` + open)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		item(&b, i)
	}
	b.WriteString(close + "}")
	return []byte(b.String())
}

// assertTreeSize fails t when the tree of data, live after a collection
// around its parse, takes more than budget times its bytes.
func assertTreeSize(t *testing.T, what string, data []byte, budget float64) {
	t.Helper()
	live := liveBytesOfParse(t, data)
	if ratio := float64(live) / float64(len(data)); ratio > budget {
		t.Errorf("the tree of %d bytes of %s holds %d bytes live (%.2f×), budget %.2f×", len(data), what, live, ratio, budget)
	}
}

// FuzzPackedFlat: whatever the document, its arrays of small flat
// containers packed (from two items on) read as the same arrays of nodes
// do, and the document encodes as the one of nodes does.
func FuzzPackedFlat(f *testing.F) {
	for _, s := range []string{`[{}, [], {"a": 1}]`, `{"l": [[1, "x"], [2, "\u00e9"], {"\u006e": null}]}`, `[{"a":1},{"a":1,"a":2}]`, `[{"a":1},{"b":[2]}]`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var plain, packed *Doc
		var errPlain, errPacked error
		withSetting(&flatMaxBytes, -1, func() { plain, errPlain = Parse(data) })
		withPackMin(t, 2, func() { packed, errPacked = Parse(data) })
		if (errPlain == nil) != (errPacked == nil) || errPlain != nil && errPlain.Error() != errPacked.Error() {
			t.Fatalf("errors differ: %v against %v", errPacked, errPlain)
		}
		if errPlain != nil {
			return
		}
		withPackMin(t, 2, func() {
			if d := sameTree(packed.Root(), plain.Root(), ""); d != "" {
				t.Fatalf("%s", d)
			}
		})
		if !bytes.Equal(packed.Encode(), plain.Encode()) {
			t.Fatalf("Encode gives %q, as nodes %q", packed.Encode(), plain.Encode())
		}
	})
}

// TestPackedFlatTeachesTheStyle: a document whose objects are all items of
// a packed array of flat containers has its style read from them, as it
// is from the same items as nodes.
func TestPackedFlatTeachesTheStyle(t *testing.T) {
	for _, item := range []string{`{"a": 1}`, `{"a":1}`, `{"a" :1}`} {
		data := []byte("[" + strings.TrimSuffix(strings.Repeat(item+",", 40), ",") + "]")
		packed := mustParse(t, data)
		var plain *Doc
		withSetting(&flatMaxBytes, -1, func() { plain = mustParse(t, data) })
		if pk := packed.Root().packed(); pk == nil || !pk.flat {
			t.Fatalf("%s: not packed", item)
		}
		if packed.Style() != plain.Style() {
			t.Errorf("%s: style %+v, as nodes %+v", item, packed.Style(), plain.Style())
		}
	}
}

// TestPackedFlatInLargeDocuments: in a document of flatLargeDocument bytes
// or more, an array of flat objects of up to flatMaxLargeBytes (records of
// a few fields, as On Request entries are) is packed, and reads as the
// same array of nodes; in a smaller document the same items keep their
// nodes.
func TestPackedFlatInLargeDocuments(t *testing.T) {
	entry := func(b *strings.Builder, i int) {
		fmt.Fprintf(b, `{"id":"skill-%d","personEntry":"https://bank.example/ask/%d","assistantAccess":%t,"completion":"deferred"}`, i, i, i%2 == 0)
	}
	for _, n := range []int{1000, flatLargeDocument/100 + 1000} {
		data := bulkOf("[", "]", n, entry)
		packed := mustParse(t, data)
		var plain *Doc
		withSetting(&flatMaxBytes, -1, func() { plain = mustParse(t, data) })
		large := len(data) >= flatLargeDocument
		if got := packed.Root().Get("bulk").packed() != nil; got != large {
			t.Fatalf("%d bytes, %d entries: packed %v", len(data), n, got)
		}
		if d := sameTree(packed.Root(), plain.Root(), ""); d != "" {
			t.Fatalf("%d entries: %s", n, d)
		}
		if d := placeDiff(packed, plain, fmt.Sprintf("/bulk/%d/personEntry", n-1)); d != "" {
			t.Fatalf("%d entries: %s", n, d)
		}
	}
}

// TestPackedSkillsInLargeDocuments: in a large document, an array of items
// with containers of scalars in them (skills with tags and examples) is
// packed when its first item's nodes would take more than twice its bytes,
// whatever the items after it (here the last ones indented, less dense);
// an array whose first item is a skill of three hundred bytes keeps its
// nodes; one whose items hold a container of containers packs too, as it
// is as dense. Packed or not, it reads as the array of nodes does.
func TestPackedSkillsInLargeDocuments(t *testing.T) {
	short := func(b *strings.Builder, i int) {
		sp := ""
		if i > flatLargeDocument/80 {
			sp = "\n                " // the last ones indented deep: not dense
		}
		fmt.Fprintf(b, `{%s"id":"task-%d",%s"name":"Task %d",%s"tags":[%s"tasks",%s"t%d"],%s"examples":["Do %d"]}`, sp, i, sp, i, sp, sp, sp, i%50, sp, i)
	}
	indented := func(b *strings.Builder, i int) { // every one: more whitespace than tokens
		sp := "\n                "
		fmt.Fprintf(b, `{%s"id":"task-%d",%s"name":"Task %d",%s"tags":[%s"tasks",%s"t%d"],%s"examples":["Do %d"]}`, sp, i, sp, i, sp, sp, sp, i%50, sp, i)
	}
	long := func(b *strings.Builder, i int) {
		fmt.Fprintf(b, `{"id":"card-freeze-%d","name":"Freeze a card","description":"Temporarily blocks a debit or credit card that was lost or stolen, and explains how to unblock it again from the app or at a branch.","tags":["cards","security"],"examples":["I lost my card","Block my card please"]}`, i)
	}
	deeper := func(b *strings.Builder, i int) {
		fmt.Fprintf(b, `{"id":"task-%d","name":"Task %d","tags":[["tasks"],"t%d"]}`, i, i, i%50)
	}
	for _, c := range []struct {
		what   string
		item   func(*strings.Builder, int)
		n      int
		packed bool
	}{
		{"short skills, the last indented", short, flatLargeDocument/80 + 3000, true},
		{"short skills, every one indented", indented, flatLargeDocument/150 + 3000, true},
		{"short skills in a small document", short, 1000, false},
		{"skills of three hundred bytes", long, flatLargeDocument/250 + 100, false},
		{"a container of containers in each (three levels, dense)", deeper, flatLargeDocument/50 + 100, true},
	} {
		data := bulkOf("[", "]", c.n, c.item)
		packed := mustParse(t, data)
		var plain *Doc
		withSetting(&flatMaxBytes, -1, func() { plain = mustParse(t, data) })
		if got := packed.Root().Get("bulk").packed() != nil; got != c.packed {
			t.Fatalf("%s (%d bytes): packed %v", c.what, len(data), got)
		}
		if d := sameTree(packed.Root(), plain.Root(), ""); d != "" {
			t.Fatalf("%s: %s", c.what, d)
		}
		if d := placeDiff(packed, plain, fmt.Sprintf("/bulk/%d/tags/1", c.n-1)); d != "" {
			t.Fatalf("%s: %s", c.what, d)
		}
		// Lent one after another, every third item reads as its nodes do.
		want, next := func(i int) bool { return i%3 == 1 }, 1
		for i, it := range packed.Root().Get("bulk").AllTransientOf(want) {
			if i != next {
				t.Fatalf("%s: AllTransientOf yields item %d, want %d", c.what, i, next)
			}
			if d := sameTree(it, plain.Root().Get("bulk").Index(i), fmt.Sprintf("/bulk/%d", i)); d != "" {
				t.Fatalf("%s: lent: %s", c.what, d)
			}
			next += 3
		}
		if next < c.n {
			t.Fatalf("%s: AllTransientOf stopped before item %d of %d", c.what, next, c.n)
		}
		if !bytes.Equal(packed.Encode(), data) {
			t.Fatalf("%s: Encode differs from the source", c.what)
		}
	}
}

// TestTokenBytes: an item's size without whitespace, which the density
// test of isFlatItem reads, is the size of the item compacted.
func TestTokenBytes(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 8))
	for range 300 {
		item := flatItem(rng)
		var compact bytes.Buffer
		if err := json.Compact(&compact, []byte(item)); err != nil {
			t.Fatalf("%s: %v", item, err)
		}
		n := parsePlain(t, []byte(item)).Root()
		if got := tokenBytes(n); got != compact.Len() {
			t.Fatalf("tokenBytes(%s) = %d, want %d (%s)", item, got, compact.Len(), compact.Bytes())
		}
	}
}
