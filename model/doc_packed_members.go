package model

import "unsafe"

// Packed objects: an object of many members whose values are all scalars
// or small flat containers (a map of ids to numbers, of names to strings,
// of keys to pairs: doc_packed_flat.go) keeps only where one member's name
// in sparseEvery starts (every one, when its first values include
// containers: denseMembers), instead of a 24-byte member and a 24-byte
// node for each value (and the value's own nodes), for some ten bytes of
// source apiece.
// It is packed as an array of scalars is (doc_packed.go), by the same
// parse states and into the same packedItems, whose starts are then the
// members' names: the members are made when read (Members, Get), afresh on
// each read and never kept, and an edit of the object or of one of its
// members turns it into an ordinary object first (unpack).

// memberKeyAt returns the member whose name's token starts at
// src[keyStart], which a parse has already accepted, with no value yet,
// and the offset of its value.
func memberKeyAt(src []byte, keyStart int) (Member, int) {
	var key Node // the name's token, read as a string
	scalarAt(src, keyStart, &key)
	end := int(key.end)
	m := Member{keyStart: int32(keyStart), keyLen: int32(end - keyStart)}
	if key.esc {
		held := new(string)
		*held = decodeStringRaw(src[keyStart:end:end], true)
		m.key, m.keyLen = unsafe.Pointer(held), -m.keyLen
	} else {
		m.key = unsafe.Pointer(&src[keyStart+1])
	}
	return m, skipSpaces(src, skipSpaces(src, end)+1) // past the colon
}

// valueAt fills n (zeroed) with the value of a packed object's member at
// src[start]: a scalar or a flat container.
func valueAt(src []byte, start int, n *Node, b *blocks) {
	if c := src[start]; c == '{' || c == '[' {
		flatAt(src, start, n, b)
		return
	}
	scalarAt(src, start, n)
}

// member makes member i of a packed object, its value a node of its own.
func (pk *packedItems) member(i int) Member { return pk.memberFrom(pk.startOf(i)) }

// memberFrom makes the member of a packed object whose name starts at
// src[start], its value a node of its own.
func (pk *packedItems) memberFrom(start int32) Member {
	m, at := memberKeyAt(pk.src, int(start))
	m.Value = new(Node)
	valueAt(pk.src, at, m.Value, nil)
	return m
}

// members makes every member of a packed object: the slice Members returns
// for it, and the members an unpacked object keeps.
func (pk *packedItems) members() []Member {
	members := make([]Member, pk.n)
	values := make([]Node, pk.n)
	var b blocks
	pk.eachStart(func(i int, start int32) bool {
		m, at := memberKeyAt(pk.src, int(start))
		valueAt(pk.src, at, &values[i], &b)
		m.Value = &values[i]
		members[i] = m
		return true
	})
	return members
}

// eachMember yields the members of a packed object in order, their values
// made from blocks (blocks.one) that the members of one read share: a walk
// of a large object lets them go as it goes, where members would make them
// all at once.
func (pk *packedItems) eachMember(yield func(int, Member) bool) {
	var b blocks
	start := 0
	for i := range pk.n {
		if i%pk.every == 0 {
			start = int(pk.starts[i/pk.every])
		}
		m, at := memberKeyAt(pk.src, start)
		m.Value = b.one()
		valueAt(pk.src, at, m.Value, &b)
		start = pk.after(int(m.Value.end)) // read before the member is lent
		if !yield(i, m) {
			return
		}
	}
}

// named makes the member of a packed object named key, with its index;
// nil, -1 when there is none. The names are read in order where they are
// written (nameCursor), no member made but the one found.
func (pk *packedItems) named(key string) (*Member, int) {
	names := nameCursor{pk: *pk, i: -1}
	for i := range pk.n {
		if names.key(i) == key {
			m := pk.memberFrom(int32(names.start))
			return &m, i
		}
	}
	return nil, -1
}

// nameCursor gives a name table (doc_names.go) the names of a packed
// object's members by index. A table is made, and grows, asking them in
// order: each is then found from the one before, where one asked alone
// (a probe's) is found from the nearest start kept.
type nameCursor struct {
	pk    packedItems
	i     int // the member asked last; -1 before the first
	start int // where its name starts
	value int // where its value starts
}

// key returns the name of member i: where a start is kept, from it; else
// past the value of the member asked before, or from the nearest start
// kept. A value is read to its end only to pass over it.
func (c *nameCursor) key(i int) string {
	var start int
	switch {
	case i%c.pk.every == 0:
		start = int(c.pk.starts[i/c.pk.every])
	case i == c.i+1 && c.i >= 0:
		start = c.pk.after(valueEnd(c.pk.src, c.value))
	default:
		start = int(c.pk.startOf(i))
	}
	m, value := memberKeyAt(c.pk.src, start)
	c.i, c.start, c.value = i, start, value
	return m.Key()
}

// flushNotedMembers makes members and value nodes of the count members
// noted one in every from index from of the scalar stack on, onto the
// member stack: a packing object whose next value is one it does not keep.
func (p *parser) flushNotedMembers(from, count, every int) {
	pk := packedItems{src: p.src, starts: p.scalarStack[from:], every: every, n: count, object: true}
	pk.eachStart(func(_ int, start int32) bool {
		m, at := memberKeyAt(p.src, int(start))
		m.Value = p.newNode()
		valueAt(p.src, at, m.Value, nil)
		if len(p.memberStack) == cap(p.memberStack) {
			p.memberStack = doubled(p.memberStack)
		}
		p.memberStack = append(p.memberStack, m)
		return true
	})
	p.scalarStack = p.scalarStack[:from]
}

// eachName calls f with the index and name of each member of an object,
// in order: for a packed one read where they are written, no member made.
func (n *Node) eachName(f func(i int, key string)) {
	if pk := n.view().packed(); pk != nil {
		names := nameCursor{pk: *pk, i: -1}
		for i := range pk.n {
			f(i, names.key(i))
		}
		return
	}
	for i, m := range n.Members() {
		f(i, m.Key())
	}
}

// memberAt returns member i of an object: made alone for a packed one, where
// Members would make them all.
func (n *Node) memberAt(i int) Member {
	if pk := n.view().packed(); pk != nil {
		return pk.member(i)
	}
	return n.Members()[i]
}
