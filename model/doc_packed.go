package model

// Packed arrays: an array of many scalars (numbers, strings, booleans,
// nulls) keeps only where one item in sparseEvery starts, instead of a
// node and a pointer for each; a document that is mostly such an array is
// then held in little more than its own size. Its items are made
// as nodes when they are read (Index, All, Items), afresh on each read and
// never kept, so reads stay free of shared writes and may run
// concurrently; an edit of the array or of one of its items first turns it
// into an ordinary array for good (unpack), as edits have the Doc to
// themselves. Objects of many scalar members are packed the same way
// (doc_packed_members.go).

import (
	"unsafe"
)

// packMin is the fewest items an array of scalars needs to be packed:
// shorter ones (tags, modes, examples) are read often enough that their
// nodes are worth keeping. packMembersMin is the same for an object's
// members (a skill, an entry: read member by member, of ten members or
// fewer). It is lower, as a member and its value take 48 bytes: objects
// of 31 members of 17 bytes, too large to be flat items (flatMaxLargeBytes)
// and too small to pack at 32, peaked at 5 times their bytes.
var (
	packMin        = 32
	packMembersMin = 16
)

// The states of an array's packing as it is parsed (parseArray): no item
// yet, all scalars so far, flat containers (doc_packed_flat.go) among them
// so far, packing either, or neither. Scalars and flat containers pack
// together: an array of one-digit numbers and `[]` in turn, as nodes, took
// 18 times its bytes.
const (
	packNone = iota
	packFirst
	packScalars
	packFlat
	packingScalars
	packingFlat
)

// nextPack is the packing state after item val of an array in state pack
// (not packNone, not packing); flatLimit is the largest flat container
// that may be packed (parser.flatLimit). A first item that is a container
// must be dense (isFlatItem); the containers after it need only be flat.
func nextPack(pack int, val *Node, flatLimit int) int {
	container := val.Kind == Object || val.Kind == Array
	switch {
	case !container && pack == packFirst:
		return packScalars
	case !container:
		return pack
	case pack == packFirst && isFlatItem(val, flatLimit):
		return packFlat
	case pack != packFirst && isFlatSibling(val, flatLimit):
		return packFlat
	}
	return packNone
}

// packedItems are the items of a packed array: offsets of their tokens in
// src, the source the array was parsed from.
//
// A packed array or object keeps the start of one item, or of one member's
// name, in sparseEvery (an object whose values are containers, every one:
// denseMembers): the others are found from there by reading the source
// on, as the parse accepted it. One-digit numbers, empty strings or
// `[]` are two or three bytes an item, and `"1a":0` six a member, against
// four for each one's offset: with every offset kept such a document was
// 3.1 times its size once parsed and 5 while it was parsed
// (docs/PERFORMANCE.md).
type packedItems struct {
	src    []byte
	starts []int32 // of items, or members' names, 0, every, 2*every, ...
	every  int     // sparseEvery, or 1 for an object whose values are containers (denseMembers)
	n      int     // the number of items or members
	flat   bool    // some items, or members' values, are flat containers (doc_packed_flat.go), not scalars
	object bool    // the starts are members' names
}

// sparseEvery is how many items or members of a packed container share one
// kept offset.
const sparseEvery = 16

// denseMembers is every of a packed object whose first members' values
// include a container: the names after one are found past the values
// before them, and a container is read to its end to be passed over, for
// each name the duplicate check reads again as its table grows. An object
// of 300,000 members each of 16 numbers took 19 % more CPU with one start
// in 16 than with all, for 4 bytes a member beside some 130 of source.
const denseMembers = 1

// len is the number of items or members.
func (pk *packedItems) len() int { return pk.n }

// startOf is where item or member i starts.
func (pk *packedItems) startOf(i int) int32 {
	start := int(pk.starts[i/pk.every])
	for range i % pk.every {
		start = pk.next(start)
	}
	return int32(start)
}

// next returns where the item or member after the one at src[start]
// starts: past its name and colon, its value, the ',' and the whitespace
// around them (the parse accepted them).
func (pk *packedItems) next(start int) int {
	i := start
	if pk.object {
		end, _ := stringEnd(pk.src, start)
		i = skipSpaces(pk.src, skipSpaces(pk.src, end)+1)
	}
	return pk.after(valueEnd(pk.src, i))
}

