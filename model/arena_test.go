package model

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/oncard/oncard/model/testcards"
)

// arenaDocs are documents of every shape the parser treats apart: the
// round-trip fixtures (layouts, escapes, a BOM), large minified and
// indented cards, packed arrays of numbers and strings, containers deeper
// than lazyDepth, a streamed-size catalog, and inputs that fail to parse.
func arenaDocs(t *testing.T) [][]byte {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("testdata", "roundtrip", "*.json"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no round-trip fixtures: %v", err)
	}
	var docs [][]byte
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, data)
	}
	docs = append(docs, testcards.LargeVariant(1, 0), testcards.Large(200, 50, 20), testcards.Small(), testcards.Catalog(300),
		[]byte(`{"a": [1, 2, {"b": "unterminated`), []byte(`{"a":1,"a":2}`), []byte(`[`+string(bytes.Repeat([]byte("1,"), 5000))+`1]`))
	for _, shape := range []string{"numbers", "numbers-card", "strings-card", "deep-card", "deep-obj-card"} {
		data, ok := testcards.Shaped(shape, 64<<10)
		if !ok {
			t.Fatalf("no shape %s", shape)
		}
		docs = append(docs, data)
	}
	return docs
}

// TestArenaTreesAreFreshParses: documents parsed one after another from one
// arena, reset between them, are the trees a parse of their own makes, and
// so are two documents held from it at once: what a tree leaves in the
// arena never shows through in the next.
func TestArenaTreesAreFreshParses(t *testing.T) {
	docs := arenaDocs(t)
	var a Arena
	for round := range 2 { // the second round parses into memory the first used
		for i, data := range docs {
			want, wantErr := ParseOwned(bytes.Clone(data), Limits{})
			got, err := a.ParseOwned(bytes.Clone(data), Limits{})
			sameParse(t, want, got, wantErr, err)
			if round == 1 && i > 0 && wantErr == nil {
				// The one before, parsed again beside this one.
				prev := docs[i-1]
				wantPrev, wantErr := ParseOwned(bytes.Clone(prev), Limits{})
				gotPrev, err := a.ParseOwned(bytes.Clone(prev), Limits{})
				sameParse(t, wantPrev, gotPrev, wantErr, err)
				sameParse(t, want, got, nil, nil) // untouched by the second parse
			}
			a.Reset()
			// The document cut short: the parse fails where it may be
			// inside a deep container, whose nodes come from elsewhere,
			// and the next document must still find the arena clean.
			cut := data[:len(data)*3/4]
			_, wantErr = ParseOwned(bytes.Clone(cut), Limits{})
			_, err = a.ParseOwned(bytes.Clone(cut), Limits{})
			if (wantErr == nil) != (err == nil) || err != nil && err.Error() != wantErr.Error() {
				t.Fatalf("cut short: error %v, want %v", err, wantErr)
			}
			a.Reset()
			arenaIsZero(t, &a)
		}
	}
}

// arenaIsZero fails unless every chunk a holds is zeroed, as the parser
// needs them.
func arenaIsZero(t *testing.T, a *Arena) {
	t.Helper()
	zeroed(t, "nodes", &a.pool.nodes)
	zeroed(t, "members", &a.pool.members)
	zeroed(t, "node pointers", &a.pool.ptrs)
}

func zeroed[T comparable](t *testing.T, what string, r *reuse[T]) {
	t.Helper()
	var zero T
	for i, c := range r.chunks {
		for j := range c {
			if c[j] != zero {
				t.Fatalf("after Reset, %s chunk %d holds a used element at %d", what, i, j)
			}
		}
	}
}

// TestArenaCleanAfterDeepFailure: a parse that fails inside a container
// deeper than lazyDepth (whose nodes come from the parser's own pool) when
// the arena's chunk is nearly full still leaves the arena zeroed.
func TestArenaCleanAfterDeepFailure(t *testing.T) {
	var b bytes.Buffer
	b.WriteString("[")
	for range 2000 { // about 4,000 nodes: the first chunk nearly full
		b.WriteString(`{"a":"x"},`)
	}
	b.WriteString(strings.Repeat("[", 40) + `1,"two",{"three":3},x`) // nodes carved from the deep pool, then the error
	var a Arena
	if _, err := a.ParseOwned(b.Bytes(), Limits{}); err == nil {
		t.Fatal("the document parsed")
	}
	a.Reset()
	arenaIsZero(t, &a)
}

