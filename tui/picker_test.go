package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/oncard/oncard/model/oasf"
	"github.com/oncard/oncard/tui/style"
)

func newTestPicker(t *testing.T) *picker {
	t.Helper()
	tax := oasf.Get(oasf.DefaultVersion)
	if tax == nil {
		t.Fatal("no default taxonomy")
	}
	p := newPicker(tax.Skills, style.NewTheme(false), nil)
	p.focus()
	return p
}

func TestPickerCategoriesAreHeadingsNotChoices(t *testing.T) {
	p := newTestPicker(t)
	c, ok := p.current()
	if !ok || !c.Category {
		t.Fatalf("the top level should start with a category, got %+v", c)
	}
	if changed, _, _ := p.update(keyMsg("space")); changed || len(p.chosen) != 0 {
		t.Fatal("a category was chosen")
	}
	if !strings.Contains(ansi.Strip(p.view(80, 30)), "(category)") {
		t.Fatal("categories are not marked as headings")
	}
	// Browse down a level, toggle, come back up.
	p.update(keyMsg("right"))
	if p.parent != c.Name {
		t.Fatalf("→ did not open %q", c.Name)
	}
	if changed, _, _ := p.update(keyMsg("space")); !changed || len(p.chosen) != 1 {
		t.Fatal("space did not choose a class while browsing")
	}
	p.update(keyMsg("left"))
	if p.parent != "" {
		t.Fatal("← did not go up")
	}
	got := ansi.Strip(p.view(80, 30))
	if !strings.Contains(got, "Chosen (1)") {
		t.Fatalf("chosen list missing:\n%s", got)
	}
}

func TestPickerSearchAllowsSpacesAndToggles(t *testing.T) {
	p := newTestPicker(t)
	for _, r := range "error handling" {
		if r == ' ' {
			p.update(keyMsg("space"))
			continue
		}
		p.update(keyMsg(string(r)))
	}
	if p.query.Value() != "error handling" {
		t.Fatalf("query = %q: space must type while searching", p.query.Value())
	}
	c, ok := p.current()
	if !ok || !strings.Contains(c.Name, "error_handling") {
		t.Fatalf("best match = %+v", c)
	}
	p.update(keyMsg("enter"))
	p.update(keyMsg("enter"))
	if len(p.chosen) != 0 {
		t.Fatal("enter twice should choose and drop again")
	}
	p.update(keyMsg("enter"))
	if _, done, _ := p.update(keyMsg("esc")); done || p.query.Value() != "" {
		t.Fatal("esc should first clear the search")
	}
	if _, done, _ := p.update(keyMsg("esc")); !done {
		t.Fatal("esc on an empty search should leave the picker")
	}
	if len(p.chosen) != 1 {
		t.Fatalf("chosen = %d", len(p.chosen))
	}
}
