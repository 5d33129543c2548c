package model

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// withPackMin runs f with every array of at least min scalars packed.
// withPackMin runs f with arrays and objects packed from min items or
// members on.
func withPackMin(t *testing.T, min int, f func()) {
	t.Helper()
	withSetting(&packMin, min, func() { withSetting(&packMembersMin, min, f) })
}

// withoutPacking runs f with no array or object packed.
func withoutPacking(f func()) {
	withSetting(&packMin, 1<<30, func() { withSetting(&packMembersMin, 1<<30, f) })
}

// withSetting runs f with *setting set to v, and restores it.
func withSetting[T any](setting *T, v T, f func()) {
	old := *setting
	*setting = v
	defer func() { *setting = old }()
	f()
}

// jsonArray is the JSON array of n items, item(i) the text of the i-th.
func jsonArray(n int, item func(i int) string) []byte {
	var b bytes.Buffer
	b.WriteString("[")
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(item(i))
	}
	b.WriteString("]")
	return b.Bytes()
}

// scalarArray is a JSON array of n scalars of every kind, escapes and
// characters outside ASCII included, written with sep between items.
func scalarArray(n int, sep string) []byte {
	var b bytes.Buffer
	ws := strings.ReplaceAll(sep, ",", "")
	b.WriteString("[" + ws) // whitespace before the first item too
	for i := range n {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(scalarItem(i))
	}
	b.WriteString(ws + "]")
	return b.Bytes()
}

// scalarItem is the i-th of scalarArray's items: scalars of every kind in
// turn, escapes and characters outside ASCII included.
func scalarItem(i int) string {
	switch i % 7 {
	case 0:
		return strconv.Itoa(i*7919 - 5000)
	case 1:
		return strconv.Itoa(i) + ".25e-3"
	case 2:
		return `"s` + strconv.Itoa(i) + `"`
	case 3:
		return `"q\"\\\u00e9 \ud83d\ude00 ü"`
	case 4:
		return "true"
	case 5:
		return "false"
	}
	return "null"
}

// TestPackedArrays: an array of packMin scalars or more keeps offsets, not
// nodes, and reads as the same values as any other array: Len, Index, All,
// Items, Interface, Find and positions, Encode byte for byte.
func TestPackedArrays(t *testing.T) {
	for _, sep := range []string{",", ", ", ",\n    ", " ,\t"} {
		for _, n := range []int{packMin - 1, packMin, 500} {
			data := []byte(`{"before": 1, "list": ` + string(scalarArray(n, sep)) + `, "after": [{"x": 1}]}`)
			d := mustParse(t, data)
			list := d.Root().Get("list")
			if got, want := list.packed() != nil, n >= packMin; got != want {
				t.Fatalf("%d items, separator %q: packed %v, want %v", n, sep, got, want)
			}
			var std struct{ List []any }
			dec := json.NewDecoder(bytes.NewReader(data))
			dec.UseNumber()
			if err := dec.Decode(&std); err != nil {
				t.Fatal(err)
			}
			if list.Len() != n || len(list.Items()) != n {
				t.Fatalf("Len %d, Items %d, want %d", list.Len(), len(list.Items()), n)
			}
			if got := list.Interface(); !reflect.DeepEqual(got, std.List) {
				t.Fatalf("Interface differs from encoding/json:\n%v\n%v", got, std.List)
			}
			seen := 0
			for i, it := range list.All() {
				if i != seen {
					t.Fatalf("All yielded index %d, want %d", i, seen)
				}
				seen++
				raw, _ := json.Marshal(std.List[i])
				if it.Kind == Number {
					raw = []byte(std.List[i].(json.Number))
				}
				if got := it.Interface(); !reflect.DeepEqual(got, std.List[i]) {
					t.Fatalf("item %d: %v, want %s", i, got, raw)
				}
				if !bytes.Equal(it.Raw(), data[it.Start():it.End()]) {
					t.Fatalf("item %d: Raw %q, source %q", i, it.Raw(), data[it.Start():it.End()])
				}
				idx := list.Index(i)
				if idx.Start() != it.Start() || idx.End() != it.End() || idx.Kind != it.Kind {
					t.Fatalf("item %d: Index and All disagree", i)
				}
				ptr := fmt.Sprintf("/list/%d", i)
				if f := d.Find(ptr); f == nil || f.Start() != it.Start() {
					t.Fatalf("Find(%s) = %v", ptr, f)
				}
				line, col := d.Position(ptr)
				if wl, wc := lineColIn(data, it.Start()); line != wl || col != wc {
					t.Fatalf("Position(%s) = %d:%d, want %d:%d", ptr, line, col, wl, wc)
				}
			}
			if seen != n {
				t.Fatalf("All yielded %d items, want %d", seen, n)
			}
			if !bytes.Equal(d.Encode(), data) {
				t.Fatal("Encode differs from the source")
			}
		}
	}
}

