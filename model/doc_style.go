package model

import "bytes"

// detectStyle finds the formatting a document uses, so that new members can
// be written the same way. It looks at the first container whose members sit
// on their own lines for the indentation unit, and at the first member for
// the space after the colon. firstNewline is the offset of the first line
// break of src, -1 if none (the parser notes it).
func detectStyle(src []byte, root *Node, firstNewline int) Style {
	st := Style{Newline: "\n", FinalNewline: bytes.HasSuffix(src, []byte{'\n'})}
	if i := firstNewline; i > 0 && src[i-1] == '\r' {
		st.Newline = "\r\n"
	}
	indentFound, colonFound := false, false
	// The indentation is found on the first line break inside a
	// container; a raw newline is always whitespace (strings escape
	// theirs), so a document with none before its root's end (a minified
	// one) has none to find, and the walk needs only the first colon
	// rather than its whole budget.
	indentDone := func() bool { return indentFound || firstNewline < 0 || firstNewline >= root.End() }
	budget := 2000 // nodes visited at most; the answer is near the top
	var walk func(n *Node)
	walk = func(n *Node) {
		if budget <= 0 || (indentDone() && colonFound) {
			return
		}
		budget--
		count := n.Len()
		if count == 0 {
			return
		}
		if !colonFound && n.Kind == Object {
			m := n.memberAt(0)
			c := m.colonSpan(src).bytes(src)
			st.SpaceAfterColon = len(c) > 0 && c[len(c)-1] != ':'
			colonFound = true
		}
		if !indentDone() {
			lead := n.sepsAt(src, 0).lead.bytes(src)
			if k := bytes.LastIndexByte(lead, '\n'); k >= 0 {
				inner := lead[k+1:]
				// The closing bracket's indentation is the container's
				// own; the line it starts on may hold an outer key.
				outer := lineIndent(src, n.Start())
				last := n.sepsAt(src, count-1).post.bytes(src)
				if j := bytes.LastIndexByte(last, '\n'); j >= 0 {
					outer = last[j+1:]
				}
				if len(inner) > len(outer) && bytes.HasPrefix(inner, outer) {
					st.Indent = string(inner[len(outer):])
					indentFound = true
				}
			}
		}
		if pk := n.packed(); pk != nil && !pk.flat {
			return // scalars, which teach nothing more
		}
		for i := 0; i < count && budget > 0 && !(indentDone() && colonFound); i++ {
			walk(elemAt(n, i))
		}
	}
	walk(root)
	switch {
	case root.Len() == 0 && !indentFound:
		// Nothing to learn from (a scalar or an empty container):
		// json.MarshalIndent's style with two spaces.
		st.Indent = "  "
		st.SpaceAfterColon = true
	case !colonFound && indentFound:
		// Only arrays, indented: write new objects like json.MarshalIndent.
		st.SpaceAfterColon = true
	case !colonFound:
		// Only arrays, all on one line: minified unless items are spaced.
		st.SpaceAfterColon = root.Len() > 1 && root.sepsAt(src, 1).lead.n > 0 || root.sepsAt(src, 0).lead.n > 0
	}
	st.Minified = st.Indent == "" && !st.SpaceAfterColon
	return st
}

// lineIndent returns the whitespace that starts the source line holding
// offset.
func lineIndent(src []byte, offset int) []byte {
	start := bytes.LastIndexByte(src[:offset], '\n') + 1
	if start == 0 && bytes.HasPrefix(src, utf8BOM) {
		start = len(utf8BOM)
	}
	end := start
	for end < offset && (src[end] == ' ' || src[end] == '\t') {
		end++
	}
	return src[start:end]
}

// elemAt is the i-th element of a container: a member's value or an item.
func elemAt(n *Node, i int) *Node {
	if n.Kind == Object {
		return n.memberAt(i).Value
	}
	return n.Index(i)
}
