package model

import "unsafe"

// Packed objects: an object of many members whose values are all scalars
// or small flat containers (a map of ids to numbers, of names to strings,
// of keys to pairs: doc_packed_flat.go) keeps only where each member's
// name starts, four bytes a member, instead of a 24-byte member and a
// 24-byte node for its value (and the value's own nodes), for some ten
// bytes of source apiece.
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
func (pk *packedItems) member(i int) Member {
	m, at := memberKeyAt(pk.src, int(pk.starts[i]))
	m.Value = new(Node)
	valueAt(pk.src, at, m.Value, nil)
	return m
}

// members makes every member of a packed object: the slice Members returns
// for it, and the members an unpacked object keeps.
func (pk *packedItems) members() []Member {
	members := make([]Member, len(pk.starts))
	values := make([]Node, len(pk.starts))
	var b blocks
	for i, start := range pk.starts {
		m, at := memberKeyAt(pk.src, int(start))
		valueAt(pk.src, at, &values[i], &b)
		m.Value = &values[i]
		members[i] = m
	}
	return members
}

// eachMember yields the members of a packed object in order, their values
// made from blocks (blocks.one) that the members of one read share: a walk
// of a large object lets them go as it goes, where members would make them
// all at once.
func (pk *packedItems) eachMember(yield func(int, Member) bool) {
	var b blocks
	for i, start := range pk.starts {
		m, at := memberKeyAt(pk.src, int(start))
		m.Value = b.one()
		valueAt(pk.src, at, m.Value, &b)
		if !yield(i, m) {
			return
		}
	}
}

// named makes the member of a packed object named key, with its index;
// nil, -1 when there is none.
func (pk *packedItems) named(key string) (*Member, int) {
	for i, start := range pk.starts {
		if m, _ := memberKeyAt(pk.src, int(start)); m.Key() == key {
			m := pk.member(i)
			return &m, i
		}
	}
	return nil, -1
}

// keyOfNoted is the name of the member whose name starts at src[start]:
// the duplicate check of an object whose members are noted (parseObject).
func keyOfNoted(src []byte, start int32) string {
	m, _ := memberKeyAt(src, int(start))
	return m.Key()
}

// flushNotedMembers makes members and value nodes of the members noted from
// index from of the scalar stack on, onto the member stack: a packing
// object whose next value is a container.
func (p *parser) flushNotedMembers(from int) {
	for _, start := range p.scalarStack[from:] {
		m, at := memberKeyAt(p.src, int(start))
		m.Value = p.newNode()
		valueAt(p.src, at, m.Value, nil)
		if len(p.memberStack) == cap(p.memberStack) {
			p.memberStack = doubled(p.memberStack)
		}
		p.memberStack = append(p.memberStack, m)
	}
	p.scalarStack = p.scalarStack[:from]
}

// memberAt returns member i of an object: made alone for a packed one, where
// Members would make them all.
func (n *Node) memberAt(i int) Member {
	if pk := n.view().packed(); pk != nil {
		return pk.member(i)
	}
	return n.Members()[i]
}
