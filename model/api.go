package model

import (
	"bytes"
	"sync/atomic"
	"unsafe"
)

// This file holds the types of the Doc. The methods live in doc_*.go and
// pointer.go.

// Limits bound what Parse accepts, so that hostile input fails fast with a
// message naming the limit instead of exhausting memory or the stack.
type Limits struct {
	MaxBytes int // largest accepted document, in bytes
	MaxDepth int // deepest accepted nesting of objects and arrays
	// LongStrings, when positive, has the parse note where each string
	// value (not a member name) of at least this many bytes, quotes
	// included, starts: Doc.LongStrings.
	LongStrings int
}

// DefaultLimits are generous for any real card or catalog.
var DefaultLimits = Limits{MaxBytes: 16 << 20, MaxDepth: 256}

// ParseError describes why bytes are not an acceptable JSON document.
// Code is one of "json/syntax", "json/duplicate-key", "json/too-large",
// "json/too-deep", "json/encoding". Line and Column are 1-based (column
// counted in characters, as Doc.LineCol), Offset is the 0-based byte offset.
// Pointer is set for json/duplicate-key (the pointer of the repeated member).
type ParseError struct {
	Code    string
	Offset  int
	Line    int
	Column  int
	Pointer string
	Msg     string // the message with its position ("line 3, column 5: ...")
	Detail  string // the same message without the position, for output that shows the position itself
}

func (e *ParseError) Error() string { return e.Msg }

// Reason is the message without its position: for `file:line:col: …`
// output, which would otherwise say the position twice.
func (e *ParseError) Reason() string {
	if e.Detail != "" {
		return e.Detail
	}
	return e.Msg
}

// Style is the formatting detected in the source and used for new members.
type Style struct {
	Indent          string // one level of indentation: "  ", "    ", "\t"; "" when minified
	Newline         string // "\n" or "\r\n"
	Minified        bool
	FinalNewline    bool // the source ends with a newline
	SpaceAfterColon bool // `"a": 1` rather than `"a":1`
}

// Member is one member of an object, in source order.
//
// Members are many (a large card has hundreds of thousands), so they are
// 24 bytes: the key is not a string field but read through Key, from the
// source where it is written without escapes.
type Member struct {
	Value *Node

	// key is the key's bytes in the source, just inside its quotes, when
	// keyLen > 0 (the key as written has no escapes); otherwise a *string
	// holding the decoded key.
	key unsafe.Pointer

	// keyStart is the byte offset of the key in the source, -1 for new
	// members. keyLen is the length of the key token as written, quotes
	// included, negated when the key is held decoded (0 for a member an
	// edit made). The colon and its whitespace are read from the source
	// after the key when needed (colonSpan).
	keyStart int32
	keyLen   int32
}

// Key is the member's name, decoded.
func (m *Member) Key() string {
	if m.keyLen > 0 {
		return unsafe.String((*byte)(m.key), m.keyLen-2)
	}
	return *(*string)(m.key)
}

// keyTokenLen is the length of the key token as written, quotes included.
func (m *Member) keyTokenLen() int {
	return int(max(m.keyLen, -m.keyLen))
}

// newMember is a member an edit makes: a key and a value, not in the
// source.
func newMember(key string, v *Node) Member {
	return Member{Value: v, key: unsafe.Pointer(&key), keyStart: -1}
}

// Node is one JSON value.
//
// Nodes are many (one per value of a document, a few million for a large
// catalog), so they are packed into 24 bytes: the whitespace around an
// element is read from the source when needed (seps.go), and one pointer
// serves as the token bytes of a scalar or the children of a container.
// Read the children with Members, Len, Index and All. The items of a packed
// array (doc_packed.go) and the children of a container nested deeper than
// 16 levels (doc_lazy.go) are made as nodes when read, afresh: two reads
// of one such value give equal nodes, not the same one.
type Node struct {
	Kind Kind

	// esc is, for a string, that its token contains escapes; for an
	// array held as parsed, that its items lie side by side (ref is the
	// first *Node, not a **Node: sideBySide).
	esc      bool
	dirty    bool // the node or a descendant differs from the source
	reformat bool // a source container emitted in the document's style (it was empty when first edited)

	// n is, for a scalar, the length of the token bytes ref points to;
	// for a container, the number of its children when ref points to them
	// in place (as parsed), or -1 when ref points to its *nodeExt.
	n int32

	// start and end are the byte offsets of the value's first byte in the
	// source and just past the value, -1 for nodes created by an edit: int32,
	// as sources are smaller than maxSourceBytes, so that a node is 24 bytes.
	start, end int32

	// ref is, for a scalar, its token bytes (a *byte into the source, or
	// into the fragment an edit parsed); for a container as parsed, its
	// first child (a *Member or **Node of n), and once a container has
	// been edited or when it is a packed array, its *nodeExt.
	ref unsafe.Pointer
}

