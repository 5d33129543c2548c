package model

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"reflect"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// scalarObject is a JSON object of n members whose values are scalars of
// every kind and a few small flat containers, some names escaped, written
// with sep between members and colon after each name.
func scalarObject(n int, sep, colon string) []byte {
	var b bytes.Buffer
	ws := strings.ReplaceAll(sep, ",", "")
	b.WriteString("{" + ws)
	for i := range n {
		if i > 0 {
			b.WriteString(sep)
		}
		name := strconv.Quote("k" + strconv.Itoa(i))
		switch i % 5 {
		case 1:
			name = `"\u006b` + strconv.Itoa(i) + `"` // "k…", escaped
		case 3:
			name = `"ké` + strconv.Itoa(i) + `"`
		}
		value := scalarItem(i)
		switch {
		case i%11 == 4:
			value = `{"n":` + strconv.Itoa(i) + `, "ok": true}` // flat containers too
		case i%13 == 6:
			value = `[1, "x"]`
		}
		b.WriteString(name + colon + value)
	}
	b.WriteString(ws + "}")
	return b.Bytes()
}

// parsePlain parses data with nothing packed: every container as nodes.
func parsePlain(t testing.TB, data []byte) *Doc {
	var d *Doc
	withoutPacking(func() { d = mustParse(t, data) })
	return d
}

// TestPackedObjects: an object of packMembersMin members or more whose values are
// scalars or small flat containers keeps where their names start, not
// members and nodes; one whose values include a larger or deeper
// container, wherever it comes, keeps its members. Packed, it reads as
// the same object of members does (names, kinds, offsets, bytes, Get,
// Interface, Find, Position, KeyPosition) and encodes to its source.
func TestPackedObjects(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 7))
	for round := range 120 {
		n := packMembersMin - 1 + rng.IntN(3)
		if round%4 == 0 {
			n = 100 + rng.IntN(500)
		}
		sep, colon := []string{",", ", ", ",\n    "}[round%3], []string{":", ": ", " : "}[round%3]
		obj := string(scalarObject(n, sep, colon))
		breaker := -1
		if round%5 == 1 {
			// A member whose value is a container of three levels, at a random place.
			breaker = rng.IntN(n)
			at := strings.Index(obj, strconv.Quote("k"+strconv.Itoa(breaker))+colon)
			if at < 0 {
				continue // an escaped name there
			}
			obj = obj[:at] + `"sub"` + colon + deepBreaker + sep + obj[at:]
		}
		data := []byte(`{"obj": ` + obj + `, "after": {"k": 1}}`)
		packed, plain := mustParse(t, data), parsePlain(t, data)
		o := packed.Root().Get("obj")
		if got, want := o.packed() != nil, n >= packMembersMin && breaker < 0; got != want {
			t.Fatalf("round %d (%d members, a container at %d): packed %v", round, n, breaker, got)
		}
		if d := sameTree(packed.Root(), plain.Root(), ""); d != "" {
			t.Fatalf("round %d: %s", round, d)
		}
		if !reflect.DeepEqual(packed.Root().Interface(), plain.Root().Interface()) || !bytes.Equal(packed.Encode(), data) {
			t.Fatalf("round %d: Interface or Encode differ", round)
		}
		if o.Get("missing") != nil || o.Get("") != nil {
			t.Fatalf("round %d: Get of a missing name", round)
		}
		for range 5 {
			k := rng.IntN(n + 1)
			for _, name := range []string{"k" + strconv.Itoa(k), "ké" + strconv.Itoa(k)} {
				if d := placeDiff(packed, plain, "/obj/"+name); d != "" {
					t.Fatalf("round %d: %s", round, d)
				}
			}
		}
	}
}

