package model

import (
	"bytes"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"unicode/utf8"
	"unsafe"
)

// maxDepthCap bounds MaxDepth whatever the caller asks: the parser, the
// encoder and Interface recurse once per nesting level, and this keeps their
// stacks small even for hostile input.
const maxDepthCap = 10000

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// ParseLimits reads a JSON document. Errors are *ParseError.
//
// A zero or negative limit means the DefaultLimits value; MaxDepth is capped
// at 10,000.
func ParseLimits(data []byte, lim Limits) (*Doc, error) {
	return parse(data, lim, false, nil)
}

// ParseOwned is ParseLimits for a caller that hands data over: the Doc
// keeps data itself as its source instead of a private copy, so the caller
// must never modify data afterwards (strings read from the Doc share it).
// Readers that read a file into a fresh buffer save a copy of it.
func ParseOwned(data []byte, lim Limits) (*Doc, error) {
	return parse(data, lim, true, nil)
}

// parse parses data (a private copy unless owned); with a stream request,
// the items of the root member it names go to its each (ParseOwnedEach).
func parse(data []byte, lim Limits, owned bool, req *streamRequest) (*Doc, error) {
	return parseIn(data, lim, owned, req, nil)
}

// parseIn is parse with the tree carved from arena (nil: from chunks of
// its own).
func parseIn(data []byte, lim Limits, owned bool, req *streamRequest, arena *Arena) (*Doc, error) {
	if lim.MaxBytes <= 0 {
		lim.MaxBytes = DefaultLimits.MaxBytes
	}
	if lim.MaxDepth <= 0 {
		lim.MaxDepth = DefaultLimits.MaxDepth
	}
	if lim.MaxDepth > maxDepthCap {
		lim.MaxDepth = maxDepthCap
	}
	lim.MaxBytes = min(lim.MaxBytes, maxSourceBytes)
	if len(data) > lim.MaxBytes {
		return nil, &ParseError{
			Code: "json/too-large", Offset: 0, Line: 1, Column: 1,
			Msg: fmt.Sprintf("the document is %s (%d bytes), larger than the limit of %s (%d bytes)",
				humanBytes(len(data)), len(data), humanBytes(lim.MaxBytes), lim.MaxBytes),
		}
	}
	// The Doc shares its strings with its source (see sourceString): parse
	// a private copy, so that nothing the caller does to data can change
	// them, unless the caller handed data over.
	if !owned {
		data = bytes.Clone(data)
	}
	d := &Doc{src: data, lines: new(lineIndex), keys: new(keyIndex)}
	p := newParser(data, lim.MaxDepth)
	if req == nil && lim.LongStrings > 0 { // a streamed Doc's items are gone once checked
		p.longFrom = lim.LongStrings
	}
	if arena != nil {
		p.arena = arena
		defer arena.parsed(p)
		p.longStrings, arena.long = arena.long, nil
	}
	if req != nil {
		d.stream = &streamed{key: req.key, lim: lim}
		p.stream, p.each, p.doc = d.stream, req.each, d
	}
	root, err := p.parseDocument()
	if err != nil {
		// Invalid UTF-8 is reported before anything else. The parser
		// checks it only inside strings, where the input is not ASCII
		// by JSON's grammar, so a document that is not UTF-8 always
		// fails to parse; only then is the whole input checked.
		if pe, ok := err.(*ParseError); !ok || pe.Code != "json/encoding" {
			if !utf8.Valid(data) {
				return nil, encodingError(data, firstInvalidUTF8(data))
			}
		}
		return nil, err
	}
	d.prefix = data[:root.Start()]
	d.suffix = data[root.End():]
	d.maybeNotIJSON = p.notIJSON
	d.unplainText = p.unplainText
	if s := d.stream; s != nil && s.array != nil {
		s.outline = root
		s.pool = itemPool{} // the items are gone: let the pool go too
		return d, nil
	}
	d.stream = nil // nothing was streamed: an ordinary Doc
	d.root = root
	d.longStrings, d.longFrom = p.longStrings, p.longFrom
	d.style = detectStyle(data, root, p.newline)
	return d, nil
}

// encodingError is the error of a document whose first invalid UTF-8 byte
// is at off.
func encodingError(data []byte, off int) *ParseError {
	line, col := lineColIn(data, off)
	return &ParseError{
		Code: "json/encoding", Offset: off, Line: line, Column: col,
		Msg: fmt.Sprintf("line %d, column %d: invalid UTF-8 byte 0x%02x at offset %d; the document must be UTF-8",
			line, col, data[off], off),
		Detail: fmt.Sprintf("invalid UTF-8 byte 0x%02x at offset %d; the document must be UTF-8", data[off], off),
	}
}

