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
	if c.Start() < 0 || c.reformat || c.layout() != nil {
		return
	}
	n := c.Len()
	if n == 0 {
		c.reformat = true
		return
	}
	first := c.sepsAt(d.src, 0)
	lay := &layout{first: first.lead, last: c.sepsAt(d.src, n-1).post}
	if n > 1 {
		lay.mid = first.post
		best := -1
		for i := 1; i < n; i++ {
			lead := c.sepsAt(d.src, i).lead
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
		m := c.memberAt(0)
		lay.colon = m.colonSpan(d.src)
	}
	c.edit(d.src).lay = lay
}

// insertAt inserts an element (a Member for objects, a *Node for arrays)
// at index pos of container c, giving it and its neighbours the separators
// their new places call for.
func (d *Doc) insertAt(c *Node, pos int, elem any) {
	c.unpack()
	d.captureLayout(c)
	n := c.Len()
	x := c.edit(d.src)
	if m, ok := elem.(Member); ok {
		x.members = slices.Insert(x.members, pos, m)
	} else {
		x.items = slices.Insert(x.items, pos, elem.(*Node))
	}
	c.dirty = true
	if x.seps == nil {
		return // a container an edit created: written in the document's style
	}
	var el seps
	if lay := x.lay; lay != nil {
		el = seps{lead: lay.sep, post: lay.mid}
		if pos == 0 {
			el.lead = lay.first
			if n > 0 {
				x.seps[0].lead = lay.sep
			}
		}
		if pos == n {
			el.post = lay.last
			if n > 0 {
				x.seps[n-1].post = lay.mid
			}
		}
	}
	x.seps = slices.Insert(x.seps, pos, el)
}

// removeAt removes the element at index k of container c; its neighbours
// take over the separators of the first or last place when it held one.
func (d *Doc) removeAt(c *Node, k int) {
	c.unpack()
	d.captureLayout(c)
	n := c.Len()
	x := c.edit(d.src)
	if lay := x.lay; lay != nil && n > 1 && x.seps != nil {
		if k == 0 {
			x.seps[1].lead = lay.first
		}
		if k == n-1 {
			x.seps[n-2].post = lay.last
		}
	}
	if c.Kind == Object {
		x.members = slices.Delete(x.members, k, k+1)
	} else {
		x.items = slices.Delete(x.items, k, k+1)
	}
	if x.seps != nil {
		x.seps = slices.Delete(x.seps, k, k+1)
	}
	c.dirty = true
}
