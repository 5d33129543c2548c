package model

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"unsafe"
)

// SetMemberOrder tells the Doc the spec order of members for objects, by the
// pointer of the object: fn returns the member names in spec order, or nil
// where the spec fixes none. Set inserts new members by it. The typed views
// (Card, Catalog) install their spec's order.
func (d *Doc) SetMemberOrder(fn func(ptr string) []string) { d.order = fn }

// Changed reports whether any edit modified the document since Parse (an
// edit that sets a value equal to the current one does not count).
func (d *Doc) Changed() bool { return d.changed }

// Set replaces the value at ptr, or inserts a new object member when the
// parent object exists and lacks the key (in spec order where the spec has
// one, see SetMemberOrder, else at the end). For arrays, ptr may end in an
// existing index (replace), the length or "-" (append). value is JSON text;
// it is written in the document's style at its depth.
//
// Replacing an object or array with another merges them: members and items
// whose values are equal keep their bytes (number forms, escapes, layout),
// so that setting a whole section changes only what differs.
func (d *Doc) Set(ptr string, value []byte) error {
	nv, err := parseFragment(value)
	if err != nil {
		return &EditError{Op: "set", Ptr: ptr, Err: err}
	}
	tokens, err := SplitPointer(ptr)
	if err != nil {
		return err
	}
	if len(tokens) == 0 {
		if d.replace(nil, d.tree(), nv, "") {
			d.changed = true
		}
		return nil
	}
	path, parentPtr, err := d.parentPath(ptr, tokens)
	if err != nil {
		return &EditError{Op: "set", Ptr: ptr, Err: err}
	}
	parent := path[len(path)-1]
	last := tokens[len(tokens)-1]
	changed := false
	switch parent.Kind {
	case Object:
		if m, _ := parent.member(last); m != nil {
			changed = d.replace(parent, m.Value, nv, ptr)
		} else {
			pos := d.memberInsertPos(parent, parentPtr, last, parent.Len())
			d.insertAt(parent, pos, newMember(last, nv))
			changed = true
		}
	case Array:
		parent.unpack() // an item may be replaced in place
		i := parent.Len()
		if last != "-" {
			i = arrayIndex(last)
			if i < 0 || i > parent.Len() {
				return &EditError{Op: "set", Ptr: ptr, Err: fmt.Errorf("index %s is out of range (the array has %d items)", last, parent.Len())}
			}
		}
		if i < parent.Len() {
			changed = d.replace(parent, parent.Index(i), nv, ptr)
		} else {
			d.insertAt(parent, i, nv)
			changed = true
		}
	default:
		return &EditError{Op: "set", Ptr: ptr, Err: fmt.Errorf("%s is %s, not an object or array", describePtr(parentPtr), kindArticle(parent.Kind))}
	}
	if changed {
		d.touch(path)
	}
	return nil
}

// SetValue is Set with a Go value marshalled by encoding/json (HTML escaping
// off).
func (d *Doc) SetValue(ptr string, v any) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return &EditError{Op: "set", Ptr: ptr, Err: err}
	}
	return d.Set(ptr, bytes.TrimRight(buf.Bytes(), "\n"))
}

// Delete removes the object member or array item at ptr.
func (d *Doc) Delete(ptr string) error {
	tokens, err := SplitPointer(ptr)
	if err != nil {
		return err
	}
	if len(tokens) == 0 {
		return fmt.Errorf("delete: the root cannot be deleted")
	}
	path, _, err := d.parentPath(ptr, tokens)
	if err != nil {
		return &EditError{Op: "delete", Ptr: ptr, Err: err}
	}
	parent := path[len(path)-1]
	last := tokens[len(tokens)-1]
	i := -1
	switch parent.Kind {
	case Object:
		_, i = parent.member(last)
	case Array:
		if j := arrayIndex(last); j < parent.Len() {
			i = j
		}
	}
	if i < 0 {
		return &EditError{Op: "delete", Ptr: ptr, Err: errors.New("no such member or item")}
	}
	d.removeAt(parent, i)
	d.touch(path)
	return nil
}

// Insert inserts value into an array before index i (ptr ends in i; "-" or
// len appends), shifting later items.
func (d *Doc) Insert(ptr string, value []byte) error {
	nv, err := parseFragment(value)
	if err != nil {
		return &EditError{Op: "insert", Ptr: ptr, Err: err}
	}
	path, i, err := d.arrayPos(ptr, true)
	if err != nil {
		return &EditError{Op: "insert", Ptr: ptr, Err: err}
	}
	d.insertAt(path[len(path)-1], i, nv)
	d.touch(path)
	return nil
}

// Move moves an array item from one index to another within the same array
// (both pointers name items of the same array; "-" names the last item).
// After the move the item is at index to.
func (d *Doc) Move(from, to string) error {
	path, i, err := d.arrayPos(from, false)
	if err != nil {
		return fmt.Errorf("move %s: %w", from, err)
	}
	path2, j, err := d.arrayPos(to, false)
	if err != nil {
		return fmt.Errorf("move to %s: %w", to, err)
	}
	arr := path[len(path)-1]
	if path2[len(path2)-1] != arr {
		return fmt.Errorf("move %s to %s: both must name items of the same array", from, to)
	}
	if i == j {
		return nil
	}
	arr.unpack()
	item := arr.Index(i)
	d.removeAt(arr, i)
	d.insertAt(arr, j, item)
	d.touch(path)
	return nil
}