// parser is a recursive-descent JSON parser. Recursion is bounded by
// maxDepth. Nodes and members are carved from chunks to keep allocations
// few: a card of 100 KB is parsed with a handful of allocations per kind.
type parser struct {
	src      []byte
	pos      int
	maxDepth int
	depth    int
	path     []pathStep // the containers being parsed, for error pointers (room for 16 levels at first)

	chunks
	made int // nodes of the chunks made so far (not the pools'), to size the next chunk

	itemStack   []*Node
	memberStack []Member
	scalarStack []int32 // where the scalar items of the arrays being parsed start, while they may be packed

	// Streaming (ParseOwnedEach): the items of the root member
	// stream.key go to each, carved from pool instead of the chunks.
	stream *streamed
	each   func(d *Doc, i int, item *Node)
	doc    *Doc
	pool   *itemPool

	// arena, when the caller parses with one (Arena.ParseOwned), gives the
	// chunks instead of make.
	arena *Arena

	// Deep containers (doc_lazy.go): deep is the source they share,
	// deepPool the nodes they are parsed into; noLazy while one is parsed,
	// or when a deep container is parsed again.
	deep     *lazySource
	deepPool itemPool
	noLazy   bool

	// flatPool is the memory the items of an array of flat containers are
	// parsed into while it is packing (doc_packed_flat.go, inFlatItem).
	flatPool itemPool

	// newline is the offset of the first line break skipWS met, -1 while
	// none: as JSON has raw line breaks only between tokens, the first of
	// the input once it parsed (detectStyle), without a search.
	newline int

	// notIJSON is set on a number that is not an integer of at most 15
	// digits, and on a \u escape of a surrogate: the tokens I-JSON may
	// not hold, which Doc.MaybeNotIJSON reports.
	notIJSON bool

	// longFrom, when positive, is the least length of the string values
	// whose starts go to longStrings (Limits.LongStrings).
	longFrom    int
	longStrings [][2]int32

	// unplainText is set on a string (a member name or a value) with an
	// escape or a byte outside ASCII: Doc.TextIsPlainASCII reports its
	// absence.
	unplainText bool
}

// chunks are what the parser carves nodes, members and child slices from.
type chunks struct {
	nodeChunk   []Node
	memberChunk []Member
	ptrChunk    []*Node
	// nodeLo and nodeHi bound the chunk nodeChunk was cut from (addresses,
	// compared only): the items of an array lie side by side only within
	// one chunk, as two chunks may be made next to each other in memory.
	nodeLo, nodeHi uintptr
}

// giveBack returns to the chunks what was carved from them since they were
// as was: the nodes and members of a container's first items or members,
// once it packs and notes where they start instead. Nothing else is carved
// meanwhile, and the chunks keep the rest of what they hold, so their
// memory stayed taken: an array of 32 one-digit numbers held 31 nodes of
// 24 bytes beside its 65 bytes of source, and a document of many such
// arrays 17 times its size. What is given back is zeroed, as a chunk's
// nodes are carved; a chunk taken since is left as it is (the part given
// back would be in the one before).
func (p *parser) giveBack(was *chunks) {
	if was.nodeLo != p.nodeLo {
		return
	}
	p.nodeChunk = carvedBack(was.nodeChunk, p.nodeChunk)
	p.memberChunk = carvedBack(was.memberChunk, p.memberChunk)
	p.ptrChunk = carvedBack(was.ptrChunk, p.ptrChunk)
}

// carvedBack returns chunk as it was (was), what was carved from it since
// zeroed, when now is what is left of the same chunk; else now.
func carvedBack[T any](was, now []T) []T {
	used := len(was) - len(now)
	if used <= 0 || cap(now) == 0 || &was[:cap(was)][cap(was)-1] != &now[:cap(now)][cap(now)-1] {
		return now
	}
	clear(was[:used])
	return was
}

// pathStep is one open container while parsing: the key or index being read.
// A key is kept as its token's offset and length, decoded only for an error:
// a string stored here per member would cost a write barrier each while the
// collector runs.
type pathStep struct {
	index  int   // arrays: the index; objects: the offset of the key's token
	keyLen int32 // objects: the length of the key's token
	isKey  bool
	esc    bool
}

// maxChunk bounds the chunks, so that a wrong guess wastes little.
const maxChunk = 4096

func newParser(src []byte, maxDepth int) *parser {
	return &parser{src: src, maxDepth: maxDepth, newline: -1, path: make([]pathStep, 0, 16),
		itemStack: make([]*Node, 0, 64), memberStack: make([]Member, 0, 64)}
}

