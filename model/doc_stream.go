package model

import (
	"sync"
	"sync/atomic"
)

// Streaming one array of a large document.
//
// A catalog of 100,000 entries is 55 MiB of JSON and about 300 MB of parse
// tree; on a virtual machine, faulting in that much fresh memory costs more
// CPU than parsing and checking it. A validator needs each entry only while
// it checks that entry, so ParseOwnedEach hands the items of one array to
// the caller one at a time, in memory reused from item to item, and keeps
// only the rest of the tree (the outline). The Doc it returns is still a
// whole Doc: the tree is built in full the first time a method needs it,
// and the positions and pointers of findings (Find, Position, KeyPosition)
// are resolved without it, by parsing again only the item they point into.

// streamed is what a Doc from ParseOwnedEach keeps instead of its tree.
type streamed struct {
	key     string // the root member whose array was streamed
	lim     Limits // the limits of the parse, for parsing again
	outline *Node  // the root as parsed: the streamed array has no items
	array   *Node  // the streamed array, in outline
	starts  []int32
	pool    itemPool
	saved   chunks // the parser's chunks, while the items take the pool's

	// current is the item being handed to each (nil outside the call).
	current      *Node
	currentIndex int

	once  sync.Once
	built atomic.Bool // root and style hold the whole tree
}

// ParseOwnedEach is ParseOwned for a document whose bulk is one array, the
// root object's member key (a catalog's "entries"): each item of that array
// is handed to each as soon as it is parsed, with its index, and is not
// kept. The item's nodes live until each returns: each must not keep them
// (strings read from them may be kept). d is the Doc being parsed: within
// each, its Find, Position and KeyPosition resolve pointers into the item
// at hand without building anything.
//
// The Doc returned behaves like ParseOwned's: Root, the edits, Encode and
// Style build the whole tree on first use (once; a Doc may be read
// concurrently). Find, Position and KeyPosition do not: a pointer into a
// streamed item parses that item again. Outline returns the root as the
// parse left it. When the root is not an object with an array at key,
// nothing is streamed and the Doc is ParseOwned's.
//
// Errors are ParseOwned's: each may have seen items before a syntax error
// further on.
func ParseOwnedEach(data []byte, lim Limits, key string, each func(d *Doc, i int, item *Node)) (*Doc, error) {
	return parse(data, lim, true, &streamRequest{key: key, each: each})
}

// streamRequest asks parse to stream the items of the root's member key.
type streamRequest struct {
	key  string
	each func(d *Doc, i int, item *Node)
}

// Outline returns the root of the Doc without building anything: for a Doc
// from ParseOwnedEach, the root as that parse left it, where the streamed
// array has no items (its Start and End are the array's); for any other
// Doc, Root(). Edits made since are not in the outline.
func (d *Doc) Outline() *Node {
	if d.stream != nil {
		return d.stream.outline
	}
	return d.root
}

// tree returns the root, building the whole tree of a streamed Doc first.
func (d *Doc) tree() *Node {
	if s := d.stream; s != nil && !s.built.Load() {
		s.once.Do(func() {
			// The bytes parsed once already: this parse cannot fail, short
			// of a caller that modified the data it handed over.
			p := newParser(d.src, s.lim.MaxDepth)
			if root, err := p.parseDocument(); err == nil {
				d.root = root
				d.style = detectStyle(d.src, root, p.newline)
			}
			s.built.Store(true)
		})
	}
	return d.root
}

// shallow returns the root to read members of the root from: the outline
// while the tree is not built (its members are the root's), else the root.
func (d *Doc) shallow() *Node {
	if s := d.stream; s != nil && !s.built.Load() {
		return s.outline
	}
	return d.root
}

// walkStart returns the node a walk of tokens starts from and the tokens
// left to walk: the root, or, for a streamed Doc whose tree is not built, a
// streamed item (parsed again) or the outline. nil means the walk needs the
// whole tree (nothing but the tree has the node asked for).
func (d *Doc) walkStart(tokens []string) (*Node, []string) {
	s := d.stream
	if s == nil || s.built.Load() {
		return d.root, tokens
	}
	if len(tokens) >= 2 && tokens[0] == s.key {
		if item := s.item(d.src, arrayIndex(tokens[1])); item != nil {
			return item, tokens[2:]
		}
	}
	if s.outline == nil {
		return nil, nil // still parsing, and not in the item at hand
	}
	return s.outline, tokens
}

// incomplete reports a node of the outline that lacks streamed items: the
// root and the streamed array.
func (s *streamed) incomplete(n *Node) bool {
	return n != nil && (n == s.outline || n == s.array)
}

// item returns streamed item i: the one being handed to each, or a fresh
// parse of it. nil when there is no such item (yet).
func (s *streamed) item(src []byte, i int) *Node {
	if s.current != nil && i == s.currentIndex {
		return s.current
	}
	if i < 0 || i >= len(s.starts) {
		return nil
	}
	p := newParser(src, s.lim.MaxDepth)
	p.pos = int(s.starts[i])
	p.depth = 2 // inside the root object and the array, as when it was parsed first
	n, err := p.parseValue()
	if err != nil {
		return nil
	}
	return n
}

// handOver gives item i (which starts at offset start) to the caller, then
// makes the memory it took available to the next item.
func (p *parser) handOver(i, start int, item *Node) {
	s := p.stream
	if s.starts == nil {
		// Room for as many items as the rest of the input holds items of
		// this one's size (growing it by doubling wrote twice as much).
		s.starts = make([]int32, 0, min((len(p.src)-start)/max(p.pos-start, 16)+16, 1<<20))
	}
	s.starts = append(s.starts, int32(start))
	s.current, s.currentIndex = item, i
	p.each(p.doc, i, item)
	s.current = nil
	p.releaseItem()
}

// beginStream switches the parser to the item pool; the chunks of the
// outline are kept for the nodes after the array.
func (p *parser) beginStream() {
	p.stream.saved = p.chunks
	p.chunks = chunks{}
	p.pool = &p.stream.pool
}

func (p *parser) endStream() {
	p.chunks = p.stream.saved
	p.stream.saved = chunks{}
	p.pool = nil
}

// releaseItem clears what the last item took from the pool, to be reused.
func (p *parser) releaseItem() {
	pl := p.pool
	pl.nodes.release(len(p.nodeChunk))
	pl.members.release(len(p.memberChunk))
	pl.ptrs.release(len(p.ptrChunk))
	p.chunks = chunks{}
}

// itemPool holds the chunks the items of a streamed array are carved from.
type itemPool struct {
	nodes   reuse[Node]
	members reuse[Member]
	ptrs    reuse[*Node]
}

// poolChunk is the size of a pool's chunks: an entry of a catalog takes a
// few dozen nodes; a larger item takes several chunks.
const poolChunk = 512

// reuse hands out chunks of T and takes them back, zeroed, all at once.
type reuse[T any] struct {
	chunks [][]T
	next   int // chunks handed out since the last release
}

// take returns a zeroed chunk of at least n elements.
func (r *reuse[T]) take(n int) []T {
	for r.next < len(r.chunks) {
		c := r.chunks[r.next]
		r.next++
		if len(c) >= n {
			return c
		}
	}
	c := make([]T, max(n, poolChunk))
	r.chunks = append(r.chunks, c)
	r.next++
	return c
}

// release zeroes what was used of the chunks handed out (rest: the unused
// tail of the last one) and makes them all available again.
func (r *reuse[T]) release(rest int) {
	for i := range r.next {
		c := r.chunks[i]
		if i == r.next-1 {
			c = c[:len(c)-rest]
		}
		clear(c)
	}
	r.next = 0
}