// TestPackedObjectEditsMatchUnpacked: sets, deletions and replacements of
// a packed object and of its members give the bytes they give on the same
// object of members, and a clone's edits leave the original as it was.
func TestPackedObjectEditsMatchUnpacked(t *testing.T) {
	data := []byte("{\n  \"o\": " + string(scalarObject(60, ",\n    ", ": ")) + ",\n  \"z\": 1\n}\n")
	edits := []func(d *Doc) error{
		func(d *Doc) error { return d.Set("/o/k2", []byte(`"two"`)) },
		func(d *Doc) error { return d.Set("/o/new", []byte(`{"a": [1, 2]}`)) },
		func(d *Doc) error { return d.Delete("/o/k0") },
		func(d *Doc) error { return d.Delete("/o/k59") },
		func(d *Doc) error { return d.Set("/o/k4/n", []byte(`"four"`)) }, // inside a flat value
		func(d *Doc) error { return d.Insert("/o/k6/0", []byte(`0`)) },
		func(d *Doc) error { return d.SetValue("/o/ké3", map[string]any{"n": 1}) },
		func(d *Doc) error { return d.Set("/o", scalarObject(40, ", ", ": ")) }, // merged member by member
		func(d *Doc) error { return d.SetValue("/o", []any{1, "two"}) },
		func(d *Doc) error { return d.Insert("/o/k4", []byte(`1`)) }, // refused: not an array
	}
	for k, edit := range edits {
		var outs [2][]byte
		var errs [2]error
		for i, parse := range []func(testing.TB, []byte) *Doc{mustParse, parsePlain} {
			d := parse(t, data)
			if (d.Root().Get("o").packed() != nil) != (i == 0) {
				t.Fatalf("edit %d: packing not as set", k)
			}
			c := d.Clone()
			errs[i] = edit(c)
			outs[i] = c.Encode()
			if _, err := Parse(outs[i]); err != nil {
				t.Fatalf("edit %d: the result does not parse: %v", k, err)
			}
			if !bytes.Equal(d.Encode(), data) {
				t.Fatalf("edit %d: the original changed with its clone", k)
			}
		}
		if (errs[0] == nil) != (errs[1] == nil) || !bytes.Equal(outs[0], outs[1]) {
			t.Errorf("edit %d: packed object gives %v\n%s\nan object of members gives %v\n%s", k, errs[0], outs[0], errs[1], outs[1])
		}
	}
}

// TestPackedObjectTreeSize: a card whose bulk is one object of many
// numbers holds it in a few bytes a member, where members and nodes took
// three times its bytes.
func TestPackedObjectTreeSize(t *testing.T) {
	data := bulkOf("{", "}", 300_000, func(b *strings.Builder, i int) { fmt.Fprintf(b, `"k%d":%d`, i, i) })
	assertTreeSize(t, "one wide object", data, 0.5)
}

// FuzzPackedObjects: whatever the document, its objects of scalars packed
// (from two members on) read as the same objects of members do, and the
// document gives the same errors and encodes as the one of nodes does.
func FuzzPackedObjects(f *testing.F) {
	for _, s := range []string{`{"a": 1, "b": "x", "c": null}`, `{"a":1,"b":2,"a":3}`, `{"a":1,"b":{"c":2},"d":3}`, `{"a":[1],"b":{"c":[2]},"d":3}`, `{"a":{"x":1,"x":2},"b":1}`, `{"\u0061":1,"a":2}`, `{"a":1,"b":2,}`, `[{"x":true,"y":false},{"x":1}]`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var plain, packed *Doc
		var errPlain, errPacked error
		withoutPacking(func() { plain, errPlain = Parse(data) })
		withPackMin(t, 2, func() { packed, errPacked = Parse(data) })
		if (errPlain == nil) != (errPacked == nil) || errPlain != nil && errPlain.Error() != errPacked.Error() {
			t.Fatalf("errors differ: %v against %v", errPacked, errPlain)
		}
		if errPlain != nil {
			return
		}
		if d := sameTree(packed.Root(), plain.Root(), ""); d != "" {
			t.Fatalf("%s", d)
		}
		if !bytes.Equal(packed.Encode(), plain.Encode()) {
			t.Fatalf("Encode gives %q, as nodes %q", packed.Encode(), plain.Encode())
		}
	})
}

