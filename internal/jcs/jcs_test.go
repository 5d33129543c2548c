package jcs

import (
	"encoding/hex"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/oncard/oncard/model"
)

// The vectors below are those of RFC 8785, typed in from the RFC's text.

// TestNumbers is RFC 8785 Appendix B: IEEE 754 doubles (given by their
// bits) and the ECMAScript form JCS writes them in.
func TestNumbers(t *testing.T) {
	cases := []struct{ bits, want string }{
		{"0000000000000000", "0"},
		{"8000000000000000", "0"}, // minus zero
		{"0000000000000001", "5e-324"},
		{"8000000000000001", "-5e-324"},
		{"7fefffffffffffff", "1.7976931348623157e+308"},
		{"ffefffffffffffff", "-1.7976931348623157e+308"},
		{"4340000000000000", "9007199254740992"},
		{"c340000000000000", "-9007199254740992"},
		{"4430000000000000", "295147905179352830000"},
		{"44b52d02c7e14af5", "9.999999999999997e+22"},
		{"44b52d02c7e14af6", "1e+23"},
		{"44b52d02c7e14af7", "1.0000000000000001e+23"},
		{"444b1ae4d6e2ef4e", "999999999999999700000"},
		{"444b1ae4d6e2ef4f", "999999999999999900000"},
		{"444b1ae4d6e2ef50", "1e+21"},
		{"3eb0c6f7a0b5ed8c", "9.999999999999997e-7"},
		{"3eb0c6f7a0b5ed8d", "0.000001"},
		{"41b3de4355555553", "333333333.3333332"},
		{"41b3de4355555554", "333333333.33333325"},
		{"41b3de4355555555", "333333333.3333333"},
		{"41b3de4355555556", "333333333.3333334"},
		{"41b3de4355555557", "333333333.33333343"},
		{"becbf647612f3696", "-0.0000033333333333333333"},
		{"43143ff3c1cb0959", "1424953923781206.2"},
	}
	for _, tc := range cases {
		bits, err := strconv.ParseUint(tc.bits, 16, 64)
		if err != nil {
			t.Fatal(err)
		}
		f := math.Float64frombits(bits)
		// Written in Go's shortest round-trip form, the input is the
		// exact double; JCS must rewrite it in the ECMAScript form.
		in := "[" + strconv.FormatFloat(f, 'g', -1, 64) + "]"
		got, err := Transform([]byte(in))
		if err != nil {
			t.Errorf("%s (%s): %v", tc.bits, in, err)
			continue
		}
		if want := "[" + tc.want + "]"; string(got) != want {
			t.Errorf("%s: %s canonicalises to %s, want %s", tc.bits, in, got, want)
		}
	}
}

// TestNumbersOutOfRange: NaN and Infinity have no JSON form; a literal too
// large for a double is refused rather than written as something else.
func TestNumbersOutOfRange(t *testing.T) {
	for _, in := range []string{"[1e400]", "[-1e400]"} {
		if got, err := Transform([]byte(in)); err == nil {
			t.Errorf("%s canonicalised to %s, want an error", in, got)
		}
	}
}

