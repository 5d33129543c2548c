package model

import (
	"bytes"
	"encoding/json"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"testing"
	"unsafe"

	"github.com/oncard/oncard/model/testcards"
)

// The parse tree's size is what bulk validation and big documents pay for:
// these tests hold it to its budget by counting bytes, never by timing.

// TestTreeNodeSizes pins the size of the tree's elements: a field added to
// Node or Member costs every value of every document (docs/PERFORMANCE.md).
func TestTreeNodeSizes(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) != 8 {
		t.Skip("sizes are budgeted for 64-bit platforms")
	}
	if got := unsafe.Sizeof(Node{}); got != 24 {
		t.Errorf("Node is %d bytes, want 24", got)
	}
	if got := unsafe.Sizeof(Member{}); got != 24 {
		t.Errorf("Member is %d bytes, want 24", got)
	}
}

// parseAllocBytes is the number of bytes one Parse of data allocates.
func parseAllocBytes(t *testing.T, data []byte) uint64 {
	t.Helper()
	if _, err := Parse(data); err != nil { // warm up: interned keys, lazy tables
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	d, err := Parse(data)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	runtime.KeepAlive(d)
	return after.TotalAlloc - before.TotalAlloc
}

// TestParseAllocatesFewBytesPerSourceByte: parsing an indented card costs
// at most 2.5 bytes of allocation per byte of source (the private copy of
// the source included), and a minified one at most 3.
func TestParseAllocatesFewBytesPerSourceByte(t *testing.T) {
	card := testcards.Large(200, 50, 20)
	mini := minify(t, card)
	for _, c := range []struct {
		name   string
		data   []byte
		budget float64
	}{
		{"indented card", card, 2.5},
		{"minified card", mini, 3},
	} {
		got := parseAllocBytes(t, c.data)
		ratio := float64(got) / float64(len(c.data))
		t.Logf("%s: %d bytes of source, %d allocated (%.2f×)", c.name, len(c.data), got, ratio)
		if ratio > c.budget {
			t.Errorf("%s: Parse allocated %.2f× the source (%d bytes for %d), budget %.2f×", c.name, ratio, got, len(c.data), c.budget)
		}
	}
}

func minify(t *testing.T, data []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := json.Compact(&b, data); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestHasStringStop holds the eight-byte test of scanString (stringStops) to the byte
// table it speeds up: every byte value at every position, among plain
// bytes, and random words.
func TestHasStringStop(t *testing.T) {
	firstPlain := func(w uint64) int {
		for k := 0; k < 8; k++ {
			if stringStop[byte(w>>(8*k))] {
				return k
			}
		}
		return 8
	}
	firstStop := func(m uint64) int { return bits.TrailingZeros64(m) >> 3 }
	plain := func(w uint64) bool {
		for k := 0; k < 8; k++ {
			if stringStop[byte(w>>(8*k))] {
				return true
			}
		}
		return false
	}
	for pos := 0; pos < 8; pos++ {
		for c := 0; c < 256; c++ {
			for _, fill := range []uint64{0x6161616161616161, 0xC3A9C3A9C3A9C3A9, 0x2121212121212121, 0xFFFFFFFFFFFFFFFF} {
				w := fill&^(0xFF<<(8*pos)) | uint64(c)<<(8*pos)
				if got, want := stringStops(w) != 0, plain(w); got != want {
					t.Fatalf("stringStops(%#016x) != 0 is %v, want %v", w, got, want)
				}
				if got, want := firstStop(stringStops(w)), firstPlain(w); got != want {
					t.Fatalf("stringStops(%#016x): first stop at %d, want %d", w, got, want)
				}
			}
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 1_000_000 {
		w := r.Uint64()
		if got, want := stringStops(w) != 0, plain(w); got != want {
			t.Fatalf("stringStops(%#016x) != 0 is %v, want %v", w, got, want)
		}
		if got, want := firstStop(stringStops(w)), firstPlain(w); got != want {
			t.Fatalf("stringStops(%#016x): first stop at %d, want %d", w, got, want)
		}
	}
}

// TestParseOwnedKeepsTheBuffer: ParseOwned parses the caller's buffer in
// place, ParseLimits a private copy of it.
func TestParseOwnedKeepsTheBuffer(t *testing.T) {
	data := []byte(`{"name": "Weather", "tags": ["a", "b"]}`)
	owned, err := ParseOwned(data, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	copied, err := ParseLimits(data, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if &owned.Source()[0] != &data[0] {
		t.Error("ParseOwned copied its input")
	}
	if &copied.Source()[0] == &data[0] {
		t.Error("ParseLimits shares its input")
	}
	if string(owned.Encode()) != string(data) || owned.Find("/tags/1").Text() != "b" {
		t.Error("ParseOwned: the document reads differently")
	}
	if _, err := ParseOwned(data, Limits{MaxBytes: 10}); err == nil {
		t.Error("ParseOwned ignores the limits")
	}
}

// TestParsedTreeLiveBytes: the tree of a minified large card (2,000 skills,
// all On Request, 50 OASF skills and 20 domains), live after a collection,
// takes at most 1.4 bytes per byte of its source, the source aside: 1.34
// with nodes and members of 24 bytes and an object's members side by side,
// 1.85 when nodes and members were 32 bytes and each member had a pointer.
// The dense 11 MiB card of docs/PERFORMANCE.md goes from 1.61 to 1.18.
func TestParsedTreeLiveBytes(t *testing.T) {
	data := minify(t, testcards.Large(2000, 50, 20))
	live := float64(liveBytesOfParse(t, data))
	ratio := live / float64(len(data))
	t.Logf("%d bytes of source, a tree of %.0f bytes live (%.2f×)", len(data), live, ratio)
	if ratio > 1.4 {
		t.Errorf("the tree of %d bytes of minified card holds %.0f bytes live (%.2f×), budget 1.4×", len(data), live, ratio)
	}
}

// liveBytesOfParse is what a parse of data (handed over) keeps live after a
// collection, the source aside.
func liveBytesOfParse(t *testing.T, data []byte) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&before)
	d, err := ParseOwned(data, Limits{MaxBytes: len(data)})
	if err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(d)
	return after.HeapAlloc - before.HeapAlloc
}
