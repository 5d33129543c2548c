package model

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, src      string
		code           string
		line, col, off int
		msgHas         string
		pointer        string
	}{
		{"empty", "", "json/syntax", 1, 1, 0, "empty", ""},
		{"only whitespace", "  \n ", "json/syntax", 2, 2, 4, "empty", ""},
		{"trailing data", "{}\n x", "json/syntax", 2, 2, 4, "after the end", ""},
		{"second value", "1 2", "json/syntax", 1, 3, 2, "after the end", ""},
		{"truncated object", "{\"a\": 1", "json/syntax", 1, 8, 7, "end of input", ""},
		{"truncated array", "[1,", "json/syntax", 1, 4, 3, "end of input", ""},
		{"truncated string", "{\"a\": \"abc", "json/syntax", 1, 7, 6, "unterminated string", ""},
		{"truncated literal", "[tru", "json/syntax", 1, 5, 4, "end of input", ""},
		{"missing comma", "{\n  \"a\": 1,\n  \"b\": 2 x\n}", "json/syntax", 3, 10, 21, "expected ',' or '}' after an object member, found 'x'", ""},
		{"missing colon", "{\"a\" 1}", "json/syntax", 1, 6, 5, "expected ':'", ""},
		{"trailing comma object", "{\"a\": 1,}", "json/syntax", 1, 9, 8, "trailing comma", ""},
		{"trailing comma array", "[1, 2, ]", "json/syntax", 1, 8, 7, "trailing comma", ""},
		{"comment", "{\n// hi\n}", "json/syntax", 2, 1, 2, "comments are not allowed", ""},
		{"NaN", "[NaN]", "json/syntax", 1, 2, 1, "NaN", ""},
		{"leading zero", "[01]", "json/syntax", 1, 2, 1, "leading zeros", ""},
		{"bare minus", "[-]", "json/syntax", 1, 3, 2, "digit", ""},
		{"dot without digits", "[1.]", "json/syntax", 1, 4, 3, "decimal point", ""},
		{"bad exponent", "[1e]", "json/syntax", 1, 4, 3, "exponent", ""},
		{"single quotes", "{'a': 1}", "json/syntax", 1, 2, 1, "", ""},
		{"control char in string", "[\"a\tb\"]", "json/syntax", 1, 4, 3, "control character U+0009", ""},
		{"bad escape", `["\x"]`, "json/syntax", 1, 3, 2, "invalid escape", ""},
		{"bad unicode escape", `["\u12G4"]`, "json/syntax", 1, 3, 2, "\\u escape", ""},
		{"unquoted key", "{a: 1}", "json/syntax", 1, 2, 1, "expected '\"'", ""},
		{"column in runes", "{\"é\": 1 x}", "json/syntax", 1, 9, 9, "found 'x'", ""},
		{"duplicate key", "{\n  \"a\": 1,\n  \"a\": 2\n}", "json/duplicate-key", 3, 3, 14, "disagree on which value wins", "/a"},
		{"duplicate nested", "{\"s\": [{\"id\": 1}, {\"id\": 1, \"id\": 2}]}", "json/duplicate-key", 1, 29, 28, "first at line 1, column 20", "/s/1/id"},
		{"duplicate escaped", `{"a": 1, "\u0061": 2}`, "json/duplicate-key", 1, 10, 9, `"a"`, "/a"},
		{"duplicate in large object", largeObjectWithDuplicate(), "json/duplicate-key", 1, 0, -1, "k7", "/k7"},
		{"duplicate key with slash", `{"a/b": 1, "a/b": 2}`, "json/duplicate-key", 1, 12, 11, "", "/a~1b"},
		// Names of one length, first and last byte (one nameBit) are told
		// apart by the name itself.
		{"duplicate among like names", `{"axb": 1, "ayb": 2, "ayb": 3}`, "json/duplicate-key", 1, 22, 21, "first at line 1, column 12", "/ayb"},
		{"duplicate after string siblings", `{"a":"x","b":["y",{"c":1,"c":2}]}`, "json/duplicate-key", 1, 26, 25, "first at line 1, column 20", "/b/1/c"},
		{"duplicate empty name", `{"": 1, "b": 2, "": 3}`, "json/duplicate-key", 1, 17, 16, "first at line 1, column 2", "/"},
		{"invalid utf8", "{\"a\": \"\xff\"}", "json/encoding", 1, 8, 7, "offset 7", ""},
		{"invalid utf8 outside strings", "[1,\n\xc3]", "json/encoding", 2, 1, 4, "0xc3", ""},
		{"utf16 bom", "\xfe\xff{}", "json/encoding", 1, 1, 0, "UTF-8", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse([]byte(tt.src))
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("Parse(%q) = %v, want a *ParseError", tt.src, err)
			}
			if pe.Code != tt.code {
				t.Errorf("code %q, want %q (%s)", pe.Code, tt.code, pe.Msg)
			}
			if pe.Line != tt.line || (tt.col > 0 && pe.Column != tt.col) || (tt.off >= 0 && pe.Offset != tt.off) {
				t.Errorf("at line %d column %d offset %d, want %d %d %d (%s)", pe.Line, pe.Column, pe.Offset, tt.line, tt.col, tt.off, pe.Msg)
			}
			if !strings.Contains(pe.Msg, tt.msgHas) {
				t.Errorf("message %q lacks %q", pe.Msg, tt.msgHas)
			}
			prefix := "line " + itoa(pe.Line) + ", column " + itoa(pe.Column) + ": "
			if !strings.HasPrefix(pe.Msg, prefix) {
				t.Errorf("message %q does not start with %q", pe.Msg, prefix)
			}
			if pe.Pointer != tt.pointer {
				t.Errorf("pointer %q, want %q", pe.Pointer, tt.pointer)
			}
			if pe.Error() != pe.Msg {
				t.Errorf("Error() %q differs from Msg", pe.Error())
			}
		})
	}
}

