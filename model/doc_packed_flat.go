package model

import "unsafe"

// Packed arrays of small flat containers: an array of many objects or
// arrays that each hold only scalars and take at most flatMaxBytes ({"n":7,
// "ok":true}, [3,"x"], {}) is packed as an array of scalars is
// (doc_packed.go): it keeps where one item in sparseEvery starts, and makes
// an item's nodes when it is read. Such items cost a node for their
// container and one for each scalar and member, 24 bytes each, for three to
// ten bytes of source apiece; packed, a quarter of a byte an item. Items
// that also hold containers, to flatLevels levels, are packed when their
// nodes would take more than twice their bytes (isFlatItem: in a large
// document, short skills with their tags). Each item is parsed as any other (so that an
// error in it is reported as in any other), into memory reused from item
// to item. An array whose items turn out larger or deeper gets its nodes
// back (flushNoted) and is parsed on as usual.

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
// while a flat item or a deep container is parsed into reused memory (the
// nodes of either are let go once it is parsed). A streamed item (a
// catalog's entry, carved from the stream's pool) packs its own: an entry
// that holds a large card inline took 16 times the catalog's size.
func (p *parser) flatLimit() int {
	switch {
	case p.inFlatItem() || p.pool == &p.deepPool || flatMaxBytes < 0:
		return -1
	case len(p.src) >= flatLargeDocument:
		return max(flatMaxBytes, flatMaxLargeBytes)
	}
	return flatMaxBytes
}

// inFlatItem reports whether the parse is inside a flat item, parsed into
// reused memory (parseFlatItem): its containers do not pack themselves,
// as their nodes are let go with the item, where packing them put their
// offsets on the heap for each item (objects of 16 members as the values
// of a wide object: 23 % more CPU, 19 % more memory).
func (p *parser) inFlatItem() bool { return p.pool == &p.flatPool }

// isFlatItem reports whether n, the first item of an array or a value of
// an object about to pack, is a container that the packing is for: at most
// limit bytes of source (flatLimit), and every member or item a scalar, or
// a container of scalars when the item's nodes would take more than twice
// its bytes written without whitespace (nodeBytes, tokenBytes: how the
// item is indented decides nothing). Packed, every read of the array makes
// its items again. For a large card's skills of three hundred bytes, whose
// nodes take about as much as their bytes, that cost three times the CPU
// of the whole check and more memory in garbage than the nodes saved
// (measured before the rules' walks lent their items: AllTransient); for
// skills of a hundred and fifty bytes, a name and two tags each, the nodes
// would take the most memory of all. The items after it need only be of
// its kind (isFlatSibling): one less dense late in the array (a longer
// description) would give every item before it its nodes back.
func isFlatItem(n *Node, limit int) bool {
	nodes, levels := flatShape(n, limit)
	return levels == 1 || levels >= 2 && nodes*nodeBytes > flatDensity*tokenBytes(n)
}

// flatDensity is how many times its bytes an item's nodes must take for
// the item to pack when it holds containers (isFlatItem).
var flatDensity = 2

// tokenBytes is the size of n, a node with its children in place, without
// the whitespace between its tokens: its scalars, names, brackets, colons
// and commas.
func tokenBytes(n *Node) int {
	if n.packed() != nil {
		return int(n.end - n.start) // its whitespace too: a packed container is of scalars, written densely as a rule
	}
	switch n.Kind {
	case Object:
		members := n.inPlaceMembers()
		b := 1 + max(len(members), 1) // the braces and the commas
		for i := range members {
			b += members[i].keyTokenLen() + 1 + tokenBytes(members[i].Value)
		}
		return b
	case Array:
		ptrs, items := n.inPlaceItems()
		count := max(len(ptrs), len(items))
		b := 1 + max(count, 1)
		for i := range count {
			b += tokenBytes(itemAt(ptrs, items, i))
		}
		return b
	}
	return int(n.end - n.start)
}