// TestPackedArraysHoldFlatContainersOnly: an array with a flat container
// among its scalars packs with it, wherever the container is, small and
// deep ones too, and one with a container that is not flat (larger than
// flatMaxBytes) is an ordinary one; either reads the container's members.
func TestPackedArraysHoldFlatContainersOnly(t *testing.T) {
	const levels = 8
	deep := strings.Repeat("[", levels) + `{"k":[1,2]}` + strings.Repeat("]", levels)
	for _, container := range []struct {
		src, k1 string // the container, and the pointer of "k"'s second item inside it
		packs   bool
	}{
		{`{"k": [1, 2]}`, "/k/1", true},
		{`{"k": [1, 2], "pad": "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}`, "/k/1", false},
		{deep, strings.Repeat("/0", levels) + "/k/1", true},
	} {
		for _, at := range []int{0, 1, 40, 99} {
			items := make([]string, 100)
			for i := range items {
				items[i] = fmt.Sprint(i)
			}
			items[at] = container.src
			data := []byte("[" + strings.Join(items, ", ") + "]")
			d := mustParse(t, data)
			if got := d.Root().packed() != nil; got != container.packs {
				t.Fatalf("%s at %d: packed %v", container.src, at, got)
			}
			if got := string(d.Find(fmt.Sprintf("/%d%s", at, container.k1)).Raw()); got != "2" {
				t.Fatalf("%s at %d: k/1 = %q", container.src, at, got)
			}
			if d.Root().Len() != 100 || !bytes.Equal(d.Encode(), data) {
				t.Fatalf("%s at %d: Len %d or Encode differs", container.src, at, d.Root().Len())
			}
		}
	}
}

// TestEveryScalarEditPacked is TestEveryScalarEdit with every array of
// scalars packed (even of one item): each edit of an item, or deletion,
// changes exactly its bytes, the array unpacked first.
func TestEveryScalarEditPacked(t *testing.T) {
	withPackMin(t, 1, func() {
		checkEveryEditOfRoundtrips(t)
		checkEveryEdit(t, "scalar array", []byte(`{"a": `+string(scalarArray(40, ",\n  "))+"}"), 0)
	})
}

// TestPackedEditsMatchUnpacked: inserts, moves, deletions and sets on a
// packed array give the bytes they give on the same array of nodes.
func TestPackedEditsMatchUnpacked(t *testing.T) {
	data := []byte("{\n  \"a\": " + string(scalarArray(60, ",\n    ")) + "\n}\n")
	edits := []func(d *Doc) error{
		func(d *Doc) error { return d.Insert("/a/0", []byte(`"first"`)) },
		func(d *Doc) error { return d.Insert("/a/-", []byte(`[1, {"b": 2}]`)) },
		func(d *Doc) error { return d.Move("/a/3", "/a/50") },
		func(d *Doc) error { return d.Move("/a/59", "/a/0") },
		func(d *Doc) error { return d.Delete("/a/0") },
		func(d *Doc) error { return d.Delete("/a/59") },
		func(d *Doc) error { return d.SetValue("/a/7", map[string]any{"n": 1}) },
		func(d *Doc) error { return d.SetValue("/a/8", "eight") },
		func(d *Doc) error { return d.SetValue("/a", []any{1, 2, "three"}) },
		func(d *Doc) error { return d.Set("/a", scalarArray(70, ", ")) },
	}
	for k, edit := range edits {
		var packed, plain []byte
		for _, min := range []int{1, 1 << 30} {
			withPackMin(t, min, func() {
				d := mustParse(t, data)
				if (d.Root().Get("a").packed() != nil) != (min == 1) {
					t.Fatalf("edit %d: packing not as set", k)
				}
				if err := edit(d); err != nil {
					t.Fatalf("edit %d: %v", k, err)
				}
				out := d.Encode()
				if _, err := Parse(out); err != nil {
					t.Fatalf("edit %d: the result does not parse: %v", k, err)
				}
				if min == 1 {
					packed = out
				} else {
					plain = out
				}
			})
		}
		if !bytes.Equal(packed, plain) {
			t.Errorf("edit %d: packed array gives\n%s\nordinary array gives\n%s", k, packed, plain)
		}
	}
}