func itoa(i int) string { b, _ := json.Marshal(i); return string(b) }

// largeObjectWithDuplicate has more members than the linear duplicate scan
// handles, so the map path is exercised.
func largeObjectWithDuplicate() string {
	var b strings.Builder
	b.WriteString("{")
	for i := 0; i < 40; i++ {
		b.WriteString(`"k` + itoa(i) + `": 1, `)
	}
	b.WriteString(`"k7": 2}`)
	return b.String()
}

func TestParseTooLarge(t *testing.T) {
	_, err := ParseLimits([]byte(`{"a": "0123456789"}`), Limits{MaxBytes: 10})
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Code != "json/too-large" {
		t.Fatalf("got %v, want json/too-large", err)
	}
	if !strings.Contains(pe.Msg, "19 bytes") || !strings.Contains(pe.Msg, "limit of 10 B (10 bytes)") {
		t.Errorf("message %q should name the size and the limit", pe.Msg)
	}
	// The size is checked before anything else: invalid bytes do not matter.
	_, err = ParseLimits(append([]byte("\xff"), make([]byte, 20)...), Limits{MaxBytes: 10})
	if !errors.As(err, &pe) || pe.Code != "json/too-large" {
		t.Fatalf("got %v, want json/too-large before the encoding check", err)
	}
}

func TestParseTooDeep(t *testing.T) {
	src := strings.Repeat("[", 100000) + strings.Repeat("]", 100000)
	start := time.Now()
	_, err := Parse([]byte(src))
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Code != "json/too-deep" {
		t.Fatalf("got %v, want json/too-deep", err)
	}
	if !strings.Contains(pe.Msg, "256") || pe.Offset != 256 || pe.Column != 257 {
		t.Errorf("message %q at offset %d column %d should name the limit 256 at the 257th bracket", pe.Msg, pe.Offset, pe.Column)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("took %v; deep nesting must fail fast", d)
	}
	// Within the limit it parses; a custom limit applies; huge limits are capped.
	if _, err := ParseLimits([]byte(`[[[{"a":[1]}]]]`), Limits{MaxDepth: 5}); err != nil {
		t.Errorf("depth 5 within limit 5: %v", err)
	}
	if _, err := ParseLimits([]byte(`[[[{"a":[[1]]}]]]`), Limits{MaxDepth: 5}); err == nil {
		t.Error("depth 6 passed limit 5")
	}
	_, err = ParseLimits([]byte(src), Limits{MaxDepth: 1 << 30})
	if !errors.As(err, &pe) || pe.Code != "json/too-deep" || !strings.Contains(pe.Msg, "10000") {
		t.Errorf("got %v, want json/too-deep at the cap of 10000", err)
	}
}

func TestParseAcceptsStrictJSON(t *testing.T) {
	for _, src := range []string{
		`{}`, `[]`, `0`, `-0`, `-0.0e+0`, `"x"`, `true`, `false`, `null`, " \t\r\n{} \r\n",
		`{"a":[1,2,{"b":null}],"c":"\u00e9\ud83d\ude00\"\\\/\b\f\n\r\t"}`,
		`123456789012345678901234567890.123456789e-999`,
		`"\ud800"`, // a lone surrogate is valid JSON text
	} {
		if _, err := Parse([]byte(src)); err != nil {
			t.Errorf("Parse(%q): %v", src, err)
		}
	}
}

