package model

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// streamDoc builds a catalog-like document whose entries vary in size; with
// big, some take more than a pool chunk of nodes, members and child
// pointers.
func streamDoc(rng *rand.Rand, n int, big bool) string {
	var b strings.Builder
	b.WriteString("{\n  \"specVersion\": \"1.0\",\n  \"entries\": [")
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		switch k := rng.IntN(6); {
		case k == 0:
			fmt.Fprintf(&b, "\n    %d", i)
		case k == 1 && big:
			// More than poolChunk nodes and members in one item.
			b.WriteString("\n    {\"big\": [")
			for j := range 300 + rng.IntN(400) {
				if j > 0 {
					b.WriteString(", ")
				}
				fmt.Fprintf(&b, "{\"k%d\": \"v\\u00e9%d\"}", j, j)
			}
			b.WriteString("]}")
		default:
			fmt.Fprintf(&b, "\n    {\"identifier\": \"urn:x:%d\", \"tags\": [\"é\", %d, true, null], \"o\": {\"a\": {\"b\": []}}}", i, i)
		}
	}
	b.WriteString("\n  ],\n  \"host\": {\"displayName\": \"h\"}\n}\n")
	return b.String()
}

// TestParseOwnedEachHandsOverTheItemsOfTheTree: each item handed over is
// the item of the whole tree (same values, offsets and separators), the
// memory reused between items never shows, and the Doc returned is the
// whole Doc, whether its tree is built or only its outline is read.
func TestParseOwnedEachHandsOverTheItemsOfTheTree(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for round := range 12 {
		src := streamDoc(rng, rng.IntN(30), true)
		whole, err := Parse([]byte(src))
		if err != nil {
			t.Fatal(err)
		}
		items := whole.Root().Get("entries").Items()
		seen := 0
		d, err := ParseOwnedEach([]byte(src), Limits{}, "entries", func(d *Doc, i int, item *Node) {
			if i != seen {
				t.Fatalf("round %d: item %d handed over as %d", round, seen, i)
			}
			seen++
			want := items[i]
			if !reflect.DeepEqual(item.Interface(), want.Interface()) || item.Start() != want.Start() || item.End() != want.End() ||
				string(d.Source()[item.Start():item.End()]) != string(whole.Source()[want.Start():want.End()]) {
				t.Fatalf("round %d: item %d differs from the tree's", round, i)
			}
			// Within each, pointers into the item at hand and into earlier
			// ones are resolved.
			for _, j := range []int{i, i / 2} {
				p := fmt.Sprintf("/entries/%d", j)
				l1, c1 := d.KeyPosition(p + "/identifier")
				l2, c2 := whole.KeyPosition(p + "/identifier")
				if l1 != l2 || c1 != c2 || d.Find(p).End() != items[j].End() {
					t.Fatalf("round %d: %s resolved wrongly while streaming", round, p)
				}
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		if seen != len(items) {
			t.Fatalf("round %d: %d items handed over, want %d", round, seen, len(items))
		}
		if d.stream == nil || d.stream.built.Load() {
			t.Fatalf("round %d: the tree was built while streaming", round)
		}
		for j := range items {
			p := fmt.Sprintf("/entries/%d/tags/1", j)
			if a, b := d.Find(p), whole.Find(p); (a == nil) != (b == nil) || a != nil && string(a.Raw()) != string(b.Raw()) {
				t.Fatalf("round %d: Find(%s)", round, p)
			}
		}
		if d.stream.built.Load() {
			t.Fatalf("round %d: Find built the tree", round)
		}
		if DetectKind(d) != KindCatalog || d.stream.built.Load() {
			t.Fatalf("round %d: detection", round)
		}
		if d.Find("").Len() != whole.Root().Len() || d.Find("/entries").Len() != len(items) {
			t.Fatalf("round %d: the root and the array come from the whole tree", round)
		}
		if !bytes.Equal(d.Encode(), []byte(src)) || d.Style() != whole.Style() ||
			!reflect.DeepEqual(d.Root().Interface(), whole.Root().Interface()) {
			t.Fatalf("round %d: the Doc is not the whole Doc", round)
		}
	}
}

// TestParseOwnedEachWithoutTheArray: nothing to stream gives an ordinary Doc.
func TestParseOwnedEachWithoutTheArray(t *testing.T) {
	for _, src := range []string{`{"entries": {}}`, `[{"entries": [1]}]`, `{"a": {"entries": [1]}}`, `{"x": 1}`} {
		calls := 0
		d, err := ParseOwnedEach([]byte(src), Limits{}, "entries", func(*Doc, int, *Node) { calls++ })
		if err != nil || calls != 0 || d.stream != nil || string(d.Encode()) != src {
			t.Fatalf("%s: %v, %d calls, streamed %v", src, err, calls, d.stream != nil)
		}
	}
}

// TestParseOwnedEachErrorsAreParseErrors: the error of a document that does
// not parse is ParseOwned's, wherever it is.
func TestParseOwnedEachErrorsAreParseErrors(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	src := streamDoc(rng, 30, true)
	for _, bad := range []string{
		strings.Replace(src, `"tags"`, `"tags",`, 1),
		strings.Replace(src, `"identifier"`, `"o": 1, "o"`, 1),
		strings.Replace(src, `"entries"`, `"entries": [], "entries"`, 1),
		strings.Replace(src, "é", "\xe9", 3),
		src[:len(src)/2],
		strings.Replace(src, `"specVersion"`, "\xc3\"specVersion\"", 1),
	} {
		_, want := ParseLimits([]byte(bad), Limits{})
		_, got := ParseOwnedEach([]byte(bad), Limits{}, "entries", func(*Doc, int, *Node) {})
		if want == nil || !reflect.DeepEqual(want, got) {
			t.Fatalf("errors differ:\n%v\n%v", want, got)
		}
	}
}

// TestInvalidUTF8IsFoundWherever: the parser checks UTF-8 inside strings
// only; the error must still name the first invalid byte of the input,
// whether it sits in a string, between tokens or after a syntax error.
func TestInvalidUTF8IsFoundWherever(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	base := []byte(streamDoc(rng, 8, false))
	bads := [][]byte{{0xff}, {0xc3}, {0xe9, 'x'}, {0xed, 0xa0, 0x80}, {0xf4, 0x90, 0x80, 0x80}}
	for range 2000 {
		data := bytes.Clone(base)
		for range 1 + rng.IntN(3) {
			at := rng.IntN(len(data) + 1)
			data = append(data[:at:at], append(bads[rng.IntN(len(bads))], data[at:]...)...)
		}
		if rng.IntN(4) == 0 { // and a syntax error somewhere
			at := rng.IntN(len(data))
			data[at] = '}'
		}
		_, err := ParseLimits(data, Limits{})
		pe, ok := err.(*ParseError)
		if utf8.Valid(data) {
			continue
		}
		if !ok || pe.Code != "json/encoding" || pe.Offset != firstInvalidUTF8(data) {
			t.Fatalf("got %v, want the encoding error at %d", err, firstInvalidUTF8(data))
		}
	}
}

// TestParseOwnedEachPacksTheOutline: the root of a document parsed to be
// streamed packs as Parse packs it when there is nothing to stream (a
// large object that is no catalog: its members had been kept, 48 bytes
// each, 11 times the size of a document of short members), and a catalog
// whose root has many scalar members before its entries streams them as
// any other, its outline reading the same as the whole tree.
func TestParseOwnedEachPacksTheOutline(t *testing.T) {
	var wide strings.Builder
	wide.WriteString("{")
	for i := range 1000 {
		if i > 0 {
			wide.WriteString(",")
		}
		fmt.Fprintf(&wide, `"k%d":%d`, i, i%10)
	}
	wide.WriteString("}")
	d, err := ParseOwnedEach([]byte(wide.String()), Limits{}, "entries", func(*Doc, int, *Node) { t.Fatal("nothing to stream") })
	if err != nil {
		t.Fatal(err)
	}
	if d.Root().packed() == nil || d.Root().Len() != 1000 || string(d.Find("/k999").Raw()) != "9" {
		t.Fatalf("the root of a wide object: packed %v, %d members", d.Root().packed() != nil, d.Root().Len())
	}
	rng := rand.New(rand.NewPCG(3, 4))
	src := streamDoc(rng, 5, true)
	var head strings.Builder
	for i := range 40 {
		fmt.Fprintf(&head, `"x%d": %d, `, i, i)
	}
	src = strings.Replace(src, "{", "{"+head.String(), 1)
	whole, err := Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	streamed := 0
	d, err = ParseOwnedEach([]byte(src), Limits{}, "entries", func(*Doc, int, *Node) { streamed++ })
	if err != nil {
		t.Fatal(err)
	}
	if want := whole.Root().Get("entries").Len(); streamed != want {
		t.Fatalf("%d entries streamed, want %d", streamed, want)
	}
	if !bytes.Equal(d.Encode(), []byte(src)) || !reflect.DeepEqual(d.Root().Interface(), whole.Root().Interface()) ||
		string(d.Find("/x39").Raw()) != "39" {
		t.Fatal("the outline with many members before the entries is not the whole Doc")
	}
}

// TestStreamedItemsPackTheirFlatItems: a streamed item (a catalog's entry)
// packs an array of small containers inside it, or of scalars and small
// containers in turn, as a document parsed whole does; it read as the
// array of nodes does. An entry holding a large card inline kept a node
// for each such item: 16 times the catalog's size at peak.
func TestStreamedItemsPackTheirFlatItems(t *testing.T) {
	var bulk strings.Builder
	for i := range 200 {
		if i > 0 {
			bulk.WriteString(",")
		}
		bulk.WriteString([]string{"7", "[]", `{"a":1}`, `"x"`}[i%4])
	}
	entry := `{"id": "e", "data": {"bulk": [` + bulk.String() + `]}}`
	src := `{"entries": [` + entry + `, ` + entry + `]}`
	var plain *Doc
	withoutPacking(func() { plain = mustParse(t, []byte(src)) })
	got := 0
	_, err := ParseOwnedEach([]byte(src), Limits{}, "entries", func(d *Doc, i int, item *Node) {
		b := item.Get("data").Get("bulk")
		if pk := b.packed(); pk == nil || !pk.flat {
			t.Fatalf("entry %d: its bulk of scalars and small containers is not packed", i)
		}
		if diff := sameTree(b, plain.Find("/entries/"+strconv.Itoa(i)+"/data/bulk"), "/bulk"); diff != "" {
			t.Fatalf("entry %d: %s", i, diff)
		}
		got++
	})
	if err != nil || got != 2 {
		t.Fatalf("%d entries streamed, %v", got, err)
	}
}
