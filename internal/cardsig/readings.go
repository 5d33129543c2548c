package cardsig

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/oncard/oncard/internal/jcs"
	"github.com/oncard/oncard/model"
)

// A Reading is one way readers compute the payload a card's signatures
// cover. The A2A specification (§8.4.1) signs a normalised card, not its
// bytes, and the readers in use do not agree on the normalisation, so a
// signature is checked under each and the verdict says which readers it
// satisfies.
type Reading string

const (
	// Literal: RFC 8785 of the card as written, without `signatures`.
	// What a plain JWS + JCS verifier (jose with canonicalize, oncard
	// before readings) computes.
	Literal Reading = "literal"
	// Normalised: A2A §8.4.1: protobuf field presence applied first
	// (model's presence table): a plain field at its default is dropped,
	// `optional` and REQUIRED ones are kept; members the proto does not
	// define and the inside of params are left as written.
	Normalised Reading = "a2a-8.4.1"
	// JSSDK: what @a2a-js/sdk's canonicalizeAgentCard computes: the card
	// read into the generated proto types and written back (members it
	// does not know dropped, plain defaults dropped, REQUIRED ones too),
	// then every empty value ("", null, [], {}) removed at any depth,
	// params included.
	JSSDK Reading = "a2a-js"
)

// Readings are every reading, in the order verdicts list them.
var Readings = []Reading{Literal, Normalised, JSSDK}

// Readers names who computes the payload that way, for messages.
func (r Reading) Readers() string {
	switch r {
	case Literal:
		return "verifiers that canonicalise the card as written (RFC 8785, e.g. jose with canonicalize)"
	case Normalised:
		return "verifiers following A2A §8.4.1 (defaults dropped by field presence)"
	case JSSDK:
		return "the A2A JS SDK (@a2a-js/sdk verifyAgentCardSignature)"
	}
	return string(r)
}

// Payload returns the canonical payload of the card in doc under r.
func Payload(doc *model.Doc, r Reading) ([]byte, error) {
	if doc == nil || doc.Root() == nil {
		return nil, fmt.Errorf("no document")
	}
	if at, ok := doc.LoneSurrogate(); ok {
		// gowebpki/jcs and encoding/json would read it as U+FFFD: two
		// different cards, one payload.
		return nil, fmt.Errorf("%s escapes a lone UTF-16 surrogate, which has no canonical form (RFC 8785 §3.2.2.2)", pointerOrCard(at))
	}
	if r == Literal {
		return jcs.Doc(doc, "signatures")
	}
	root := doc.Root()
	if root.Kind != model.Object {
		return nil, fmt.Errorf("the card is not a JSON object")
	}
	var b bytes.Buffer
	var err error
	switch r {
	case Normalised:
		err = writeNormalised(&b, root, model.Message(model.CardMessage), true)
	case JSSDK:
		var v any
		v, err = jsRead(root, model.Message(model.CardMessage), true)
		if err == nil {
			v = cleanEmpty(v)
			if v == nil {
				v = map[string]any{}
			}
			err = writeValue(&b, v)
		}
	default:
		return nil, fmt.Errorf("unknown reading %q", r)
	}
	if err != nil {
		return nil, err
	}
	return jcs.Transform(b.Bytes())
}

// Payloads returns the payload under every reading (nil and the error
// where a reading has none).
func Payloads(doc *model.Doc) (map[Reading][]byte, map[Reading]error) {
	out, errs := map[Reading][]byte{}, map[Reading]error{}
	for _, r := range Readings {
		p, err := Payload(doc, r)
		if err != nil {
			errs[r] = err
			continue
		}
		out[r] = p
	}
	return out, errs
}

// writeNormalised writes the §8.4.1 form of obj, a message of type m (nil:
// not a proto message, written as is). top drops `signatures`.
func writeNormalised(b *bytes.Buffer, n *model.Node, m *model.MessageType, top bool) error {
	if m == nil || n.Kind != model.Object {
		return writeNode(b, n)
	}
	b.WriteByte('{')
	first := true
	for _, mem := range n.Members() {
		if top && mem.Key() == "signatures" {
			continue
		}
		fl := m.Field(mem.Key())
		if fl != nil && model.Dropped(*fl, mem.Value) {
			continue
		}
		if !first {
			b.WriteByte(',')
		}
		first = false
		writeKey(b, mem.Key())
		if err := writeNormalisedField(b, mem.Value, fl); err != nil {
			return err
		}
	}
	b.WriteByte('}')
	return nil
}

