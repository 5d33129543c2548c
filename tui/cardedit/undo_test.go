package cardedit

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oncard/oncard/tui/cardsteps"
	"github.com/oncard/oncard/tui/editor"
	"github.com/oncard/oncard/tui/internal/keydrive"
)

func TestUndoRedoTyping(t *testing.T) {
	d := newDriverJSON(t, minimalCard) // Agent step, Name focused
	d.Typ("Pro")
	d.Press("tab").Typ(" Daily") // Description
	if d.m.s.Text("/name") != "Weather HelperPro" || d.m.s.Text("/description") != "Gives forecasts. Daily" {
		t.Fatalf("typing: %s", d.json())
	}
	d.Press("f1").MustContain("ctrl+z", "undo", "ctrl+y", "redo")
	d.Press("f1")

	d.Press("ctrl+z") // the typing in Description, one step
	if got := d.m.s.Text("/description"); got != "Gives forecasts." {
		t.Fatalf("description after undo = %q", got)
	}
	if d.m.s.Text("/name") != "Weather HelperPro" {
		t.Fatal("one undo took back more than one field's typing")
	}
	d.Press("ctrl+z") // the typing in Name, back in that field
	if got := d.m.s.Text("/name"); got != "Weather Helper" || d.m.s.Focus != "/name" {
		t.Fatalf("after the second undo: name %q, focus %q", got, d.m.s.Focus)
	}
	d.MustContain("undone (ctrl+y redoes)", "Weather Helper")
	if d.json() != minimalCard {
		t.Fatalf("undoing everything does not give the card back:\n%s", d.json())
	}

	d.Press("ctrl+y")
	if got := d.m.s.Text("/name"); got != "Weather HelperPro" {
		t.Fatalf("name after redo = %q", got)
	}
	d.Press("ctrl+r") // the other redo key
	if got := d.m.s.Text("/description"); got != "Gives forecasts. Daily" {
		t.Fatalf("description after the second redo = %q", got)
	}
	d.Press("ctrl+y")
	d.MustContain("nothing to redo")

	// u is text in a field, never undo.
	d.Press("shift+tab").Typ("u")
	if got := d.m.s.Text("/name"); got != "Weather HelperProu" {
		t.Fatalf("typing u gave name %q", got)
	}
}

// d deletes a skill at once; ctrl+z brings back the skill, its On Request
// entry and the extension that went with the last entry.
func TestDeleteSkillThenUndoRestoresOnRequest(t *testing.T) {
	d := templateDriver(t, "on-request")
	orig := d.json()
	d.goStep(cardsteps.StepSkills).Press("down") // Dispute a card charge
	d.Press("d")
	d.MustContain("deleted skill Dispute a card charge", "(ctrl+z undoes)")
	if cardsteps.OnRequestEntry(d.m.s, "dispute-charge") >= 0 {
		t.Fatalf("the skill's On Request entry is kept:\n%s", d.json())
	}
	d.Press("d") // Branch opening hours: the last On Request skill
	if cardsteps.OnRequestIndex(d.m.s) >= 0 {
		t.Fatalf("the On Request extension is kept with no skill:\n%s", d.json())
	}

	d.goStep(cardsteps.StepCatalog).Press("ctrl+z") // from Catalog: undo returns to the Skills step
	if d.m.cur != at(cardsteps.StepSkills) {
		t.Fatalf("undo stayed on step %d", d.m.cur)
	}
	if cardsteps.OnRequestEntry(d.m.s, "branch-hours") < 0 || skillIDs(d) != "card-faq dispute-charge" && skillIDs(d) != "card-faq branch-hours" {
		t.Fatalf("after one undo: skills %q\n%s", skillIDs(d), d.json())
	}
	d.Press("ctrl+z")
	if d.json() != orig {
		t.Fatalf("undoing both deletes does not give the card back:\n%s", d.json())
	}
	if cardsteps.OnRequestEntry(d.m.s, "dispute-charge") < 0 {
		t.Fatal("the On Request entry of the skill is not back")
	}
	// Back where the delete was made: the list, on the skill.
	if d.m.cur != at(cardsteps.StepSkills) || d.m.steps[at(cardsteps.StepSkills)].Busy() || d.m.s.Focus != "/skills/1" {
		t.Fatalf("after undo: step %d, busy %v, focus %q", d.m.cur, d.m.steps[at(cardsteps.StepSkills)].Busy(), d.m.s.Focus)
	}
	d.Press("ctrl+y")
	if cardsteps.OnRequestEntry(d.m.s, "dispute-charge") >= 0 || len(strings.Fields(skillIDs(d))) != 2 {
		t.Fatalf("redo did not delete again:\n%s", d.json())
	}
}

func skillIDs(d *driver) string {
	var ids []string
	for i := 0; i < d.m.s.ArrayLen("/skills"); i++ {
		ids = append(ids, d.m.s.Text(editor.Item("/skills", i)+"/id"))
	}
	return strings.Join(ids, " ")
}

