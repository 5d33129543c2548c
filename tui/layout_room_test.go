package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/oncard/oncard/tui/style"
)

// At 120×40 the form has room for the Catalog step's choice row: its
// options wrap between options, never inside one.
func TestFormHasRoomForChoiceRows(t *testing.T) {
	d, _ := catalogDriver(t)
	d.chooseWrite(2, "")
	screen := d.Screen()
	for _, want := range []string{"[new catalog]", "add to existing", "entry alone"} {
		if !strings.Contains(screen, want) {
			t.Errorf("120x40: the choice row lacks %q:\n%s", want, screen)
		}
	}
	if strings.Contains(screen, "……") {
		t.Errorf("a double ellipsis:\n%s", screen)
	}
	d.Send(teaSize(80, 24))
	screen = d.Screen()
	if !strings.Contains(screen, "add to existing") || strings.Contains(screen, "……") {
		t.Errorf("80x24:\n%s", screen)
	}
}

// A name with emoji sequences (ZWJ, skin tone, flag, VS16) keeps every row
// of the screen exactly as wide as the window, the preview's border in
// place, with colours and without.
func TestEmojiNamesKeepTheFrame(t *testing.T) {
	name := `Dev 👩‍💻 👍🏽 🇫🇷 ❤️ team with a name long enough to wrap in the preview pane`
	card := strings.Replace(minimalCard, `"Weather Helper"`, `"`+name+`"`, 1)
	for _, colors := range []bool{false, true} {
		for _, size := range [][2]int{{120, 40}, {80, 24}} {
			d := newDriver(t, Options{Doc: mustParse(t, card), Theme: style.NewTheme(colors)})
			d.Send(teaSize(size[0], size[1]))
			d.goToStep(stepAgent)
			d.Press("tab") // the name shown as a value, not in the input
			for _, screen := range []string{d.Screen(), d.Press("ctrl+t").Screen()} {
				lines := strings.Split(screen, "\n")
				border := -1
				for i, l := range lines {
					if w := ansi.StringWidth(l); w != size[0] {
						t.Fatalf("colors %v %dx%d: line %d is %d cells wide:\n%s", colors, size[0], size[1], i, w, screen)
					}
					// The preview's right border: the last cell of its rows.
					if strings.HasSuffix(l, "│") && i > 0 && i < len(lines)-8 {
						at := ansi.StringWidth(l[:strings.LastIndex(l, "│")])
						if border >= 0 && at != border {
							t.Fatalf("colors %v %dx%d: the border moves on line %d:\n%s", colors, size[0], size[1], i, screen)
						}
						border = at
					}
				}
			}
		}
	}
}

// The diagnostics panel, focused, shows the selected finding whole: where
// it is, its message and its hint; the field it is about shows the hint
// too once jumped to.
func TestFindingShownWholeWithHint(t *testing.T) {
	card := strings.Replace(minimalCard, `"version": "1.0.0",`, `"version": "1.0.0", "iconUrl": "ftp://icons.example/weather.png",`, 1)
	for _, size := range [][2]int{{120, 40}, {80, 24}} {
		d := newDriverJSON(t, card)
		d.Send(teaSize(size[0], size[1]))
		d.goToStep(stepAgent)
		if strings.Contains(d.Screen(), "hint:") {
			t.Fatalf("%dx%d: a hint before anything is focused:\n%s", size[0], size[1], d.Screen())
		}
		d.Press("ctrl+g")
		d.MustContain("at /iconUrl", `weather.png" uses the scheme "ftp",`, "not https", "hint: A2A clients reach agents over https")
		d.Press("enter") // to the field
		if d.m.Diag.Focused {
			t.Fatal("enter did not leave the panel")
		}
		d.MustContain("› Icon URL", "hint: A2A clients reach agents over https")
	}
}

// The preview colours the JSON from the theme; the highlighted member is
// one plain highlight; the plain theme draws no colour at all.
func TestPreviewJSONColours(t *testing.T) {
	th := style.NewTheme(true)
	d := newDriver(t, Options{Doc: mustParse(t, minimalCard), Theme: th})
	d.goToStep(stepAgent) // the name is focused, so highlighted
	raw := d.m.Render()
	for _, want := range []string{th.JSONKey.Render(`"description"`), th.JSONString.Render(`"Gives forecasts."`), th.JSONPunct.Render("{")} {
		if !strings.Contains(raw, want) {
			t.Errorf("the preview lacks %q", want)
		}
	}
	for _, l := range strings.Split(raw, "\n") {
		if strings.Contains(ansi.Strip(l), `"name": "Weather Helper"`) && strings.Contains(l, th.JSONKey.Render(`"name"`)) {
			t.Errorf("the highlighted line carries token colours: %q", l)
		}
	}
	plain := newDriverJSON(t, minimalCard)
	if raw := plain.m.Render(); !strings.Contains(raw, `"description": "Gives forecasts.",`) {
		t.Errorf("the plain theme styles the JSON:\n%q", raw)
	}
}
