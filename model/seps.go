package model

// The separators of an element: the whitespace before it (before its key,
// for a member) and after its value, up to the comma or the closing
// bracket. An element where the source has it needs none stored: they are
// the whitespace around its bytes there. Once a container is edited its
// elements' separators are kept with it (nodeExt.seps), as edits move
// elements, add new ones and replace values.

// seps are the separators of one element.
type seps struct{ lead, post span }

// sepsAt returns the separators of element i of container c.
func (c *Node) sepsAt(src []byte, i int) seps {
	if x := c.ext(); x != nil && x.seps != nil {
		return x.seps[i]
	}
	return sourceSeps(src, c, i)
}

// sourceSeps reads the separators of element i of container c from src,
// where it sits as parsed; none for an element an edit created.
func sourceSeps(src []byte, c *Node, i int) seps {
	var start, end int
	if c.Kind == Object {
		m := c.memberAt(i)
		start, end = int(m.keyStart), m.Value.End()
	} else {
		el := c.Index(i)
		start, end = el.Start(), el.End()
	}
	if start < 0 || end < 0 {
		return seps{}
	}
	lead := start
	for lead > 0 && isWS(src[lead-1]) {
		lead--
	}
	post := end
	for post < len(src) && isWS(src[post]) {
		post++
	}
	return seps{lead: spanOf(lead, start), post: spanOf(end, post)}
}