// Start is the byte offset of the value's first byte in the source, -1
// for a node created by an edit.
func (n *Node) Start() int { return int(n.start) }

// End is the byte offset just past the value in the source, -1 for a node
// created by an edit.
func (n *Node) End() int { return int(n.end) }

// Parse reads a JSON document with DefaultLimits.
func Parse(data []byte) (*Doc, error) { return ParseLimits(data, DefaultLimits) }

// Doc is a parsed JSON document that can be edited and re-encoded while
// keeping every untouched byte.
//
// Parse works on its own copy of the bytes it is given; nodes point into
// that copy, and the strings read from them share its memory, so the bytes
// that Source and Node.Raw return are read-only. The exported fields of Node and Member are for reading;
// change the document through the Doc's edit methods. Reads (Find, Encode,
// Interface, Position ...) may run concurrently; an edit needs exclusive
// access.
type Doc struct {
	src    []byte
	root   *Node
	style  Style
	lines  *lineIndex // byte offset of the start of each line, for LineCol
	keys   *keyIndex  // the name tables of large objects, for Position (doc_keyindex.go)
	prefix []byte     // BOM and whitespace before the root value
	suffix []byte     // whitespace after the root value

	order   func(ptr string) []string // spec member order, see SetMemberOrder
	changed bool

	// maybeNotIJSON: the parser met a token I-JSON may not hold (see
	// MaybeNotIJSON).
	maybeNotIJSON bool
	// unplainText: the parser met a string with an escape or a byte
	// outside ASCII (see TextIsPlainASCII).
	unplainText bool
	// longStrings are where the string values of at least longFrom bytes
	// start and end, in the order of the source (see LongStrings);
	// longFrom is 0 when the parse noted none.
	longStrings [][2]int32
	longFrom    int
	// noDEL is what TextIsPlainASCII found of DEL in the source, once
	// asked: 0 not yet, hasNoDEL or hasDEL. It is read and written
	// atomically, as checks that run side by side ask it.
	noDEL uint32

	// stream is set for a Doc from ParseOwnedEach: root and style are then
	// filled on first use (tree).
	stream *streamed
}

// MaybeNotIJSON reports whether the document may hold a value I-JSON
// (RFC 7493) cannot: a number other than an integer of at most 15 digits,
// or a surrogate written as a \u escape. False is certain for a Doc as
// parsed; an edited Doc always says true. The parser notes it as it scans,
// so that the I-JSON check walks only the documents that need it.
func (d *Doc) MaybeNotIJSON() bool { return d.maybeNotIJSON || d.changed }

// LongStrings returns where each string value of the document (not a
// member name) that is at least min bytes long, quotes included, starts
// and ends in the source ([start, end) of its token), in the order of the
// source, as the parse noted them (Limits.LongStrings, which must be min);
// ok is false when it did not note them, for a streamed Doc and an edited
// one. A check that reads only the long strings (the secrets check) reads
// them there rather than walking the tree.
func (d *Doc) LongStrings(min int) (spans [][2]int32, ok bool) {
	if d.longFrom != min || min <= 0 || d.changed || d.stream != nil {
		return nil, false
	}
	return d.longStrings, true
}

// TextIsPlainASCII reports whether every string of the document, member
// names included, is printable ASCII written without an escape: no
// control character, no DEL, nothing outside ASCII. The parser notes the
// escapes and the bytes outside ASCII as it scans the strings, where its
// fast path stops at them anyway; DEL, which JSON allows raw in a string,
// is looked for here, in one pass over the source (a raw byte that JSON
// allows only in strings). An edited Doc always says false. Checks that
// look for characters a reader cannot see pass over a document that
// holds none.
func (d *Doc) TextIsPlainASCII() bool {
	if d.unplainText || d.changed || d.src == nil {
		return false
	}
	switch atomic.LoadUint32(&d.noDEL) {
	case hasNoDEL:
		return true
	case hasDEL:
		return false
	}
	found := uint32(hasNoDEL)
	if bytes.IndexByte(d.src, 0x7f) >= 0 {
		found = hasDEL
	}
	atomic.StoreUint32(&d.noDEL, found)
	return found == hasNoDEL
}

// The values of Doc.noDEL once known.
const (
	hasNoDEL = 1 + iota
	hasDEL
)

// Root returns the root value. For a Doc from ParseOwnedEach, the first
// call builds the whole tree.
func (d *Doc) Root() *Node    { return d.tree() }
func (d *Doc) Source() []byte { return d.src }
func (d *Doc) Style() Style   { d.tree(); return d.style }