// TestKeyIndexFindsWhatASearchFinds: the name tables of large objects find
// every member, and no missing one, where a search of the members does, in
// an object of members, a packed one, one nested deeper than the parse
// keeps nodes for and a streamed item's; an edit, after which the tables
// are stale, is not misled by them.
func TestKeyIndexFindsWhatASearchFinds(t *testing.T) {
	wide := string(scalarObject(200, ", ", ": "))
	mixed := strings.Replace(wide, `"k7": `, `"k7": [1], "k7b": `, 1)
	deep := strings.Repeat(`{"d": `, 20) + wide + strings.Repeat("}", 20)
	docs := map[string]string{
		"members": `{"o": ` + mixed + `}`,
		"packed":  `{"o": ` + wide + `}`,
		"deep":    `{"o": {"x": 1}, "deep": ` + deep + `}`,
	}
	for name, src := range docs {
		d := mustParse(t, []byte(src))
		plain := mustParse(t, []byte(src))
		plain.keys = nil // every search from the first member
		base := "/o"
		if name == "deep" {
			base = "/deep" + strings.Repeat("/d", 20)
		}
		for i := -1; i <= 200; i++ {
			for _, key := range []string{"k" + strconv.Itoa(i), "ké" + strconv.Itoa(i), "k7b"} {
				if diff := placeDiff(d, plain, base+"/"+key); diff != "" {
					t.Fatalf("%s: %s", name, diff)
				}
			}
		}
		if len(d.keys.tables) != 1 {
			t.Fatalf("%s: %d name tables made, want the large object's one", name, len(d.keys.tables))
		}
		if err := d.Delete(base + "/k0"); err != nil {
			t.Fatal(err)
		}
		if got := d.Find(base + "/k10"); got == nil || got.Text() != plain.Find(base+"/k10").Text() || d.Find(base+"/k0") != nil {
			t.Fatalf("%s: after an edit, Find reads a stale table", name)
		}
	}
}

// TestKeyIndexReadsSideBySide: positions asked from several goroutines at
// once make each table once and agree (run with -race).
func TestKeyIndexReadsSideBySide(t *testing.T) {
	d := mustParse(t, []byte(`{"a": `+string(scalarObject(300, ",\n", ": "))+`, "b": `+
		strings.Replace(string(scalarObject(300, ",\n", ": ")), `"k5": `, `"k5": {}, "x": `, 1)+`}`))
	want := map[string][2]int{}
	for _, obj := range []string{"a", "b"} {
		for i := range 300 {
			ptr := fmt.Sprintf("/%s/k%d", obj, i)
			l, c := d.KeyPosition(ptr)
			want[ptr] = [2]int{l, c}
		}
	}
	d.keys = new(keyIndex) // made again by the goroutines
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ptr, w := range want {
				if l, c := d.KeyPosition(ptr); l != w[0] || c != w[1] {
					t.Errorf("goroutine %d: KeyPosition(%s) = %d:%d, want %d:%d", g, ptr, l, c, w[0], w[1])
					return
				}
			}
		}()
	}
	wg.Wait()
}

