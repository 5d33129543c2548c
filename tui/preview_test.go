package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/oncard/oncard/tui/cardedit"
	"github.com/oncard/oncard/tui/component"
)

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
	d.m.goTo(stepSkills)
	d.m.steps[stepSkills].(*cardedit.ListStep).Cursor = 50
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
	d.Press("alt+5", "enter") // skill form: 7 fields, taller than the pane
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
		parts := component.WrapLine(s, 30)
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