func writeNormalisedField(b *bytes.Buffer, v *model.Node, fl *model.Field) error {
	if fl == nil {
		return writeNode(b, v) // a member the proto does not define: as written
	}
	sub := model.Message(fl.Message)
	switch {
	case fl.Kind == model.MessageField && v.Kind == model.Object:
		return writeNormalised(b, v, sub, false)
	case fl.Kind == model.RepeatedMessage && v.Kind == model.Array:
		b.WriteByte('[')
		for i, it := range v.All() {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := writeNormalised(b, it, sub, false); err != nil {
				return err
			}
		}
		b.WriteByte(']')
		return nil
	case fl.Kind == model.MapMessage && v.Kind == model.Object:
		// Every map entry is present, whatever its value holds.
		b.WriteByte('{')
		for i, mem := range v.Members() {
			if i > 0 {
				b.WriteByte(',')
			}
			writeKey(b, mem.Key())
			if err := writeNormalised(b, mem.Value, sub, false); err != nil {
				return err
			}
		}
		b.WriteByte('}')
		return nil
	}
	return writeNode(b, v)
}

// writeNode writes n as written: scalars by their source bytes, so that
// escapes and number forms reach JCS exactly as in the file.
func writeNode(b *bytes.Buffer, n *model.Node) error {
	switch n.Kind {
	case model.Object:
		b.WriteByte('{')
		for i, mem := range n.Members() {
			if i > 0 {
				b.WriteByte(',')
			}
			writeKey(b, mem.Key())
			if err := writeNode(b, mem.Value); err != nil {
				return err
			}
		}
		b.WriteByte('}')
	case model.Array:
		b.WriteByte('[')
		for i, it := range n.All() {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := writeNode(b, it); err != nil {
				return err
			}
		}
		b.WriteByte(']')
	default:
		b.Write(n.Raw())
	}
	return nil
}

func writeKey(b *bytes.Buffer, k string) {
	kb, _ := json.Marshal(k) // a decoded string always encodes
	b.Write(kb)
	b.WriteByte(':')
}

// jsNumber is a number as the JS SDK holds it: the token as written,
// which JCS turns into the ECMAScript form JSON.stringify writes.
type jsNumber string

// jsRead is the generated AgentCard.toJSON(AgentCard.fromJSON(n)) of
// @a2a-js/sdk (ts-proto): fields by the table, accepted under their JSON
// or proto name, written under the JSON name; members outside the table
// dropped; a plain or REQUIRED field at its default dropped (ts-proto
// knows no field_behavior), an `optional` one kept once set; a message
// kept once set; in a oneof, the first set field in proto order alone.
// Values are coerced as ts-proto's fromJSON does (String, Boolean).
func jsRead(n *model.Node, m *model.MessageType, top bool) (any, error) {
	out := map[string]any{}
	if n.Kind != model.Object {
		// fromJSON of a non-object reads every field as unset.
		return out, nil
	}
	for _, fl := range m.Fields {
		if top && fl.JSON == "signatures" {
			continue
		}
		v := jsField(n, fl)
		if v == nil || v.Kind == model.Null {
			continue
		}
		got, keep, err := jsValue(v, fl)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", fl.JSON, err)
		}
		if !keep {
			continue
		}
		out[fl.JSON] = got
		if m.Oneof {
			break
		}
	}
	return out, nil
}

// jsField is the member fromJSON reads for fl: its JSON name, else its
// proto name.
func jsField(n *model.Node, fl model.Field) *model.Node {
	if v := n.Get(fl.JSON); v != nil && v.Kind != model.Null {
		return v
	}
	if fl.Proto != fl.JSON {
		return n.Get(fl.Proto)
	}
	return nil
}