// chunkSize guesses how many more nodes the rest of the input holds, from
// the density seen so far (indented cards run about 40 bytes per node).
func (p *parser) chunkSize() int {
	rest := len(p.src) - p.pos
	perNode := 40
	// Called outside a pool only: the node chunk at hand is one of the
	// parser's, whose unused rest is not made yet.
	if made := p.made - len(p.nodeChunk); made > 64 && p.pos > 0 {
		perNode = max(p.pos/made, 2)
	}
	return min(rest/perNode+16, maxChunk)
}

// newNode carves a zeroed node from the chunk. The call to moreNodes keeps
// it from being inlined: where most nodes are made (newScalar, stringNode)
// these lines are repeated instead.
func (p *parser) newNode() *Node {
	c := p.nodeChunk
	if len(c) == 0 {
		c = p.moreNodes()
	}
	p.nodeChunk = c[1:]
	return &c[0]
}

// moreNodes takes the next node chunk: from the pool, or made to the size
// chunkSize guesses (the nodes of a reused pool say nothing of the chunks
// to come, and are not counted).
func (p *parser) moreNodes() []Node {
	var c []Node
	switch {
	case p.pool != nil:
		c = p.pool.nodes.take(poolChunk)
	case p.arena != nil:
		c = p.arena.pool.nodes.take(arenaChunk)
	default:
		c = make([]Node, p.chunkSize())
		p.made += len(c)
	}
	p.nodeLo = uintptr(unsafe.Pointer(unsafe.SliceData(c)))
	p.nodeHi = p.nodeLo + uintptr(len(c))*unsafe.Sizeof(Node{})
	return c
}

// newScalar makes the node of the token src[start:end]. Fields are set one
// by one on the zeroed chunk: assigning a whole Node would copy it with a
// write barrier over every pointer field while the collector runs.
func (p *parser) newScalar(kind Kind, start, end int) *Node {
	c := p.nodeChunk // newNode, by hand
	if len(c) == 0 {
		c = p.moreNodes()
	}
	p.nodeChunk = c[1:]
	n := &c[0]
	n.Kind, n.start, n.end = kind, int32(start), int32(end)
	n.ref, n.n = unsafe.Pointer(&p.src[start]), int32(end-start)
	return n
}

// moreMembers takes the next member chunk, of at least n members.
func (p *parser) moreMembers(n int) []Member {
	if p.pool != nil {
		return p.pool.members.take(max(n, poolChunk))
	}
	if p.arena != nil {
		return p.arena.pool.members.take(max(n, arenaChunk*2/3))
	}
	return make([]Member, max(n, p.chunkSize()*2/3+4))
}

// items copies the top n entries of the item stack into an exact-size slice
// whose capacity is capped, so that a later append reallocates instead of
// overwriting a neighbour in the chunk.
func (p *parser) items(from int) []*Node {
	n := len(p.itemStack) - from
	if n > len(p.ptrChunk) {
		if p.pool != nil {
			p.ptrChunk = p.pool.ptrs.take(n)
		} else if p.arena != nil {
			p.ptrChunk = p.arena.pool.ptrs.take(max(n, arenaChunk/2))
		} else {
			p.ptrChunk = make([]*Node, max(n, p.chunkSize()/2))
		}
	}
	s := p.ptrChunk[:n:n]
	p.ptrChunk = p.ptrChunk[n:]
	// Element by element rather than with copy: most containers have a
	// few children, and copy of pointers costs two calls (typedslicecopy,
	// memmove) whatever their number, 7 % of a minified card's parse.
	stack := p.itemStack
	for i := 0; i < n; i++ {
		s[i] = stack[from+i]
	}
	// No clear of the popped entries: they point into this same tree, and
	// clearing pointers costs write barriers while the collector runs.
	p.itemStack = p.itemStack[:from]
	return s
}

// sideBySide returns the first item of the array whose items are the top
// entries of the item stack, when they lie one after another in the node
// chunk at hand: then the array needs no slice of pointers to them
// (Node.sideBySide). nil when they do not, or there are none. Items one
// after another in memory but across two chunks are not side by side: a
// slice over them would straddle two allocations (what -race's checkptr
// caught), and the collector would keep only the first alive.
func (p *parser) sideBySide(from int) *Node {
	items := p.itemStack[from:]
	if len(items) == 0 {
		return nil
	}
	size := unsafe.Sizeof(Node{})
	first := uintptr(unsafe.Pointer(items[0]))
	if first < p.nodeLo || first+uintptr(len(items))*size > p.nodeHi {
		return nil
	}
	for i := 1; i < len(items); i++ {
		if uintptr(unsafe.Pointer(items[i])) != first+uintptr(i)*size {
			return nil
		}
	}
	return items[0]
}

