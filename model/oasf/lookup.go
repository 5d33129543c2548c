package oasf

import (
	"cmp"
	"slices"
)

// ByID returns the class with this id, or nil. Categories are included.
func (t *Tree) ByID(id int) *Class {
	if t == nil {
		return nil
	}
	i, found := slices.BinarySearchFunc(t.byID, id, func(e idEntry, id int) int { return cmp.Compare(e.id, id) })
	if !found {
		return nil
	}
	return t.byID[i].class
}

// idEntry is a class under its id: the tree's classes sorted by id are
// searched in a few cache lines, where a map of them is a hash and a miss
// for each of the references a card holds.
type idEntry struct {
	id    int
	class *Class
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
