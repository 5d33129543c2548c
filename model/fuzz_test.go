package model

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/big"
	"reflect"
	"strconv"
	"testing"
)

// fuzzArena is the arena FuzzParseEncode parses each input from as well,
// reset after each: what one input's tree leaves in it must not show in
// the next.
var fuzzArena Arena

// FuzzParseEncode: Parse never panics (nor does a parse from an arena,
// which makes the same tree); a parsed document encodes to its
// source byte for byte and means what encoding/json says; a refused one
// gets a located ParseError, and encoding/json agrees it is not plain JSON
// (except for what we refuse on purpose: duplicate keys, invalid UTF-8,
// depth).
func FuzzParseEncode(f *testing.F) {
	for _, s := range []string{`{}`, `{"a": [1, 2.50, "\u00e9"]}`, "{\r\n\t\"a\": null\r\n}", "\xef\xbb\xbf[true]", `{"a":1,"a":2}`, `[01]`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := Parse(data)
		// The same parse from an arena that held the inputs before.
		ad, aerr := fuzzArena.ParseOwned(bytes.Clone(data), Limits{})
		sameParse(t, d, ad, err, aerr)
		fuzzArena.Reset()
		arenaIsZero(t, &fuzzArena)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Line < 1 || pe.Column < 1 || pe.Offset < 0 || pe.Offset > len(data) {
				t.Fatalf("bad error %#v", err)
			}
			if json.Valid(data) && pe.Code == "json/syntax" {
				t.Fatalf("encoding/json accepts what we call a syntax error: %v", err)
			}
			return
		}
		if !bytes.Equal(d.Encode(), data) {
			t.Fatal("Encode differs from the source")
		}
		// The parser's note of the first line break is the search's.
		if st := detectStyle(d.src, d.root, bytes.IndexByte(d.src, '\n')); d.Style() != st {
			t.Fatalf("Style %+v, want %+v", d.Style(), st)
		}
		body := bytes.TrimPrefix(data, utf8BOM)
		// Outside strings a document is ASCII without a backslash or a DEL
		// (the BOM aside): its text is plain when its bytes are.
		plain := !bytes.ContainsFunc(body, func(r rune) bool { return r >= 0x7f || r == '\\' })
		if d.TextIsPlainASCII() != plain {
			t.Fatalf("TextIsPlainASCII() = %v, the bytes say %v", d.TextIsPlainASCII(), plain)
		}
		var want any
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.UseNumber()
		if err := dec.Decode(&want); err != nil {
			t.Fatalf("we accept what encoding/json refuses: %v", err)
		}
		if !reflect.DeepEqual(d.Root().Interface(), want) {
			t.Fatalf("Interface differs from encoding/json")
		}
	})
}

