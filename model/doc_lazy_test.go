package model

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
)

// withLazyDepth runs f with containers deeper than depth kept as deep
// containers.
func withLazyDepth(t *testing.T, depth int, f func()) { t.Helper(); withSetting(&lazyDepth, depth, f) }

// deepDoc nests arrays and objects depth levels below a card-like top,
// with scalars, strings with escapes and several members at every level,
// pretty-printed or not.
func deepDoc(depth int, pretty bool) []byte {
	var b strings.Builder
	nl := func(level int) {
		if pretty {
			b.WriteString("\n" + strings.Repeat("  ", level))
		}
	}
	b.WriteString(`{"name": "deep", "bulk": `)
	var open func(level int)
	open = func(level int) {
		if level == depth {
			fmt.Fprintf(&b, `"leaf \u00e9 %d"`, level)
			return
		}
		if level%2 == 0 {
			b.WriteString("[")
			nl(level + 1)
			fmt.Fprintf(&b, "%d, true,", level)
			nl(level + 1)
			open(level + 1)
			b.WriteString(", null")
			nl(level)
			b.WriteString("]")
			return
		}
		b.WriteString("{")
		nl(level + 1)
		fmt.Fprintf(&b, `"k%d": "v\"%d",`, level, level)
		nl(level + 1)
		b.WriteString(`"next": `)
		open(level + 1)
		b.WriteString(`, "z": 1.5e3`)
		nl(level)
		b.WriteString("}")
	}
	open(0)
	b.WriteString(`, "after": [1, 2]}`)
	return []byte(b.String())
}

// TestDeepContainers: a document nested deeper than lazyDepth reads as the
// same values, positions and bytes as with every container kept as nodes.
func TestDeepContainers(t *testing.T) {
	for _, pretty := range []bool{false, true} {
		data := deepDoc(60, pretty)
		var plain *Doc
		withLazyDepth(t, 1<<30, func() { plain = mustParse(t, data) })
		d := mustParse(t, data)
		deep := 0
		for _, ptr := range allPointers(plain.Root(), "", nil) {
			a, b := plain.Find(ptr), d.Find(ptr)
			if b == nil || a.Start() != b.Start() || a.End() != b.End() || a.Kind != b.Kind || a.Len() != b.Len() {
				t.Fatalf("pretty %v: %s: %v, want %v", pretty, ptr, b, a)
			}
			if b.lazy() != nil {
				deep++
			}
			l1, c1 := plain.KeyPosition(ptr)
			l2, c2 := d.KeyPosition(ptr)
			if l1 != l2 || c1 != c2 {
				t.Fatalf("pretty %v: KeyPosition(%s) = %d:%d, want %d:%d", pretty, ptr, l2, c2, l1, c1)
			}
		}
		if deep == 0 {
			t.Fatalf("pretty %v: no deep container", pretty)
		}
		if !reflect.DeepEqual(d.Root().Interface(), decodeStd(t, data)) {
			t.Fatalf("pretty %v: Interface differs from encoding/json", pretty)
		}
		if !bytes.Equal(d.Encode(), data) || d.Style() != plain.Style() {
			t.Fatalf("pretty %v: Encode or Style differs", pretty)
		}
	}
}

// TestDeepEditsMatchPlain: edits inside deep containers give the bytes
// they give with every container kept as nodes.
func TestDeepEditsMatchPlain(t *testing.T) {
	data := deepDoc(40, true)
	var ptr string // the array at depth 30 under bulk
	for level := range 30 {
		if level%2 == 0 {
			ptr += "/2"
		} else {
			ptr += "/next"
		}
	}
	ptr = "/bulk" + ptr
	edits := []func(d *Doc) error{
		func(d *Doc) error { return d.SetValue(ptr+"/0", "changed") },
		func(d *Doc) error { return d.Delete(ptr + "/1") },
		func(d *Doc) error { return d.Insert(ptr+"/0", []byte(`{"new": [1]}`)) },
		func(d *Doc) error { return d.Move(ptr+"/0", ptr+"/3") },
		func(d *Doc) error { return d.Set(ptr+"/2/k31", []byte(`"other"`)) },
		func(d *Doc) error { return d.Set(ptr+"/2/added", []byte(`[true]`)) },
		func(d *Doc) error { return d.SetValue("/bulk/2", map[string]any{"k1": "v\"1", "z": 2}) },
		func(d *Doc) error { return d.Delete(ptr) },
	}
	for k, edit := range edits {
		var got [2][]byte
		for i, depth := range []int{4, 1 << 30} {
			withLazyDepth(t, depth, func() {
				d := mustParse(t, data)
				if err := edit(d); err != nil {
					t.Fatalf("edit %d: %v", k, err)
				}
				got[i] = d.Encode()
				if c := d.Clone(); !bytes.Equal(c.Encode(), got[i]) {
					t.Fatalf("edit %d: the clone encodes differently", k)
				}
			})
		}
		if !bytes.Equal(got[0], got[1]) {
			t.Errorf("edit %d: with deep containers\n%s\nwith nodes\n%s", k, got[0], got[1])
		}
	}
}