// members copies the top n entries of the member stack into an exact-size
// slice of the member chunk, capacity capped as in items: an object's
// members lie side by side, with no slice of pointers to them.
func (p *parser) members(from int) []Member {
	n := len(p.memberStack) - from
	if n > len(p.memberChunk) {
		p.memberChunk = p.moreMembers(n)
	}
	s := p.memberChunk[:n:n]
	p.memberChunk = p.memberChunk[n:]
	stack := p.memberStack // element by element, as in items
	for i := 0; i < n; i++ {
		s[i] = stack[from+i]
	}
	p.memberStack = p.memberStack[:from]
	return s
}

func (p *parser) parseDocument() (*Node, error) {
	if bytes.HasPrefix(p.src, utf8BOM) {
		p.pos = len(utf8BOM)
	}
	p.skipWS()
	if p.pos >= len(p.src) {
		return nil, p.errAt(p.pos, "json/syntax", "the document is empty; expected a JSON value")
	}
	root, err := p.parseValue()
	if err != nil {
		return nil, err
	}
	p.skipWS()
	if p.pos < len(p.src) {
		return nil, p.errAt(p.pos, "json/syntax", "unexpected data after the end of the JSON value, found "+p.found(p.pos))
	}
	return root, nil
}

func isWS(c byte) bool { return c == ' ' || c == '\n' || c == '\r' || c == '\t' }

// skipSpaces returns the offset of the first byte from i on that is no
// JSON whitespace.
func skipSpaces(src []byte, i int) int {
	for i < len(src) && isWS(src[i]) {
		i++
	}
	return i
}

// spaced reports whether whitespace may be at p.pos (or the input ends):
// the test the loops make before they call skipWS, as between the tokens
// of a minified document there is none, and a call per token to find that
// out was a tenth of such a parse.
func (p *parser) spaced() bool {
	i := p.pos
	return uint(i) >= uint(len(p.src)) || p.src[i] <= ' '
}

// spaces8 is eight spaces read as one little-endian word.
const spaces8 = 0x2020202020202020

// skipWS moves past whitespace. Most runs are empty or one space (after a
// colon), which the first test settles; a run of spaces (the indentation
// of a pretty-printed document) is measured eight bytes at a time: the
// first byte that is not a space is the lowest non-zero byte of the word
// xor eight spaces.
func (p *parser) skipWS() {
	src, i := p.src, p.pos
	if i < len(src) && src[i] > ' ' {
		return
	}
	for i < len(src) && isWS(src[i]) {
		if src[i] == '\n' && p.newline < 0 {
			p.newline = i
		}
		i++
		for i+8 <= len(src) {
			if w := word(src, i) ^ spaces8; w != 0 {
				i += bits.TrailingZeros64(w) >> 3
				break
			}
			i += 8
		}
	}
	p.pos = i
}

func (p *parser) parseValue() (*Node, error) {
	if p.pos >= len(p.src) {
		return nil, p.errAt(p.pos, "json/syntax", "unexpected end of input; expected a JSON value")
	}
	switch c := p.src[p.pos]; {
	case c == '"':
		return p.stringNode()
	case (c == '{' || c == '[') && p.depth >= lazyDepth && !p.noLazy && p.pool == nil:
		return p.parseLazy()
	case c == '{':
		return p.parseObject()
	case c == '[':
		return p.parseArray(false)
	default:
		start := p.pos
		esc, err := p.scanScalar()
		if err != nil {
			return nil, err
		}
		n := p.newScalar(kindOf(p.src[start]), start, p.pos)
		n.esc = esc
		return n, nil
	}
}

// stringNode parses the string at p.pos: the most common value, which the
// loops of objects and arrays parse with this call rather than parseValue's.
func (p *parser) stringNode() (*Node, error) {
	start := p.pos
	end, esc := plainEnd(p.src, start+1), false
	if end < len(p.src) && p.src[end] == '"' {
		end++ // plain bytes up to a quote: the whole string, found inline
	} else {
		var err error
		if esc, err = p.scanString(); err != nil {
			return nil, err
		}
		end = p.pos
	}
	p.pos = end
	p.noteLong(start)
	c := p.nodeChunk // newNode, by hand
	if len(c) == 0 {
		c = p.moreNodes()
	}
	p.nodeChunk = c[1:]
	n := &c[0]
	n.Kind, n.esc, n.start, n.end = String, esc, int32(start), int32(end)
	n.ref, n.n = unsafe.Pointer(&p.src[start]), int32(end-start)
	return n, nil
}

// noteLong notes the string value from src[start] to p.pos when it is
// long enough (Limits.LongStrings); any other token it passes over.
func (p *parser) noteLong(start int) {
	if p.longFrom > 0 && p.pos-start >= p.longFrom && p.src[start] == '"' {
		p.longStrings = append(p.longStrings, [2]int32{int32(start), int32(p.pos)})
	}
}

