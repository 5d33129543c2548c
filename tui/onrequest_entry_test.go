package tui

import (
	"testing"

	"github.com/oncard/oncard/tui/cardedit"
	"github.com/oncard/oncard/tui/component"
)

// The person entry of a newly chosen skill is empty: another skill's entry
// is only offered (placeholder, button), never put in the field as text
// that typing appends to.
func TestOnRequestEntryIsSuggestedNotPrefilled(t *testing.T) {
	d := onRequestDriver(t)
	d.Press("enter") // card-faq, not chosen before
	d.Typ("tel:+15550100")
	sp := cardedit.OnRequestSkillsPtr(d.m.s)
	entry := component.Item(sp, cardedit.OnRequestEntry(d.m.s, "card-faq")) + "/personEntry"
	if got := d.m.s.Text(entry); got != "tel:+15550100" {
		t.Fatalf("personEntry = %q, want what was typed", got)
	}
	d.Press("ctrl+u") // an empty field shows the offer again
	d.MustContain("https://bank.example/support/disputes (as", "[ Use the same entry as dispute-charge ]")

	// Chosen with space in the list: no entry copied either.
	d.Press("esc", "down", "down", "space", "space") // branch-hours off and on again
	entry2 := component.Item(sp, cardedit.OnRequestEntry(d.m.s, "branch-hours")) + "/personEntry"
	if got := d.m.s.Text(entry2); got != "" {
		t.Fatalf("personEntry of a skill chosen with space = %q, want empty", got)
	}
}

// Accepting the suggestion writes the same entry, explicitly.
func TestOnRequestUseTheSameEntry(t *testing.T) {
	d := onRequestDriver(t)
	d.Press("enter") // card-faq
	sp := cardedit.OnRequestSkillsPtr(d.m.s)
	entry := component.Item(sp, cardedit.OnRequestEntry(d.m.s, "card-faq")) + "/personEntry"
	if got := d.m.s.Text(entry); got != "" {
		t.Fatalf("personEntry = %q before the offer is taken", got)
	}
	d.Press("tab", "enter") // the button under the entry
	if got := d.m.s.Text(entry); got != "https://bank.example/support/disputes" {
		t.Fatalf("personEntry = %q after using the same entry", got)
	}
	d.Press("shift+tab")
	d.MustContain("Person entry", "https://bank.example/support/disputes")
}