// Choosing an On Request skill, then undoing it from inside its form,
// unchooses it and closes the form; entering the step again never chooses.
func TestUndoChoosingOnRequestSkill(t *testing.T) {
	d := onRequestDriver(t)
	d.Press("enter") // card-faq: chosen, its entry form open
	d.Typ("tel:+15550100")
	d.Press("ctrl+z") // the typing
	if j := cardsteps.OnRequestEntry(d.m.s, "card-faq"); j < 0 || d.m.s.Text(editor.Item(cardsteps.OnRequestSkillsPtr(d.m.s), j)+"/personEntry") != "" {
		t.Fatalf("after undoing the typing:\n%s", d.json())
	}
	d.Press("ctrl+z") // the choice
	if cardsteps.OnRequestEntry(d.m.s, "card-faq") >= 0 {
		t.Fatalf("card-faq still chosen:\n%s", d.json())
	}
	if d.m.cur != at(cardsteps.StepOnRequest) || d.m.steps[at(cardsteps.StepOnRequest)].Busy() {
		t.Fatalf("step %d busy %v: the list should show", d.m.cur, d.m.steps[at(cardsteps.StepOnRequest)].Busy())
	}
	d.MustContain("[ ] Card and account questions")
	d.Press("ctrl+p", "ctrl+n")
	if cardsteps.OnRequestEntry(d.m.s, "card-faq") >= 0 {
		t.Fatal("entering the step chose the skill again")
	}
}

// In `oncard edit`, deleting a skill and undoing it leaves the file's bytes
// as they were: nothing to save, no diff.
func TestEditUndoLeavesTheFileAsItWas(t *testing.T) {
	d, _, data := openEdit(t, "edit-v10.json")
	d.goStep(cardsteps.StepSkills).Press("d")
	if !d.m.edit.s.Changed() {
		t.Fatal("the delete changed nothing")
	}
	d.Press("ctrl+z")
	if d.m.edit.s.Changed() || !bytes.Equal(d.m.edit.s.Bytes(), data) {
		t.Fatalf("after undo the card differs from the file:\n%s", d.m.edit.s.Diff())
	}
	d.Press("ctrl+y")
	if !d.m.edit.s.Changed() {
		t.Fatal("redo did not delete again")
	}
}

// An undo is a change: the draft holds the undone card.
func TestUndoIsSavedInTheDraft(t *testing.T) {
	dir := t.TempDir()
	drafts := filepath.Join(dir, "drafts")
	d := newDriver(t, Options{Doc: mustParse(t, minimalCard), Output: filepath.Join(dir, "card.json"), DraftDir: drafts})
	d.Typ("Pro").Press("tab") // leaving the field saves the draft
	if dr, err := latestNewDraft(drafts); err != nil || !strings.Contains(dr.Card, "Weather HelperPro") {
		t.Fatalf("draft before undo: %v", err)
	}
	d.Press("ctrl+z")
	dr, err := latestNewDraft(drafts)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(dr.Card, "Weather HelperPro") || !strings.Contains(dr.Card, `"Weather Helper"`) {
		t.Fatalf("the draft does not hold the undone card:\n%s", dr.Card)
	}
}

// A class toggled in the OASF picker is undone with the picker still open,
// showing the card as it is again.
func TestUndoInTheOASFPicker(t *testing.T) {
	d := newDriverJSON(t, minimalCard)
	d.goStep(cardsteps.StepOASF).Press("tab", "tab", "enter") // the skills picker
	d.Typ("summarization").Press("enter")
	if cardsteps.OnRequestIndex(d.m.s) >= 0 || !strings.Contains(d.json(), "summarization") {
		t.Fatalf("no class chosen:\n%s", d.json())
	}
	d.MustContain("Chosen (1)")
	d.Press("ctrl+z")
	if d.json() != minimalCard {
		t.Fatalf("undo left:\n%s", d.json())
	}
	if d.m.cur != at(cardsteps.StepOASF) || !d.m.steps[at(cardsteps.StepOASF)].Busy() {
		t.Fatalf("step %d, picker open %v", d.m.cur, d.m.steps[at(cardsteps.StepOASF)].Busy())
	}
	d.MustContain("Chosen (0)")
	d.Press("ctrl+y")
	if !strings.Contains(d.json(), "summarization") {
		t.Fatalf("redo did not choose the class again:\n%s", d.json())
	}
	d.MustContain("Chosen (1)")
}

// After the file is reloaded from disk, undo has nothing to take back: the
// versions before the reload must not be written over the file's new one.
func TestEditReloadForgetsTheHistory(t *testing.T) {
	d, path, _ := openEdit(t, "edit-v10.json")
	d.editPersonEntry("/new")
	changeOnDisk(t, path, `"version": "1.0.0"`, `"version": "1.0.1"`)
	d.Press("ctrl+s", "ctrl+s", "y")
	d.chooseAction("Reload")
	d.MustContain("Reloaded the file from disk")
	d.Press("ctrl+z")
	if got := d.m.s.Text("/version"); got != "1.0.1" {
		t.Fatalf("undo after the reload wrote back version %q", got)
	}
	d.MustContain("nothing to undo")
}

// Keys typed faster than the card is refreshed (no RefreshMsg between
// them) are undone one step at a time all the same.
func TestUndoAfterABurstOfKeys(t *testing.T) {
	d := templateDriver(t, "on-request")
	orig := d.json()
	d.goStep(cardsteps.StepSkills).Press("down")
	for _, k := range []string{"d", "d", "enter", "x", "y", "z"} { // two deletes, typing in the name left
		d.m.Update(keydrive.KeyMsg(k))
	}
	if !d.m.s.Pending() {
		t.Fatal("the burst was refreshed: the test needs it pending")
	}
	d.m.Update(keydrive.KeyMsg("ctrl+z")) // the typing
	if got := d.m.s.Text("/skills/0/name"); got != "Card and account questions" || d.m.s.ArrayLen("/skills") != 1 {
		t.Fatalf("after undoing the typing: name %q", got)
	}
	d.m.Update(keydrive.KeyMsg("ctrl+z"))
	d.m.Update(keydrive.KeyMsg("ctrl+z"))
	d.m.s.Flush()
	if d.json() != orig {
		t.Fatalf("three undos do not give the card back:\n%s", d.json())
	}
}
