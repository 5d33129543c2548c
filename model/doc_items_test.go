package model

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"unsafe"
)

// TestItemsSideBySide: an array whose items the parser carved one after
// another holds them side by side, and Index, All, Items, Len, Interface,
// an edit, a clone and the encoding read them as they read a slice of
// pointers.
func TestItemsSideBySide(t *testing.T) {
	src := `{"tags": ["a", "b", "c"], "mixed": [{"x": 1}, 2, [3, 4], []], "one": [true], "none": []}`
	d, err := Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	root := d.Root()
	tags, mixed := root.Get("tags"), root.Get("mixed")
	if !tags.sideBySide() || !root.Get("one").sideBySide() {
		t.Fatal("an array of scalars does not hold its items side by side")
	}
	if root.Get("none").sideBySide() {
		t.Error("an empty array claims items side by side")
	}
	for _, arr := range []*Node{tags, mixed, mixed.Index(2)} {
		items := arr.Items()
		if len(items) != arr.Len() {
			t.Fatalf("Items has %d items, Len %d", len(items), arr.Len())
		}
		for i, it := range arr.All() {
			if arr.Index(i) != it || items[i] != it {
				t.Fatalf("item %d: Index, All and Items disagree", i)
			}
		}
	}
	var want any
	dec := json.NewDecoder(strings.NewReader(src))
	dec.UseNumber() // as Interface reads numbers
	if err := dec.Decode(&want); err != nil {
		t.Fatal(err)
	}
	if got := root.Interface(); !reflect.DeepEqual(got, want) {
		t.Fatalf("Interface %v, want %v", got, want)
	}
	clone := d.Clone()
	if err := d.Set("/tags/1", []byte(`"B"`)); err != nil {
		t.Fatal(err)
	}
	if err := d.Set("/tags/-", []byte(`"d"`)); err != nil {
		t.Fatal(err)
	}
	if got := string(d.Encode()); got != `{"tags": ["a", "B", "c", "d"], "mixed": [{"x": 1}, 2, [3, 4], []], "one": [true], "none": []}` {
		t.Errorf("after the edits: %s", got)
	}
	if got := string(clone.Encode()); got != src {
		t.Errorf("the clone changed with its original: %s", got)
	}
	if v, _ := d.Root().Get("tags").Index(3).Str(); v != "d" {
		t.Errorf("the added item reads %q", v)
	}
}

// TestItemsSideBySideAcrossChunks: a document of many short arrays of
// scalars puts chunk boundaries inside some of them; every item of every
// array reads as written, nearly all the arrays hold their items side by
// side, and under -race checkptr checks each slice read over them.
// TestSideBySideStaysInItsChunk is what holds an array that straddles two
// chunks to a slice of pointers, whether or not the chunks sit next to
// each other in memory in a given run.
func TestItemsSideBySideAcrossChunks(t *testing.T) {
	src := jsonArray(20000, func(int) string { return `["a","b",1]` })
	var arena Arena
	for _, parse := range []func() (*Doc, error){
		func() (*Doc, error) { return Parse(src) },
		func() (*Doc, error) { return arena.ParseOwned(src, Limits{MaxBytes: len(src)}) },
	} {
		d, err := parse()
		if err != nil {
			t.Fatal(err)
		}
		sides := 0
		for i, arr := range d.Root().All() {
			if arr.sideBySide() {
				sides++
			}
			if arr.Len() != 3 {
				t.Fatalf("array %d has %d items", i, arr.Len())
			}
			for j, it := range arr.All() {
				if it.Kind == String && it.Text() != [...]string{"a", "b"}[j] || j == 2 && it.Kind != Number {
					t.Fatalf("array %d, item %d: %s", i, j, it.Raw())
				}
			}
		}
		if sides < 19000 {
			t.Errorf("%d of 20000 arrays hold their items side by side", sides)
		}
		arena.Reset()
	}
}

// TestSideBySideStaysInItsChunk: items one after another in memory are
// side by side only within the chunk at hand; across its start or its end
// (where another chunk may begin, made next to it) they keep pointers.
func TestSideBySideStaysInItsChunk(t *testing.T) {
	mem := make([]Node, 12) // chunk: mem[4:8]; its neighbours stand for other chunks
	p := newParser(nil, 10)
	p.nodeLo = uintptr(unsafe.Pointer(&mem[4]))
	p.nodeHi = p.nodeLo + 4*unsafe.Sizeof(Node{})
	for _, c := range []struct {
		from, to int
		side     bool
	}{
		{4, 8, true}, {5, 7, true}, {4, 5, true},
		{3, 6, false}, {6, 9, false}, {2, 10, false}, {8, 10, false},
	} {
		p.itemStack = p.itemStack[:0]
		for i := c.from; i < c.to; i++ {
			p.itemStack = append(p.itemStack, &mem[i])
		}
		if got := p.sideBySide(0) != nil; got != c.side {
			t.Errorf("items mem[%d:%d] of the chunk mem[4:8]: side by side %v, want %v", c.from, c.to, got, c.side)
		}
	}
}
