package oasf

import (
	"slices"
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

// indexOf is the position of id in byID: a binary search of ids, eight
// bytes an id where byID's entries take sixteen, so that a search reads
// half the cache lines.
func (t *Tree) indexOf(id int) (int, bool) {
	return slices.BinarySearch(t.ids, id)
}

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
