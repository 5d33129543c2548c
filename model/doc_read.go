package model

import (
	"encoding/json"
	"iter"
	"sort"
)

// Find returns the node at an RFC 6901 pointer ("" is the root), or nil.
func (d *Doc) Find(ptr string) *Node {
	if d == nil {
		return nil
	}
	tokens, err := SplitPointer(ptr)
	if err != nil {
		return nil
	}
	n, rest := d.walkStart(tokens)
	if n == nil {
		n, rest = d.tree(), tokens
	}
	for _, t := range rest {
		n = d.child(n, t)
		if n == nil {
			return nil
		}
	}
	if d.stream != nil && d.stream.incomplete(n) {
		d.tree() // the root or the streamed array: only the tree has them whole
		return d.Find(ptr)
	}
	return n
}

// child returns the member value or item named by one reference token.
func (n *Node) child(tok string) *Node {
	if n == nil {
		return nil
	}
	switch n.Kind {
	case Object:
		return n.Get(tok)
	case Array:
		return n.Index(arrayIndex(tok))
	}
	return nil
}

// member returns the member with the given key and its index, or nil, -1.
func (n *Node) member(key string) (*Member, int) {
	if n == nil || n.Kind != Object {
		return nil, -1
	}
	if pk := n.view().packed(); pk != nil {
		return pk.named(key)
	}
	ms := n.Members()
	for i := range ms {
		if ms[i].Key() == key {
			return &ms[i], i
		}
	}
	return nil, -1
}

// LineCol converts a byte offset of the source to a 1-based line and a
// 1-based column counted in characters (runes) of that line. A leading
// byte order mark is not counted. Offsets outside the source are clamped.
func (d *Doc) LineCol(offset int) (line, col int) {
	if offset < 0 {
		offset = 0
	}
	if offset > len(d.src) {
		offset = len(d.src)
	}
	// The line by binary search in the index built once per document, the
	// column counted from the nearest mark before offset in that line.
	x := d.lines.get(d.src)
	i := sort.Search(len(x.starts), func(i int) bool { return int(x.starts[i]) > offset }) - 1
	start := int(x.starts[i])
	if i == 0 && len(d.src) >= len(utf8BOM) && string(d.src[:len(utf8BOM)]) == string(utf8BOM) && offset >= len(utf8BOM) {
		start = len(utf8BOM)
	}
	return i + 1, x.column(d.src, start, offset) + 1
}

// Position returns the 1-based line and column where the value at ptr starts
// in the source. For a pointer whose node does not exist (a missing member),
// or a node created by an edit, it returns the position of the nearest
// existing ancestor. For the root of an empty position it returns 1, 1.
func (d *Doc) Position(ptr string) (line, col int) {
	n, _ := d.nearestSource(ptr)
	if n == nil {
		return 1, 1
	}
	return d.LineCol(n.Start())
}

// KeyPosition is Position for the key of an object member (where a person
// looks for "the field"); for array items and the root it equals Position.
func (d *Doc) KeyPosition(ptr string) (line, col int) {
	n, m := d.nearestSource(ptr)
	if m != nil && m.keyStart >= 0 {
		return d.LineCol(int(m.keyStart))
	}
	if n == nil {
		return 1, 1
	}
	return d.LineCol(n.Start())
}

// nearestSource walks ptr as far as it exists and returns the deepest node
// that has a position in the source. m is that node's member when the walk
// reached the full pointer through an object member.
func (d *Doc) nearestSource(ptr string) (best *Node, m *Member) {
	if d == nil {
		return nil, nil
	}
	all, err := SplitPointer(ptr)
	if err != nil {
		all = nil
	}
	n, tokens := d.walkStart(all)
	if n == nil {
		n, tokens = d.tree(), all
	}
	if n == nil {
		return nil, nil
	}
	if n.Start() >= 0 {
		best = n
	}
	for i, t := range tokens {
		var next *Node
		var mem *Member
		switch n.Kind {
		case Object:
			mem, _ = d.memberNamed(n, t)
			if mem != nil {
				next = mem.Value
			}
		case Array:
			next = n.Index(arrayIndex(t))
		}
		if next == nil {
			return best, nil
		}
		n = next
		if n.Start() < 0 {
			// Created by an edit: everything below is new as well, except
			// the rare source container that received a new member; stay
			// on the last source node.
			continue
		}
		best = n
		if i == len(tokens)-1 {
			m = mem
		}
	}
	return best, m
}

// Raw returns the bytes of a scalar token as written in the source (for
// strings, including the quotes and escapes), or the encoded bytes of a node
// created by an edit. For containers it returns nil; use Doc.Encode. The
// bytes are the document's source: read them, never modify them.
func (n *Node) Raw() []byte {
	if n == nil {
		return nil
	}
	return n.raw()
}

// Str returns the decoded value of a string node.
func (n *Node) Str() (string, bool) {
	if n == nil || n.Kind != String {
		return "", false
	}
	return decodeStringRaw(n.raw(), n.esc), true
}

// Text returns the decoded value of a string node, or "" for any other node
// (including nil).
func (n *Node) Text() string {
	s, _ := n.Str()
	return s
}

// BoolValue returns the value of a boolean node.
func (n *Node) BoolValue() (v, ok bool) {
	if n == nil || n.Kind != Bool {
		return false, false
	}
	return n.raw()[0] == 't', true
}