// kindOf is the kind of the scalar token that starts with c.
func kindOf(c byte) Kind {
	switch c {
	case '"':
		return String
	case 't', 'f':
		return Bool
	case 'n':
		return Null
	}
	return Number
}

// scanScalar moves past the scalar token at p.pos, reporting whether it is
// a string with escapes.
func (p *parser) scanScalar() (esc bool, err error) {
	switch c := p.src[p.pos]; {
	case c == '"':
		return p.scanString()
	case c == '-' || (c >= '0' && c <= '9'):
		return false, p.scanNumber()
	case c == 't':
		return false, p.literal("true")
	case c == 'f':
		return false, p.literal("false")
	case c == 'n':
		return false, p.literal("null")
	default:
		return false, p.errAt(p.pos, "json/syntax", "expected a JSON value, found "+p.found(p.pos)+p.hint(p.pos))
	}
}

// hint explains the usual reason for an unexpected character: JSON5 or
// JavaScript habits.
func (p *parser) hint(i int) string {
	if i >= len(p.src) {
		return ""
	}
	switch p.src[i] {
	case '/':
		return " (comments are not allowed in JSON)"
	case '\'':
		return " (strings must use double quotes)"
	case 'N', 'I':
		return " (NaN and Infinity are not JSON numbers)"
	}
	return ""
}

func (p *parser) literal(word string) error {
	start := p.pos
	end := start + len(word)
	if end > len(p.src) && string(p.src[start:]) == word[:len(p.src)-start] {
		return p.errAt(len(p.src), "json/syntax", "unexpected end of input in "+word)
	}
	if end > len(p.src) || string(p.src[start:end]) != word {
		return p.errAt(start, "json/syntax", "expected a JSON value, found "+p.found(start))
	}
	p.pos = end
	return nil
}

func (p *parser) enter(open int) error {
	p.depth++
	if p.depth > p.maxDepth {
		return p.tooDeep(open)
	}
	return nil
}

// tooDeep is enter's error, out of line so that enter is inlined.
func (p *parser) tooDeep(open int) error {
	return p.errAt(open, "json/too-deep",
		fmt.Sprintf("nesting is deeper than the limit of %d levels", p.maxDepth))
}