// isFlatSibling reports whether n, an item after the first of an array that
// packs its flat items, is one too: at most limit bytes, a container of
// scalars or of containers of scalars.
func isFlatSibling(n *Node, limit int) bool {
	_, levels := flatShape(n, limit)
	return levels > 0
}

// flatShape returns, for a container of at most limit bytes, its nodes and
// the levels it spans (shallow: 1 to flatLevels); for any other node, -1
// levels.
func flatShape(n *Node, limit int) (nodes, levels int) {
	if n.Kind != Object && n.Kind != Array || int(n.end-n.start) > limit {
		return 0, -1
	}
	return shallow(n, flatLevels)
}

// flatLevels bounds the levels of containers a flat item spans: no item of
// flatMaxLargeBytes is deeper. Items of three levels or more ([[[1]]],
// {"a":{"b":{"c":1}}}) pack as those of two do, when their nodes would
// take more than flatDensity times their bytes: an array of them held four
// nodes of 24 bytes for 8 bytes of source, and a card of 1.8 million such
// items peaked at 16 times its size; items twenty levels deep, ten times.
// Inside an item, a container nested deeper than the parse keeps nodes
// for (doc_lazy.go) counts as one node: the item is made again from its
// bytes, to any depth, when it is read (flatAt).
const flatLevels = flatMaxLargeBytes / 2

// nodeBytes is what a node or a member takes.
const nodeBytes = int(unsafe.Sizeof(Node{}))

// shallow returns the number of nodes and members of n, and how many
// levels of containers it spans: 0 for a scalar, -1 for more than levels
// or for a container whose children are not nodes in place.
func shallow(n *Node, levels int) (nodes, spans int) {
	if n.Kind != Object && n.Kind != Array {
		return 1, 0
	}
	if n.lazy() != nil && levels > 0 {
		return 1, 1
	}
	if pk := n.packed(); pk != nil && !pk.flat && levels > 0 {
		// Packed itself, of scalars: an array of 32 numbers or more, an
		// object of as many members (as nodes, one each and the members).
		nodes = 1 + pk.len()
		if n.Kind == Object {
			nodes += pk.len()
		}
		return nodes, 1
	}
	if levels == 0 || n.n < 0 {
		return 0, -1
	}
	nodes, spans = 1, 1
	if n.Kind == Object {
		members := n.inPlaceMembers()
		nodes += len(members)
		for i := range members {
			k, s := shallow(members[i].Value, levels-1)
			if s < 0 {
				return 0, -1
			}
			nodes, spans = nodes+k, max(spans, s+1)
		}
		return nodes, spans
	}
	ptrs, items := n.inPlaceItems()
	for i := range max(len(ptrs), len(items)) {
		k, s := shallow(itemAt(ptrs, items, i), levels-1)
		if s < 0 {
			return 0, -1
		}
		nodes, spans = nodes+k, max(spans, s+1)
	}
	return nodes, spans
}

// parseFlatItem parses the container at p.pos into memory reused from item
// to item, and reports whether it is one that the array's packing keeps
// (isFlatItem). When it is not, p.pos is back at its start, to be parsed
// again as a node.
func (p *parser) parseFlatItem() (bool, error) {
	start, limit := p.pos, p.flatLimit() // the limit of the parse around the item
	long := len(p.longStrings)           // noted again if it is parsed again
	saved, savedPool := p.chunks, p.pool
	p.chunks, p.pool = chunks{}, &p.flatPool
	val, err := p.parseValue()
	flat := err == nil && isFlatSibling(val, limit)
	p.releaseItem()
	p.chunks, p.pool = saved, savedPool
	if err != nil {
		return false, err
	}
	if !flat {
		p.pos, p.longStrings = start, p.longStrings[:long]
	}
	return flat, nil
}

