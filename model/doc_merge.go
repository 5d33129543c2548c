package model

// How Set merges a new value into an existing one.

import (
	"bytes"
	"math/big"
	"strconv"
)

// replace makes old, an element of parent (nil for the root), equal to nw
// in place and reports whether anything changed. Objects and arrays are
// merged so that equal parts keep their source bytes; anything else is
// overwritten, keeping old's separators (parent keeps them from then on).
func (d *Doc) replace(parent, old, nw *Node, ptr string) bool {
	switch {
	case old.Kind == Object && nw.Kind == Object:
		return d.mergeObject(old, nw, ptr)
	case old.Kind == Array && nw.Kind == Array:
		return d.mergeArray(old, nw, ptr)
	case old.Kind == nw.Kind && sameScalar(old, nw):
		return false
	}
	if parent != nil {
		parent.edit(d.src) // the separators around old, read before it loses its place
	}
	*old = Node{
		Kind: nw.Kind, start: -1, end: -1,
		n: nw.n, ref: nw.ref, esc: nw.esc,
		dirty: true,
	}
	return true
}

func (d *Doc) mergeObject(old, nw *Node, ptr string) bool {
	old.unpack() // its members may be replaced in place
	changed := false
	for i := old.Len() - 1; i >= 0; i-- {
		if m, _ := nw.member(old.Members()[i].Key()); m == nil {
			d.removeAt(old, i)
			changed = true
		}
	}
	prev := -1 // index in old of the previous member of nw
	for _, nm := range nw.Members() {
		if om, oi := old.member(nm.Key()); om != nil {
			if d.replace(old, om.Value, nm.Value, ptr+"/"+pointerToken(nm.Key())) {
				changed = true
			}
			prev = oi
			continue
		}
		pos := d.memberInsertPos(old, ptr, nm.Key(), prev+1)
		d.insertAt(old, pos, newMember(nm.Key(), nm.Value))
		prev = pos
		changed = true
	}
	if changed {
		old.dirty = true
	}
	return changed
}

func (d *Doc) mergeArray(old, nw *Node, ptr string) bool {
	old.unpack() // its items may be replaced in place
	changed := false
	common := min(old.Len(), nw.Len())
	for i := 0; i < common; i++ {
		if d.replace(old, old.Index(i), nw.Index(i), ptr+"/"+strconv.Itoa(i)) {
			changed = true
		}
	}
	for old.Len() > nw.Len() {
		d.removeAt(old, old.Len()-1)
		changed = true
	}
	for i := old.Len(); i < nw.Len(); i++ {
		d.insertAt(old, i, nw.Index(i))
		changed = true
	}
	if changed {
		old.dirty = true
	}
	return changed
}

func pointerToken(t string) string { return Pointer(t)[1:] }

// sameScalar reports whether two scalars of the same kind hold the same
// value, so that `1.50` is kept when 1.5 is set again.
func sameScalar(a, b *Node) bool {
	if bytes.Equal(a.raw(), b.raw()) {
		return true
	}
	switch a.Kind {
	case String:
		return a.Text() == b.Text()
	case Number:
		x, _, err1 := big.ParseFloat(string(a.raw()), 10, 256, big.ToNearestEven)
		y, _, err2 := big.ParseFloat(string(b.raw()), 10, 256, big.ToNearestEven)
		return err1 == nil && err2 == nil && x.Cmp(y) == 0
	}
	return false
}