func TestBOMIsKept(t *testing.T) {
	src := []byte("\xef\xbb\xbf{\n  \"a\": 1\n}\n")
	d, err := Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(d.Encode(), src) {
		t.Fatal("BOM lost without edits")
	}
	if l, c := d.Position("/a"); l != 2 || c != 8 {
		t.Errorf("Position = %d,%d, want 2,8", l, c)
	}
	if err := d.Set("/a", []byte("2")); err != nil {
		t.Fatal(err)
	}
	if got := string(d.Encode()); got != "\xef\xbb\xbf{\n  \"a\": 2\n}\n" {
		t.Fatalf("after edit: %q", got)
	}
	if l, c := d.Position(""); l != 1 || c != 1 {
		t.Errorf("root Position = %d,%d, want 1,1 (the BOM is not a column)", l, c)
	}
}

func TestAccessors(t *testing.T) {
	src := `{"s": "a\u00e9\n", "n": 1.50, "t": true, "f": false, "z": null, "o": {"k": [1, "x"]}, "e": []}`
	d, err := Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	r := d.Root()
	if s, ok := r.Get("s").Str(); !ok || s != "aé\n" {
		t.Errorf("Str = %q, %v", s, ok)
	}
	if got := string(r.Get("s").Raw()); got != `"a\u00e9\n"` {
		t.Errorf("Raw = %s", got)
	}
	if got := string(r.Get("n").Raw()); got != "1.50" {
		t.Errorf("number Raw = %s", got)
	}
	if r.Get("n").Text() != "" || r.Get("missing").Text() != "" || (*Node)(nil).Text() != "" {
		t.Error("Text of a non-string should be empty")
	}
	if v, ok := r.Get("t").BoolValue(); !v || !ok {
		t.Error("BoolValue(true)")
	}
	if v, ok := r.Get("f").BoolValue(); v || !ok {
		t.Error("BoolValue(false)")
	}
	if _, ok := r.Get("z").BoolValue(); ok {
		t.Error("BoolValue(null) ok")
	}
	if r.Len() != 7 || r.Get("o").Get("k").Len() != 2 || r.Get("e").Len() != 0 || r.Get("s").Len() != 0 || (*Node)(nil).Len() != 0 {
		t.Error("Len")
	}
	if r.Get("o").Get("k").Index(1).Text() != "x" || r.Get("o").Get("k").Index(2) != nil || r.Get("o").Get("k").Index(-1) != nil {
		t.Error("Index")
	}
	if (*Node)(nil).Get("a") != nil || r.Get("s").Get("a") != nil || r.Index(0) != nil {
		t.Error("Get/Index on the wrong kind should be nil")
	}
	if d.Find("/o/k/1") != r.Get("o").Get("k").Index(1) || d.Find("") != r {
		t.Error("Find")
	}
	for _, p := range []string{"/o/k/2", "/o/k/01", "/o/k/-", "/missing", "/s/x", "o", "/o/~2"} {
		if d.Find(p) != nil {
			t.Errorf("Find(%q) should be nil", p)
		}
	}
	if r.Get("z").Kind != Null || r.Get("o").Kind != Object || r.Get("e").Kind != Array || r.Get("n").Kind != Number {
		t.Error("Kind")
	}
}

func TestInterfaceMatchesEncodingJSON(t *testing.T) {
	for _, src := range []string{
		`{"s": "a\u00e9\n\ud83d\ude00 \ud800 x", "n": 1.50, "big": 123456789012345678901234567890, "t": true, "z": null, "o": {"k": [1, "x", {}, []]}}`,
		`[1e3, -0.0, "\"\\\/\b\f\n\r\t", "\u0000", "\udc00\ud800"]`,
		`"just a string"`, `null`,
	} {
		d, err := Parse([]byte(src))
		if err != nil {
			t.Fatal(err)
		}
		if got, want := d.Root().Interface(), decodeStd(t, []byte(src)); !reflect.DeepEqual(got, want) {
			t.Errorf("Interface(%s) =\n%#v\nwant\n%#v", src, got, want)
		}
	}
}

// decodeStd decodes like the Doc's Interface promises: encoding/json with
// UseNumber.
func decodeStd(t testing.TB, data []byte) any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(bytes.TrimPrefix(data, utf8BOM)))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("encoding/json: %v", err)
	}
	return v
}

