package edit

import (
	"fmt"
	"strings"

	"github.com/oncard/oncard/model"
)

// OpKind is what an Op does to the document.
type OpKind int

const (
	OpSet    OpKind = iota // replace the value at Ptr, or add it (model.Doc.Set)
	OpDelete               // remove the member or item at Ptr
	OpInsert               // insert Value into an array before index Ptr (model.Doc.Insert)
	OpMove                 // move the array item at From to index Ptr (model.Doc.Move)
)

// Op is one edit, kept as pointers and JSON text rather than as its effect,
// so that it can be applied again to a newer version of the file (Rebase).
type Op struct {
	Kind  OpKind
	Ptr   string
	From  string // OpMove only
	Value []byte // OpSet and OpInsert: JSON text
}

// String names the op for a person: "set /name", "move /skills/3 to /skills/0".
func (o Op) String() string {
	switch o.Kind {
	case OpDelete:
		return "delete " + o.Ptr
	case OpInsert:
		return "insert at " + o.Ptr
	case OpMove:
		return fmt.Sprintf("move %s to %s", o.From, o.Ptr)
	}
	return "set " + o.Ptr
}

// apply performs the op on d.
func (o Op) apply(d *model.Doc) error {
	switch o.Kind {
	case OpDelete:
		return d.Delete(o.Ptr)
	case OpInsert:
		return d.Insert(o.Ptr, o.Value)
	case OpMove:
		return d.Move(o.From, o.Ptr)
	}
	return d.Set(o.Ptr, o.Value)
}

// opOf turns a planned model.Edit (an upgrade step) into an Op.
func opOf(e model.Edit) Op {
	if e.Value == nil {
		return Op{Kind: OpDelete, Ptr: e.Ptr}
	}
	return Op{Kind: OpSet, Ptr: e.Ptr, Value: e.Value}
}

// trimPrefix removes the "set /ptr: " model.Doc puts before its errors,
// for messages that name the op already.
func (o Op) trimPrefix(err error) string {
	msg := err.Error()
	for _, verb := range []string{"set", "delete", "insert", "move"} {
		for _, p := range []string{o.Ptr, o.From} {
			if p != "" {
				msg = strings.TrimPrefix(msg, verb+" "+p+": ")
			}
		}
	}
	return msg
}
