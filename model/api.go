package model

// This file fixes the public API of the Doc. Bodies marked "todo" are being
// implemented in doc_*.go files.

// Limits bound what Parse accepts, so that hostile input fails fast with a
// message naming the limit instead of exhausting memory or the stack.
type Limits struct {
	MaxBytes int // largest accepted document, in bytes
	MaxDepth int // deepest accepted nesting of objects and arrays
}

// DefaultLimits are generous for any real card or catalog.
var DefaultLimits = Limits{MaxBytes: 16 << 20, MaxDepth: 256}

// ParseError describes why bytes are not an acceptable JSON document.
// Code is one of "json/syntax", "json/duplicate-key", "json/too-large",
// "json/too-deep", "json/encoding". Line and Column are 1-based (column
// counted in bytes... see Doc.LineCol), Offset is the 0-based byte offset.
// Pointer is set for json/duplicate-key (the pointer of the repeated member).
type ParseError struct {
	Code    string
	Offset  int
	Line    int
	Column  int
	Pointer string
	Msg     string
}

func (e *ParseError) Error() string { return e.Msg }

// Style is the formatting detected in the source and used for new members.
type Style struct {
	Indent          string // one level of indentation: "  ", "    ", "\t"; "" when minified
	Newline         string // "\n" or "\r\n"
	Minified        bool
	FinalNewline    bool // the source ends with a newline
	SpaceAfterColon bool // `"a": 1` rather than `"a":1`
}

// Member is one member of an object, in source order.
type Member struct {
	Key   string // decoded key
	Value *Node
	// unexported: key span, separators
}

// Node is one JSON value.
type Node struct {
	Kind  Kind
	Start int // byte offset of the value's first byte in the source; -1 for nodes created by an edit
	End   int // byte offset just past the value; -1 for nodes created by an edit
	// Members of an object, in order; nil otherwise.
	Members []*Member
	// Items of an array, in order; nil otherwise.
	Items []*Node
	// unexported: raw token bytes for scalars, separators, dirty flag
}

// ---- Reading ----

// Parse reads a JSON document with DefaultLimits.
func Parse(data []byte) (*Doc, error) { return ParseLimits(data, DefaultLimits) }

// ParseLimits reads a JSON document. Errors are *ParseError.
func ParseLimits(data []byte, lim Limits) (*Doc, error) { panic("todo") }

// Doc is a parsed JSON document that can be edited and re-encoded while
// keeping every untouched byte.
type Doc struct {
	src   []byte
	root  *Node
	style Style
	lines []int // byte offset of the start of each line, for LineCol
}

func (d *Doc) Root() *Node    { return d.root }
func (d *Doc) Source() []byte { return d.src }
func (d *Doc) Style() Style   { return d.style }

// Encode returns the document's bytes: the source itself when nothing was
// edited, otherwise untouched spans copied verbatim and edited containers
// re-emitted in the document's style.
func (d *Doc) Encode() []byte { panic("todo") }

// Find returns the node at an RFC 6901 pointer ("" is the root), or nil.
func (d *Doc) Find(ptr string) *Node { panic("todo") }

// LineCol converts a byte offset of the source to a 1-based line and a
// 1-based column counted in characters (runes) of that line.
func (d *Doc) LineCol(offset int) (line, col int) { panic("todo") }

// Position returns the 1-based line and column where the value at ptr starts
// in the source. For a pointer whose node does not exist (a missing member),
// or a node created by an edit, it returns the position of the nearest
// existing ancestor. For the root of an empty position it returns 1, 1.
func (d *Doc) Position(ptr string) (line, col int) { panic("todo") }

// KeyPosition is Position for the key of an object member (where a person
// looks for "the field"); for array items and the root it equals Position.
func (d *Doc) KeyPosition(ptr string) (line, col int) { panic("todo") }

// Clone returns an independent copy (same source, deep-copied tree).
func (d *Doc) Clone() *Doc { panic("todo") }

// Changed reports whether any edit was applied since Parse.
func (d *Doc) Changed() bool { panic("todo") }

// ---- Editing (RFC 6901 pointers) ----

// Set replaces the value at ptr, or inserts a new object member when the
// parent object exists and lacks the key (in spec order where the spec has
// one, see MemberOrder, else at the end). For arrays, ptr may end in an
// existing index (replace) or "-" (append). value is JSON text; it is
// re-indented to the document's style.
func (d *Doc) Set(ptr string, value []byte) error { panic("todo") }

// SetValue is Set with a Go value marshalled by encoding/json (HTML escaping
// off).
func (d *Doc) SetValue(ptr string, v any) error { panic("todo") }

// Delete removes the object member or array item at ptr.
func (d *Doc) Delete(ptr string) error { panic("todo") }

// Insert inserts value into an array before index i (ptr ends in i; "-" or
// len appends), shifting later items.
func (d *Doc) Insert(ptr string, value []byte) error { panic("todo") }

// Move moves an array item from one index to another within the same array
// (both pointers name items of the same array).
func (d *Doc) Move(from, to string) error { panic("todo") }

// ---- Node accessors ----

// Raw returns the bytes of a scalar token as written in the source (for
// strings, including the quotes and escapes), or the encoded bytes of a node
// created by an edit.
func (n *Node) Raw() []byte { panic("todo") }

// Str returns the decoded value of a string node.
func (n *Node) Str() (string, bool) { panic("todo") }

// Text returns the decoded value of a string node, or "" for any other node
// (including nil).
func (n *Node) Text() string { panic("todo") }

// BoolValue returns the value of a boolean node.
func (n *Node) BoolValue() (v, ok bool) { panic("todo") }

// Get returns the value of an object member, or nil (also for a nil n or a
// non-object).
func (n *Node) Get(key string) *Node { panic("todo") }

// Index returns the i-th item of an array, or nil.
func (n *Node) Index(i int) *Node { panic("todo") }

// Len is the number of members or items (0 for scalars and nil).
func (n *Node) Len() int { panic("todo") }

// Interface converts the node to the values encoding/json would produce with
// UseNumber: map[string]any, []any, string, json.Number, bool, nil. It is
// what the JSON Schema validator consumes; no second parse of the bytes.
func (n *Node) Interface() any { panic("todo") }

// ---- Pointers ----

// Pointer joins reference tokens into an RFC 6901 pointer, escaping "~" and
// "/". Pointer() is "" (the root).
func Pointer(tokens ...string) string { panic("todo") }

// SplitPointer splits an RFC 6901 pointer into unescaped reference tokens.
func SplitPointer(ptr string) ([]string, error) { panic("todo") }

// SetMemberOrder tells the Doc the spec order of members for objects, by the
// pointer of the object: fn returns the member names in spec order, or nil
// where the spec fixes none. Set inserts new members by it. The typed views
// (Card, Catalog) install their spec's order.
func (d *Doc) SetMemberOrder(fn func(ptr string) []string) { panic("todo") }