func (p *parser) parseObject() (*Node, error) {
	start := p.pos
	if err := p.enter(start); err != nil {
		return nil, err
	}
	p.pos++ // '{'
	p.path = append(p.path, pathStep{isKey: true})
	step := len(p.path) - 1
	from := len(p.memberStack)
	carved := p.chunks        // to give back what the first members take, if it packs
	var seen *nameTable       // made only for large objects
	var notedNames nameCursor // the names of the members noted, for seen
	var names uint64          // the nameBit of each member so far, for small objects
	// Members are members as long as they are few. Once packMembersMin of them
	// hold scalars or small flat containers, the object is packing
	// (doc_packed_members.go): where their names start is noted instead,
	// those of the members made so far first, until the end or a value of
	// another kind, which turns the notes back into members.
	scalars := len(p.scalarStack)
	noted := 0           // the members noted while packing
	every := sparseEvery // the starts it keeps: one in every
	pack := packScalars
	if p.inFlatItem() {
		pack = packNone
	}
	// The outline of a streamed document (doc_stream.go) keeps its members
	// from the streamed array on: that array is not in the tree. Before it,
	// and in a document without it (a large object that is no catalog),
	// the root packs as any object does.
	outline := p.stream != nil && p.depth == 1
	flat := false // a value noted is a flat container (doc_packed_flat.go)
	for {
		// A name's quote right here (minified) settles what the rest
		// of this block tells apart.
		if i := p.pos; uint(i) >= uint(len(p.src)) || p.src[i] != '"' {
			if p.spaced() {
				p.skipWS()
			}
			if p.pos >= len(p.src) {
				return nil, p.errAt(p.pos, "json/syntax", "unexpected end of input inside an object; expected '\"' or '}'")
			}
			c := p.src[p.pos]
			if c == '}' {
				if len(p.memberStack) > from || len(p.scalarStack) > scalars {
					return nil, p.errAt(p.pos, "json/syntax", "trailing comma before '}' is not allowed")
				}
				p.pos++
				break
			}
			if c != '"' {
				want := "expected '\"' to start a member name"
				if len(p.memberStack) == from && len(p.scalarStack) == scalars {
					want = "expected '\"' or '}' after '{'"
				}
				return nil, p.errAt(p.pos, "json/syntax", want+", found "+p.found(p.pos)+p.hint(p.pos))
			}
		}
		keyStart := p.pos
		var esc bool
		var err error
		if end := plainEnd(p.src, keyStart+1); end < len(p.src) && p.src[end] == '"' {
			p.pos = end + 1 // a plain name up to its quote, found inline
		} else if esc, err = p.scanString(); err != nil {
			return nil, err
		}
		keyEnd := p.pos
		var key string
		if esc {
			key = decodeStringRaw(p.src[keyStart:keyEnd:keyEnd], true)
		} else { // decodeStringRaw's own first case, without the call
			key = sourceString(p.src[keyStart+1 : keyEnd-1])
		}
		if i := p.pos; uint(i+1) < uint(len(p.src)) && p.src[i] == ':' && p.src[i+1] > ' ' {
			p.pos = i + 1 // minified: the colon, and the value right after it
		} else {
			if p.spaced() {
				p.skipWS()
			}
			if p.pos >= len(p.src) || p.src[p.pos] != ':' {
				return nil, p.errAt(p.pos, "json/syntax", "expected ':' after a member name, found "+p.found(p.pos))
			}
			p.pos++
			if p.spaced() {
				p.skipWS()
			}
		}
		// The path says which member is being parsed only to the
		// duplicate check of an object inside its value (p.pointer):
		// a string value, the most common, needs no note.
		var val *Node // nil when the member is noted
		streams := outline && p.pos < len(p.src) && p.src[p.pos] == '[' && key == p.stream.key
		if streams && pack == packingScalars {
			p.flushNotedMembers(scalars, noted, every)
			pack = packNone
		}
		if pack == packingScalars {
			p.path[step].index, p.path[step].keyLen, p.path[step].esc = keyStart, int32(keyEnd-keyStart), esc
			kept, container, err := p.noteValue()
			switch {
			case err != nil:
				return nil, err
			case kept:
				flat = flat || container
			default:
				p.flushNotedMembers(scalars, noted, every)
				pack = packNone
			}
		}
		if pack != packingScalars {
			if p.pos < len(p.src) && p.src[p.pos] == '"' {
				val, err = p.stringNode()
			} else {
				p.path[step].index, p.path[step].keyLen, p.path[step].esc = keyStart, int32(keyEnd-keyStart), esc
				if streams {
					val, err = p.parseArray(true)
					pack = packNone
				} else {
					val, err = p.parseValue()
				}
			}
			if err != nil {
				return nil, err
			}
		}
		if p.spaced() {
			p.skipWS()
		}

		// Duplicate keys: JSON parsers disagree on which value wins, so the
		// document is ambiguous and refused.
		count := len(p.memberStack) - from // the members before this one
		if pack == packingScalars {
			count = noted
		}
		dup := -1
		if count < 16 && seen == nil && pack != packingScalars {
			// Only a name whose bit is set already may be one seen
			// before: the names are compared then alone.
			if bit := nameBit(key); names&bit == 0 {
				names |= bit
			} else {
				for i, m := range p.memberStack[from:] {
					if m.Key() == key {
						dup = i
						break
					}
				}
			}
		} else {
			packing := pack == packingScalars
			keyOf := func(i int) string { return p.nameSoFar(&notedNames, from, scalars, packing, i) }
			if seen == nil {
				notedNames = nameCursor{pk: packedItems{src: p.src, every: every, object: true}, i: -1}
				seen = new(nameTable)
				for i := range count {
					seen.find(keyOf, keyOf(i), i)
				}
			}
			dup = seen.find(keyOf, key, count)
		}
		if dup >= 0 {
			p.path[step].index, p.path[step].keyLen, p.path[step].esc = keyStart, int32(keyEnd-keyStart), esc
			var first int32 // where the first of the two names starts
			if pack == packingScalars {
				pk := packedItems{src: p.src, starts: p.scalarStack[scalars:], every: every, n: noted, object: true}
				first = pk.startOf(dup)
			} else {
				first = p.memberStack[from+dup].keyStart
			}
			fl, fc := lineColIn(p.src, int(first))
			e := p.errAt(keyStart, "json/duplicate-key",
				fmt.Sprintf("duplicate member %s (first at line %d, column %d); JSON parsers disagree on which value wins, so remove one",
					strconv.Quote(key), fl, fc))
			e.Pointer = p.pointer()
			return nil, e
		}

		if val == nil {
			if keepsStart(noted, every) {
				p.noteScalar(keyStart, start)
			}
			noted++
		} else {
			m := Member{Value: val, keyStart: int32(keyStart), keyLen: int32(keyEnd - keyStart)}
			if esc {
				held := new(string) // not &key: that would put every key on the heap
				*held = key
				m.key, m.keyLen = unsafe.Pointer(held), -m.keyLen
			} else {
				m.key = unsafe.Pointer(&p.src[keyStart+1])
			}
			if len(p.memberStack) == cap(p.memberStack) {
				p.memberStack = doubled(p.memberStack)
			}
			p.memberStack = append(p.memberStack, m)
			if pack == packScalars && count+1 == packMembersMin {
				// Packing, if the values so far are what it keeps: asked
				// once, of the first packMembersMin, so that smaller objects (a
				// skill, an entry) pay nothing for it.
				pack = packNone
				if ok, anyFlat := p.packable(p.memberStack[from:]); ok {
					if anyFlat {
						every = denseMembers
					}
					for i, m := range p.memberStack[from:] {
						if keepsStart(i, every) {
							p.noteScalar(int(m.keyStart), start)
						}
					}
					noted = len(p.memberStack) - from
					p.memberStack = p.memberStack[:from]
					p.giveBack(&carved)
					pack, flat = packingScalars, anyFlat
				}
			}
		}

		if p.pos >= len(p.src) {
			return nil, p.errAt(p.pos, "json/syntax", "unexpected end of input inside an object; expected ',' or '}'")
		}
		if p.src[p.pos] == ',' {
			p.pos++
			continue
		}
		if p.src[p.pos] == '}' {
			p.pos++
			break
		}
		return nil, p.errAt(p.pos, "json/syntax", "expected ',' or '}' after an object member, found "+p.found(p.pos))
	}
	n := p.newNode()
	n.Kind, n.start, n.end = Object, int32(start), int32(p.pos)
	if pack == packingScalars {
		p.packNoted(n, scalars, flat, noted, every)
	} else if ms := p.members(from); len(ms) > 0 {
		n.ref, n.n = unsafe.Pointer(&ms[0]), int32(len(ms))
	}
	p.path = p.path[:step]
	p.depth--
	return n, nil
}

