package model

import (
	"strings"
	"testing"
)

// TestTextIsPlainASCII: the parser's note of escapes and bytes outside
// ASCII in strings, with the search for DEL, tells a document of plain
// text from one that may hold a character a reader cannot see, wherever
// the string is: a member name or a value, the last bytes of the input,
// a packed array, a container nested deeper than the tree keeps nodes for,
// a streamed list.
func TestTextIsPlainASCII(t *testing.T) {
	deep := strings.Repeat(`{"a":`, lazyDepth+2) + `"%s"` + strings.Repeat("}", lazyDepth+2)
	for _, c := range []struct {
		name, src string
		plain     bool
	}{
		{"plain", `{"name":"Route planner","tags":["maps","travel"],"n":[1,2.5,true,null]}`, true},
		{"empty strings", `{"":""}`, true},
		{"a number alone", `42`, true},
		{"an escape in a value", `{"name":"Route\nplanner"}`, false},
		{"an escaped slash", `{"url":"https:\/\/x.example"}`, false},
		{"a \\u escape of ASCII", `{"name":"\u0041"}`, false},
		{"an escape in a member name", `{"na\u006de":"x"}`, false},
		{"a byte outside ASCII in a value", `{"name":"Caf` + "\u00e9" + `"}`, false},
		{"a byte outside ASCII in a member name", `{"caf` + "\u00e9" + `":"x"}`, false},
		{"a zero-width space", `{"name":"a` + "\u200b" + `b"}`, false},
		{"DEL", `{"name":"a` + "\x7f" + `b"}`, false},
		{"outside ASCII within the last eight bytes", `"` + "\u00e9" + `"`, false},
		{"an escape within the last eight bytes", `"\t"`, false},
		{"in a packed array", `{"n":["a","b","` + "\u00e9" + `","d"]}`, false},
		{"a plain packed array", `{"n":["a","b","c","d"]}`, true},
		{"nested deeper than the tree keeps", strings.Replace(deep, "%s", "\u00e9", 1), false},
		{"plain nested deeper than the tree keeps", strings.Replace(deep, "%s", "e", 1), true},
	} {
		d, err := ParseOwned([]byte(c.src), Limits{MaxDepth: lazyDepth + 10})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := d.TextIsPlainASCII(); got != c.plain {
			t.Errorf("%s: TextIsPlainASCII() = %v, want %v", c.name, got, c.plain)
		}
	}

	for _, c := range []struct {
		src   string
		plain bool
	}{
		{`{"entries":[{"name":"a"},{"name":"b"}]}`, true},
		{`{"entries":[{"name":"a"},{"name":"` + "\u00e9" + `"}]}`, false},
	} {
		d, err := ParseOwnedEach([]byte(c.src), Limits{}, "entries", func(*Doc, int, *Node) {})
		if err != nil {
			t.Fatal(err)
		}
		if got := d.TextIsPlainASCII(); got != c.plain {
			t.Errorf("streamed %s: TextIsPlainASCII() = %v, want %v", c.src, got, c.plain)
		}
	}

	d, err := Parse([]byte(`{"name":"plain"}`))
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Set("/name", []byte(`"still plain"`)); err != nil {
		t.Fatal(err)
	}
	if d.TextIsPlainASCII() {
		t.Error("an edited Doc says its text is plain: the edit's strings were never scanned")
	}
}