// after returns where the item or member after the one that ends at
// src[end] starts.
func (pk *packedItems) after(end int) int {
	i := skipSpaces(pk.src, end)
	if i < len(pk.src) && pk.src[i] == ',' {
		i = skipSpaces(pk.src, i+1)
	}
	return i
}

// valueEnd is the end of the scalar or container at src[start], which a
// parse has already accepted.
func valueEnd(src []byte, start int) int {
	if c := src[start]; c == '{' || c == '[' {
		return containerEnd(src, start)
	}
	return scalarEnd(src, start)
}

// containerEnd is the end of the container at src[start], which a parse
// has already accepted: past the bracket that closes it.
func containerEnd(src []byte, start int) int {
	depth := 0
	for i := start; ; i++ {
		switch src[i] {
		case '"':
			end, _ := stringEnd(src, i)
			i = end - 1
		case '[', '{':
			depth++
		case ']', '}':
			if depth--; depth == 0 {
				return i + 1
			}
		}
	}
}

// scalarEnd is the end of the scalar token at src[start], which a parse
// has already accepted.
func scalarEnd(src []byte, start int) int {
	switch c := src[start]; {
	case c == '"':
		end, _ := stringEnd(src, start)
		return end
	case c == 't' || c == 'n':
		return start + 4
	case c == 'f':
		return start + 5
	}
	end := start
	for end < len(src) && isNumberByte(src[end]) {
		end++
	}
	return end
}

// at fills n (zeroed) with the item that starts at start, its nodes taken
// from b.
func (pk *packedItems) at(start int32, n *Node, b *blocks) {
	if c := pk.src[start]; c == '{' || c == '[' {
		flatAt(pk.src, int(start), n, b)
		return
	}
	scalarAt(pk.src, int(start), n)
}

// packedMark in Node.n marks a packed array or object; its ref is the
// *packedItems. The packed container needs no nodeExt (96 bytes) beside
// them: a document of many arrays of 32 one-digit numbers (65 bytes each)
// held 230 bytes for each.
const packedMark = -3

// packed returns the items of a packed array or the members of a packed
// object (doc_packed_members.go), nil for any other node.
func (n *Node) packed() *packedItems {
	if n.n != packedMark || (n.Kind != Object && n.Kind != Array) {
		return nil
	}
	return (*packedItems)(n.ref)
}

// scalarAt fills n (zeroed) with the scalar token at src[start], which a
// parse has already accepted.
func scalarAt(src []byte, start int, n *Node) {
	var end int
	switch c := src[start]; c {
	case '"':
		end, n.esc = stringEnd(src, start)
		n.Kind = String
	case 't', 'f':
		end, n.Kind = scalarEnd(src, start), Bool
	case 'n':
		end, n.Kind = scalarEnd(src, start), Null
	default:
		end, n.Kind = scalarEnd(src, start), Number
	}
	n.start, n.end = int32(start), int32(end)
	n.ref, n.n = unsafe.Pointer(&src[start]), int32(end-start)
}

// isNumberByte reports whether c can be part of a number token.
func isNumberByte(c byte) bool {
	return c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'
}

// item makes the node of item i.
func (pk *packedItems) item(i int) *Node {
	n := new(Node)
	pk.at(pk.startOf(i), n, nil)
	return n
}

// eachStart calls f with each item's index and start, in order, until f
// returns false.
func (pk *packedItems) eachStart(f func(i int, start int32) bool) {
	start := 0
	for i := range pk.n {
		if i%pk.every == 0 {
			start = int(pk.starts[i/pk.every])
		} else {
			start = pk.next(start)
		}
		if !f(i, int32(start)) {
			return
		}
	}
}

// each yields the items from the first, their nodes taken from blocks:
// one allocation for many items rather than one or more per item, none
// kept by the array. Lent, each item's nodes are taken from where the
// item before it had them (AllTransient): the loop makes no garbage. With
// want, only the items i for which want(i) holds are made and yielded.
func (pk *packedItems) each(yield func(int, *Node) bool, lent bool, want func(int) bool) {
	var b blocks
	pk.eachStart(func(i int, start int32) bool {
		if want != nil && !want(i) {
			return true
		}
		free, freeMembers := b.free, b.freeMembers
		n := b.one()
		pk.at(start, n, &b)
		if !yield(i, n) {
			return false
		}
		if lent {
			b.free = takeBack(free, b.free)
			b.freeMembers = takeBack(freeMembers, b.freeMembers)
		}
		return true
	})
}

