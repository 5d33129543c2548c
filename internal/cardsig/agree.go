package cardsig

import (
	"bytes"
	"encoding/json"
	"reflect"
	"slices"
	"strconv"

	"github.com/oncard/oncard/model"
)

// DroppedMembers lists the members of the card in doc that some reading
// leaves out of the payload and others keep, and that can go without
// changing what the card says: plain fields at their proto default
// ("required": false, "examples": [], "tenant": ""), optional fields set
// to null, and inside params (a Struct) the nulls, empty strings, lists
// and objects the JS SDK removes (params itself when nothing else is
// left). Deleted, in the order given (the last first, so that earlier
// array indexes stay right), they leave a card on which every reading
// computes one payload, unless Disagreeing still names a reading.
//
// Members the proto does not define, and REQUIRED members however empty,
// are never listed: an editor keeps what it does not understand, and a
// REQUIRED member cannot go.
func DroppedMembers(doc *model.Doc) []string {
	if doc == nil || doc.Root() == nil || doc.Root().Kind != model.Object {
		return nil
	}
	var out []string
	droppedIn(doc.Root(), model.Message(model.CardMessage), "", true, &out)
	slices.Reverse(out)
	return out
}

func droppedIn(n *model.Node, m *model.MessageType, ptr string, top bool, out *[]string) {
	if n.Kind != model.Object {
		return
	}
	for _, mem := range n.Members() {
		if top && mem.Key() == "signatures" {
			continue
		}
		fl := m.Field(mem.Key())
		if fl == nil {
			continue
		}
		p := ptr + "/" + model.Pointer(mem.Key())[1:]
		if model.Dropped(*fl, mem.Value) {
			*out = append(*out, p)
			continue
		}
		sub := model.Message(fl.Message)
		v := mem.Value
		switch {
		case fl.Kind == model.MessageField:
			droppedIn(v, sub, p, false, out)
		case fl.Kind == model.RepeatedMessage && v.Kind == model.Array:
			for i, it := range v.All() {
				droppedIn(it, sub, p+"/"+strconv.Itoa(i), false, out)
			}
		case fl.Kind == model.MapMessage && v.Kind == model.Object:
			for _, e := range v.Members() {
				droppedIn(e.Value, sub, p+"/"+model.Pointer(e.Key())[1:], false, out)
			}
		case fl.Kind == model.StructField:
			if emptyInside(v, p, out) {
				*out = append(*out, p)
			}
		}
	}
}

// emptyInside lists what cleanEmpty removes inside a Struct value and says
// whether nothing would be left of n itself; the members of an n that goes
// are not listed (deleting n deletes them).
func emptyInside(n *model.Node, ptr string, out *[]string) bool {
	switch n.Kind {
	case model.Null:
		return true
	case model.String:
		s, _ := n.Str()
		return s == ""
	case model.Object, model.Array:
		var inner []string
		kept := 0
		visit := func(v *model.Node, p string) {
			if emptyInside(v, p, &inner) {
				inner = append(inner, p)
			} else {
				kept++
			}
		}
		if n.Kind == model.Object {
			for _, mem := range n.Members() {
				visit(mem.Value, ptr+"/"+model.Pointer(mem.Key())[1:])
			}
		} else {
			for i, it := range n.All() {
				visit(it, ptr+"/"+strconv.Itoa(i))
			}
		}
		if kept == 0 {
			return true // n goes, and all inside it
		}
		*out = append(*out, inner...)
		return false
	}
	return false
}

// Disagreeing returns the readings whose payload of the card in doc is not
// the §8.4.1 payload: the readers that would reject a signature made over
// the §8.4.1 form. A reading without a payload counts as disagreeing.
func Disagreeing(doc *model.Doc) []Reading {
	ref, err := Payload(doc, Normalised)
	if err != nil {
		return slices.Clone(Readings)
	}
	var out []Reading
	for _, r := range Readings {
		if r == Normalised {
			continue
		}
		if p, err := Payload(doc, r); err != nil || !bytes.Equal(p, ref) {
			out = append(out, r)
		}
	}
	return out
}

// Differences lists, as JSON pointers into the payload, the members the
// payload under reading b leaves out, adds or holds otherwise than the
// §8.4.1 payload: why that reading disagrees ("/capabilities", the
// REQUIRED but empty capabilities the JS SDK drops). At most max.
func Differences(doc *model.Doc, b Reading, max int) []string {
	ref, err1 := Payload(doc, Normalised)
	other, err2 := Payload(doc, b)
	if err1 != nil || err2 != nil {
		return nil
	}
	var x, y any
	if json.Unmarshal(ref, &x) != nil || json.Unmarshal(other, &y) != nil {
		return nil
	}
	var out []string
	var walk func(a, b any, ptr string)
	walk = func(a, b any, ptr string) {
		if len(out) >= max {
			return
		}
		switch av := a.(type) {
		case map[string]any:
			bv, ok := b.(map[string]any)
			if !ok {
				out = append(out, pointerOrCard(ptr))
				return
			}
			keys := make([]string, 0, len(av)+len(bv))
			for k := range av {
				keys = append(keys, k)
			}
			for k := range bv {
				if _, ok := av[k]; !ok {
					keys = append(keys, k)
				}
			}
			slices.Sort(keys)
			for _, k := range keys {
				p := ptr + model.Pointer(k)
				va, inA := av[k]
				vb, inB := bv[k]
				if !inA || !inB {
					if len(out) < max {
						out = append(out, p)
					}
					continue
				}
				walk(va, vb, p)
			}
		case []any:
			bv, ok := b.([]any)
			if !ok || len(bv) != len(av) {
				out = append(out, pointerOrCard(ptr))
				return
			}
			for i := range av {
				walk(av[i], bv[i], ptr+"/"+strconv.Itoa(i))
			}
		default:
			if !reflect.DeepEqual(a, b) {
				out = append(out, pointerOrCard(ptr))
			}
		}
	}
	walk(x, y, "")
	return out
}
