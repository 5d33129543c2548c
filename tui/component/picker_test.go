package component

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/oncard/oncard/model/oasf"
	"github.com/oncard/oncard/tui/internal/keydrive"
	"github.com/oncard/oncard/tui/style"
)

func newTestPicker(t *testing.T) *Picker {
	t.Helper()
	tax := oasf.Get(oasf.DefaultVersion)
	if tax == nil {
		t.Fatal("no default taxonomy")
	}
	p := NewPicker(tax.Skills, style.NewTheme(false), nil)
	p.Focus()
	return p
}

func TestPickerCategoriesAreHeadingsNotChoices(t *testing.T) {
	p := newTestPicker(t)
	c, ok := p.Current()
	if !ok || !c.Category {
		t.Fatalf("the top level should start with a category, got %+v", c)
	}
	if changed, _, _ := p.Update(keydrive.KeyMsg("enter")); changed || len(p.chosen) != 0 || p.Parent != c.Name {
		t.Fatal("enter on a category must open it, not choose it")
	}
	p.Update(keydrive.KeyMsg("left"))
	if !strings.Contains(ansi.Strip(p.View(80, 30)), "(category)") {
		t.Fatal("categories are not marked as headings")
	}
	// Browse down a level, toggle, come back up.
	p.Update(keydrive.KeyMsg("right"))
	if p.Parent != c.Name {
		t.Fatalf("→ did not open %q", c.Name)
	}
	if changed, _, _ := p.Update(keydrive.KeyMsg("enter")); !changed || len(p.chosen) != 1 {
		t.Fatal("enter did not choose a class while browsing")
	}
	p.Update(keydrive.KeyMsg("left"))
	if p.Parent != "" {
		t.Fatal("← did not go up")
	}
	got := ansi.Strip(p.View(80, 30))
	if !strings.Contains(got, "Chosen (1)") {
		t.Fatalf("chosen list missing:\n%s", got)
	}
}

func TestPickerSearchAllowsSpacesAndToggles(t *testing.T) {
	p := newTestPicker(t)
	for _, r := range "error handling" {
		if r == ' ' {
			p.Update(keydrive.KeyMsg("space"))
			continue
		}
		p.Update(keydrive.KeyMsg(string(r)))
	}
	if p.Query.Value() != "error handling" {
		t.Fatalf("query = %q: space must type while searching", p.Query.Value())
	}
	c, ok := p.Current()
	if !ok || !strings.Contains(c.Name, "error_handling") {
		t.Fatalf("best match = %+v", c)
	}
	p.Update(keydrive.KeyMsg("enter"))
	p.Update(keydrive.KeyMsg("enter"))
	if len(p.chosen) != 0 {
		t.Fatal("enter twice should choose and drop again")
	}
	p.Update(keydrive.KeyMsg("enter"))
	if _, done, _ := p.Update(keydrive.KeyMsg("esc")); done || p.Query.Value() != "" {
		t.Fatal("esc should first clear the search")
	}
	if _, done, _ := p.Update(keydrive.KeyMsg("esc")); !done {
		t.Fatal("esc on an empty search should leave the picker")
	}
	if len(p.chosen) != 1 {
		t.Fatalf("chosen = %d", len(p.chosen))
	}
}
