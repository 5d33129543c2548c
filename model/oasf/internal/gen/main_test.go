package main

import (
	"strings"
	"testing"

	"github.com/oncard/oncard/model/oasf"
)

// A snapshot keeps the facts of the standard, one class per line, and never
// its description texts.
func TestEncodeSnapshot(t *testing.T) {
	skills := `{"a":{"name":"a","id":1,"caption":"A <b>","category":true,"description":"Secret text.",` +
		`"classes":{"a/x":{"name":"a/x","id":101,"caption":"X","description":"More secret text."}}}}`
	domains := `{"d":{"name":"d","id":2,"caption":"D","category":true}}`
	tax, err := oasf.ParseCategories("9.9.9", oasf.EmbeddedSource, []byte(skills), []byte(domains))
	if err != nil {
		t.Fatal(err)
	}
	got, err := encodeSnapshot(tax)
	if err != nil {
		t.Fatal(err)
	}
	want := `{
"version": "9.9.9",
"skills": [
{"id":1,"name":"a","caption":"A <b>","category":true},
{"id":101,"name":"a/x","caption":"X","parent":"a"}
],
"domains": [
{"id":2,"name":"d","caption":"D","category":true}
]
}
`
	if string(got) != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	if strings.Contains(string(got), "secret") || strings.Contains(string(got), "Secret") {
		t.Error("a description was written")
	}
	if _, err := encodeSnapshot(&oasf.Taxonomy{Version: "1"}); err == nil {
		t.Error("an incomplete taxonomy was encoded")
	}
}