// FuzzEdit applies one edit chosen by the fuzzer to a parsed document; the
// result must parse and mean what the same edit does on encoding/json's
// view of the original.
func FuzzEdit(f *testing.F) {
	f.Add([]byte("{\n  \"a\": [1, 2],\n  \"b\": {\"c\": \"x\"}\n}"), uint8(0), uint16(2), []byte(`{"k": [true]}`))
	f.Add([]byte(`{"a":[1,2],"b":{}}`), uint8(1), uint16(1), []byte(`null`))
	f.Add([]byte("[\r\n\t1,\r\n\t{}\r\n]"), uint8(2), uint16(2), []byte(`"new"`))
	f.Add([]byte(`{"a": [], "b": 1.50}`), uint8(3), uint16(1), []byte(`[1, {"x": 1.0}]`))
	f.Add([]byte("{\n    \"a\": {\n        \"b\": 1e3\n    }\n}"), uint8(4), uint16(1), []byte(`1`))
	f.Fuzz(func(t *testing.T, data []byte, op uint8, sel uint16, val []byte) {
		d, err := Parse(data)
		if err != nil {
			return
		}
		ptrs := allPointers(d.Root(), "", nil)
		ptr := ptrs[int(sel)%len(ptrs)]
		target := d.Find(ptr)
		var want any
		dec := json.NewDecoder(bytes.NewReader(bytes.TrimPrefix(data, utf8BOM)))
		dec.UseNumber()
		if err := dec.Decode(&want); err != nil {
			t.Fatal(err)
		}
		value := val
		if _, err := Parse(val); err != nil || bytes.HasPrefix(val, utf8BOM) {
			value, _ = json.Marshal(string(val)) // not JSON: use it as a string
		}
		newValue := decodeStd(t, value)

		switch op % 5 {
		case 0: // replace
			err = d.Set(ptr, value)
			want = setAt(want, ptr, func(any) any { return newValue })
		case 1: // delete
			if ptr == "" {
				return
			}
			err = d.Delete(ptr)
			want = deleteAt(want, ptr)
		case 2: // add a member or append an item
			switch target.Kind {
			case Object:
				key := string(val)
				if len(key) > 8 {
					key = key[:8]
				}
				key = "k" + strconv.Quote(key)
				if target.Get(key) != nil {
					return
				}
				err = d.Set(ptr+"/"+pointerToken(key), value)
				want = setAt(want, ptr, func(v any) any { v.(map[string]any)[key] = newValue; return v })
			case Array:
				err = d.Set(ptr+"/-", value)
				want = setAt(want, ptr, func(v any) any { return append(v.([]any), newValue) })
			default:
				return
			}
		case 3: // insert at the front of an array
			if target.Kind != Array {
				return
			}
			err = d.Insert(ptr+"/0", value)
			want = setAt(want, ptr, func(v any) any { return append([]any{newValue}, v.([]any)...) })
		case 4: // move the last item first
			if target.Kind != Array || target.Len() == 0 {
				return
			}
			err = d.Move(ptr+"/-", ptr+"/0")
			want = setAt(want, ptr, func(v any) any {
				a := v.([]any)
				return append([]any{a[len(a)-1]}, a[:len(a)-1]...)
			})
		}
		if err != nil {
			t.Fatalf("edit at %q: %v", ptr, err)
		}
		out := d.Encode()
		d2, err := Parse(out)
		if err != nil {
			t.Fatalf("the result does not parse: %v\n%s", err, out)
		}
		if got := d2.Root().Interface(); !reflect.DeepEqual(canonical(got), canonical(want)) {
			t.Fatalf("edit at %q: got %v, want %v\n%s", ptr, got, want, out)
		}
		if !reflect.DeepEqual(canonical(d.Root().Interface()), canonical(want)) {
			t.Fatalf("the edited tree disagrees with its own encoding")
		}
	})
}

func allPointers(n *Node, ptr string, out []string) []string {
	out = append(out, ptr)
	for _, m := range n.Members() {
		out = allPointers(m.Value, ptr+"/"+pointerToken(m.Key()), out)
	}
	for i, it := range n.All() {
		out = allPointers(it, ptr+"/"+strconv.Itoa(i), out)
	}
	return out
}

// setAt replaces the value at ptr (of a tree decoded by encoding/json) by
// fn of it.
func setAt(root any, ptr string, fn func(any) any) any {
	tokens, _ := SplitPointer(ptr)
	if len(tokens) == 0 {
		return fn(root)
	}
	parent := root
	for _, tok := range tokens[:len(tokens)-1] {
		parent = childOf(parent, tok)
	}
	last := tokens[len(tokens)-1]
	switch p := parent.(type) {
	case map[string]any:
		p[last] = fn(p[last])
	case []any:
		i, _ := strconv.Atoi(last)
		p[i] = fn(p[i])
	}
	return root
}

func deleteAt(root any, ptr string) any {
	tokens, _ := SplitPointer(ptr)
	parentPtr := Pointer(tokens[:len(tokens)-1]...)
	last := tokens[len(tokens)-1]
	return setAt(root, parentPtr, func(v any) any {
		switch p := v.(type) {
		case map[string]any:
			delete(p, last)
			return p
		case []any:
			i, _ := strconv.Atoi(last)
			return append(p[:i:i], p[i+1:]...)
		}
		return v
	})
}

func childOf(v any, tok string) any {
	switch p := v.(type) {
	case map[string]any:
		return p[tok]
	case []any:
		i, _ := strconv.Atoi(tok)
		return p[i]
	}
	return nil
}

// canonical replaces numbers by a normal form: a Set of an equal number
// keeps the source's form (1.0 stays 1.0 when 1 is set).
func canonical(v any) any {
	switch x := v.(type) {
	case map[string]any:
		c := make(map[string]any, len(x))
		for k, e := range x {
			c[k] = canonical(e)
		}
		return c
	case []any:
		c := make([]any, len(x))
		for i, e := range x {
			c[i] = canonical(e)
		}
		return c
	case json.Number:
		f, _, err := big.ParseFloat(string(x), 10, 256, big.ToNearestEven)
		if err != nil {
			return string(x)
		}
		if f.Sign() == 0 {
			return "0" // -0 equals 0
		}
		return f.Text('g', 80)
	}
	return v
}
