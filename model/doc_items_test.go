package model

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
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
