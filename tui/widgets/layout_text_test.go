package widgets

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/oncard/oncard/tui/style"
)

func TestTruncateNeverDoublesTheEllipsis(t *testing.T) {
	for _, c := range []struct {
		in   string
		w    int
		want string
	}{
		{"Weather… and more", 9, "Weather…"},
		{"Weather... and more", 11, "Weather…"},
		{"short", 10, "short"},
		{"abcdef", 4, "abc…"},
		{"ab 👩‍💻 cd", 5, "ab…"},
		{"ab 👩‍💻 cd", 7, "ab 👩‍💻…"}, // the ZWJ sequence whole
	} {
		if got := Truncate(c.in, c.w); got != c.want {
			t.Errorf("Truncate(%q, %d) = %q, want %q", c.in, c.w, got, c.want)
		}
		if got := Truncate(c.in, c.w); ansi.StringWidth(got) > c.w || strings.Contains(got, "……") {
			t.Errorf("Truncate(%q, %d) = %q", c.in, c.w, got)
		}
	}
}

func TestWrapRowBreaksBetweenParts(t *testing.T) {
	got := WrapRow([]string{" nothing ", " entry alone ", "[new catalog]", " add to existing "}, 40)
	want := " nothing  entry alone [new catalog]\n add to existing "
	if got != want {
		t.Fatalf("WrapRow:\n%q\nwant\n%q", got, want)
	}
}

// The media-type chips wrap by cells: colours (escape codes) change no row.
func TestModesChipsWrapTheSameInColour(t *testing.T) {
	rows := func(colors bool) []string {
		f := NewModesField("Input modes", "/defaultInputModes", false)
		view := ansi.Strip(f.View(style.NewTheme(colors), true, 53))
		return strings.Split(view, "\n")
	}
	plain, colour := rows(false), rows(true)
	if strings.Join(plain, "\n") != strings.Join(colour, "\n") {
		t.Fatalf("plain:\n%s\ncolour:\n%s", strings.Join(plain, "\n"), strings.Join(colour, "\n"))
	}
	for _, r := range plain {
		if ansi.StringWidth(r) > 53 {
			t.Fatalf("a row wider than 53 cells: %q", r)
		}
	}
}

func TestClassifyJSON(t *testing.T) {
	line := `    "name": "a \"b\" c", "n": -1.5e3, "ok": true, "x": [null]`
	cls := classifyJSON(line)
	at := func(sub string) jsonClass { return cls[strings.Index(line, sub)] }
	for sub, want := range map[string]jsonClass{
		`"name"`: jsonKey, `"a \"b`: jsonString, `c"`: jsonString, `-1.5e3`: jsonNumber,
		`true`: jsonLiteral, `null`: jsonLiteral, `[`: jsonPunct, `:`: jsonPunct, `"ok"`: jsonKey,
	} {
		if got := at(sub); got != want {
			t.Errorf("%q: class %d, want %d", sub, got, want)
		}
	}
	// A wrapped string keeps its colour on the next piece.
	th := style.NewTheme(true)
	text := `  "description": "a long description that wraps"`
	pieces := WrapLine(text, 24)
	shown := colorPieces(th, text, pieces, wrapPad(text, 24))
	if len(shown) < 2 || !strings.Contains(shown[1], th.JSONString.Render(pieces[1][wrapPad(text, 24):])) {
		t.Fatalf("continuation not coloured as a string: %q", shown)
	}
}