// TestPackedCloneIsIndependent: an edit of a clone leaves the original's
// packed array as it was.
func TestPackedCloneIsIndependent(t *testing.T) {
	data := []byte(`{"a": ` + string(scalarArray(50, ", ")) + `}`)
	d := mustParse(t, data)
	c := d.Clone()
	if err := c.SetValue("/a/2", "changed"); err != nil {
		t.Fatal(err)
	}
	if err := c.Delete("/a/0"); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(d.Encode(), data) || d.Root().Get("a").packed() == nil {
		t.Fatal("the original changed with its clone")
	}
	if got := c.Find("/a/1").Text(); got != "changed" {
		t.Fatalf("clone: /a/1 = %q", got)
	}
}

// TestConcurrentReadsPacked: reads of packed arrays may run in parallel
// (run with -race): their items are made afresh, nothing is written.
func TestConcurrentReadsPacked(t *testing.T) {
	d := mustParse(t, []byte(`{"a": `+string(scalarArray(200, ",\n"))+`, "b": {"c": [1]}}`))
	want := string(d.Encode())
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range 30 {
				if string(d.Encode()) != want {
					t.Error("Encode differs between calls")
				}
				_ = d.Root().Interface()
				d.Position(fmt.Sprintf("/a/%d", j))
				_ = d.Find("/a/3").Text()
				for _, it := range d.Root().Get("a").All() {
					_ = it.Raw()
				}
				_ = d.Root().Get("a").Items()
			}
		}()
	}
	wg.Wait()
}

// TestPackedArrayMemory: a document that is one long array of numbers is
// held in little more than its bytes: the copy Parse makes, 4 bytes an
// item, the parser's note of 4 bytes an item while it parses.
// TestPackedArrayOfShortItemsMemory: an array of one-digit numbers, two
// bytes an item, keeps one offset in sparseEvery items, so that its
// offsets (four bytes each) do not outweigh its source while it is parsed
// or after.
func TestPackedArrayOfShortItemsMemory(t *testing.T) {
	data := jsonArray(500_000, func(i int) string { return strconv.Itoa(i * 7 % 10) })
	got := parseAllocBytes(t, data)
	ratio := float64(got) / float64(len(data))
	t.Logf("%d bytes of one-digit numbers: %d allocated (%.2f×)", len(data), got, ratio)
	if ratio > 1.5 {
		t.Errorf("Parse allocated %.2f× the source (%d bytes for %d), budget 1.5×", ratio, got, len(data))
	}
	d := mustParse(t, data)
	for _, i := range []int{0, 1, 15, 16, 17, 31, 499_999} {
		if got, want := string(d.Root().Index(i).Raw()), strconv.Itoa(i*7%10); got != want {
			t.Fatalf("item %d = %q, want %q", i, got, want)
		}
	}
}

func TestPackedArrayMemory(t *testing.T) {
	data := jsonArray(100_000, func(i int) string { return strconv.Itoa(1_000_000 + i*37) }) // 7 digits, 8 bytes an item
	got := parseAllocBytes(t, data)
	ratio := float64(got) / float64(len(data))
	t.Logf("%d bytes of numbers: %d allocated (%.2f×)", len(data), got, ratio)
	if ratio > 2.5 {
		t.Errorf("Parse allocated %.2f× the source (%d bytes for %d), budget 2.5×", ratio, got, len(data))
	}
}