// noteValue scans the value of a member of a packing object at p.pos when
// it is one that the packing keeps (a scalar, or a flat container parsed
// into reused memory: parseFlatItem), and reports whether it was and
// whether it is a container. When it was not, p.pos is back at its start.
func (p *parser) noteValue() (noted, container bool, err error) {
	if p.pos >= len(p.src) {
		return false, false, nil
	}
	if c := p.src[p.pos]; c != '{' && c != '[' {
		start := p.pos
		_, err := p.scanScalar()
		p.noteLong(start)
		return err == nil, false, err
	}
	if p.flatLimit() < 0 { // not inside a deep container (flatLimit)
		return false, false, nil
	}
	ok, err := p.parseFlatItem()
	return ok, true, err
}

// packable reports whether an object whose members so far are members may
// pack (doc_packed_members.go): each value a scalar or a flat container,
// and whether one is a container.
func (p *parser) packable(members []Member) (ok, flat bool) {
	for _, m := range members {
		if k := m.Value.Kind; k == Object || k == Array {
			if !isFlatItem(m.Value, p.flatLimit()) {
				return false, false
			}
			flat = true
		}
	}
	return true, flat
}

// nameSoFar returns the name of member i of the object being parsed, for
// its duplicate check: while it is packing, from the members noted from
// index scalars of the scalar stack on (noted reads them); else from its
// members from index from of the member stack on.
func (p *parser) nameSoFar(noted *nameCursor, from, scalars int, packing bool, i int) string {
	if packing {
		noted.pk.starts = p.scalarStack[scalars:] // grown as members are noted
		return noted.key(i)
	}
	return p.memberStack[from+i].Key()
}

// doubled is s with twice its capacity. The parser's stacks grow so
// rather than by append, which past 256 entries adds a quarter: the 30,000
// items of a card's skills then cost the stack 1.2 MB of copies, 0.5 MB
// doubled.
func doubled[T any](s []T) []T {
	return slices.Grow(s, cap(s))
}

