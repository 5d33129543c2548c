package model

import "bytes"

// Encode returns the document's bytes: the source itself when nothing was
// edited, otherwise untouched spans copied verbatim and edited containers
// re-emitted in the document's style.
func (d *Doc) Encode() []byte {
	if !d.tree().dirty {
		return bytes.Clone(d.src)
	}
	e := encoder{
		src:  d.src,
		buf:  make([]byte, 0, len(d.src)+len(d.src)/8+64),
		unit: d.style.Indent,
		nl:   d.style.Newline,
	}
	e.colon = ":"
	if d.style.SpaceAfterColon {
		e.colon = ": "
	}
	e.comma = ", "
	if d.style.Minified {
		e.comma = ","
	}
	e.buf = append(e.buf, d.prefix...)
	var indent []byte
	if d.root.Start() >= 0 {
		indent = lineIndent(d.src, d.root.Start())
	}
	e.node(d.root, indent, !d.style.Minified && d.style.Indent != "")
	e.buf = append(e.buf, d.suffix...)
	return e.buf
}

// encoder writes a tree. indent is the indentation of the line on which the
// current node starts; multi tells whether the node sits in a container
// whose elements are on their own lines (so that new containers are written
// one element per line too).
type encoder struct {
	src   []byte
	buf   []byte
	unit  string // one indentation level
	nl    string
	colon string // between key and value in new members
	comma string // between elements of new single-line containers
}

func (e *encoder) node(n *Node, indent []byte, multi bool) {
	if n.Start() >= 0 && !n.dirty {
		e.buf = append(e.buf, e.src[n.Start():n.End()]...)
		return
	}
	switch {
	case n.Kind != Object && n.Kind != Array:
		e.buf = append(e.buf, n.raw()...)
	case n.Start() < 0 || n.reformat:
		e.fresh(n, indent, multi)
	default:
		e.edited(n, indent)
	}
}

// edited re-emits a source container an edit touched, with the separators
// recorded for each element (new elements received theirs when inserted).
func (e *encoder) edited(n *Node, indent []byte) {
	open, closing := brackets(n.Kind)
	e.buf = append(e.buf, open)
	count := n.Len()
	for i := 0; i < count; i++ {
		el, sp := elemAt(n, i), n.sepsAt(e.src, i)
		lead := sp.lead.bytes(e.src)
		e.buf = append(e.buf, lead...)
		if n.Kind == Object {
			m := n.memberAt(i)
			e.buf = append(e.buf, m.keyBytes(e.src)...)
			colon := m.colonSpan(e.src)
			if lay := n.layout(); m.keyStart < 0 && lay != nil {
				colon = lay.colon // a new member: written like the first one
			}
			if colon.n != 0 {
				e.buf = append(e.buf, colon.bytes(e.src)...)
			} else {
				e.buf = append(e.buf, e.colon...)
			}
		}
		childIndent, childMulti := indent, false
		if k := bytes.LastIndexByte(lead, '\n'); k >= 0 {
			childIndent, childMulti = lead[k+1:], e.unit != ""
		}
		e.node(el, childIndent, childMulti)
		e.buf = append(e.buf, sp.post.bytes(e.src)...)
		if i < count-1 {
			e.buf = append(e.buf, ',')
		}
	}
	e.buf = append(e.buf, closing)
}

// fresh writes a container created by an edit in the document's style: one
// element per line at the right depth in a multi-line context, on one line
// otherwise (minified documents stay minified).
func (e *encoder) fresh(n *Node, indent []byte, multi bool) {
	open, closing := brackets(n.Kind)
	count := n.Len()
	e.buf = append(e.buf, open)
	if count == 0 {
		e.buf = append(e.buf, closing)
		return
	}
	inner := indent
	if multi {
		inner = append(indent[:len(indent):len(indent)], e.unit...)
	}
	for i := 0; i < count; i++ {
		if i > 0 {
			if multi {
				e.buf = append(e.buf, ',')
			} else {
				e.buf = append(e.buf, e.comma...)
			}
		}
		if multi {
			e.buf = append(e.buf, e.nl...)
			e.buf = append(e.buf, inner...)
		}
		if n.Kind == Object {
			m := n.memberAt(i)
			e.buf = append(e.buf, m.keyBytes(e.src)...)
			e.buf = append(e.buf, e.colon...)
		}
		e.node(elemAt(n, i), inner, multi)
	}
	if multi {
		e.buf = append(e.buf, e.nl...)
		e.buf = append(e.buf, indent...)
	}
	e.buf = append(e.buf, closing)
}

func brackets(k Kind) (open, closing byte) {
	if k == Object {
		return '{', '}'
	}
	return '[', ']'
}

// keyBytes is the member's key as written in src, or quoted in the
// document's way for a member an edit created.
func (m *Member) keyBytes(src []byte) []byte {
	if m.keyStart < 0 {
		return quoteString(m.Key())
	}
	return src[int(m.keyStart) : int(m.keyStart)+m.keyTokenLen()]
}
