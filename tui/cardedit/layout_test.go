package cardedit

import (
	"fmt"
	"image/color"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/oncard/oncard/model/oasf"
	"github.com/oncard/oncard/tui/cardsteps"
	"github.com/oncard/oncard/tui/editor"
	"github.com/oncard/oncard/tui/style"
	"github.com/oncard/oncard/tui/widgets"
	"github.com/oncard/oncard/validate"
)

// footerLine is the last line of the screen: the key help.
func footerLine(d *driver) string {
	lines := strings.Split(d.Screen(), "\n")
	return lines[len(lines)-1]
}

func TestFooterAlwaysShowsTheEssentialKeys(t *testing.T) {
	d := newDriver(t, Options{})
	for _, size := range [][2]int{{80, 24}, {100, 30}, {120, 40}} {
		d.Send(teaSize(size[0], size[1]))
		foot := footerLine(d)
		for _, want := range []string{"ctrl+n next", "ctrl+s save", "f1 keys", "ctrl+c quit"} {
			if !strings.Contains(foot, want) {
				t.Errorf("%dx%d: footer %q lacks %q", size[0], size[1], foot, want)
			}
		}
		if strings.Contains(foot, "…") {
			t.Errorf("%dx%d: footer cut: %q", size[0], size[1], foot)
		}
	}
	// Wide enough, the page's keys and the diagnostics key fill the rest.
	if foot := footerLine(d); !strings.Contains(foot, "enter open/confirm") || !strings.Contains(foot, "ctrl+g diagnostics") {
		t.Errorf("120 columns: footer %q lacks the page's keys", foot)
	}
}

func TestFooterNamesWhatCtrlTShows(t *testing.T) {
	d := newDriver(t, Options{})
	d.Send(teaSize(80, 24))
	if foot := footerLine(d); !strings.Contains(foot, "ctrl+t preview") {
		t.Fatalf("form shown: footer %q, want ctrl+t preview", foot)
	}
	d.Press("ctrl+t")
	foot := footerLine(d)
	if !strings.Contains(foot, "ctrl+t form") || strings.Contains(foot, "ctrl+t preview") {
		t.Fatalf("preview shown: footer %q, want ctrl+t form", foot)
	}
	// Very narrow: the swap key and the first essential ones still show.
	d.Send(teaSize(60, 20))
	if foot := footerLine(d); !strings.Contains(foot, "ctrl+t form") || !strings.Contains(foot, "ctrl+s save") {
		t.Fatalf("60 columns: footer %q", foot)
	}
}

func TestFullHelpFitsTheScreen(t *testing.T) {
	for _, size := range [][2]int{{60, 24}, {80, 24}, {120, 40}} {
		d := newDriver(t, Options{})
		d.Send(teaSize(size[0], size[1]))
		d.Press("f1")
		screen := d.Screen()
		lines := strings.Split(screen, "\n")
		if len(lines) != size[1] {
			t.Fatalf("%dx%d: %d lines", size[0], size[1], len(lines))
		}
		for _, group := range style.Keys.All() {
			for _, k := range group {
				h := k.Help()
				if !containsPair(lines, h.Key, h.Desc) {
					t.Errorf("%dx%d: F1 help lacks %q %q:\n%s", size[0], size[1], h.Key, h.Desc, screen)
				}
			}
		}
	}
}

// containsPair reports whether a line holds key and, after it, desc.
func containsPair(lines []string, key, desc string) bool {
	for _, l := range lines {
		if i := strings.Index(l, key+" "); i >= 0 && strings.Contains(l[i+len(key):], " "+desc) {
			return true
		}
	}
	return false
}

func TestDiagnosticsPanelSaysHowManyMore(t *testing.T) {
	th := style.NewTheme(false)
	diags := make([]validate.Diagnostic, 5)
	for i := range diags {
		diags[i] = validate.Diagnostic{Severity: validate.Error, Code: fmt.Sprintf("test/d%d", i), Message: "finding", Pointer: fmt.Sprintf("/m%d", i)}
	}
	var p widgets.DiagPanel
	view := ansi.Strip(p.View(th, diags, 80, 5))
	if !strings.Contains(view, "+2 more (ctrl+g)") || !strings.Contains(view, "test/d2") || strings.Contains(view, "test/d3") {
		t.Fatalf("5 findings in 4 rows:\n%s", view)
	}
	// All of them fit: no count.
	if view := ansi.Strip(p.View(th, diags[:4], 80, 5)); strings.Contains(view, "more") || !strings.Contains(view, "test/d3") {
		t.Fatalf("4 findings in 4 rows:\n%s", view)
	}
	// Focused (the frame gives the panel a third of a 40-row screen: its
	// list takes a third of that, the selected finding the rest) and
	// scrolled to the end: the last ones, nothing below.
	p.Focused, p.Cursor = true, 4
	focusedH := widgets.FocusedPanelHeight(5, 40)
	view = ansi.Strip(p.View(th, diags, 80, focusedH))
	if strings.Contains(view, "more") || !strings.Contains(view, "› ✗ test/d4") || !strings.Contains(view, "test/d1") {
		t.Fatalf("focused on the last finding:\n%s", view)
	}
	// Focused in the middle: the count says how to reach the rest.
	p.Cursor, p.Offset = 0, 0
	if view := ansi.Strip(p.View(th, diags, 80, focusedH)); !strings.Contains(view, "+2 more (↓)") {
		t.Fatalf("focused on the first finding:\n%s", view)
	}
}