// takeBack returns the part of a block that was free before an item took
// from it (was), now free again, when the item's nodes came from that
// block (left is what it left free of it); else left, the block the item
// went on to. A test sets poisonLent, so that a node kept past its loop
// reads as nothing at all.
func takeBack[T any](was, left []T) []T {
	if cap(was) == 0 || cap(left) == 0 || &was[:cap(was)][cap(was)-1] != &left[:cap(left)][cap(left)-1] {
		return left
	}
	if poisonLent {
		clear(was[:len(was)-len(left)])
	}
	return was
}

// poisonLent clears the nodes of a lent item once its loop moves on
// (export_test.go).
var poisonLent bool

// nodes makes every item: the slice Items returns for a packed array, and
// the items an unpacked array keeps.
func (pk *packedItems) nodes() []*Node {
	nodes := make([]Node, pk.len())
	ptrs := make([]*Node, pk.len())
	var b blocks
	pk.eachStart(func(i int, start int32) bool {
		pk.at(start, &nodes[i], &b)
		ptrs[i] = &nodes[i]
		return true
	})
	return ptrs
}

// unpack turns a packed array or object into an ordinary one, whose item
// nodes or members are kept: what an edit of the container or of one of
// its elements needs first. It writes the node, so only edits, which have
// the Doc to themselves, call it.
func (n *Node) unpack() {
	n.unlazy()
	pk := n.packed()
	if pk == nil {
		return
	}
	x := &nodeExt{}
	if n.Kind == Object {
		x.members = pk.members()
	} else {
		x.items = pk.nodes()
	}
	n.ref, n.n = unsafe.Pointer(x), -1
	n.edit(pk.src) // the elements' separators, while they sit where parsed
}

// noteScalar notes the scalar item at start of the array that begins at
// arrayStart. The note grows towards the number of items the rest of the
// input would hold if they were like those so far (at most four times at
// once), so that an array that is most of the document is noted with few
// copies and can keep the note as its offsets (packArray).
func (p *parser) noteScalar(start, arrayStart int) {
	s := p.scalarStack
	if len(s) == cap(s) {
		perItem := max((p.pos-arrayStart)/max(len(s), 1), 2)
		guess := len(s) + (len(p.src)-p.pos)/perItem + 16
		grown := make([]int32, len(s), max(cap(s)+cap(s)/4+16, min(guess, 4*cap(s)+64)))
		copy(grown, s)
		s = grown
	}
	p.scalarStack = append(s, int32(start))
}

// packNoted makes n, an array or an object, packed: its count items, or
// members, are those noted one in every (keepsStart) from index from of
// the scalar stack on. A container that holds the whole note keeps it when
// little of it is unused; otherwise its offsets are copied.
func (p *parser) packNoted(n *Node, from int, flat bool, count, every int) {
	starts := p.scalarStack[from:]
	if from == 0 && cap(starts)-len(starts) <= len(starts)/4 {
		starts = starts[:len(starts):len(starts)]
		p.scalarStack = nil
	} else {
		starts = append([]int32(nil), starts...)
		p.scalarStack = p.scalarStack[:from]
	}
	pk := &packedItems{src: p.src, starts: starts, every: every, n: count, flat: flat, object: n.Kind == Object}
	n.ref, n.n = unsafe.Pointer(pk), packedMark
}

// keepsStart tells whether the start of item or member i of a packing
// container that keeps one in every is noted (packedItems).
func keepsStart(i, every int) bool { return i%every == 0 }

// flushNoted makes nodes of the count items noted sparsely from index
// from of the scalar stack on (scalars, or flat containers when flat),
// onto the item stack: a packing array whose next item is of another kind.
func (p *parser) flushNoted(from int, flat bool, count int) {
	pk := packedItems{src: p.src, starts: p.scalarStack[from:], every: sparseEvery, n: count, flat: flat}
	pk.eachStart(func(_ int, start int32) bool {
		n := p.newNode()
		pk.at(start, n, nil)
		p.itemStack = append(p.itemStack, n)
		return true
	})
	p.scalarStack = p.scalarStack[:from]
}