// Get returns the value of an object member, or nil (also for a nil n or a
// non-object).
func (n *Node) Get(key string) *Node {
	if n == nil || n.Kind != Object {
		return nil
	}
	members := n.inPlaceMembers()
	if n.n < 0 { // edited, packed or deep (doc_lazy.go)
		if pk := n.view().packed(); pk != nil {
			if m, _ := pk.named(key); m != nil {
				return m.Value
			}
			return nil
		}
		members = n.Members()
	}
	// A key written without escapes is compared where it is written: its
	// token's length and first byte tell most keys apart without the call
	// that compares two strings' bytes.
	plain := int32(len(key)) + 2
	for i := range members {
		m := &members[i]
		switch {
		case m.keyLen == plain:
			if k := m.Key(); key == "" || (k[0] == key[0] && k == key) {
				return m.Value
			}
		case m.keyLen <= 0 && m.Key() == key: // held decoded
			return m.Value
		}
	}
	return nil
}

// Index returns the i-th item of an array, or nil.
func (n *Node) Index(i int) *Node {
	if n != nil && n.Kind == Array && n.n >= 0 { // as parsed: the common case
		if i < 0 || i >= int(n.n) {
			return nil
		}
		ptrs, nodes := n.inPlaceItems()
		return itemAt(ptrs, nodes, i)
	}
	if n == nil || n.Kind != Array || i < 0 || i >= n.Len() {
		return nil
	}
	n = n.view()
	if pk := n.packed(); pk != nil {
		return pk.item(i)
	}
	ptrs, nodes := n.items()
	return itemAt(ptrs, nodes, i)
}

// itemAt reads item i of items held as pointers or side by side (the two
// forms inPlaceItems returns).
func itemAt(ptrs []*Node, nodes []Node, i int) *Node {
	if nodes != nil {
		return &nodes[i]
	}
	return ptrs[i]
}

// Items returns the items of an array in order; nil for anything else. The
// slice is the node's own: read it, never modify it; for a packed array
// (doc_packed.go), and an array of scalars as parsed (whose items lie side
// by side), it is made anew on each call. Walks read arrays with All,
// which makes no slice.
func (n *Node) Items() []*Node {
	if n == nil || n.Kind != Array {
		return nil
	}
	n = n.view()
	if pk := n.packed(); pk != nil {
		return pk.nodes()
	}
	return n.itemPointers()
}

// All yields the items of an array with their indexes, in order (nothing
// for anything else): how a walk reads an array.
func (n *Node) All() iter.Seq2[int, *Node] {
	return func(yield func(int, *Node) bool) { n.eachItem(yield, false, nil) }
}

// AllTransient yields the items of an array as All does, for a loop that
// keeps no node of an item once it moves on to the next: the items of a
// packed array (doc_packed.go) are made one after another in the same
// memory, so that a walk of a great many short items (a large card's
// skills) makes no garbage. An item, and every node read from it, is valid
// until the loop body returns; strings read from them stay valid.
func (n *Node) AllTransient() iter.Seq2[int, *Node] {
	return func(yield func(int, *Node) bool) { n.eachItem(yield, true, nil) }
}

// AllTransientOf is AllTransient for the items i for which want(i) holds:
// a packed array's other items are not made at all (a rule that reads
// the few skills with security requirements of a card of many).
func (n *Node) AllTransientOf(want func(i int) bool) iter.Seq2[int, *Node] {
	return func(yield func(int, *Node) bool) { n.eachItem(yield, true, want) }
}

// eachItem is All, with lent AllTransient, and with want AllTransientOf.
func (n *Node) eachItem(yield func(int, *Node) bool, lent bool, want func(int) bool) {
	if n == nil || n.Kind != Array {
		return
	}
	n = n.view()
	if pk := n.packed(); pk != nil {
		pk.each(yield, lent, want)
		return
	}
	ptrs, nodes := n.items()
	for i := range nodes {
		if (want == nil || want(i)) && !yield(i, &nodes[i]) {
			return
		}
	}
	for i, it := range ptrs {
		if (want == nil || want(i)) && !yield(i, it) {
			return
		}
	}
}

// AllMembers yields the members of an object with their indexes, in order
// (nothing for anything else): how a walk reads an object. A packed
// object's members are made as they are yielded, not all at once as
// Members makes them.
func (n *Node) AllMembers() iter.Seq2[int, Member] {
	return func(yield func(int, Member) bool) {
		if n == nil || n.Kind != Object {
			return
		}
		if pk := n.view().packed(); pk != nil {
			pk.eachMember(yield)
			return
		}
		for i, m := range n.Members() {
			if !yield(i, m) {
				return
			}
		}
	}
}

// Len is the number of members or items (0 for scalars and nil).
func (n *Node) Len() int {
	if n == nil || (n.Kind != Object && n.Kind != Array) {
		return 0
	}
	if n.n >= 0 { // as parsed: the common case
		return int(n.n)
	}
	n = n.view()
	if n.n >= 0 {
		return int(n.n)
	}
	if pk := n.packed(); pk != nil {
		return pk.len()
	}
	x := n.ext()
	switch {
	case n.Kind == Object:
		return len(x.members)
	}
	return len(x.items)
}

// Interface converts the node to the values encoding/json would produce with
// UseNumber: map[string]any, []any, string, json.Number, bool, nil. It is
// what the JSON Schema validator consumes; no second parse of the bytes.
// Each call builds fresh values, so the caller may modify them.
func (n *Node) Interface() any {
	if n == nil {
		return nil
	}
	switch n.Kind {
	case String:
		return decodeStringRaw(n.raw(), n.esc)
	case Number:
		return json.Number(n.raw())
	case Bool:
		return n.raw()[0] == 't'
	case Object:
		m := make(map[string]any, n.Len())
		for _, mem := range n.Members() {
			m[mem.Key()] = mem.Value.Interface()
		}
		return m
	case Array:
		a := make([]any, n.Len())
		for i, it := range n.All() {
			a[i] = it.Interface()
		}
		return a
	}
	return nil
}
