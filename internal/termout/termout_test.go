package termout

import (
	"bytes"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/oncard/oncard/tui/style"
)

func TestHighlightJSONColours(t *testing.T) {
	in := []byte("{\n  \"key\": \"value\",\n  \"n\": -1.5e3,\n  \"ok\": [true, null]\n}\n")
	got := highlightJSON(style.NewTheme(true), in, true)
	if ansi.Strip(got) != string(in) {
		t.Errorf("without its colours the output is not the input:\n%q", ansi.Strip(got))
	}
	for _, tok := range []string{`"key"`, `"value"`, "-1.5e3", "true", "null", "{", "]"} {
		if !strings.Contains(got, tok+"\x1b[") {
			t.Errorf("token %s is not styled in %q", tok, got)
		}
	}
	if strings.Count(got, "\x1b[34m") != 3 { // the three keys, in blue
		t.Errorf("keys are not told from values: %q", got)
	}
}

// TestHighlightJSONSafe: a card's text cannot drive the terminal: C1
// controls, bidi overrides and invalid UTF-8 inside strings are shown as
// escapes; JSON escapes stay as written.
func TestHighlightJSONSafe(t *testing.T) {
	in := []byte("{\"name\": \"evil \u009b2J \u202e txt \xff\", \"esc\": \"\\u001b[2J\"}")
	got := highlightJSON(style.NewTheme(true), in, false)
	want := `{"name": "evil \x9b2J \u202e txt \xff", "esc": "\u001b[2J"}`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	// Not JSON at all: shown safely, never a panic.
	for _, s := range []string{"", "\"unclosed", "@@\x1b]0;title\x07", "tru", "-", "{\"a\"\n:1}"} {
		out := highlightJSON(style.NewTheme(true), []byte(s), true)
		if strings.ContainsAny(ansi.Strip(out), "\x1b\x07") {
			t.Errorf("%q: control bytes reach the terminal: %q", s, out)
		}
	}
}

func TestHighlightDiff(t *testing.T) {
	diff := "--- a.json\n+++ a.json\n@@ -1 +1 @@\n-\"old\"\n+\"new \u202e\"\n context\n"
	got := highlightDiff(style.NewTheme(true), diff, true)
	if ansi.Strip(got) != "--- a.json\n+++ a.json\n@@ -1 +1 @@\n-\"old\"\n+\"new \\u202e\"\n context\n" {
		t.Errorf("text changed: %q", ansi.Strip(got))
	}
	if !strings.Contains(got, "\x1b[31m-\"old\"") || !strings.Contains(got, "\x1b[32m+\"new") || !strings.Contains(got, "\x1b[36m@@") {
		t.Errorf("lines are not coloured by kind: %q", got)
	}
}

// TestWriteStyledProfiles: NO_COLOR (ASCII) and TERM=dumb (NoTTY) get no
// escape sequences; a colour terminal gets them downsampled.
func TestWriteStyledProfiles(t *testing.T) {
	render := func(color bool) string { return highlightJSON(style.NewTheme(true), []byte(`{"a": 1}`), color) }
	for _, p := range []colorprofile.Profile{colorprofile.NoTTY, colorprofile.ASCII} {
		var b bytes.Buffer
		if err := writeStyled(&b, p, render); err != nil {
			t.Fatal(err)
		}
		if b.String() != `{"a": 1}` {
			t.Errorf("profile %v: %q", p, b.String())
		}
	}
	var b bytes.Buffer
	if err := writeStyled(&b, colorprofile.ANSI, render); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "\x1b[") {
		t.Errorf("ANSI profile lost the colours: %q", b.String())
	}
}

// TestWriteJSONPipedIsExact: not a terminal, the bytes are unchanged, even
// those a terminal would get escaped.
func TestWriteJSONPipedIsExact(t *testing.T) {
	in := []byte("{\"name\": \"\u202e\"}\n")
	var b bytes.Buffer
	if err := JSON(&b, in); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), in) {
		t.Errorf("got %q", b.Bytes())
	}
	b.Reset()
	if err := Diff(&b, "+\u202e\n"); err != nil {
		t.Fatal(err)
	}
	if b.String() != "+\u202e\n" {
		t.Errorf("diff: got %q", b.String())
	}
}