func TestChosenClassesAreCutAtTheStart(t *testing.T) {
	cl := &oasf.Class{ID: 10302, Name: "language_processing/language_generation/summarization"}
	for _, c := range []struct {
		width int
		want  string
	}{
		{80, "#10302 language_processing/language_generation/summarization"},
		{41, "#10302 …language_generation/summarization"},
		{30, "#10302 …summarization"},
		{15, "#10302 …ization"},
	} {
		if got := widgets.ClassLine(cl, c.width); got != c.want || ansi.StringWidth(got) > c.width {
			t.Errorf("classLine(%d) = %q, want %q", c.width, got, c.want)
		}
	}
}

func TestPreviewFollowsTheMemberAfterAChange(t *testing.T) {
	d := newDriverJSON(t, bigCard(60))
	d.Send(teaSize(120, 30))
	d.m.goTo(at(cardsteps.StepAgent)) // focus on /name, at the top
	d.Press("pgdown", "pgdown")
	if d.m.Prev.Offset == 0 {
		t.Fatal("pgdown did not scroll the preview")
	}
	d.Typ("x") // a change to the focused member
	first, _, ok := d.m.s.LineSpan(d.m.s.Focus)
	d.m.Render()
	if !ok || first < d.m.Prev.Offset || first > d.m.Prev.LastShown {
		t.Fatalf("edited line %d not in view (lines %d-%d)", first, d.m.Prev.Offset, d.m.Prev.LastShown)
	}
}

func TestPreviewShowsTheWholeMemberWhenItFits(t *testing.T) {
	var lines []string
	for i := range 100 {
		lines = append(lines, fmt.Sprintf("line %d", i))
	}
	text := []byte(strings.Join(lines, "\n"))
	var p widgets.Preview
	// A member growing past the bottom (a class appended to a list).
	p.Sync(editor.PreviewContent{Text: text, Key: "/a", First: 5, Last: 12, Highlight: true}, 40, 10)
	if p.Offset > 5 || p.LastShown < 12 {
		t.Fatalf("lines 5-12 not all in view: %d-%d", p.Offset, p.LastShown)
	}
	// Taller than the pane: its start at the top.
	p.Sync(editor.PreviewContent{Text: text, Key: "/b", First: 30, Last: 60, Highlight: true}, 40, 10)
	if p.Offset != 30 {
		t.Fatalf("offset = %d, want 30", p.Offset)
	}
}

// On a light background the preview highlight and the cursor row are a
// light shade under dark text; on a dark one, a dark shade. The theme
// changes in place when the terminal says which it has, so every component
// holding it follows.
func TestThemeFollowsTheBackground(t *testing.T) {
	d := newDriverJSON(t, minimalCard)
	d.m.AdaptTheme = true
	d.m.Th = style.NewTheme(true)
	dark := d.m.Th.Highlight.GetBackground()
	d.Send(tea.BackgroundColorMsg{Color: color.White})
	light := d.m.Th.Highlight.GetBackground()
	if lum(light) <= lum(dark) {
		t.Fatalf("highlight on a light terminal %v is not lighter than on a dark one %v", light, dark)
	}
	if fg := d.m.Th.Cursor.GetForeground(); lum(fg) >= lum(light) {
		t.Fatalf("cursor text %v is not darker than its light background %v", fg, light)
	}
	d.Send(tea.BackgroundColorMsg{Color: color.Black})
	if got := d.m.Th.Highlight.GetBackground(); got != dark {
		t.Fatalf("back on a dark terminal: %v, want %v", got, dark)
	}
	// A theme the caller chose stays as it is.
	fixed := newDriverJSON(t, minimalCard)
	before := *fixed.m.Th
	fixed.Send(tea.BackgroundColorMsg{Color: color.White})
	if fixed.m.Th.Colors != before.Colors || fixed.m.Th.Highlight.GetBackground() != before.Highlight.GetBackground() {
		t.Fatal("a theme given in Options changed with the background")
	}
}

