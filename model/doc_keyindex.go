package model

import "sync"

// The members of a large object found by name for Position and
// KeyPosition: a check that reports a finding at each member of an object
// of 100,000 (a number I-JSON cannot hold in each, say) asks the position of
// each by its pointer, and a search of the object from its first member for
// each of them would make the report quadratic in the object's size. An
// object of indexedMin members or more that is searched so gets a name
// table of its own (doc_names.go), made once and kept with the Doc while
// its tree is the one parsed: an edit leaves the tables alone and the Doc
// no longer asks them (Doc.changed). A table is found by where its object
// starts in the source, not by its node: the nodes of a container nested
// deep (doc_lazy.go) or of a streamed item (doc_stream.go) are made again
// on a later read, and their members are the same.

// indexedMin is the fewest members an object needs for a name table: a
// search of fewer costs less than the table.
const indexedMin = 64

// keyIndex is a Doc's name tables, by object. Checks that run side by side
// ask it, so a table is made under the lock and read after it, never
// written again.
type keyIndex struct {
	mu     sync.Mutex
	tables map[int32]*nameTable // by the object's start
}

// memberNamed returns the member of object n named key, and its index; nil,
// -1 when there is none. n is a node of d's tree.
func (d *Doc) memberNamed(n *Node, key string) (*Member, int) {
	if d.keys == nil || d.changed || n.start < 0 || n.Len() < indexedMin {
		return n.member(key)
	}
	v := n.view()
	pk := v.packed()
	var members []Member
	var names nameCursor
	keyOf := func(i int) string {
		if pk != nil {
			return names.key(i)
		}
		return members[i].Key()
	}
	if pk != nil {
		names = nameCursor{pk: *pk, i: -1}
	} else {
		members = v.Members()
	}
	i := d.keys.table(n, keyOf).lookup(keyOf, key)
	switch {
	case i < 0:
		return nil, -1
	case pk != nil:
		m := pk.member(i)
		return &m, i
	}
	return &members[i], i
}

// table returns the name table of object n, made on first use from the
// names keyOf gives.
func (x *keyIndex) table(n *Node, keyOf func(int) string) *nameTable {
	x.mu.Lock()
	defer x.mu.Unlock()
	if t := x.tables[n.start]; t != nil {
		return t
	}
	t := newNameTable(n.Len())
	for i := range n.Len() {
		t.find(keyOf, keyOf(i), i) // the parse refused repeated names
	}
	if x.tables == nil {
		x.tables = map[int32]*nameTable{}
	}
	x.tables[n.start] = t
	return t
}

// child returns the member value or item of n named by one reference token,
// an object's member found as memberNamed finds it.
func (d *Doc) child(n *Node, tok string) *Node {
	if n != nil && n.Kind == Object {
		if m, _ := d.memberNamed(n, tok); m != nil {
			return m.Value
		}
		return nil
	}
	return n.child(tok)
}