// flatAt fills n (zeroed) with the flat container at src[start]
// (isFlatItem), which a parse has already accepted: its nodes as the
// parser makes them, the members side by side, the items too, taken from
// b. Its containers are filled once its own nodes are, so that each
// container's nodes lie side by side in b's block.
func flatAt(src []byte, start int, n *Node, b *blocks) {
	object := src[start] == '{'
	var members []Member
	if object {
		members = carve(b.memberBlock(), src, start)
	}
	values := carve(b.nodeBlock(), src, start)
	nested := false
	i := skipSpaces(src, start+1)
	for src[i] != '}' && src[i] != ']' {
		if object {
			var m Member
			m, i = memberKeyAt(src, i)
			members = append(members, m)
		}
		values = append(values, Node{})
		v := &values[len(values)-1]
		if c := src[i]; c == '{' || c == '[' {
			end, _ := containerScan(src, i)
			v.start, v.end, nested = int32(i), int32(end), true
		} else {
			scalarAt(src, i, v)
		}
		i = skipSpaces(src, int(v.end))
		if src[i] == ',' {
			i = skipSpaces(src, i+1)
		}
	}
	taken(b.nodeBlock(), values)
	taken(b.memberBlock(), members)
	for k := range values {
		if nested && values[k].ref == nil { // a container (scalars have their token)
			flatAt(src, int(values[k].start), &values[k], b)
		}
	}
	n.Kind, n.start, n.end = Array, int32(start), int32(i+1)
	switch {
	case object:
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

// containerScan returns, for the container at src[start] (which a parse
// has already accepted), the index just past it and the number of its
// members or items: its commas outside strings and nested containers,
// plus one unless it is empty.
func containerScan(src []byte, start int) (end, children int) {
	if i := skipSpaces(src, start+1); src[i] != '}' && src[i] != ']' {
		children = 1
	}
	depth := 0
	for i := start; ; i++ {
		switch src[i] {
		case '"':
			end, _ := stringEnd(src, i)
			i = end - 1 // the closing quote
		case '{', '[':
			depth++
		case '}', ']':
			if depth--; depth == 0 {
				return i + 1, children
			}
		case ',':
			if depth == 1 {
				children++
			}
		}
	}
}

// blocks hands out the nodes and members of containers made one after
// another (a packed array's items read in order: each, nodes) from blocks
// of blockLen, one allocation for many items where each would make two or
// three of its own. A nil *blocks gives each container its own allocation,
// of its size (an item read by itself). What one item takes keeps its
// block alive: blocks serve reads whose items are let go as they go.
type blocks struct {
	free        []Node
	freeMembers []Member
}

const blockLen = 256

func (b *blocks) nodeBlock() *[]Node {
	if b == nil {
		return nil
	}
	return &b.free
}

func (b *blocks) memberBlock() *[]Member {
	if b == nil {
		return nil
	}
	return &b.freeMembers
}

// carve returns an empty slice to append the children of the container at
// src[start] to: the free part of block, a new one when little is left;
// for a nil block, a slice of their number.
func carve[T any](block *[]T, src []byte, start int) []T {
	if block == nil {
		_, children := containerScan(src, start)
		return make([]T, 0, children)
	}
	if len(*block) < blockLen/8 {
		*block = make([]T, blockLen)
	}
	return (*block)[:0:len(*block)]
}

// taken marks what s, a slice from carve, holds as used: unless appending
// to it outgrew the block, in which case it has an array of its own.
func taken[T any](block *[]T, s []T) {
	if block != nil && len(s) > 0 && &s[0] == &(*block)[0] {
		*block = (*block)[len(s):]
	}
}

// one returns a zeroed node from b, a new one for a nil b.
func (b *blocks) one() *Node {
	if b == nil {
		return new(Node)
	}
	s := append(carve(&b.free, nil, 0), Node{})
	taken(&b.free, s)
	return &s[0]
}

// stringEnd returns the index just past the string token at src[start],
// which a parse has already accepted, and whether it holds an escape:
// eight bytes at a time (plainEnd) up to a quote, a backslash or a byte
// outside plain ASCII.
func stringEnd(src []byte, start int) (end int, esc bool) {
	i := start + 1
	for {
		i = plainEnd(src, i)
		switch src[i] {
		case '"':
			return i + 1, esc
		case '\\':
			esc = true
			i += 2
		default:
			i++
		}
	}
}