// lum is a colour's relative brightness (0 black … 65535 white).
func lum(c color.Color) uint32 {
	r, g, b, _ := c.RGBA()
	return (r*299 + g*587 + b*114) / 1000
}

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
			d.goStep(cardsteps.StepAgent)
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
		d.goStep(cardsteps.StepAgent)
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
	d.goStep(cardsteps.StepAgent) // the name is focused, so highlighted
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

// highlighted returns the preview lines drawn with the highlight style.
func highlighted(d *driver) []string {
	var out []string
	for _, line := range strings.Split(d.m.Prev.View(d.m.Th, 70, 30), "\n") {
		if strings.Contains(line, "\x1b[7m") { // the plain theme's reverse video
			out = append(out, ansi.Strip(line))
		}
	}
	return out
}

func TestPreviewHighlightsMemberBeingEdited(t *testing.T) {
	d := newDriverJSON(t, minimalCard)
	d.Press("tab") // description
	hl := highlighted(d)
	if len(hl) != 1 || !strings.Contains(hl[0], `"description"`) {
		t.Fatalf("highlighted %q, want the description line", hl)
	}
	// A multi-line member is highlighted whole.
	d.Press("ctrl+n", "enter")
	hl = highlighted(d)
	if len(hl) == 0 || !strings.Contains(strings.Join(hl, "\n"), "weather.example") {
		t.Fatalf("highlighted %q, want the interface's url", hl)
	}
}

func TestPreviewScrollsAndFollowsFocus(t *testing.T) {
	d := newDriverJSON(t, bigCard(60))
	d.Send(teaSize(120, 30))
	d.Press("pgdown", "pgdown")
	if d.m.Prev.Offset == 0 {
		t.Fatal("pgdown did not scroll the preview")
	}
	d.Press("pgup", "pgup", "pgup")
	if d.m.Prev.Offset != 0 {
		t.Fatalf("pgup did not scroll back: %d", d.m.Prev.Offset)
	}
	// Focusing a member far down brings it into view.
	d.m.goTo(at(cardsteps.StepSkills))
	d.m.steps[at(cardsteps.StepSkills)].(*cardsteps.ListStep).Cursor = 50
	d.Press("enter")
	first, _, ok := d.m.s.LineSpan(d.m.s.Focus)
	d.m.Render()
	if !ok || first < d.m.Prev.Offset || first >= d.m.Prev.Offset+d.m.PreviewHeight() {
		t.Fatalf("focused line %d not in view (offset %d)", first, d.m.Prev.Offset)
	}
}

func TestPickerAndDiagnosticsNeutraliseText(t *testing.T) {
	card := strings.Replace(minimalCard, `"forecast", "name"`, `"fore\u001b[2Jcast", "name"`, 1)
	d := newDriverJSON(t, card)
	d.Press("ctrl+g")
	raw := d.m.Render()
	if strings.Contains(raw, "\x1b[2J") {
		t.Fatal("a raw escape from the card reached the screen")
	}
}

func TestFormScrollsToKeepFocusInView(t *testing.T) {
	d := newDriverJSON(t, minimalCard)
	d.Send(teaSize(80, 20))
	d.goStep(cardsteps.StepSkills).Press("enter") // skill form: 7 fields, taller than the pane
	for i := 0; i < 6; i++ {
		d.Press("tab")
	}
	d.MustContain("› Output modes")
}

func TestWrapLineKeepsEveryCharacter(t *testing.T) {
	for _, s := range []string{
		`    "description": "` + strings.Repeat("word ", 40) + `",`,
		`    "name": "` + strings.Repeat("日本語テキスト", 12) + `"`,
	} {
		parts := widgets.WrapLine(s, 30)
		var joined strings.Builder
		for i, p := range parts {
			if w := ansi.StringWidth(p); w > 30 {
				t.Fatalf("piece %d is %d cells wide", i, w)
			}
			if i > 0 {
				p = strings.TrimPrefix(p, "      ")
			}
			joined.WriteString(p)
		}
		if joined.String() != s {
			t.Fatalf("wrapping lost text:\n%q\n%q", joined.String(), s)
		}
	}
}