func sameParse(t *testing.T, want, got *Doc, wantErr, err error) {
	t.Helper()
	if (wantErr == nil) != (err == nil) || wantErr != nil && wantErr.Error() != err.Error() {
		t.Fatalf("error %v, want %v", err, wantErr)
	}
	if wantErr != nil {
		return
	}
	if !bytes.Equal(got.Encode(), want.Encode()) {
		t.Fatal("the arena's tree encodes differently")
	}
	if !reflect.DeepEqual(got.Root().Interface(), want.Root().Interface()) {
		t.Fatal("the arena's tree holds other values")
	}
	sameSpans(t, "", want.Root(), got.Root())
}

// sameSpans compares two trees node by node: kind, offsets and keys.
func sameSpans(t *testing.T, ptr string, want, got *Node) {
	t.Helper()
	if want.Kind != got.Kind || want.Start() != got.Start() || want.End() != got.End() || want.Len() != got.Len() {
		t.Fatalf("%s: %v %d..%d (%d), want %v %d..%d (%d)", ptr, got.Kind, got.Start(), got.End(), got.Len(), want.Kind, want.Start(), want.End(), want.Len())
	}
	switch want.Kind {
	case Object:
		wm, gm := want.Members(), got.Members()
		for i := range wm {
			if wm[i].Key() != gm[i].Key() {
				t.Fatalf("%s: member %d is %q, want %q", ptr, i, gm[i].Key(), wm[i].Key())
			}
			sameSpans(t, ptr+"/"+wm[i].Key(), wm[i].Value, gm[i].Value)
		}
	case Array:
		gi := got.Items()
		for i, w := range want.Items() {
			sameSpans(t, ptr+"/"+itoa(i), w, gi[i])
		}
	}
}

// TestArenaMakesNoTreeGarbage: once warm, a parse from an arena allocates
// a small part of what a parse of its own does (the Doc and the parser's
// stacks, not the tree).
func TestArenaMakesNoTreeGarbage(t *testing.T) {
	data := testcards.LargeVariant(1, 3)
	allocated := func(parse func() (*Doc, error)) uint64 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		for range 20 {
			if _, err := parse(); err != nil {
				t.Fatal(err)
			}
		}
		runtime.ReadMemStats(&after)
		return (after.TotalAlloc - before.TotalAlloc) / 20
	}
	var a Arena
	a.ParseOwned(data, Limits{})
	a.Reset()
	inArena := allocated(func() (*Doc, error) {
		defer a.Reset()
		return a.ParseOwned(data, Limits{})
	})
	alone := allocated(func() (*Doc, error) { return ParseOwned(data, Limits{}) })
	t.Logf("bytes allocated a parse of %d bytes: %d alone, %d from the arena", len(data), alone, inArena)
	if inArena*10 > alone {
		t.Fatalf("a parse from the arena allocates %d bytes, a parse alone %d: the tree is not the arena's", inArena, alone)
	}
}

// TestArenaKeepsItsBudget: after a document whose tree is larger than
// arenaKeep, Reset gives the rest back.
func TestArenaKeepsItsBudget(t *testing.T) {
	data := testcards.Large(16000, 50, 20)
	var a Arena
	withSetting(&flatMaxBytes, -1, func() { // its On Request entries as nodes: a large tree
		if _, err := a.ParseOwned(data, Limits{}); err != nil {
			t.Fatal(err)
		}
	})
	held := func() int {
		return heldBytes(&a.pool.nodes) + heldBytes(&a.pool.members) + heldBytes(&a.pool.ptrs)
	}
	if held() <= arenaKeep {
		t.Fatalf("the tree of a %d-byte document took %d bytes: too small for this test", len(data), held())
	}
	a.Reset()
	if h := held(); h > arenaKeep {
		t.Fatalf("the arena keeps %d bytes after Reset, more than arenaKeep (%d)", h, arenaKeep)
	}
	if _, err := a.ParseOwned(testcards.Small(), Limits{}); err != nil {
		t.Fatal(err)
	}
}

func heldBytes[T any](r *reuse[T]) int {
	var zero T
	n := 0
	for _, c := range r.chunks {
		n += len(c) * int(reflect.TypeOf(zero).Size())
	}
	return n
}
