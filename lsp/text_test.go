package lsp

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/oncard/oncard/model"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

func TestPositionsCountUTF16(t *testing.T) {
	// "é" is 2 bytes and 1 UTF-16 unit; "😀" 4 bytes and 2 units.
	src := "{\r\n  \"é😀\": \"x\"\n}"
	tx := newText([]byte(src))
	off := strings.Index(src, `: "x"`)
	p := tx.position(off)
	if p != (protocol.Position{Line: 1, Character: 7}) {
		t.Errorf("position = %+v, want 1:7", p)
	}
	if back := tx.offset(p); back != off {
		t.Errorf("offset(position) = %d, want %d", back, off)
	}
	// Past the end of a line is its end (before \r\n); past the last line,
	// the end of the text.
	if got := tx.offset(protocol.Position{Line: 0, Character: 99}); got != 1 {
		t.Errorf("offset past line 0 = %d, want 1", got)
	}
	if got := tx.offset(protocol.Position{Line: 9}); got != len(src) {
		t.Errorf("offset past the end = %d, want %d", got, len(src))
	}
	// Inside a surrogate pair: the character's start.
	emoji := strings.Index(src, "😀")
	if got := tx.offset(protocol.Position{Line: 1, Character: 5}); got != emoji {
		t.Errorf("offset inside the pair = %d, want %d", got, emoji)
	}
	// Diagnostics count 1-based lines and columns in runes.
	if got := tx.lineColOffset(2, 5); got != emoji {
		t.Errorf("lineColOffset(2, 5) = %d, want %d", got, emoji)
	}
	if got := tx.lineColOffset(3, 1); got != len(src)-1 {
		t.Errorf("lineColOffset(3, 1) = %d, want %d", got, len(src)-1)
	}
}

func TestIncrementalChanges(t *testing.T) {
	tx := newText([]byte("{\n  \"name\": \"a😀b\"\n}\n"))
	changes := []any{
		// Replace "b" (after the pair: character 14) by "cd".
		protocol.TextDocumentContentChangeEvent{Range: &protocol.Range{
			Start: protocol.Position{Line: 1, Character: 14}, End: protocol.Position{Line: 1, Character: 15}}, Text: "cd"},
		// Then insert a member on a new line after the first.
		protocol.TextDocumentContentChangeEvent{Range: &protocol.Range{
			Start: protocol.Position{Line: 1, Character: 17}, End: protocol.Position{Line: 1, Character: 17}}, Text: ",\n  \"v\": 1"},
	}
	got, err := tx.apply(changes)
	if err != nil {
		t.Fatal(err)
	}
	want := "{\n  \"name\": \"a😀cd\",\n  \"v\": 1\n}\n"
	if string(got.src) != want {
		t.Errorf("after the changes:\n%q\nwant\n%q", got.src, want)
	}
	if string(tx.src) != "{\n  \"name\": \"a😀b\"\n}\n" {
		t.Error("apply modified the text it was given (the validator may be reading it)")
	}
	whole, _ := got.apply([]any{protocol.TextDocumentContentChangeEventWhole{Text: "{}"}})
	if string(whole.src) != "{}" {
		t.Errorf("a whole-text change gave %q", whole.src)
	}
	backwards := protocol.TextDocumentContentChangeEvent{Range: &protocol.Range{
		Start: protocol.Position{Line: 1}, End: protocol.Position{Line: 0}}}
	if _, err := got.apply([]any{backwards}); err == nil {
		t.Error("a range ending before its start was applied")
	}
}

func TestLocateWhileTyping(t *testing.T) {
	cases := []struct {
		name   string
		src    string // | marks the cursor
		path   string
		onKey  bool
		prefix string
	}{
		{"value string", `{"a": {"b": "xy|z"}}`, "/a/b", false, "xy"},
		{"key", `{"a": {"b|c": 1}}`, "/a/bc", true, "b"},
		{"array item", `{"a": [1, "x", "y|"]}`, "/a/2", false, "y"},
		{"unclosed string, rest broken", `{"skills": [{"id": "lo|`, "/skills/0/id", false, "lo"},
		{"after colon", `{"skills": [{"id": | }]}`, "/skills/0/id", false, ""},
		{"new key", `{"a": 1, |`, "/", true, ""},
		{"number", `{"skills": [{"id": 10|3}]}`, "/skills/0/id", false, "10"},
		{"escaped quote", `{"a\"b": "c|"}`, `/a"b`, false, "c"},
	}
	for _, c := range cases {
		off := strings.Index(c.src, "|")
		src := strings.Replace(c.src, "|", "", 1)
		sp := locate([]byte(src), off)
		if got := model.Pointer(sp.Path...); got != c.path || sp.OnKey != c.onKey || sp.Prefix != c.prefix {
			t.Errorf("%s: path %q key %v prefix %q, want %q %v %q", c.name, got, sp.OnKey, sp.Prefix, c.path, c.onKey, c.prefix)
		}
	}
}

// TestColumnMarksCountAsFromTheLineStart: positions and offsets found from
// the marks of long lines are those a count from each line's start gives,
// over texts of long lines with characters of every width, stray bytes, a
// byte order mark, and \r\n endings.
func TestColumnMarksCountAsFromTheLineStart(t *testing.T) {
	old := markEvery
	markEvery = 7
	defer func() { markEvery = old }()
	pieces := []string{"a", "é", "😀", "\xff", " ", "\r\n", "\n", "{\"k\":1}", "中"}
	rng := rand.New(rand.NewPCG(1, 2))
	for round := range 200 {
		var b strings.Builder
		if round%4 == 0 {
			b.WriteString("\xef\xbb\xbf")
		}
		for range rng.IntN(300) {
			p := pieces[rng.IntN(len(pieces))]
			if (p == "\n" || p == "\r\n") && rng.IntN(4) != 0 {
				p = "x" // long lines, mostly
			}
			b.WriteString(p)
		}
		src := []byte(b.String())
		marked, plain := newText(src), newText(src)
		plain.marksOnce.Do(func() {}) // no marks: every count from the line's start
		for off := 0; off <= len(src); off++ {
			if got, want := marked.position(off), plain.position(off); got != want {
				t.Fatalf("round %d: position(%d) = %+v, from the line's start %+v (%q)", round, off, got, want, src)
			}
		}
		for line := 1; line <= len(plain.lines); line++ {
			for col := 1; col < 400; col += 1 + col/40 {
				if got, want := marked.lineColOffset(line, col), plain.lineColOffset(line, col); got != want {
					t.Fatalf("round %d: lineColOffset(%d, %d) = %d, from the line's start %d (%q)", round, line, col, got, want, src)
				}
			}
		}
	}
}
