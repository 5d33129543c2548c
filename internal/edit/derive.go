package edit

import (
	"encoding/json"
	"strconv"

	"github.com/oncard/oncard/model"
)

// deriveOps returns ops that turn orig into cur, found by comparing their
// values: used by Rebase when the document was changed outside the
// session's methods (a typed view such as model.Card editing Doc()
// directly), so that those changes can be carried over too.
//
// Objects are compared member by member; arrays of the same length item
// by item; an array whose length changed is set as a whole (its items may
// have moved, so indices mean nothing across the change).
func deriveOps(orig, cur *model.Doc) []Op {
	var ops []Op
	diffNodes(orig.Root(), cur.Root(), nil, &ops)
	return ops
}

func diffNodes(a, b *model.Node, path []string, ops *[]Op) {
	if sameValue(a, b) {
		return
	}
	ptr := model.Pointer(path...)
	switch {
	case len(path) == 0 && (a.Kind != model.Object || b.Kind != model.Object):
		*ops = append(*ops, Op{Kind: OpSet, Ptr: ptr, Value: encodeNode(b)}) // only the root itself can hold it
	case a.Kind == model.Object && b.Kind == model.Object:
		for _, m := range a.Members() {
			if b.Get(m.Key()) == nil {
				*ops = append(*ops, Op{Kind: OpDelete, Ptr: model.Pointer(append(path, m.Key())...)})
			}
		}
		for _, m := range b.Members() {
			sub := append(append([]string(nil), path...), m.Key())
			if old := a.Get(m.Key()); old != nil {
				diffNodes(old, m.Value, sub, ops)
			} else {
				*ops = append(*ops, Op{Kind: OpSet, Ptr: model.Pointer(sub...), Value: encodeNode(m.Value)})
			}
		}
	case a.Kind == model.Array && b.Kind == model.Array && a.Len() == b.Len():
		for i := range a.All() {
			diffNodes(a.Index(i), b.Index(i), append(append([]string(nil), path...), strconv.Itoa(i)), ops)
		}
	default:
		*ops = append(*ops, Op{Kind: OpSet, Ptr: ptr, Value: encodeNode(b)})
	}
}

// encodeNode writes a node as compact JSON text, scalars exactly as they
// are written in their document (number forms and escapes kept), members
// in their order. Set re-formats it in the target document's style.
func encodeNode(n *model.Node) []byte {
	return appendNode(nil, n)
}

func appendNode(b []byte, n *model.Node) []byte {
	switch n.Kind {
	case model.Object:
		b = append(b, '{')
		for i, m := range n.Members() {
			if i > 0 {
				b = append(b, ',')
			}
			key, _ := json.Marshal(m.Key()) // a string always marshals
			b = append(b, key...)
			b = append(b, ':')
			b = appendNode(b, m.Value)
		}
		return append(b, '}')
	case model.Array:
		b = append(b, '[')
		for i, it := range n.All() {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendNode(b, it)
		}
		return append(b, ']')
	case model.Null:
		return append(b, "null"...)
	}
	return append(b, n.Raw()...)
}
