package model

import "unsafe"

// Packed arrays of small flat containers: an array of many objects or
// arrays that each hold only scalars and take at most flatMaxBytes ({"n":7,
// "ok":true}, [3,"x"], {}) is packed as an array of scalars is
// (doc_packed.go): it keeps where each item starts, and makes the item's
// nodes when it is read. Such items cost a node for their container and one
// for each scalar and member, 24 bytes each, for three to ten bytes of
// source apiece; packed, four bytes an item. Each item is parsed as any
// other (so that an error in it is reported as in any other), into memory
// reused from item to item. An array whose items turn out larger or deeper
// gets its nodes back (flushNoted) and is parsed on as usual.

// flatMaxBytes is the largest item, in bytes of source, that an array of
// flat containers is packed for. Cards' skills, On Request entries and
// OASF references are larger: the arrays that the rules read item by item
// keep their nodes.
var flatMaxBytes = 32

// In a document of flatLargeDocument bytes or more, memory comes first:
// items of up to flatMaxLargeBytes are packed (On Request entries, records
// of a few fields), and reading them makes their nodes again each time.
// Below it (every card a person writes; a card of 5,000 skills is 3 MB)
// the rules read such arrays with the nodes kept.
const (
	flatLargeDocument = 4 << 20
	flatMaxLargeBytes = 512
)

// flatLimit is the largest flat item this parse packs, -1 for none: none
// while nodes are carved from reused memory (p.pool).
func (p *parser) flatLimit() int {
	switch {
	case p.pool != nil || flatMaxBytes < 0:
		return -1
	case len(p.src) >= flatLargeDocument:
		return max(flatMaxBytes, flatMaxLargeBytes)
	}
	return flatMaxBytes
}

// isFlatItem reports whether n, an item just parsed, is a container that
// an array of them is packed for: at most limit bytes of source
// (flatLimit), and every member or item a scalar.
func isFlatItem(n *Node, limit int) bool {
	if (n.Kind != Object && n.Kind != Array) || n.n < 0 || int(n.end-n.start) > limit {
		return false
	}
	if n.Kind == Object {
		for _, m := range n.inPlaceMembers() {
			if k := m.Value.Kind; k == Object || k == Array {
				return false
			}
		}
		return true
	}
	ptrs, nodes := n.inPlaceItems()
	for i := range max(len(ptrs), len(nodes)) {
		if k := itemAt(ptrs, nodes, i).Kind; k == Object || k == Array {
			return false
		}
	}
	return true
}

// parseFlatItem parses the container at p.pos into memory reused from item
// to item, and reports whether it is one that the array's packing keeps
// (isFlatItem). When it is not, p.pos is back at its start, to be parsed
// again as a node.
func (p *parser) parseFlatItem() (bool, error) {
	start, limit := p.pos, p.flatLimit() // the limit of the parse around the item
	saved, savedPool := p.chunks, p.pool
	p.chunks, p.pool = chunks{}, &p.flatPool
	val, err := p.parseValue()
	flat := err == nil && isFlatItem(val, limit)
	p.releaseItem()
	p.chunks, p.pool = saved, savedPool
	if err != nil {
		return false, err
	}
	if !flat {
		p.pos = start
	}
	return flat, nil
}

// flatAt fills n (zeroed) with the flat container at src[start] (an object
// or array whose members or items are scalars), which a parse has already
// accepted: its nodes as the parser makes them, the members side by side,
// the items too.
func flatAt(src []byte, start int, n *Node) {
	var members []Member
	var values []Node
	i := skipSpaces(src, start+1)
	for src[i] != '}' && src[i] != ']' {
		if src[start] == '{' {
			var m Member
			m, i = memberKeyAt(src, i)
			members = append(members, m)
		}
		values = append(values, Node{})
		scalarAt(src, i, &values[len(values)-1])
		i = skipSpaces(src, int(values[len(values)-1].end))
		if src[i] == ',' {
			i = skipSpaces(src, i+1)
		}
	}
	n.Kind, n.start, n.end = Array, int32(start), int32(i+1)
	switch {
	case src[start] == '{':
		n.Kind = Object
		for k := range members {
			members[k].Value = &values[k]
		}
		if len(members) > 0 {
			n.ref, n.n = unsafe.Pointer(&members[0]), int32(len(members))
		}
	case len(values) > 0:
		n.ref, n.n, n.esc = unsafe.Pointer(&values[0]), int32(len(values)), true // side by side
	}
}
