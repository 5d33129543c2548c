package cardedit

import (
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/oncard/oncard/tui/cardsteps"
	"github.com/oncard/oncard/tui/editor"
)

// The flow is declared once: its steps have distinct IDs and titles, the
// screens are built in its order with its titles, and every step an older
// draft named by index is still found by title.
func TestFlowDeclaresEachStepOnce(t *testing.T) {
	var ids []cardsteps.StepID
	var titles []string
	for _, sp := range cardsteps.Flow {
		if slices.Contains(ids, sp.ID) || slices.Contains(titles, sp.Title) {
			t.Errorf("step %s (%q) is declared twice", sp.ID, sp.Title)
		}
		if sp.About == "" {
			t.Errorf("step %s does not say what it edits", sp.ID)
		}
		ids, titles = append(ids, sp.ID), append(titles, sp.Title)
	}
	d := newDriverJSON(t, minimalCard)
	if got := d.m.titles(); !slices.Equal(got, titles) {
		t.Errorf("the screens are %q, the flow %q", got, titles)
	}
	for _, name := range stepsBeforeNames {
		if !slices.Contains(titles, name) {
			t.Errorf("a draft left on %q (by index) would open nowhere", name)
		}
	}
}

// A form step's fields are its declared fields, in order: the screen
// edits what the flow (and so the line-by-line prompts) says.
func TestFormStepsShowTheirDeclaredFields(t *testing.T) {
	d := newDriverJSON(t, minimalCard)
	for _, sp := range cardsteps.Flow {
		if len(sp.Fields) == 0 || sp.List != "" || sp.ID == cardsteps.StepOnRequest {
			continue
		}
		d.goStep(sp.ID)
		screen := d.Screen()
		last := -1
		for _, f := range sp.Fields {
			at := strings.Index(screen, f.Label)
			if at < last {
				t.Errorf("%s: field %q missing or out of order:\n%s", sp.ID, f.Label, screen)
			}
			last = at
		}
		// Each field edits its member: tab walks them in order.
		for i, f := range sp.Fields {
			if got := d.m.s.Focus; got != f.Pointer("") {
				t.Errorf("%s: field %d focuses %q, want %q", sp.ID, i, got, f.Pointer(""))
			}
			d.Press("tab")
		}
	}
	// A list's item form: the skill's fields, relative to the item.
	d.goStep(cardsteps.StepSkills).Press("enter")
	for _, f := range cardsteps.Spec(cardsteps.StepSkills).Fields {
		if want := f.Pointer(editor.Item("/skills", 0)); d.m.s.Focus != want {
			t.Errorf("skill field %q focuses %q, want %q", f.Label, d.m.s.Focus, want)
		}
		d.Press("tab")
	}
}

// The step palette: ctrl+o opens it over the form, typing narrows the
// steps to those whose name contains the text, ↑/↓ choose, enter goes
// there and esc closes it where it was; while it is open, keys are its
// own (a letter typed adds no interface).
func TestStepPalette(t *testing.T) {
	d := newDriverJSON(t, minimalCard)
	d.goStep(cardsteps.StepInterfaces)
	before := d.json()
	d.Press("ctrl+o")
	d.MustContain("Go to a step", "Agent", "Review & save", "enter goes there")
	d.Typ("a") // in the Interfaces list, "a" would add an interface
	if d.json() != before {
		t.Fatalf("a key typed into the palette edited the card")
	}
	d.Press("backspace").Typ("SEC")
	d.MustContain("› Security")
	if got := d.m.Pal.Matches(d.m.titles()); !slices.Equal(got, []int{at(cardsteps.StepSecurity)}) {
		t.Fatalf("SEC matches steps %v", got)
	}
	d.Press("esc")
	if d.m.Pal.Open || d.m.cur != at(cardsteps.StepInterfaces) {
		t.Fatalf("esc: palette open %v, step %d", d.m.Pal.Open, d.m.cur)
	}
	// "re" is in On Request and Review & save: ↓ chooses the second.
	d.Press("ctrl+o").Typ("re")
	d.MustContain("› On Request", "Review & save")
	d.Press("down", "enter")
	if d.m.cur != at(cardsteps.StepReview) {
		t.Fatalf("down, enter went to step %d", d.m.cur)
	}
	// No match: said, and enter stays in the palette.
	d.Press("ctrl+o").Typ("zz")
	d.MustContain("no step's name contains “zz”")
	d.Press("enter")
	if !d.m.Pal.Open || d.m.cur != at(cardsteps.StepReview) {
		t.Fatalf("enter on no match: palette open %v, step %d", d.m.Pal.Open, d.m.cur)
	}
	d.Press("ctrl+o") // the same key closes it
	if d.m.Pal.Open {
		t.Fatal("ctrl+o did not close the palette")
	}
	d.MustContain("ctrl+o by name") // the step list names it
	// What a step edits is said under its title (the flow's About).
	d.Press("ctrl+o").Typ("secu")
	d.MustContain("› Security", "security schemes and the requirements of the card", "and of each skill")
	d.Press("esc")
	// At 80×24 every step is listed still, without the lines about them.
	d.m.Update(teaSize(80, 24))
	d.Press("ctrl+o").MustContain("Start", "› Review & save")
}

// The prologue both editors share drops a paste while the step palette
// has the keyboard (it went to the field behind it).
func TestPasteWhilePaletteOpenIsDropped(t *testing.T) {
	d := newDriverJSON(t, minimalCard)
	before := d.json()
	d.Press("ctrl+o")
	d.Send(tea.PasteMsg{Content: "pasted"})
	d.Press("esc")
	d.Send(editor.RefreshMsg{})
	if d.json() != before || d.m.s.Edits != 0 {
		t.Fatalf("a paste behind the palette edited the card:\n%s", d.json())
	}
	// Without the palette, it is typed into the focused field.
	d.Send(tea.PasteMsg{Content: " pasted"})
	d.Send(editor.RefreshMsg{})
	if got := d.m.s.Text("/name"); got != "Weather Helper pasted" {
		t.Fatalf("name %q after a paste", got)
	}
}