// TestSparsePackedArraysReadEveryItem: a packed array keeps one start in
// sparseEvery and finds the others by reading the source on, past
// strings that hold brackets, quotes and backslashes, and whitespace; each
// item reads as in an array not packed, by index and in order, also when
// an item of another kind ends the packing at any point.
func TestSparsePackedArraysReadEveryItem(t *testing.T) {
	items := []string{`[]`, `{}`, `{"a": "]}"}`, `["\"[", 1]`, `{"k": "\\"}`, `[true, null]`, `{"x": [1, "}"]}`, `"]"`, `"\\\""`, `7`, `-1.5e3`, `null`}
	for _, sep := range []string{",", " ,\n\t", ",\r\n  "} {
		for _, interrupt := range []int{-1, 0, 15, 16, 17, 40, 99} {
			var b strings.Builder
			b.WriteString("[ ")
			for i := range 100 {
				if i > 0 {
					b.WriteString(sep)
				}
				switch {
				case i == interrupt:
					b.WriteString(deepBreaker)
				case i < 50:
					b.WriteString(items[i%7]) // containers
				default:
					b.WriteString(items[7+i%5]) // scalars: another array's kind, not packed with them
				}
			}
			b.WriteString(" ]")
			data := []byte(`{"list": ` + b.String() + `}`)
			var want any
			withoutPacking(func() { want = mustParse(t, data).Root().Get("list").Interface() })
			d := mustParse(t, data)
			list := d.Root().Get("list")
			if got := list.Interface(); !reflect.DeepEqual(got, want) {
				t.Fatalf("separator %q, interrupted at %d: %v, want %v", sep, interrupt, got, want)
			}
			wantItems := want.([]any)
			for i, it := range list.All() {
				if idx := list.Index(i); idx.Start() != it.Start() || !reflect.DeepEqual(idx.Interface(), wantItems[i]) {
					t.Fatalf("separator %q, interrupted at %d: item %d by index %v, in order %v", sep, interrupt, i, idx.Interface(), it.Interface())
				}
			}
			if !bytes.Equal(d.Encode(), data) {
				t.Fatalf("separator %q, interrupted at %d: Encode differs", sep, interrupt)
			}
		}
	}
	// Arrays of one kind throughout, packed: every item by index.
	for k, item := range items {
		data := jsonArray(100, func(int) string { return item })
		d := mustParse(t, data)
		if d.Root().packed() == nil {
			t.Fatalf("an array of 100 %s is not packed", item)
		}
		for i := range 100 {
			n := d.Root().Index(i)
			if got := string(data[n.Start():n.End()]); got != item {
				t.Fatalf("items %d: item %d is %q, want %q", k, i, got, item)
			}
		}
	}
}

// TestPackingGivesBackItsFirstNodes: a container that packs at its 32nd
// item or member gives back the nodes and members its first ones took
// (parser.giveBack). In an array that does not pack itself, arrays of 32
// one-digit numbers (65 bytes each) beside arrays nested three deep held
// 31 nodes of 24 bytes each beside their offsets: the tree was 14.5 times
// the document; 4.1 with them given back, 2.8 now that a packed container
// needs no nodeExt beside its offsets (packedMark). Arrays of 32 short
// strings 7.8, 2.2, 1.5 times; objects of 32 short members 4.2, 1.2, 0.8.
func TestPackingGivesBackItsFirstNodes(t *testing.T) {
	small := func(item string) string { return "[" + strings.Repeat(item+",", 31) + item + "]" }
	var members []string
	for j := range 32 {
		members = append(members, `"k`+strconv.Itoa(j)+`":`+strconv.Itoa(j%10))
	}
	for _, tc := range []struct {
		what   string
		item   string
		budget float64
	}{
		{"arrays of 32 one-digit numbers", small("7"), 3.2},
		{"arrays of 32 short strings", small(`"a"`), 1.8},
		{"objects of 32 short members", "{" + strings.Join(members, ",") + "}", 1.0},
	} {
		data := bulkOf("[", "]", 20_000, func(b *strings.Builder, i int) {
			if i%2 == 0 {
				b.WriteString(tc.item)
			} else {
				b.WriteString(`[[[1]]]`) // three deep: the bulk itself does not pack
			}
		})
		d := mustParse(t, data)
		if d.Root().Get("bulk").packed() != nil || d.Root().Get("bulk").Index(0).packed() == nil {
			t.Fatalf("%s: the bulk packs, or its items do not", tc.what)
		}
		assertTreeSize(t, tc.what, data, tc.budget)
	}
}