func TestLineColAndPositions(t *testing.T) {
	src := "{\r\n  \"név\": \"é\", \"b\": [\n    10,\n    {\"c\": 3}\n  ]\n}"
	d, err := Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		ptr               string
		line, col, kl, kc int
	}{
		{"", 1, 1, 1, 1},
		{"/név", 2, 10, 2, 3},
		{"/b", 2, 20, 2, 15},
		{"/b/0", 3, 5, 3, 5},
		{"/b/1/c", 4, 11, 4, 6},
		{"/b/1/missing", 4, 5, 4, 5}, // nearest existing ancestor
		{"/b/7", 2, 20, 2, 20},
		{"/nope/deeper", 1, 1, 1, 1},
	} {
		if l, c := d.Position(tt.ptr); l != tt.line || c != tt.col {
			t.Errorf("Position(%q) = %d,%d, want %d,%d", tt.ptr, l, c, tt.line, tt.col)
		}
		if l, c := d.KeyPosition(tt.ptr); l != tt.kl || c != tt.kc {
			t.Errorf("KeyPosition(%q) = %d,%d, want %d,%d", tt.ptr, l, c, tt.kl, tt.kc)
		}
	}
	if l, c := d.LineCol(len(src)); l != 6 || c != 2 {
		t.Errorf("LineCol(end) = %d,%d", l, c)
	}
	if l, c := d.LineCol(-5); l != 1 || c != 1 {
		t.Errorf("LineCol(-5) = %d,%d", l, c)
	}
	// A member added by an edit has the position of its parent.
	if err := d.Set("/b/1/new", []byte(`{"x": 1}`)); err != nil {
		t.Fatal(err)
	}
	if l, c := d.Position("/b/1/new/x"); l != 4 || c != 5 {
		t.Errorf("Position of a new node = %d,%d, want its parent's 4,5", l, c)
	}
	if l, c := d.KeyPosition("/b/1/new"); l != 4 || c != 5 {
		t.Errorf("KeyPosition of a new member = %d,%d, want its parent's 4,5", l, c)
	}
}

func TestStyleDetection(t *testing.T) {
	for _, tt := range []struct {
		src  string
		want Style
	}{
		{"{\n  \"a\": 1\n}\n", Style{Indent: "  ", Newline: "\n", FinalNewline: true, SpaceAfterColon: true}},
		{"{\r\n    \"a\": [\r\n        1\r\n    ]\r\n}", Style{Indent: "    ", Newline: "\r\n", SpaceAfterColon: true}},
		{"{\n\t\"a\":1\n}", Style{Indent: "\t", Newline: "\n", SpaceAfterColon: false}},
		{`{"a":1,"b":[1,2]}`, Style{Newline: "\n", Minified: true}},
		{`{"a": 1, "b": [1, 2]}` + "\n", Style{Newline: "\n", FinalNewline: true, SpaceAfterColon: true}},
		{"[\n  [\n    1\n  ]\n]", Style{Indent: "  ", Newline: "\n", SpaceAfterColon: true}},
		{`[1,2]`, Style{Newline: "\n", Minified: true}},
		{`[1, 2]`, Style{Newline: "\n", SpaceAfterColon: true}},
		{"{}\n", Style{Indent: "  ", Newline: "\n", FinalNewline: true, SpaceAfterColon: true}},
		{"{\"a\": {\n    \"b\": 1\n  }\n}", Style{Indent: "  ", Newline: "\n", SpaceAfterColon: true}},
		// Minified with a final newline, or a first newline deep inside:
		// the indentation is still looked for where a newline can hold it.
		{`{"a":1,"b":[1,2]}` + "\r\n", Style{Newline: "\r\n", FinalNewline: true, Minified: true}},
		{`{"a":[1,{"b":[2,{"c":{` + "\n\t\t" + `"d":3` + "\n\t" + `}}]}]}`, Style{Indent: "\t", Newline: "\n"}},
		{`{"a":[1,{"b":[2,{"c":{` + "\n" + `"d":3}}]}]}`, Style{Newline: "\n", Minified: true}},
		{"[[1,2],[3,[4]]]\n", Style{Newline: "\n", FinalNewline: true, Minified: true}},
	} {
		d, err := Parse([]byte(tt.src))
		if err != nil {
			t.Fatal(err)
		}
		if d.Style() != tt.want {
			t.Errorf("Style(%q) = %+v, want %+v", tt.src, d.Style(), tt.want)
		}
	}
}
