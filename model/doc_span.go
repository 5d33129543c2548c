package model

import "unsafe"

// span is a run of separator bytes (whitespace, or a colon with its
// whitespace) of the Doc's source, held as an offset and a length rather
// than a slice: the parse tree has one per element and side, and offsets
// keep the nodes small and free of pointers the collector must follow.
//
// Every separator the tree holds comes from its own document's source
// (edits reuse the separators of neighbouring elements), except the single
// space a layout supplies when the source has none to copy: off < 0 stands
// for it.
type span struct{ off, n int32 }

// spaceSpan is the one separator that is not in the source: " ".
var spaceSpan = span{off: -1, n: 1}

var oneSpace = []byte{' '}

// spanOf records src[start:end].
func spanOf(start, end int) span { return span{off: int32(start), n: int32(end - start)} }

// bytes returns the separator's bytes; nil when it is empty. The bytes are
// the source's: read them, never modify them.
func (s span) bytes(src []byte) []byte {
	switch {
	case s.n == 0:
		return nil
	case s.off < 0:
		return oneSpace
	}
	return src[s.off : s.off+s.n : s.off+s.n]
}

// maxSourceBytes bounds documents so that every offset fits a span.
const maxSourceBytes = 1<<31 - 1

// raw returns the token bytes of a scalar (nil for containers). They belong
// to the source the node was parsed from: read them, never modify them.
func (n *Node) raw() []byte {
	if n.ref == nil || n.Kind == Object || n.Kind == Array {
		return nil
	}
	return unsafe.Slice((*byte)(n.ref), n.n)
}

// nodeExt holds what a container needs once it is edited, or when it is a
// packed array: its children as slices that edits may grow, and the
// separators captured at its first structural edit.
type nodeExt struct {
	members []Member
	items   []*Node
	seps    []seps // a source container's: the separators of each element (seps.go)
	lay     *layout
}

// ext returns the container's extension, nil while its children are held
// in place as parsed.
func (n *Node) ext() *nodeExt {
	if n.n != -1 || (n.Kind != Object && n.Kind != Array) {
		return nil
	}
	return (*nodeExt)(n.ref)
}

// edit returns the container's extension, moving its children into one
// first, with the separators of its elements read from src while they
// still sit where the source has them: what every change of a container's
// children, or of one of them in place, goes through.
func (n *Node) edit(src []byte) *nodeExt {
	n.unpack() // a deep container's subtree, a packed array's items: made its own
	x := n.ext()
	if x == nil {
		x = &nodeExt{}
		if n.Kind == Object {
			x.members = n.Members()
		} else {
			x.items = n.itemPointers()
			n.esc = false
		}
		n.ref, n.n = unsafe.Pointer(x), -1
	}
	if x.seps == nil && n.Start() >= 0 {
		count := n.Len()
		x.seps = make([]seps, count)
		for i := range count {
			x.seps[i] = sourceSeps(src, n, i)
		}
	}
	return x
}

// Members returns the members of an object in order; nil for anything
// else. The slice is the node's own: read it, never modify it.
func (n *Node) Members() []Member {
	if n == nil || n.Kind != Object {
		return nil
	}
	if n.n >= 0 { // as parsed: the common case, without view's tests
		return n.inPlaceMembers()
	}
	n = n.view()
	if pk := n.packed(); pk != nil {
		return pk.members()
	}
	if x := n.ext(); x != nil {
		return x.members
	}
	if n.n == 0 {
		return nil
	}
	return unsafe.Slice((*Member)(n.ref), n.n)
}

// inPlaceMembers returns the members of an object held as parsed (n.n
// members at ref; none when n.n is not positive).
func (n *Node) inPlaceMembers() []Member {
	if n.n <= 0 {
		return nil
	}
	return unsafe.Slice((*Member)(n.ref), n.n)
}

// sideBySide reports whether the items of an array held as parsed lie
// side by side, ref their first: the parser makes no slice of pointers for
// an array whose items it carved one after another (scalars, mostly).
func (n *Node) sideBySide() bool { return n.esc && n.Kind == Array && n.n > 0 }

// inPlaceItems returns the items of an array held as parsed: pointers to
// them, or (sideBySide) the items themselves.
func (n *Node) inPlaceItems() (ptrs []*Node, nodes []Node) {
	switch {
	case n.n <= 0:
		return nil, nil
	case n.sideBySide():
		return nil, unsafe.Slice((*Node)(n.ref), n.n)
	}
	return unsafe.Slice((**Node)(n.ref), n.n), nil
}

// items returns an array's items as held, as inPlaceItems does; none for
// a packed array, which its callers unpack first or read through Index
// and All.
func (n *Node) items() (ptrs []*Node, nodes []Node) {
	if n.n >= 0 {
		return n.inPlaceItems()
	}
	n = n.view()
	if x := n.ext(); x != nil {
		return x.items, nil
	}
	return n.inPlaceItems()
}

// itemPointers returns an array's items as held, as pointers: made for
// items side by side.
func (n *Node) itemPointers() []*Node {
	ptrs, nodes := n.items()
	if nodes == nil {
		return ptrs
	}
	ptrs = make([]*Node, len(nodes))
	for i := range nodes {
		ptrs[i] = &nodes[i]
	}
	return ptrs
}

// layout returns the separators captured for a source container, or nil.
func (n *Node) layout() *layout {
	if x := n.ext(); x != nil {
		return x.lay
	}
	return nil
}

// colonSpan is the bytes between a source member's key and its value (`: `,
// `:`), read from the source after the key; empty for a member an edit
// created.
func (m *Member) colonSpan(src []byte) span {
	if m.keyStart < 0 {
		return span{}
	}
	start := int(m.keyStart) + m.keyTokenLen()
	i := skipSpaces(src, start)
	if i < len(src) && src[i] == ':' {
		i++
	}
	return spanOf(start, skipSpaces(src, i))
}