// A terminal that does not answer the background query but says
// COLORFGBG=0;15 (black on white) gets the light theme; its answer, when
// it comes, still decides.
func TestColorfgbgChoosesTheThemeUntilTheTerminalAnswers(t *testing.T) {
	t.Setenv("COLORFGBG", "0;15")
	t.Setenv("NO_COLOR", "")
	t.Setenv("TERM", "xterm-256color")
	m := New(Options{})
	light, dark := style.NewAdaptiveTheme(true, false), style.NewAdaptiveTheme(true, true)
	if got := m.Th.Title.GetForeground(); got != light.Title.GetForeground() {
		t.Fatalf("title colour %v, want the light theme's %v", got, light.Title.GetForeground())
	}
	m.Update(tea.BackgroundColorMsg{Color: color.Black})
	if got := m.Th.Title.GetForeground(); got != dark.Title.GetForeground() {
		t.Fatalf("after a dark answer: title colour %v, want the dark theme's", got)
	}
}

// A line cut at the screen's edge says so with one ellipsis: here the
// status of a redo, longer than a 60-column header.
func TestCutStatusEndsInAnEllipsis(t *testing.T) {
	d := newDriverJSON(t, minimalCard)
	d.m.Update(teaSize(60, 24))
	d.goStep(cardsteps.StepAgent).Typ("x").Press("ctrl+z", "ctrl+y")
	header := strings.Split(d.Screen(), "\n")[0]
	if !strings.HasPrefix(d.m.Status, "redone") || !strings.HasSuffix(strings.TrimRight(header, " "), "…") {
		t.Fatalf("status %q, header %q: cut without an ellipsis", d.m.Status, header)
	}
	if w := ansi.StringWidth(header); w != 60 {
		t.Fatalf("header %d columns wide", w)
	}
}

// At 100 columns the step list gives way so that the preview has its 45
// columns (it had 28 and wrapped every few characters); from 115 on the
// list is back. Below 100 the form and the preview take turns.
func TestHundredColumnsGiveThePreviewRoom(t *testing.T) {
	d := newDriverJSON(t, minimalCard)
	for _, tc := range []struct {
		width   int
		list    bool
		preview int
	}{{100, false, 45}, {114, false, 45}, {115, true, 45}, {120, true, 45}} {
		d.m.Update(teaSize(tc.width, 30))
		if pw, _ := d.m.PreviewSize(); pw+2 < tc.preview {
			t.Errorf("%d columns: the preview is %d wide, want ≥ %d", tc.width, pw+2, tc.preview)
		}
		sc := d.Screen()
		if got := strings.Contains(sc, " 5 Skills"); got != tc.list {
			t.Errorf("%d columns: step list drawn %v", tc.width, got)
		}
		for i, ln := range strings.Split(sc, "\n") {
			if w := ansi.StringWidth(ln); w != tc.width {
				t.Fatalf("%d columns: line %d is %d wide", tc.width, i, w)
			}
		}
	}
}

// The preview follows the focused member on every step, one the card does
// not have yet too (an unset capability: its nearest ancestor): at 100×30
// the Capabilities step of a card with many interfaces shows
// "capabilities", highlighted, not the interfaces left in sight.
func TestPreviewFollowsAnAbsentMember(t *testing.T) {
	var ifaces []string
	for i := range 8 {
		ifaces = append(ifaces, fmt.Sprintf(`{"url": "https://weather.example/a2a/%d", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}`, i))
	}
	card := strings.Replace(minimalCard, `{"url": "https://weather.example/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}`, strings.Join(ifaces, ",\n    "), 1)
	d := newDriverJSON(t, card)
	d.m.Update(teaSize(100, 30))
	d.goStep(cardsteps.StepInterfaces).Press("end", "enter") // the last interface, in sight
	d.Press("esc").goStep(cardsteps.StepCapabilities)
	if d.m.s.Focus != "/capabilities/streaming" {
		t.Fatalf("focus %q", d.m.s.Focus)
	}
	hl := highlighted(d)
	if len(hl) != 1 || !strings.Contains(hl[0], `"capabilities"`) {
		t.Fatalf("highlighted %q, want the capabilities line:\n%s", hl, d.Screen())
	}
}

// At 100 columns an interface's row keeps its binding and version whole
// and cuts the long URL before them (they were cut off both rows).
func TestInterfaceRowsKeepTheirBinding(t *testing.T) {
	card := strings.Replace(minimalCard, `{"url": "https://weather.example/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}`,
		`{"url": "https://permits.springfield.example/a2a/v1/permits-and-licences", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
    {"url": "https://permits.springfield.example/grpc/v1/permits-and-licences", "protocolBinding": "GRPC", "protocolVersion": "1.0"}`, 1)
	d := newDriverJSON(t, card)
	d.m.Update(teaSize(100, 30))
	d.goStep(cardsteps.StepInterfaces)
	d.MustContain("…  JSONRPC 1.0", "…  GRPC 1.0")
}
