package model

import (
	"bytes"
	"testing"
)

// TestStringsSurviveInputReuse: the strings a Doc returns share memory with
// its source (sourceString), so Parse must work on its own copy of the
// input. A caller that reuses its buffer after Parse must change nothing
// the Doc already gave out or will give out.
func TestStringsSurviveInputReuse(t *testing.T) {
	input := []byte(`{"name": "Weather", "tags": ["a", "b"], "esc": "x\u0041"}`)
	doc, err := Parse(input)
	if err != nil {
		t.Fatal(err)
	}
	name := doc.Root().Get("name").Text()
	key := doc.Root().Members()[0].Key()
	for i := range input {
		input[i] = ' ' // the caller's buffer, reused for something else
	}
	if name != "Weather" || key != "name" {
		t.Fatalf("strings read before the reuse changed: name %q, key %q", name, key)
	}
	if got := doc.Root().Get("tags").Index(1).Text(); got != "b" {
		t.Fatalf("string read after the reuse = %q, want %q", got, "b")
	}
	if got := doc.Root().Get("esc").Text(); got != "xA" {
		t.Fatalf("escaped string = %q, want %q", got, "xA")
	}
	if bytes.Contains(doc.Encode(), []byte("      ")) || !bytes.Contains(doc.Source(), []byte(`"Weather"`)) {
		t.Fatalf("the Doc's source followed the caller's buffer: %s", doc.Source())
	}
}

// TestEditValueReuse: the same for the value bytes given to an edit.
func TestEditValueReuse(t *testing.T) {
	doc, err := Parse([]byte(`{"name": "A"}`))
	if err != nil {
		t.Fatal(err)
	}
	value := []byte(`"Renamed"`)
	if err := doc.Set("/name", value); err != nil {
		t.Fatal(err)
	}
	copy(value, `"XXXXXXX"`)
	if got := doc.Root().Get("name").Text(); got != "Renamed" {
		t.Fatalf("edited value followed the caller's buffer: %q", got)
	}
	if got := string(doc.Encode()); got != `{"name": "Renamed"}` {
		t.Fatalf("Encode = %s", got)
	}
}

// Reading a string without escapes does not allocate.
func TestStrDoesNotCopy(t *testing.T) {
	doc, err := Parse([]byte(`{"name": "Weather agent"}`))
	if err != nil {
		t.Fatal(err)
	}
	n := doc.Root().Get("name")
	if allocs := testing.AllocsPerRun(100, func() { _, _ = n.Str() }); allocs != 0 {
		t.Fatalf("Str allocates %v times per call", allocs)
	}
}
