package widgets

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/oncard/oncard/model"
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

// unknownRef is a reference read against tree, which does not know it.
func unknownRef(t *testing.T, raw string, tree *oasf.Tree) Ref {
	t.Helper()
	doc, err := model.Parse([]byte(raw))
	if err != nil {
		t.Fatal(err)
	}
	r := readRef(doc.Find(""), tree)
	if r.Class != nil {
		t.Fatalf("%s is known to %s", raw, tree.Version)
	}
	return r
}

// Every reference, known or not, is listed under Chosen and can be removed
// there; the search box gets the keyboard back after.
func TestPickerChosenListRemovesAnyReference(t *testing.T) {
	tax := oasf.Get(oasf.DefaultVersion)
	eh := tax.Skills.ByID(60602)
	stale := unknownRef(t, `{"name": "no/such/skill", "id": 999999}`, tax.Skills)
	p := NewPicker(tax.Skills, style.NewTheme(false), []Ref{stale, ClassRef(eh)})
	p.Focus()
	got := ansi.Strip(p.View(100, 30))
	if !strings.Contains(got, "Chosen (2)") || !strings.Contains(got, "not in 1.1.0: #999999 no/such/skill") {
		t.Fatalf("the unknown reference is not listed:\n%s", got)
	}
	p.Update(keydrive.KeyMsg("tab"))
	if changed, _, _ := p.Update(keydrive.KeyMsg("d")); !changed || len(p.chosen) != 1 || p.chosen[0].Class != eh {
		t.Fatalf("d did not remove the unknown reference: %+v", p.chosen)
	}
	p.Update(keydrive.KeyMsg("enter"))
	if len(p.chosen) != 0 || p.onChosen {
		t.Fatalf("enter did not remove the last reference or the list kept the keyboard: %+v", p.chosen)
	}
	p.Update(keydrive.KeyMsg("x"))
	if p.Query.Value() != "x" {
		t.Fatalf("typing after the Chosen list emptied went nowhere: %q", p.Query.Value())
	}
}

// Ticking a class an unknown reference already denotes (by id or by name)
// puts the class in that reference's place, keeping the order.
func TestPickerNeverAddsAClassTwice(t *testing.T) {
	tax := oasf.Get(oasf.DefaultVersion)
	byName := unknownRef(t, `{"name": "software_engineering/code_debugging/error_handling", "id": 10302}`, tax.Skills)
	other := ClassRef(tax.Skills.ByID(10301))
	p := NewPicker(tax.Skills, style.NewTheme(false), []Ref{byName, other})
	p.Focus()
	for _, r := range "error handling" {
		p.Update(keydrive.KeyMsg(string(r)))
	}
	if !strings.Contains(ansi.Strip(p.View(100, 30)), "[x] Error Handling") {
		t.Fatal("a class referenced by name is not shown ticked")
	}
	p.Update(keydrive.KeyMsg("enter"))
	if len(p.chosen) != 2 || p.chosen[0].Class == nil || p.chosen[0].Class.ID != 60602 || p.chosen[1].Class != other.Class {
		t.Fatalf("chosen = %+v", p.chosen)
	}
	if v := string(p.chosen[0].Value().(json.RawMessage)); v != `{"name":"software_engineering/code_debugging/error_handling","id":60602}` {
		t.Fatalf("written as %s", v)
	}
}

// A query that finds nothing offers words from the captions; enter on one
// searches it.
func TestPickerOffersWordsWhenNothingMatches(t *testing.T) {
	p := newTestPicker(t)
	for _, r := range "summarise" {
		p.Update(keydrive.KeyMsg(string(r)))
	}
	got := ansi.Strip(p.View(100, 30))
	if !strings.Contains(got, "no skills match “summarise” in 1.1.0") || !strings.Contains(got, "search “summarization” instead") {
		t.Fatalf("no alternatives:\n%s", got)
	}
	p.Update(keydrive.KeyMsg("enter"))
	if c, ok := p.Current(); p.Query.Value() != "summarization" || !ok || c.ID != 10302 {
		t.Fatalf("query %q, current %+v", p.Query.Value(), c)
	}
}

// A search that finds nothing, and no alternative either, says what was
// searched and what to try, never only "No items.".
func TestPickerNoMatchSaysWhatToTry(t *testing.T) {
	p := newTestPicker(t)
	p.Other = oasf.Get(oasf.DefaultVersion).Domains
	for _, r := range "zzqxwv" {
		p.Update(keydrive.KeyMsg(string(r)))
	}
	view := ansi.Strip(p.View(80, 30))
	if strings.Contains(view, "No items") || !strings.Contains(view, "Nothing in the OASF skills") || !strings.Contains(view, "ctrl+u") {
		t.Fatalf("no match:\n%s", view)
	}
}