// jsValue is one field's value after fromJSON and toJSON; keep is false
// where toJSON leaves the field out.
func jsValue(v *model.Node, fl model.Field) (any, bool, error) {
	sub := model.Message(fl.Message)
	switch fl.Kind {
	case model.StringField:
		s, err := jsString(v)
		return s, s != "" || fl.Presence == model.Optional, err
	case model.BoolField:
		t := jsBoolean(v)
		return t, t || fl.Presence == model.Optional, nil
	case model.MessageField:
		got, err := jsRead(v, sub, false)
		return got, true, err
	case model.StructField:
		// isObject(params): any object or array, passed through.
		if v.Kind != model.Object && v.Kind != model.Array {
			return nil, false, nil
		}
		return plainValue(v), true, nil
	case model.RepeatedString, model.RepeatedMessage:
		if v.Kind != model.Array || v.Len() == 0 {
			return nil, false, nil
		}
		list := make([]any, v.Len())
		for i, it := range v.All() {
			var err error
			if fl.Kind == model.RepeatedString {
				list[i], err = jsString(it)
			} else {
				list[i], err = jsRead(it, sub, false)
			}
			if err != nil {
				return nil, false, err
			}
		}
		return list, true, nil
	case model.MapString, model.MapMessage:
		if v.Kind != model.Object || v.Len() == 0 {
			return nil, false, nil
		}
		m := map[string]any{}
		for _, mem := range v.Members() {
			var err error
			if fl.Kind == model.MapString {
				m[mem.Key()], err = jsString(mem.Value)
			} else {
				m[mem.Key()], err = jsRead(mem.Value, sub, false)
			}
			if err != nil {
				return nil, false, err
			}
		}
		return m, true, nil
	}
	return nil, false, nil
}

// jsString is globalThis.String(v) for the values a card's string fields
// hold; an object or array there has no faithful reading here.
func jsString(v *model.Node) (string, error) {
	switch v.Kind {
	case model.String:
		s, _ := v.Str()
		return s, nil
	case model.Bool:
		t, _ := v.BoolValue()
		return strconv.FormatBool(t), nil
	case model.Null:
		return "null", nil
	case model.Number:
		// String(number) is the ECMAScript form, which JCS writes too.
		c, err := jcs.Transform(v.Raw())
		if err != nil {
			return "", err
		}
		return string(c), nil
	}
	return "", fmt.Errorf("a %s where the proto has a string: the JS SDK's reading of it is not modelled", v.Kind)
}

// jsBoolean is globalThis.Boolean(v): false for false, 0, "", null.
func jsBoolean(v *model.Node) bool {
	switch v.Kind {
	case model.Bool:
		t, _ := v.BoolValue()
		return t
	case model.Null:
		return false
	case model.String:
		s, _ := v.Str()
		return s != ""
	case model.Number:
		f, err := strconv.ParseFloat(string(v.Raw()), 64)
		return err != nil || f != 0
	}
	return true
}

// plainValue is JSON.parse's value of n, numbers kept as written.
func plainValue(n *model.Node) any {
	switch n.Kind {
	case model.Object:
		m := make(map[string]any, n.Len())
		for _, mem := range n.Members() {
			m[mem.Key()] = plainValue(mem.Value) // JSON.parse: the last of a repeated name wins
		}
		return m
	case model.Array:
		a := make([]any, n.Len())
		for i, it := range n.All() {
			a[i] = plainValue(it)
		}
		return a
	case model.String:
		s, _ := n.Str()
		return s
	case model.Number:
		return jsNumber(n.Raw())
	case model.Bool:
		t, _ := n.BoolValue()
		return t
	}
	return nil
}

// cleanEmpty is the JS SDK's cleanEmpty: "", null, empty arrays and empty
// objects removed at every depth (an array's items filtered), nil when
// nothing is left. false and 0 stay.
func cleanEmpty(v any) any {
	switch t := v.(type) {
	case nil:
		return nil
	case string:
		if t == "" {
			return nil
		}
		return t
	case []any:
		var out []any
		for _, it := range t {
			if c := cleanEmpty(it); c != nil {
				out = append(out, c)
			}
		}
		if len(out) == 0 {
			return nil
		}
		return out
	case map[string]any:
		out := map[string]any{}
		for k, it := range t {
			if c := cleanEmpty(it); c != nil {
				out[k] = c
			}
		}
		if len(out) == 0 {
			return nil
		}
		return out
	}
	return v
}

// writeValue writes a value of jsRead; JCS sorts the members afterwards.
func writeValue(b *bytes.Buffer, v any) error {
	switch t := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(t))
	case jsNumber:
		b.WriteString(string(t))
	case string:
		s, _ := json.Marshal(t)
		b.Write(s)
	case []any:
		b.WriteByte('[')
		for i, it := range t {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := writeValue(b, it); err != nil {
				return err
			}
		}
		b.WriteByte(']')
	case map[string]any:
		b.WriteByte('{')
		i := 0
		for k, it := range t {
			if i > 0 {
				b.WriteByte(',')
			}
			i++
			writeKey(b, k)
			if err := writeValue(b, it); err != nil {
				return err
			}
		}
		b.WriteByte('}')
	default:
		return fmt.Errorf("unexpected value %T", v)
	}
	return nil
}

func pointerOrCard(p string) string {
	if p == "" {
		return "the card"
	}
	return p
}