// arrayPos resolves a pointer to an array item: the path to the array and
// the index. "-" is the length (insert) or the last index (existing item).
func (d *Doc) arrayPos(ptr string, insert bool) ([]*Node, int, error) {
	tokens, err := SplitPointer(ptr)
	if err != nil {
		return nil, 0, err
	}
	if len(tokens) == 0 {
		return nil, 0, fmt.Errorf("the pointer must name an array item")
	}
	path, parentPtr, err := d.parentPath(ptr, tokens)
	if err != nil {
		return nil, 0, err
	}
	arr := path[len(path)-1]
	if arr.Kind != Array {
		return nil, 0, fmt.Errorf("%s is %s, not an array", describePtr(parentPtr), kindArticle(arr.Kind))
	}
	n := arr.Len()
	last := tokens[len(tokens)-1]
	i := arrayIndex(last)
	if last == "-" {
		i = n
		if !insert {
			i = n - 1
		}
	}
	limit := n - 1
	if insert {
		limit = n
	}
	if i < 0 || i > limit {
		return nil, 0, fmt.Errorf("index %s is out of range (the array has %d items)", last, n)
	}
	return path, i, nil
}

// parentPath returns the nodes from the root to the parent of the last
// token, and the parent's pointer.
func (d *Doc) parentPath(ptr string, tokens []string) ([]*Node, string, error) {
	path := make([]*Node, 1, len(tokens))
	n := d.tree()
	path[0] = n
	for k, t := range tokens[:len(tokens)-1] {
		// An edit goes into it: its children must be its own (a deep
		// container's, a packed array's of flat containers).
		n.unpack()
		n = n.child(t)
		if n == nil {
			return nil, "", fmt.Errorf("%s does not exist", Pointer(tokens[:k+1]...))
		}
		path = append(path, n)
	}
	if n.Kind == Object {
		n.unpack() // a packed object's members are made on each read
	} else {
		n.unlazy()
	}
	return path, Pointer(tokens[:len(tokens)-1]...), nil
}

// touch marks the nodes of a path as differing from the source.
func (d *Doc) touch(path []*Node) {
	for _, n := range path {
		n.dirty = true
	}
	d.changed = true
}

// parseFragment parses a value given to Set or Insert. Its nodes are new:
// they have no position and carry no separators, so the encoder writes them
// in the document's style.
func parseFragment(value []byte) (*Node, error) {
	frag, err := Parse(value) // Parse copies value
	if err != nil {
		return nil, fmt.Errorf("the value is not valid JSON: %w", err)
	}
	if frag.src[0] == 0xEF { // a byte order mark has no place inside a document
		return nil, fmt.Errorf("the value is not valid JSON: it starts with a byte order mark")
	}
	markNew(frag.root)
	return frag.root, nil
}

func markNew(n *Node) {
	n.unpack() // its offsets are the fragment's
	n.start, n.end = -1, -1
	ms := n.Members()
	for i := range ms {
		ms[i].keyStart = -1
		markNew(ms[i].Value)
	}
	for _, it := range n.All() {
		markNew(it)
	}
}

// memberInsertPos is where a new member goes: after the nearest preceding
// member of the spec order that is present, else before the first following
// one, else at fallback.
func (d *Doc) memberInsertPos(obj *Node, ptr, key string, fallback int) int {
	if d.order != nil {
		order := d.order(ptr)
		if k := slices.Index(order, key); k >= 0 {
			for j := k - 1; j >= 0; j-- {
				if _, i := obj.member(order[j]); i >= 0 {
					return i + 1
				}
			}
			for j := k + 1; j < len(order); j++ {
				if _, i := obj.member(order[j]); i >= 0 {
					return i
				}
			}
			return obj.Len()
		}
	}
	return fallback
}

// Clone returns an independent copy (same source, deep-copied tree).
func (d *Doc) Clone() *Doc {
	root := d.tree()
	c := *d
	c.root, c.stream = cloneNode(root), nil
	return &c
}

func cloneNode(n *Node) *Node {
	c := *n
	if n.lazy() != nil { // read-only until an edit makes it its own: share it
		return &c
	}
	if n.packed() != nil { // its elements are never written: share them
		return &c
	}
	var members []Member
	var items []*Node
	switch n.Kind {
	case Object:
		members = slices.Clone(n.Members())
		for i := range members {
			members[i].Value = cloneNode(members[i].Value)
		}
	case Array:
		items = make([]*Node, n.Len())
		for i, it := range n.All() {
			items[i] = cloneNode(it)
		}
	default:
		return &c
	}
	if x := n.ext(); x != nil {
		cx := *x
		cx.members, cx.items, cx.seps = members, items, slices.Clone(x.seps)
		c.ref = unsafe.Pointer(&cx)
	} else if len(members) > 0 {
		c.ref = unsafe.Pointer(&members[0])
	} else if len(items) > 0 {
		c.ref, c.esc = unsafe.Pointer(&items[0]), false
	}
	return &c
}

// EditError says which edit failed, at which pointer, and why; callers that
// name the operation and pointer themselves print only Err.
type EditError struct {
	Op  string // "set", "delete", "insert"
	Ptr string
	Err error
}

func (e *EditError) Error() string { return e.Op + " " + e.Ptr + ": " + e.Err.Error() }

func (e *EditError) Unwrap() error { return e.Err }

// describePtr names the value at ptr in a message: the empty pointer is
// the whole document, which a bare "" would leave unsaid.
func describePtr(ptr string) string {
	if ptr == "" {
		return "the document's root"
	}
	return "the parent " + ptr
}

// kindArticle is a kind with its article: "a number", "an object", "null".
func kindArticle(k Kind) string {
	switch k {
	case Null:
		return "null"
	case Array, Object:
		return "an " + k.String()
	}
	return "a " + k.String()
}
