package oasf

import (
	"strings"
)

// ByID returns the class with this id, or nil. Categories are included.
func (t *Tree) ByID(id int) *Class {
	if t == nil {
		return nil
	}
	i, found := t.indexOf(id)
	if !found {
		return nil
	}
	return t.byID[i].class
}

// ConcreteName returns the full name of the class with this id when it is
// a concrete class (not a category): the one name a reference {id, name}
// to it may give. It reads the names of the tree's concrete classes,
// held side by side in id order, and not the class: checking the
// references of a payload touches a few cache lines instead of one class
// and its name's bytes apiece.
func (t *Tree) ConcreteName(id int) (string, bool) {
	if t == nil {
		return "", false
	}
	i, found := t.indexOf(id)
	if !found || t.concrete[i] == "" {
		return "", false
	}
	return t.concrete[i], true
}

// indexOf is the position of id in byID, looked up in idSlots: a card's
// references are a hundred lookups or so, each a binary search of the ids
// before (1 % of the CPU of checking 5,000 large cards, most of it the
// search's mispredicted branches); the table finds an id in its first slot
// as a rule.
func (t *Tree) indexOf(id int) (int, bool) {
	mask := len(t.idSlots) - 1
	for j := idHash(id) & mask; ; j = (j + 1) & mask {
		switch s := t.idSlots[j]; {
		case s.pos == 0:
			return 0, false
		case s.id == id:
			return int(s.pos) - 1, true
		}
	}
}

// idSlot is a slot of Tree.idSlots: an id and its position in byID plus
// one (0: an empty slot).
type idSlot struct {
	id  int
	pos int32
}

// idSlotsOf makes the table of byID's positions by id, at most half full
// so that a miss meets an empty slot soon.
func idSlotsOf(byID []idEntry) []idSlot {
	n := 8
	for n < 2*len(byID) {
		n *= 2
	}
	slots := make([]idSlot, n)
	for i, e := range byID {
		j := idHash(e.id) & (n - 1)
		for slots[j].pos != 0 {
			j = (j + 1) & (n - 1)
		}
		slots[j] = idSlot{e.id, int32(i + 1)}
	}
	return slots
}

// idHash spreads ids, which come in runs (10101, 10102, ...), over the
// table's slots (Fibonacci hashing: the product's high bits depend on
// every bit of the id).
func idHash(id int) int { return int(uint64(id) * 0x9e3779b97f4a7c15 >> 32) }

// idEntry is a class under its id: the tree's classes sorted by id are
// searched in a few cache lines, where a map of them is a hash and a miss
// for each of the references a card holds.
type idEntry struct {
	id    int
	class *Class
}

// concreteNames are the names of the classes of byID (sorted by id) in
// one string, each sliced from it: "" for a category.
func concreteNames(byID []idEntry) []string {
	size := 0
	for _, e := range byID {
		if !e.class.Category {
			size += len(e.class.Name)
		}
	}
	var all strings.Builder
	all.Grow(size)
	for _, e := range byID {
		if !e.class.Category {
			all.WriteString(e.class.Name)
		}
	}
	names, at := make([]string, len(byID)), 0
	for i, e := range byID {
		if !e.class.Category {
			names[i] = all.String()[at : at+len(e.class.Name)]
			at += len(e.class.Name)
		}
	}
	return names
}

// ByName returns the class with this full name, or nil.
func (t *Tree) ByName(name string) *Class {
	if t == nil {
		return nil
	}
	return t.byName[name]
}

// ByLeaf returns the classes whose last name segment is segment (the way the
// schema server resolves a name), in taxonomy order. In the released
// taxonomies a leaf is unique within a tree, so there is at most one.
func (t *Tree) ByLeaf(segment string) []*Class {
	if t == nil {
		return nil
	}
	return t.byLeaf[segment]
}

// Children returns the direct children of the class named parent, in
// taxonomy order; parent "" gives the top-level nodes.
func (t *Tree) Children(parent string) []*Class {
	if t == nil {
		return nil
	}
	return t.children[parent]
}

// All returns every class in taxonomy order (depth first). The slice is
// shared: do not modify it.
func (t *Tree) All() []*Class {
	if t == nil {
		return nil
	}
	return t.classes
}

// Len is the number of classes, categories included.
func (t *Tree) Len() int {
	if t == nil {
		return 0
	}
	return len(t.classes)
}

// Categories counts the top-level abstract classes (headings).
func (t *Tree) Categories() int {
	n := 0
	for _, c := range t.All() {
		if c.Category {
			n++
		}
	}
	return n
}