// TestSparsePackedObjectsReadEveryMember: a packed object keeps where one
// member's name in sparseEvery starts, or every one when its first values
// include containers (denseMembers), and finds the others by reading the
// source on, past names and strings that hold quotes, backslashes,
// brackets and colons, flat values, and whitespace around every
// separator. Each member reads as in an object not packed (by name, in
// order, its position), also when a member of another kind ends the
// packing at any point; a repeated name is reported where the parse of an
// object not packed reports it, with the first one's place.
func TestSparsePackedObjectsReadEveryMember(t *testing.T) {
	names := []string{`"k%d"`, `"\"k%d:"`, `"k%d\\"`, `"}k%d]"`, `"\u006b%d"`, `"k%d,"`}
	values := []string{`1`, `"]}"`, `{"a": "}"}`, `["\"[", 1]`, `"\\\""`, `-1.5e3`, `[true, null]`, `{}`}
	for _, scalarsFirst := range []int{0, 20} { // dense, then sparse with containers after
		for _, sep := range []string{",", " ,\n\t", ",\r\n  "} {
			for _, colon := range []string{":", " : ", ":\n"} {
				for _, interrupt := range []int{-1, 0, 15, 16, 17, 40, 99} {
					var b strings.Builder
					b.WriteString("{ ")
					for i := range 100 {
						if i > 0 {
							b.WriteString(sep)
						}
						fmt.Fprintf(&b, names[i%len(names)], i)
						b.WriteString(colon)
						switch {
						case i == interrupt:
							b.WriteString(deepBreaker)
						case i < scalarsFirst:
							b.WriteString("7")
						default:
							b.WriteString(values[i%len(values)])
						}
					}
					b.WriteString(" }")
					obj := b.String()
					data := []byte(`{"obj": ` + obj + `}`)
					packed, plain := mustParse(t, data), parsePlain(t, data)
					o := packed.Root().Get("obj")
					if got, want := o.packed() != nil, interrupt < 0; got != want {
						t.Fatalf("separator %q, colon %q, interrupted at %d: packed %v", sep, colon, interrupt, got)
					}
					if pk := o.packed(); pk != nil && (pk.every == denseMembers) != (scalarsFirst == 0) {
						t.Fatalf("scalars first %d: one start kept in %d", scalarsFirst, pk.every)
					}
					if d := sameTree(packed.Root(), plain.Root(), ""); d != "" {
						t.Fatalf("separator %q, colon %q, interrupted at %d: %s", sep, colon, interrupt, d)
					}
					if !bytes.Equal(packed.Encode(), data) {
						t.Fatalf("separator %q, colon %q, interrupted at %d: Encode differs", sep, colon, interrupt)
					}
					for i, m := range o.AllMembers() {
						key := m.Key()
						if got := o.Get(key); got == nil || got.Start() != m.Value.Start() {
							t.Fatalf("separator %q, colon %q: Get(%q) of member %d differs from its value in order", sep, colon, key, i)
						}
						if d := placeDiff(packed, plain, "/obj/"+escapeToken(key)); d != "" {
							t.Fatalf("separator %q, colon %q, interrupted at %d: %s", sep, colon, interrupt, d)
						}
					}

					// The same object with member 70's name repeated at 71, 77 or 99.
					for _, again := range []int{71, 77, 99} {
						first := fmt.Sprintf(names[70%len(names)], 70)
						at := strings.Index(obj, fmt.Sprintf(names[again%len(names)], again)+colon)
						dup := []byte(`{"obj": ` + obj[:at] + first + obj[at+len(fmt.Sprintf(names[again%len(names)], again)):] + `}`)
						_, errPacked := Parse(dup)
						var errPlain error
						withoutPacking(func() { _, errPlain = Parse(dup) })
						if errPacked == nil || errPlain == nil || errPacked.Error() != errPlain.Error() {
							t.Fatalf("separator %q, colon %q, repeated at %d: %v, not packed %v", sep, colon, again, errPacked, errPlain)
						}
					}
				}
			}
		}
	}
}

// TestWideObjectParseHeap: an object of 600,000 short members (`"1a":0`)
// is held, while it is parsed and after, in little more than its source
// and the duplicate check's last table: its members keep one name's start
// in sparseEvery, and the tables it outgrew are collected as it grows
// (nameTable.grow). The collector is off but for what the parse asks of
// it, so the heap left is what the parse kept or did not let go: 1.8
// times the source (its copy, the last table of 4 MB); 2.3 with every
// start kept, 2.6 with the outgrown tables left for the collector.
func TestWideObjectParseHeap(t *testing.T) {
	if testing.Short() {
		t.Skip("parses a 4.6 MB object")
	}
	var b bytes.Buffer
	b.WriteString("{")
	for i := range 600_000 {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `"%s":%d`, strconv.FormatInt(int64(i), 36), i%10)
	}
	b.WriteString("}")
	data := b.Bytes()

	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	d := mustParse(t, data)
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(data) // counted in before
	held := float64(after.HeapAlloc-before.HeapAlloc) / float64(len(data))
	t.Logf("%d bytes, %d members: %.2f× the source on the heap after the parse", len(data), d.Root().Len(), held)
	if d.Root().packed() == nil || d.Root().Len() != 600_000 {
		t.Fatalf("not packed, or %d members", d.Root().Len())
	}
	if held > 2 {
		t.Errorf("the parse left %.2f× its source on the heap, budget 2× (its copy, the last table of 4 MB)", held)
	}
}
