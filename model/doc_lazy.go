package model

// Deep subtrees: a container nested deeper than lazyDepth is parsed (and so
// checked) like any other, into nodes that are reused at once, and kept as
// its kind and offsets only. Reading its children parses it again, whole,
// into nodes that are not kept (the last one read is remembered, so that a
// loop over one container's children parses it once); an edit that goes
// into it first makes those nodes its own for good (unlazy). Real cards and
// catalogs nest less than a dozen levels: this is for documents whose bulk
// is deeply nested, which would otherwise take a node for every two bytes.

import (
	"sync/atomic"
	"unsafe"
)

// lazyDepth is the deepest level whose containers are kept as nodes.
var lazyDepth = 16

// lazyMark in Node.n marks a deep container; its ref is the *lazySource.
const lazyMark = -2

// lazySource is what the deep containers of one parse share: the source,
// and the subtree read last.
type lazySource struct {
	src  []byte
	last atomic.Pointer[lazyTree]
}

// lazyTree is a deep container as parsed again: tree stands for of.
type lazyTree struct {
	of   *Node
	tree *Node
}

// lazy returns the source of a deep container, nil for any other node.
func (n *Node) lazy() *lazySource {
	if n.n != lazyMark || (n.Kind != Object && n.Kind != Array) {
		return nil
	}
	return (*lazySource)(n.ref)
}

// KeptAsBytes returns the source bytes of a container that is kept as
// bytes rather than nodes: nested deeper than the parse keeps nodes for, or
// a packed array or object (doc_packed.go, doc_packed_flat.go,
// doc_packed_members.go); nil for any other node.
// Reading such a container's children makes nodes again on each read, so
// a scan that needs only the bytes (of its strings, say) reads these
// instead.
func (n *Node) KeptAsBytes() []byte {
	if n.n >= 0 {
		// A scalar, or a container whose children are nodes in place: the
		// test a walk makes at every node, inlined.
		return nil
	}
	return n.keptAsBytes()
}

func (n *Node) keptAsBytes() []byte {
	if ls := n.lazy(); ls != nil {
		return ls.src[n.Start():n.End()]
	}
	if pk := n.packed(); pk != nil && n.Start() >= 0 {
		return pk.src[n.Start():n.End()]
	}
	return nil
}

// view returns the node to read n's children from: n itself, or for a deep
// container the subtree parsed again. It writes nothing but the atomic
// record of the last subtree, so reads may run concurrently.
func (n *Node) view() *Node {
	ls := n.lazy()
	if ls == nil {
		return n
	}
	if last := ls.last.Load(); last != nil && last.of == n {
		return last.tree
	}
	// The source up to the container's end: what the parser sizes its
	// chunks from.
	p := newParser(ls.src[:n.End()], maxDepthCap)
	p.noLazy = true
	p.pos = n.Start()
	tree, err := p.parseValue()
	if err != nil { // the bytes were accepted once; they are read-only
		panic("model: a deep container no longer parses: " + err.Error())
	}
	ls.last.Store(&lazyTree{of: n, tree: tree})
	return tree
}

// unlazy makes a deep container's subtree its own: what an edit into it
// needs first. It writes the node, so only edits, which have the Doc to
// themselves, call it.
func (n *Node) unlazy() {
	if n.lazy() == nil {
		return
	}
	*n = *n.view()
}

// parseLazy parses the container at p.pos, which is deeper than lazyDepth,
// into reused nodes, and returns a deep container in its place.
func (p *parser) parseLazy() (*Node, error) {
	saved, savedPool := p.chunks, p.pool
	p.chunks, p.pool, p.noLazy = chunks{}, &p.deepPool, true
	var val *Node
	var err error
	if p.src[p.pos] == '{' {
		val, err = p.parseObject()
	} else {
		val, err = p.parseArray(false)
	}
	if err != nil {
		return nil, err
	}
	kind, start, end := val.Kind, val.Start(), val.End()
	p.releaseItem()
	p.chunks, p.pool, p.noLazy = saved, savedPool, false
	if p.deep == nil {
		p.deep = &lazySource{src: p.src}
	}
	n := p.newNode()
	n.Kind, n.start, n.end = kind, int32(start), int32(end)
	n.ref, n.n = unsafe.Pointer(p.deep), lazyMark
	return n, nil
}
