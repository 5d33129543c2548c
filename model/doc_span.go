package model

import "unsafe"

// span is a run of separator bytes (whitespace, or a colon with its
// whitespace) of the Doc's source, held as an offset and a length rather
// than a slice: the parse tree has one per element and side, and offsets
// keep the nodes small and free of pointers the collector must follow.
//
// Every separator the tree holds comes from its own document's source
// (edits reuse the separators of neighbouring elements), except the single
// space a layout supplies when the source has none to copy: off < 0 stands
// for it.
type span struct{ off, n int32 }

// spaceSpan is the one separator that is not in the source: " ".
var spaceSpan = span{off: -1, n: 1}

var oneSpace = []byte{' '}

// spanOf records src[start:end].
func spanOf(start, end int) span { return span{off: int32(start), n: int32(end - start)} }

// bytes returns the separator's bytes; nil when it is empty. The bytes are
// the source's: read them, never modify them.
func (s span) bytes(src []byte) []byte {
	switch {
	case s.n == 0:
		return nil
	case s.off < 0:
		return oneSpace
	}
	return src[s.off : s.off+s.n : s.off+s.n]
}

// maxSourceBytes bounds documents so that every offset fits a span.
const maxSourceBytes = 1<<31 - 1

// raw returns the token bytes of a scalar (nil for containers). They belong
// to the source the node was parsed from: read them, never modify them.
func (n *Node) raw() []byte {
	if n.ref == nil || n.Kind == Object || n.Kind == Array {
		return nil
	}
	return unsafe.Slice((*byte)(n.ref), n.rawLen)
}

// layout returns the separators captured for a source container, or nil.
func (n *Node) layout() *layout {
	if n.Kind != Object && n.Kind != Array {
		return nil
	}
	return (*layout)(n.ref)
}