// parseArray parses an array; streamed, its items go to p.each one by one
// and the node returned has none (ParseOwnedEach).
func (p *parser) parseArray(streamed bool) (*Node, error) {
	start := p.pos
	if err := p.enter(start); err != nil {
		return nil, err
	}
	p.pos++ // '['
	p.path = append(p.path, pathStep{})
	step := len(p.path) - 1
	from := len(p.itemStack)
	carved := p.chunks // to give back what the first items take, if it packs
	count := 0
	if streamed {
		p.beginStream()
	}
	// Items are nodes as long as they are few. Once packMin items are
	// all scalars, or all flat containers, the array is packing
	// (doc_packed.go, doc_packed_flat.go): their starts are noted instead,
	// those of the nodes made so far first (the nodes are let go), until
	// the end or an item of another kind, which turns the notes back into
	// nodes. One state says which, so that the loop tests one variable
	// for it an item.
	scalars := len(p.scalarStack)
	pack := packFirst
	if streamed || p.inFlatItem() {
		pack = packNone
	}
	for {
		if p.spaced() {
			p.skipWS()
		}
		if p.pos >= len(p.src) {
			return nil, p.errAt(p.pos, "json/syntax", "unexpected end of input inside an array; expected a value or ']'")
		}
		if p.src[p.pos] == ']' {
			if count > 0 {
				return nil, p.errAt(p.pos, "json/syntax", "trailing comma before ']' is not allowed")
			}
			p.pos++
			break
		}
		valStart := p.pos
		if pack >= packingScalars {
			noted := false
			switch c := p.src[p.pos]; {
			case c != '{' && c != '[':
				if _, err := p.scanScalar(); err != nil {
					return nil, err
				}
				p.noteLong(valStart)
				noted = true
			case p.flatLimit() >= 0: // not inside a deep container (flatLimit)
				p.path[step].index = count // for a duplicate inside
				ok, err := p.parseFlatItem()
				if err != nil {
					return nil, err
				}
				if noted = ok; ok {
					pack = packingFlat
				}
			}
			if noted {
				if keepsStart(count, sparseEvery) {
					p.noteScalar(valStart, start)
				}
				if p.spaced() {
					p.skipWS()
				}
				count++
				if p.comma() {
					continue
				}
				if err := p.closeArray(); err != nil {
					return nil, err
				}
				break
			}
			p.flushNoted(scalars, pack == packingFlat, count)
			pack = packNone
		}
		var val *Node
		var err error
		if p.src[p.pos] == '"' {
			val, err = p.stringNode()
		} else {
			p.path[step].index = count // for a duplicate inside (see parseObject)
			val, err = p.parseValue()
		}
		if err != nil {
			return nil, err
		}
		if p.spaced() {
			p.skipWS()
		}
		if streamed {
			p.handOver(count, valStart, val)
		} else {
			if len(p.itemStack) == cap(p.itemStack) {
				p.itemStack = doubled(p.itemStack)
			}
			p.itemStack = append(p.itemStack, val)
		}
		count++
		if pack != packNone {
			pack = nextPack(pack, val, p.flatLimit())
			if pack != packNone && count == packMin {
				for i, it := range p.itemStack[from:] {
					if keepsStart(i, sparseEvery) {
						p.noteScalar(it.Start(), start)
					}
				}
				p.itemStack = p.itemStack[:from]
				p.giveBack(&carved)
				if pack == packFlat {
					pack = packingFlat
				} else {
					pack = packingScalars
				}
			}
		}
		if p.comma() {
			continue
		}
		if err := p.closeArray(); err != nil {
			return nil, err
		}
		break
	}
	if streamed {
		p.endStream()
	}
	n := p.newNode()
	n.Kind, n.start, n.end = Array, int32(start), int32(p.pos)
	if pack >= packingScalars {
		p.packNoted(n, scalars, pack == packingFlat, count, sparseEvery)
	} else if streamed {
		p.stream.array = n
	} else if first := p.sideBySide(from); first != nil {
		n.ref, n.n, n.esc = unsafe.Pointer(first), int32(len(p.itemStack)-from), true
		p.itemStack = p.itemStack[:from]
	} else if items := p.items(from); len(items) > 0 {
		n.ref, n.n = unsafe.Pointer(&items[0]), int32(len(items))
	}
	p.path = p.path[:step]
	p.depth--
	return n, nil
}

// nameBit is one of 64 bits chosen by a member name's length and first
// and last bytes. The duplicate check of a small object keeps the bits of
// the names so far in a word and compares names only when a name's bit is
// set already: comparing each name with every one before it, behind a
// pointer to its member each, was a tenth of parseObject's time.
func nameBit(k string) uint64 {
	h := uint32(len(k))
	if k != "" {
		h |= uint32(k[0])<<16 | uint32(k[len(k)-1])<<8
	}
	return 1 << (h * 0x9E3779B1 >> 26) // the top six bits of a Fibonacci hash
}

// comma moves past a ',' at p.pos, if there is one. After an array item,
// comma (inlined: more items is the common case) and then closeArray are
// where what follows it is read, for packed and node items alike.
func (p *parser) comma() bool {
	if i := p.pos; i < len(p.src) && p.src[i] == ',' {
		p.pos = i + 1
		return true
	}
	return false
}

// closeArray moves past the ']' after an item that no ',' follows.
func (p *parser) closeArray() error {
	if p.pos >= len(p.src) {
		return p.errAt(p.pos, "json/syntax", "unexpected end of input inside an array; expected ',' or ']'")
	}
	if p.src[p.pos] == ']' {
		p.pos++
		return nil
	}
	return p.errAt(p.pos, "json/syntax", "expected ',' or ']' after an array item, found "+p.found(p.pos))
}