// TestEveryScalarEditDeep is TestEveryScalarEdit with every container
// below the second level deep.
func TestEveryScalarEditDeep(t *testing.T) {
	withLazyDepth(t, 2, func() {
		checkEveryEditOfRoundtrips(t)
		checkEveryEdit(t, "deep", deepDoc(12, true), 0)
	})
}

// TestDeepErrors: what is wrong inside a deep container is reported as it
// is without them: the depth limit, duplicate members with their pointer,
// syntax.
func TestDeepErrors(t *testing.T) {
	for _, data := range []string{
		strings.Repeat("[", 300) + strings.Repeat("]", 300),
		`{"a": ` + strings.Repeat(`{"b": `, 30) + `{"x": 1, "x": 2}` + strings.Repeat("}", 30) + "}",
		`{"a": ` + strings.Repeat(`[`, 30) + `1,]` + strings.Repeat("]", 29) + "}",
		`{"a": ` + strings.Repeat(`[`, 30) + "\"\xff\"" + strings.Repeat("]", 30) + "}",
	} {
		var want, got error
		withLazyDepth(t, 1<<30, func() { _, want = Parse([]byte(data)) })
		_, got = Parse([]byte(data))
		if want == nil || got == nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%.40q: %v, want %v", data, got, want)
		}
	}
}

// TestConcurrentReadsDeep: deep containers may be read in parallel (run
// with -race): each read parses again or takes the last subtree read.
func TestConcurrentReadsDeep(t *testing.T) {
	d := mustParse(t, deepDoc(50, false))
	want := string(d.Encode())
	ptrs := allPointers(d.Root(), "", nil)
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range 20 {
				if string(d.Encode()) != want {
					t.Error("Encode differs between calls")
				}
				_ = d.Root().Interface()
				p := ptrs[(g*7+j*13)%len(ptrs)]
				d.Position(p)
				_ = d.Find(p).Len()
			}
		}()
	}
	wg.Wait()
}

// TestDeepNestingMemory: arrays nested to the depth limit, many of them,
// are held in a few times their bytes: a node per container down to
// lazyDepth (16 of 250 here), none below; 20 times their bytes otherwise.
func TestDeepNestingMemory(t *testing.T) {
	one := strings.Repeat("[", 250) + "1" + strings.Repeat("]", 250)
	data := []byte("[" + strings.TrimSuffix(strings.Repeat(one+",", 400), ",") + "]")
	got := parseAllocBytes(t, data)
	ratio := float64(got) / float64(len(data))
	t.Logf("%d bytes of nested arrays: %d allocated (%.2f×)", len(data), got, ratio)
	if ratio > 3.5 {
		t.Errorf("Parse allocated %.2f× the source (%d bytes for %d), budget 3.5×", ratio, got, len(data))
	}
}

// TestKeptAsBytes: a deep container and a packed array give their bytes as
// written; a container kept as nodes, and a packed array once edited, give
// none.
func TestKeptAsBytes(t *testing.T) {
	deep := strings.Repeat(`[`, 20) + `"x", 1` + strings.Repeat(`]`, 20)
	items := make([]string, 40)
	for i := range items {
		items[i] = fmt.Sprint(i)
	}
	packed := `[` + strings.Join(items, ", ") + `]`
	src := `{"deep": ` + deep + `, "packed": ` + packed + `, "small": [1, 2]}`
	doc, err := Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	root := doc.Root()
	if got := root.KeptAsBytes(); got != nil {
		t.Errorf("the root gives %q", got)
	}
	if got := root.Get("small").KeptAsBytes(); got != nil {
		t.Errorf("a small array gives %q", got)
	}
	if got := string(root.Get("packed").KeptAsBytes()); got != packed {
		t.Errorf("the packed array gives %q, want %q", got, packed)
	}
	n := root.Get("deep")
	for n.KeptAsBytes() == nil && n.Len() > 0 {
		n = n.Index(0)
	}
	if got := string(n.KeptAsBytes()); !strings.Contains(deep, got) || !strings.HasPrefix(got, `[[`) || !strings.HasSuffix(got, `]]`) || !strings.Contains(got, `"x", 1`) {
		t.Errorf("the deep container gives %q", got)
	}
	if err := doc.Set("/packed/3", []byte(`"three"`)); err != nil {
		t.Fatal(err)
	}
	if got := doc.Root().Get("packed").KeptAsBytes(); got != nil {
		t.Errorf("the packed array once edited gives %q", got)
	}
}
