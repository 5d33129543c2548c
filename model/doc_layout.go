package model

// Separators of containers under structural edits.

import (
	"bytes"
	"slices"
)

// layout holds the separators of a source container, captured before its
// first structural edit, so that elements added later look like the ones
// already there.
type layout struct {
	first span // whitespace before the first element
	sep   span // whitespace before any later element
	mid   span // whitespace after an element that is followed by a comma
	last  span // whitespace after the last element, before the bracket
	colon span // objects: the bytes between key and value
}

// captureLayout records the separators of a source container before its
// first structural edit. A source container that is empty has none to
// offer: it is then written like a new one, in the document's style.
func (d *Doc) captureLayout(c *Node) {
	if c.Start < 0 || c.reformat || c.layout() != nil {
		return
	}
	n := c.Len()
	if n == 0 {
		c.reformat = true
		return
	}
	first := elemAt(c, 0)
	lay := &layout{first: first.lead, last: elemAt(c, n-1).post}
	if n > 1 {
		lay.mid = first.post
		best := -1
		for i := 1; i < n; i++ {
			lead := elemAt(c, i).lead
			if nl := bytes.Count(lead.bytes(d.src), []byte{'\n'}); best < 0 || nl <= best {
				best = nl
				lay.sep = lead
			}
		}
	} else {
		lay.sep = first.lead
		if lay.sep.n == 0 && !d.style.Minified {
			lay.sep = spaceSpan
		}
	}
	if c.Kind == Object {
		lay.colon = c.Members()[0].colonSpan(d.src)
	}
	c.edit().lay = lay
}

// insertAt inserts an element (a *Member for objects, a *Node for arrays)
// at index pos of container c, giving it and its neighbours the separators
// their new places call for.
func (d *Doc) insertAt(c *Node, pos int, elem any) {
	c.unpack()
	d.captureLayout(c)
	n := c.Len()
	var el *Node
	if m, ok := elem.(*Member); ok {
		el = m.Value
		c.setMembers(slices.Insert(c.Members(), pos, m))
	} else {
		el = elem.(*Node)
		c.setItems(slices.Insert(c.items(), pos, el))
	}
	if lay := c.layout(); lay != nil {
		el.lead, el.post = lay.sep, lay.mid
		if pos == 0 {
			el.lead = lay.first
			if n > 0 {
				elemAt(c, 1).lead = lay.sep
			}
		}
		if pos == n {
			el.post = lay.last
			if n > 0 {
				elemAt(c, n-1).post = lay.mid
			}
		}
	}
	c.dirty = true
}

// removeAt removes the element at index k of container c; its neighbours
// take over the separators of the first or last place when it held one.
func (d *Doc) removeAt(c *Node, k int) {
	c.unpack()
	d.captureLayout(c)
	n := c.Len()
	if lay := c.layout(); lay != nil && n > 1 {
		if k == 0 {
			elemAt(c, 1).lead = lay.first
		}
		if k == n-1 {
			elemAt(c, n-2).post = lay.last
		}
	}
	if c.Kind == Object {
		c.setMembers(slices.Delete(c.Members(), k, k+1))
	} else {
		c.setItems(slices.Delete(c.items(), k, k+1))
	}
	c.dirty = true
}