// TestSorting is RFC 8785 §3.2.3: names sort by UTF-16 code units, so the
// emoji (a surrogate pair, D83D DE00) comes before U+FB33 although its code
// point is larger.
func TestSorting(t *testing.T) {
	in := `{
  "\u20ac": "Euro Sign",
  "\r": "Carriage Return",
  "\ufb33": "Hebrew Letter Dalet With Dagesh",
  "1": "One",
  "\ud83d\ude00": "Emoji: Grinning Face",
  "\u0080": "Control",
  "\u00f6": "Latin Small Letter O With Diaeresis"
}`
	want := `{"\r":"Carriage Return","1":"One","` + "\u0080" + `":"Control","` + "\u00f6" + `":"Latin Small Letter O With Diaeresis","` + "\u20ac" + `":"Euro Sign","` + "\U0001F600" + `":"Emoji: Grinning Face","` + "\ufb33" + `":"Hebrew Letter Dalet With Dagesh"}`
	got, err := Transform([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestSample is the example of RFC 8785 §3.2.4 (numbers, escapes,
// literals, member order), compared byte for byte with the RFC's hex dump.
func TestSample(t *testing.T) {
	in := `{
  "numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],
  "string": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/",
  "literals": [null, true, false]
}`
	wantHex := `7b 22 6c 69 74 65 72 61 6c 73 22 3a 5b 6e 75 6c 6c 2c 74 72
75 65 2c 66 61 6c 73 65 5d 2c 22 6e 75 6d 62 65 72 73 22 3a
5b 33 33 33 33 33 33 33 33 33 2e 33 33 33 33 33 33 33 2c 31
65 2b 33 30 2c 34 2e 35 2c 30 2e 30 30 32 2c 31 65 2d 32 37
5d 2c 22 73 74 72 69 6e 67 22 3a 22 e2 82 ac 24 5c 75 30 30
30 66 5c 6e 41 27 42 5c 22 5c 5c 5c 5c 5c 22 2f 22 7d`
	want, err := hex.DecodeString(strings.Join(strings.Fields(wantHex), ""))
	if err != nil {
		t.Fatal(err)
	}
	got, err := Transform([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestEscapes: the control characters with a short form use it, the
// others \u00XX in lower case; '/', DEL, U+2028 and non-ASCII are written
// as they are (RFC 8785 §3.2.2.2).
func TestEscapes(t *testing.T) {
	in := `["\u0000\u0001\b\t\n\u000b\f\r\u001f", "\/\u007f\u2028\u00e9\"\\"]`
	want := `["\u0000\u0001\b\t\n\u000b\f\r\u001f","/` + "\x7f\u2028é" + `\"\\"]`
	got, err := Transform([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

// TestRefused: what I-JSON (and so JCS) excludes is an error, not a guess.
func TestRefused(t *testing.T) {
	for _, in := range []string{
		`{"a":1,"a":2}`, // duplicate member
		`["\ud800"]`,    // lone high surrogate
		`["\udc00x"]`,   // lone low surrogate
		`{"a":`,         // not JSON
	} {
		if got, err := Transform([]byte(in)); err == nil {
			t.Errorf("%s canonicalised to %s, want an error", in, got)
		}
	}
}

// TestDoc: the canonical form of a model.Doc without the omitted top-level
// members is that of the same JSON written without them; the Doc is left
// as it was; whitespace, member order and number forms do not matter.
func TestDoc(t *testing.T) {
	src := "\ufeff{\n  \"b\": [1.0, 2E2, \"\\u00e9\"],\n  \"signatures\": [{\"protected\": \"x\"}],\n  \"a\": {\"z\": true, \"y\": null}\n}\n"
	doc, err := model.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	got, err := Doc(doc, "signatures")
	if err != nil {
		t.Fatal(err)
	}
	want := `{"a":{"y":null,"z":true},"b":[1,200,"é"]}`
	if string(got) != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if doc.Changed() || doc.Root().Get("signatures") == nil || string(doc.Encode()) != src {
		t.Error("Doc modified the document it was given")
	}

	// Nothing omitted: signatures are part of the form.
	all, err := Doc(doc)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(all), `"signatures":[{"protected":"x"}]`) {
		t.Errorf("without omit: %s", all)
	}

	// An edited document is canonicalised as edited.
	if err := doc.Set("/a/z", []byte("false")); err != nil {
		t.Fatal(err)
	}
	edited, err := Doc(doc, "signatures")
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"a":{"y":null,"z":false},"b":[1,200,"é"]}`; string(edited) != want {
		t.Errorf("edited: got %s, want %s", edited, want)
	}
}

// TestDocRefusesWhatJCSCannotRepresent: the model's parser reads a lone
// surrogate escape (as U+FFFD), but JCS has no form for it, so the
// document has no canonical form, rather than a silently different one.
func TestDocRefusesWhatJCSCannotRepresent(t *testing.T) {
	doc, err := model.Parse([]byte(`{"name": "\ud800"}`))
	if err != nil {
		t.Skipf("the parser refuses a lone surrogate itself: %v", err)
	}
	if got, err := Doc(doc); err == nil {
		t.Errorf("canonicalised to %s, want an error", got)
	}
	if _, err := Doc(nil); err == nil {
		t.Error("Doc(nil) did not fail")
	}
}