// TestPackedDeeperItems: with a large document's flat items (up to
// flatMaxLargeBytes, in a smaller document for the test's time), an array
// of small items three levels deep ([[[7]]], {"a":{"b":{"c":7}}}) or
// twenty (deeper than the parse keeps nodes for), of
// arrays of 32 numbers (each packed itself), or of scalars and small
// containers in turn, packs as an array of flat containers: four nodes of
// 24 bytes for 8 bytes of source were 14 times the document, a node for
// each digit and each `[]` 18 times. Packed, it reads as the array of
// nodes does.
func TestPackedDeeperItems(t *testing.T) {
	for _, tc := range []struct {
		what string
		item func(i int) string
	}{
		{"arrays three deep", func(i int) string { return "[[[" + strconv.Itoa(i%10) + "]]]" }},
		{"objects three deep", func(i int) string { return `{"a":{"b":{"c":` + strconv.Itoa(i%10) + "}}}" }},
		{"arrays of 32 numbers", func(i int) string { return "[" + strings.Repeat(strconv.Itoa(i%10)+",", 31) + "0]" }},
		{"arrays twenty deep (the parse keeps the deepest as bytes)", func(i int) string {
			return strings.Repeat("[", 20) + strconv.Itoa(i%10) + strings.Repeat("]", 20)
		}},
		{"objects eighteen deep", func(i int) string {
			return strings.Repeat(`{"a":`, 18) + strconv.Itoa(i%10) + strings.Repeat("}", 18)
		}},
		{"digits and empty arrays in turn", func(i int) string { return []string{strconv.Itoa(i % 10), "[]"}[i%2] }},
		{"strings and small objects in turn", func(i int) string { return []string{`"a"`, `{"a":` + strconv.Itoa(i%10) + "}"}[i%2] }},
		{"an object first, then digits and arrays", func(i int) string { return []string{`{"a":1,"b":[2]}`, "7", "[7]"}[min(i, 1+i%2)] }},
		{"three deep and packed arrays in turn", func(i int) string {
			if i%2 == 0 {
				return "[[[" + strconv.Itoa(i%10) + "]]]"
			}
			return "[" + strings.Repeat("7,", 31) + "0]"
		}},
	} {
		per := 0 // the bytes of a hundred items: about 512 KiB of them
		for i := range 100 {
			per += len(tc.item(i)) + 1
		}
		data := bulkOf("[", "]", 50<<20/per, func(b *strings.Builder, i int) { b.WriteString(tc.item(i)) })
		var packed *Doc
		withSetting(&flatMaxBytes, flatMaxLargeBytes, func() { packed = mustParse(t, data) })
		bulk := packed.Root().Get("bulk")
		if pk := bulk.packed(); pk == nil || !pk.flat {
			t.Fatalf("%s (%d bytes): the bulk is not packed as flat items", tc.what, len(data))
		}
		var plain *Doc
		withoutPacking(func() { plain = mustParse(t, data) })
		if d := sameTree(packed.Root(), plain.Root(), ""); d != "" {
			t.Fatalf("%s: %s", tc.what, d)
		}
		for _, i := range []int{0, 1, 15, 16, 17, bulk.Len() - 1} {
			if d := placeDiff(packed, plain, "/bulk/"+strconv.Itoa(i)); d != "" {
				t.Fatalf("%s: %s", tc.what, d)
			}
		}
		withSetting(&flatMaxBytes, flatMaxLargeBytes, func() { assertTreeSize(t, tc.what, data, 0.6) })
	}
}
