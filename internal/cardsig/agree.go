package cardsig

import (
	"bytes"
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
	for _, mem := range n.Members {
		if top && mem.Key == "signatures" {
			continue
		}
		fl := m.Field(mem.Key)
		if fl == nil {
			continue
		}
		p := ptr + "/" + model.Pointer(mem.Key)[1:]
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
			for i, it := range v.Items {
				droppedIn(it, sub, p+"/"+strconv.Itoa(i), false, out)
			}
		case fl.Kind == model.MapMessage && v.Kind == model.Object:
			for _, e := range v.Members {
				droppedIn(e.Value, sub, p+"/"+model.Pointer(e.Key)[1:], false, out)
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
			for _, mem := range n.Members {
				visit(mem.Value, ptr+"/"+model.Pointer(mem.Key)[1:])
			}
		} else {
			for i, it := range n.Items {
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
