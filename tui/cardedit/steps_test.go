package cardedit

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/templates"
	"github.com/oncard/oncard/tui/cardsteps"
	"github.com/oncard/oncard/tui/editor"
	"github.com/oncard/oncard/tui/style"
	"github.com/oncard/oncard/tui/widgets"
	"github.com/oncard/oncard/validate"
)

const minimalCard = `{
  "name": "Weather Helper",
  "description": "Gives forecasts.",
  "supportedInterfaces": [
    {"url": "https://weather.example/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}
  ],
  "version": "1.0.0",
  "capabilities": {},
  "defaultInputModes": ["text/plain"],
  "defaultOutputModes": ["text/plain"],
  "skills": [
    {"id": "forecast", "name": "Forecast", "description": "Forecast for a city.", "tags": ["weather"]}
  ]
}
`

func templateDriver(t *testing.T, name string) *driver {
	t.Helper()
	data, ok := templates.Get(name)
	if !ok {
		t.Fatalf("template %q missing", name)
	}
	return newDriverJSON(t, string(data))
}

func TestStartStepPicksTemplate(t *testing.T) {
	data, _ := templates.Get("on-request")
	d := newDriver(t, Options{Templates: []cardsteps.Template{{Name: "on-request", Description: "bank", Data: data}}})
	d.MustContain("Blank card", "on-request")
	d.Press("down", "enter")
	if d.m.cur != at(cardsteps.StepAgent) {
		t.Fatalf("after choosing a template the step is %d", d.m.cur)
	}
	if got := d.m.s.Text("/name"); got != "Example Bank Assistant" {
		t.Fatalf("name = %q", got)
	}
	// Coming back and choosing again over an edited card asks first.
	d.Typ("!")
	d.Press("ctrl+p", "up", "enter")
	d.MustContain("replaces the card")
	if d.m.cur != at(cardsteps.StepStart) {
		t.Fatal("replaced without confirmation")
	}
	d.Press("enter")
	if d.m.s.Text("/name") != "" {
		t.Fatal("blank card not applied after confirmation")
	}
}

func TestAgentStepEditsAndTidiesProvider(t *testing.T) {
	d := newDriverJSON(t, minimalCard)
	d.MustContain("Name", "Description", "Provider organization", "Icon URL")
	d.Press("tab", "tab", "tab") // provider organization
	if d.m.s.Focus != "/provider/organization" {
		t.Fatalf("focus = %q", d.m.s.Focus)
	}
	d.Typ("Example Inc.")
	if got := d.m.s.Text("/provider/organization"); got != "Example Inc." {
		t.Fatalf("organization = %q", got)
	}
	// provider.url is required once provider exists: validate says so.
	found := false
	for _, x := range d.m.s.Diags {
		if strings.HasPrefix(x.Pointer, "/provider") {
			found = true
		}
	}
	if !found {
		t.Errorf("no diagnostic about the incomplete provider: %v", d.diagCodes())
	}
	for range "Example Inc." {
		d.Press("backspace")
	}
	if d.m.s.Doc.Find("/provider") != nil {
		t.Fatalf("empty provider kept:\n%s", d.json())
	}
}

func TestInterfacesStepAddReorderRemove(t *testing.T) {
	d := newDriverJSON(t, minimalCard)
	d.Press("ctrl+n")
	d.MustContain("https://weather.example/a2a")
	d.Press("a")
	d.Typ("https://weather.example/grpc").Press("tab", "right") // GRPC
	if got := d.m.s.Text("/supportedInterfaces/1/protocolBinding"); got != "GRPC" {
		t.Fatalf("binding = %q", got)
	}
	d.Press("right", "right") // custom URI
	d.Typ("https://example.com/bindings/x")
	if got := d.m.s.Text("/supportedInterfaces/1/protocolBinding"); got != "https://example.com/bindings/x" {
		t.Fatalf("custom binding = %q", got)
	}
	if got := d.m.s.Text("/supportedInterfaces/1/protocolVersion"); got != "1.0" {
		t.Fatalf("protocolVersion default = %q", got)
	}
	d.Press("esc", "shift+up") // move the new one first (preferred)
	if got := d.m.s.Text("/supportedInterfaces/0/url"); got != "https://weather.example/grpc" {
		t.Fatalf("after move, first = %q", got)
	}
	d.MustContain("(preferred)")
	d.Press("down", "d")
	if n := d.m.s.ArrayLen("/supportedInterfaces"); n != 1 {
		t.Fatalf("after remove, %d interfaces", n)
	}
}

func TestCapabilitiesStepKeepsExplicitFalse(t *testing.T) {
	d := newDriverJSON(t, minimalCard)
	d.goStep(cardsteps.StepCapabilities)
	d.MustContain("Streaming", "unset", "Default input modes")
	d.Press("right") // true
	if v, set := boolAt(d.m.s, "/capabilities/streaming"); !set || !v {
		t.Fatalf("streaming not true:\n%s", d.json())
	}
	d.Press("right") // false, kept explicitly
	if v, set := boolAt(d.m.s, "/capabilities/streaming"); !set || v {
		t.Fatalf("explicit false not written:\n%s", d.json())
	}
	d.Press("right") // unset
	if d.m.s.Doc.Find("/capabilities/streaming") != nil {
		t.Fatal("unset still written")
	}
	d.Press("tab", "tab", "tab") // default input modes
	d.MustContain("[x] text/plain", "[ ] application/json", "other:")
	d.Press("right", "space") // application/json
	if got := d.m.s.Strings("/defaultInputModes"); len(got) != 2 || got[1] != "application/json" {
		t.Fatalf("input modes = %v", got)
	}
	d.Press("left", "space") // text/plain off
	for range widgets.CommonModes {
		d.Press("right")
	}
	d.Typ("application/x-custom, video/mp4")
	if got := d.m.s.Strings("/defaultInputModes"); len(got) != 3 || got[0] != "application/json" || got[2] != "video/mp4" {
		t.Fatalf("input modes = %v", got)
	}
}

func TestSkillsStepSuggestsUniqueIDs(t *testing.T) {
	d := newDriverJSON(t, minimalCard)
	d.goStep(cardsteps.StepSkills)
	d.MustContain("Forecast", "[forecast]")
	d.Press("a").Typ("Forecast")
	if got := d.m.s.Text("/skills/1/id"); got != "forecast-2" {
		t.Fatalf("id = %q, want forecast-2 (unique)", got)
	}
	// A hand-written id is kept when the name changes.
	d.Press("tab", "ctrl+u").Typ("my-id").Press("shift+tab").Typ(" again")
	if got := d.m.s.Text("/skills/1/id"); got != "my-id" {
		t.Fatalf("id = %q, want my-id kept", got)
	}
	d.Press("tab", "tab", "tab").Typ("a, b").Press("tab").Typ("one, two | three")
	if got := d.m.s.Strings("/skills/1/examples"); len(got) != 2 || got[0] != "one, two" {
		t.Fatalf("examples = %v", got)
	}
	d.Press("esc", "shift+up")
	if d.m.s.Text("/skills/0/id") != "my-id" {
		t.Fatal("reorder failed")
	}
	d.Press("d")
	if d.m.s.ArrayLen("/skills") != 1 {
		t.Fatal("remove failed")
	}
}

func TestSkillRenameFollowsOnRequest(t *testing.T) {
	d := templateDriver(t, "on-request")
	d.goStep(cardsteps.StepSkills).Press("down", "down", "enter", "tab") // branch-hours id
	d.Press("ctrl+u").Typ("hours")
	if j := cardsteps.OnRequestEntry(d.m.s, "hours"); j < 0 {
		t.Fatalf("On Request entry not renamed:\n%s", d.json())
	}
}

func onRequestDriver(t *testing.T) *driver {
	d := templateDriver(t, "on-request")
	d.goStep(cardsteps.StepOnRequest)
	if d.m.cur != at(cardsteps.StepOnRequest) {
		t.Fatalf("step %d", d.m.cur)
	}
	return d
}

func TestOnRequestTelWithCompletionShowsErrorAtOnce(t *testing.T) {
	d := onRequestDriver(t)
	d.MustContain("[x] Dispute a card charge", "[ ] Card and account questions")
	d.Press("down", "enter") // dispute-charge: completion deferred
	entry := "/capabilities/extensions/0/params/skills/0"
	if d.m.s.Text(entry+"/completion") != "deferred" {
		t.Fatalf("fixture changed:\n%s", d.json())
	}
	d.Press("ctrl+u").Typ("tel:+1-555-0199")
	if len(errorsUnder(d, entry)) == 0 {
		t.Fatalf("no error for tel: with completion: %v", d.diagCodes())
	}
	d.MustContain("✗")
	d.Press("ctrl+u").Typ("https://bank.example/support/disputes")
	if errs := errorsUnder(d, entry); len(errs) != 0 {
		t.Fatalf("error stays with an https entry: %v", errs)
	}
}

func errorsUnder(d *driver, ptr string) []validate.Diagnostic {
	var out []validate.Diagnostic
	for _, x := range d.m.s.Diags {
		if x.Severity == validate.Error && editor.PointerWithin(x.Pointer, ptr) {
			out = append(out, x)
		}
	}
	return out
}

func TestOnRequestChooseUseForAllAndUnchoose(t *testing.T) {
	d := onRequestDriver(t)
	d.Press("space") // card-faq chosen, its entry left to be given
	j := cardsteps.OnRequestEntry(d.m.s, "card-faq")
	if j < 0 {
		t.Fatal("card-faq not chosen")
	}
	d.Press("enter").Press("ctrl+u").Typ("https://bank.example/help").Press("tab", "tab", "enter")
	sp := cardsteps.OnRequestSkillsPtr(d.m.s)
	for k := 0; k < d.m.s.ArrayLen(sp); k++ {
		if got := d.m.s.Text(editor.Item(sp, k) + "/personEntry"); got != "https://bank.example/help" {
			t.Fatalf("entry %d = %q after 'use for all'", k, got)
		}
	}
	d.Press("tab", "right") // assistantAccess yes
	if v, _ := boolAt(d.m.s, editor.Item(sp, j)+"/assistantAccess"); !v {
		t.Fatalf("assistantAccess not set:\n%s", d.json())
	}
	d.Press("esc", "space", "down", "space", "down", "space")
	if cardsteps.OnRequestIndex(d.m.s) >= 0 {
		t.Fatalf("extension kept with no skill:\n%s", d.json())
	}
}

func TestOnRequestIneligibleSkill(t *testing.T) {
	card := strings.Replace(minimalCard, `"tags": ["weather"]}`,
		`"tags": ["weather"], "securityRequirements": [{"schemes": {"k": {"list": []}}}]}`, 1)
	d := newDriverJSON(t, card)
	d.goStep(cardsteps.StepOnRequest)
	d.MustContain("not eligible: carries securityRequirements")
	d.Press("space", "enter")
	if cardsteps.OnRequestIndex(d.m.s) >= 0 {
		t.Fatal("an ineligible skill was chosen")
	}
}

func TestOnRequestWarnsWhenEntryInSkillText(t *testing.T) {
	card := strings.Replace(minimalCard, `"Forecast for a city."`, `"Forecast for a city. Ask at https://help.example/desk"`, 1)
	d := newDriverJSON(t, card)
	d.goStep(cardsteps.StepOnRequest).Press("enter") // choose forecast, open its entry
	entry := editor.Item(cardsteps.OnRequestSkillsPtr(d.m.s), 0)
	d.Typ("https://help.example/other")
	warnings := func() int {
		n := 0
		for _, x := range d.m.s.Diags {
			// validate decides the severity (it reports an error today).
			if x.Severity >= validate.Warning && (editor.PointerWithin(x.Pointer, entry) || editor.PointerWithin(x.Pointer, "/skills/0")) {
				n++
			}
		}
		return n
	}
	if n := warnings(); n != 0 {
		t.Fatalf("warning before the entry is in the text: %v", d.diagCodes())
	}
	for range "other" {
		d.Press("backspace")
	}
	d.Typ("desk")
	if warnings() == 0 {
		t.Fatalf("no warning once the entry appears in the skill's text: %v", d.diagCodes())
	}
	d.MustContain("onrequest/")
}

func TestOASFPickerSearchSelectAndCategories(t *testing.T) {
	d := newDriverJSON(t, minimalCard)
	d.m.goTo(at(cardsteps.StepOASF))
	// The URI wraps after "objects/" in the form.
	d.MustContain("Schema version", "1.1.0", "https://schema.oasf.outshift.com/1.1.0/objects/")
	d.Press("tab", "tab", "enter") // skills picker
	if !d.m.steps[at(cardsteps.StepOASF)].Busy() {
		t.Fatal("picker not open")
	}
	// Browsing: the top level are categories (headings, not choices).
	d.Press("enter")
	if d.m.steps[at(cardsteps.StepOASF)].(*cardsteps.OasfStep).Picker.Parent == "" {
		t.Fatal("enter on a category did not open it")
	}
	d.Press("left")
	d.Typ("summarization")
	d.MustContain("Text Summarization", "10302")
	d.Press("enter")
	d.Press("esc", "esc")
	if got := d.m.s.Text("/capabilities/extensions/0/params/skills/0/name"); got != "language_processing/language_generation/summarization" {
		t.Fatalf("skill not written:\n%s", d.json())
	}
	if got := d.m.s.Text("/capabilities/extensions/0/uri"); got != "https://schema.oasf.outshift.com/1.1.0/objects/discovery" {
		t.Fatalf("uri = %q", got)
	}
	// Too long for the form: cut at the start, the leaf stays.
	d.MustContain("#10302 …language_generation/summarization")
	// Switching version rewrites the URI and schema_version, once the
	// renamed reference is confirmed: summarization is 10202 in 1.0.0.
	d.Press("shift+tab", "shift+tab", "right")
	d.MustContain("renamed (1)", "#10302", "#10202")
	d.Press("y")
	if got := d.m.s.Text("/capabilities/extensions/0/params/skills/0/name"); got != "natural_language_processing/natural_language_generation/summarization" {
		t.Fatalf("skill not renamed:\n%s", d.json())
	}
	if got := d.m.s.Text("/capabilities/extensions/0/params/schema_version"); got != "1.0.0" {
		t.Fatalf("schema_version = %q", got)
	}
}

func TestReviewRefusesErrorsAndAsksBeforeOverwrite(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "card.json")
	if err := os.WriteFile(out, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	doc := strings.Replace(minimalCard, `"name": "Weather Helper"`, `"name": ""`, 1)
	d := newDriver(t, Options{Doc: mustParse(t, doc), Output: out})
	d.Press("ctrl+s", "enter")
	if d.m.result.Saved || !strings.Contains(d.m.Status, "error") {
		t.Fatalf("saved a card with errors: %+v %q", d.m.result, d.m.Status)
	}
	d.m.s.Doc.SetValue("/name", "Weather Helper")
	d.m.s.Changed()
	d.Press("enter")
	// The dialog wraps the (temporary, variable) path anywhere.
	if d.m.dialog == nil || !strings.Contains(d.m.dialog.Question, "already exists") {
		t.Fatalf("no question about the existing file:\n%s", d.Screen())
	}
	d.MustContain("Overwrite it?", "lines added, 1 removed")
	if !strings.Contains(d.m.dialog.Question, "Saving over it: ") {
		t.Fatalf("the question says %q", d.m.dialog.Question) // it said "Saving changes 17 lines added"
	}
	d.Press("n")
	if !strings.Contains(d.m.Status, "choose another path") {
		t.Fatalf("status %q", d.m.Status)
	}
	if b, _ := os.ReadFile(out); string(b) != "old" {
		t.Fatal("overwritten after no")
	}
	d.Press("enter", "y")
	if b, _ := os.ReadFile(out); !strings.Contains(string(b), "Weather Helper") {
		t.Fatalf("not written after yes: %q", b)
	}
}

func TestDiagnosticsPanelJumpsToField(t *testing.T) {
	doc := strings.Replace(minimalCard, `"tags": ["weather"]`, `"tags": []`, 1)
	d := newDriverJSON(t, doc)
	d.Press("ctrl+g")
	d.MustContain("› Diagnostics")
	for i, x := range d.m.s.Diags {
		if x.Pointer == "/skills/0/tags" {
			for k := 0; k < i; k++ {
				d.Press("down")
			}
		}
	}
	d.Press("enter")
	if d.m.cur != at(cardsteps.StepSkills) || d.m.s.Focus != "/skills/0/tags" {
		t.Fatalf("jump went to step %d focus %q (%v)", d.m.cur, d.m.s.Focus, d.diagCodes())
	}
}

func TestNarrowTogglesFormAndPreview(t *testing.T) {
	d := newDriverJSON(t, minimalCard)
	d.Send(teaSize(80, 24))
	d.MustContain("Name")
	if strings.Contains(d.Screen(), `"supportedInterfaces"`) {
		t.Fatal("preview shown beside the form below 100 columns")
	}
	d.Press("ctrl+t")
	d.MustContain(`"supportedInterfaces"`)
	for _, line := range strings.Split(d.Screen(), "\n") {
		if w := len([]rune(line)); w > 80 {
			t.Fatalf("line wider than 80: %d %q", w, line)
		}
	}
}

func TestCardTextIsNeutralisedInEveryPane(t *testing.T) {
	card := strings.Replace(minimalCard, `"Gives forecasts."`, `"Evil \u001b[2J text"`, 1)
	card = strings.Replace(card, `"name": "Forecast"`, `"name": "F\u001b]0;x\u0007"`, 1)
	d := newDriverJSON(t, card)
	for _, st := range []int{at(cardsteps.StepAgent), at(cardsteps.StepSkills), at(cardsteps.StepOnRequest), at(cardsteps.StepReview)} {
		d.m.goTo(st)
		raw := d.m.Render()
		if strings.Contains(raw, "\x1b[2J") || strings.Contains(raw, "\x1b]0;") {
			t.Fatalf("step %d draws a raw escape from the card", st)
		}
	}
	d.m.goTo(at(cardsteps.StepAgent))
	d.MustContain(`\x1b[2J`)
}

func TestCtrlCKeepsDraftAndResume(t *testing.T) {
	dir := t.TempDir()
	d := newDriver(t, Options{DraftDir: dir})
	d.Press("enter").Typ("Draft Agent").Press("tab")
	d.Press("ctrl+c")
	d.MustContain("Keep a draft")
	d.Press("y")
	if !d.m.result.Interrupted || d.m.result.DraftKept == "" || !d.m.quitting {
		t.Fatalf("result %+v", d.m.result)
	}
	dr, err := latestNewDraft(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(dr.Card, "Draft Agent") || dr.Step != at(cardsteps.StepAgent) {
		t.Fatalf("draft = %+v", dr)
	}
	// Resume reopens it at the same step, and reuses the draft file.
	doc := mustParse(t, dr.Card)
	r := newDriver(t, Options{Doc: doc, Draft: dr, DraftDir: dir})
	if r.m.cur != at(cardsteps.StepAgent) || r.m.s.Text("/name") != "Draft Agent" {
		t.Fatalf("resume at %d with %q", r.m.cur, r.m.s.Text("/name"))
	}
	r.Press("ctrl+c", "n")
	if _, err := latestNewDraft(dir); err == nil {
		t.Fatal("draft kept after answering no")
	}
}

func TestDraftSavedOnBlur(t *testing.T) {
	dir := t.TempDir()
	d := newDriver(t, Options{DraftDir: dir})
	d.Press("enter").Typ("Half")
	if _, err := latestNewDraft(dir); err == nil {
		// The field being typed may be lost, but nothing before it.
		t.Log("draft already saved while typing (allowed)")
	}
	d.Press("tab")
	dr, err := latestNewDraft(dir)
	if err != nil || !strings.Contains(dr.Card, `"Half"`) {
		t.Fatalf("draft after leaving the field: %v %+v", err, dr)
	}
}

func TestHelpFooterAndNoColor(t *testing.T) {
	d := newDriverJSON(t, minimalCard)
	d.MustContain("ctrl+n next", "ctrl+s save", "f1 keys", "ctrl+c quit", "ctrl+g")
	d.Press("f1")
	d.MustContain("ctrl+t", "shift+↑")
	if strings.Contains(d.m.Render(), "\x1b[38") {
		t.Fatal("colour escapes with the plain theme")
	}
	t.Setenv("NO_COLOR", "1")
	if style.ColorsWanted() {
		t.Fatal("NO_COLOR ignored")
	}
	t.Setenv("NO_COLOR", "")
	os.Unsetenv("NO_COLOR")
	t.Setenv("TERM", "dumb")
	if style.ColorsWanted() {
		t.Fatal("TERM=dumb ignored")
	}
}

func TestPasteGoesToTheField(t *testing.T) {
	d := newDriverJSON(t, minimalCard)
	d.Press("tab", "ctrl+u")
	d.Send(tea.PasteMsg{Content: "Pasted description y"})
	if got := d.m.s.Text("/description"); got != "Pasted description y" {
		t.Fatalf("description = %q", got)
	}
}

func TestResumedDraftIsNeverDroppedSilently(t *testing.T) {
	dir := t.TempDir()
	dr := &app.Draft{Path: filepath.Join(dir, "draft-x.json"), Card: minimalCard, Step: at(cardsteps.StepAgent)}
	if err := app.SaveDraft(dr); err != nil {
		t.Fatal(err)
	}
	d := newDriver(t, Options{Doc: mustParse(t, minimalCard), Draft: dr, DraftDir: dir})
	d.Press("ctrl+c")
	d.MustContain("Keep a draft")
	d.Press("y")
	if _, err := os.Stat(dr.Path); err != nil {
		t.Fatalf("draft gone: %v", err)
	}
}

func TestOnRequestChoosingCompletionWithTelShowsErrorAtOnce(t *testing.T) {
	d := onRequestDriver(t)
	d.Press("down", "down", "enter") // branch-hours: tel:+1-555-0100, no completion
	entry := editor.Item(cardsteps.OnRequestSkillsPtr(d.m.s), cardsteps.OnRequestEntry(d.m.s, "branch-hours"))
	if len(errorsUnder(d, entry)) != 0 {
		t.Fatalf("fixture has errors: %v", d.diagCodes())
	}
	d.Press("tab", "tab", "tab", "right") // completion: in-conversation
	if d.m.s.Text(entry+"/completion") != "in-conversation" {
		t.Fatalf("completion not set:\n%s", d.json())
	}
	if len(errorsUnder(d, entry)) == 0 {
		t.Fatalf("no error at once for a completion with a tel: entry: %v", d.diagCodes())
	}
	d.MustContain("✗ onrequest/")
	d.Press("left") // back to none
	if len(errorsUnder(d, entry)) != 0 {
		t.Fatal("error stays after removing the completion")
	}
}

func TestDiagnosticJumpsIntoOnRequestAndOASF(t *testing.T) {
	card := strings.Replace(minimalCard, `"capabilities": {}`, `"capabilities": {"extensions": [
	  {"uri": "https://agent-capability.org/ext/on-request/v1", "required": false,
	   "params": {"skills": [{"id": "forecast", "personEntry": "tel:+1-555-0100", "completion": "deferred"}]}},
	  {"uri": "https://schema.oasf.outshift.com/1.1.0/objects/discovery",
	   "params": {"schema_version": "1.1.0", "skills": [{"name": "no/such/skill", "id": 999999}]}}]}`, 1)
	d := newDriverJSON(t, card)
	jump := func(under string) {
		t.Helper()
		d.Press("ctrl+g")
		for i, x := range d.m.s.Diags {
			if editor.PointerWithin(x.Pointer, under) {
				for k := 0; k < i; k++ {
					d.Press("down")
				}
				d.Press("enter")
				return
			}
		}
		t.Fatalf("no diagnostic under %s: %v", under, d.diagCodes())
	}
	jump("/capabilities/extensions/0")
	if d.m.cur != at(cardsteps.StepOnRequest) || !d.m.steps[at(cardsteps.StepOnRequest)].Busy() {
		t.Fatalf("jump to the On Request entry went to step %d", d.m.cur)
	}
	d.Press("esc")
	jump("/capabilities/extensions/1")
	if d.m.cur != at(cardsteps.StepOASF) {
		t.Fatalf("jump to the OASF extension went to step %d", d.m.cur)
	}
	d.MustContain("not in 1.1.0: #999999 no/such/skill")
}

// An edit the document refuses (here: a member under "provider", which is
// a string in this card) changes nothing, is not counted as an edit, and
// says why on the status line.
func TestFailedEditSaysWhyAndChangesNothing(t *testing.T) {
	card := strings.Replace(minimalCard, `"version": "1.0.0",`, `"version": "1.0.0",
  "provider": "Example Inc.",`, 1)
	d := newDriverJSON(t, card)
	before, edits := d.json(), d.m.s.Edits
	d.Press("tab", "tab", "tab") // provider organization
	if d.m.s.Focus != "/provider/organization" {
		t.Fatalf("focus = %q", d.m.s.Focus)
	}
	d.Typ("X")
	if !strings.HasPrefix(d.m.Status, "edit not made: ") {
		t.Fatalf("status = %q", d.m.Status)
	}
	if d.json() != before || d.m.s.Edits != edits {
		t.Fatalf("the failed edit changed the card (%d edits):\n%s", d.m.s.Edits-edits, d.json())
	}
	d.MustContain("edit not made")
}

// A draft of a new card remembers the directory it was started in and
// its output there as absolute paths: resumed from another directory, the
// card is saved where it was meant to go, not beside the new directory.
func TestNewDraftResumedElsewhereKeepsItsOutput(t *testing.T) {
	work, drafts := t.TempDir(), t.TempDir()
	t.Chdir(work)
	d := newDriver(t, Options{DraftDir: drafts})
	d.Press("enter").Typ("Moved Agent").Press("tab", "ctrl+c", "y")
	dr, err := latestNewDraft(drafts)
	if err != nil {
		t.Fatal(err)
	}
	if dr.Dir != work || dr.Output != filepath.Join(work, cardsteps.DefaultPath) {
		t.Fatalf("draft dir %q, output %q; want %q and the default output in it", dr.Dir, dr.Output, work)
	}
	t.Chdir(t.TempDir())
	r := newDriver(t, Options{Doc: mustParse(t, dr.Card), Draft: dr, Output: dr.Output, DraftDir: drafts})
	if got := r.m.output; got != filepath.Join(work, cardsteps.DefaultPath) {
		t.Fatalf("resumed output %q", got)
	}
}

// Review warns that saving asks before replacing an existing file; the
// file is looked for in a command, never while drawing.
func TestReviewWarnsOfAnExistingFile(t *testing.T) {
	out := filepath.Join(t.TempDir(), "card.json")
	d := newDriver(t, Options{Doc: mustParse(t, minimalCard), Output: out})
	d.m.goTo(at(cardsteps.StepReview))
	if strings.Contains(d.Screen(), "The file exists") {
		t.Fatalf("warned of a file that does not exist:\n%s", d.Screen())
	}
	if err := os.WriteFile(out, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	d.Press("ctrl+p", "ctrl+n") // leave and enter Review again: it looks again
	d.MustContain("The file exists: saving asks")
}

// The person entry of a newly chosen skill is empty: another skill's entry
// is only offered (placeholder, button), never put in the field as text
// that typing appends to.
func TestOnRequestEntryIsSuggestedNotPrefilled(t *testing.T) {
	d := onRequestDriver(t)
	d.Press("enter") // card-faq, not chosen before
	d.Typ("tel:+15550100")
	sp := cardsteps.OnRequestSkillsPtr(d.m.s)
	entry := editor.Item(sp, cardsteps.OnRequestEntry(d.m.s, "card-faq")) + "/personEntry"
	if got := d.m.s.Text(entry); got != "tel:+15550100" {
		t.Fatalf("personEntry = %q, want what was typed", got)
	}
	d.Press("ctrl+u") // an empty field shows the offer again
	d.MustContain("https://bank.example/support/disputes (as", "[ Use the same entry as dispute-charge ]")

	// Chosen with space in the list: no entry copied either.
	d.Press("esc", "down", "down", "space", "space") // branch-hours off and on again
	entry2 := editor.Item(sp, cardsteps.OnRequestEntry(d.m.s, "branch-hours")) + "/personEntry"
	if got := d.m.s.Text(entry2); got != "" {
		t.Fatalf("personEntry of a skill chosen with space = %q, want empty", got)
	}
}

// Accepting the suggestion writes the same entry, explicitly.
func TestOnRequestUseTheSameEntry(t *testing.T) {
	d := onRequestDriver(t)
	d.Press("enter") // card-faq
	sp := cardsteps.OnRequestSkillsPtr(d.m.s)
	entry := editor.Item(sp, cardsteps.OnRequestEntry(d.m.s, "card-faq")) + "/personEntry"
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

// skillsCard is minimalCard with n skills, skill-1 … skill-n.
func skillsCard(n int) string {
	var skills []string
	for i := 1; i <= n; i++ {
		skills = append(skills, fmt.Sprintf(`{"id": "skill-%d", "name": "Skill %d", "description": "Does %d.", "tags": ["t"]}`, i, i, i))
	}
	at := strings.Index(minimalCard, `"skills": [`)
	return minimalCard[:at] + `"skills": [` + strings.Join(skills, ",\n") + "]\n}\n"
}

func TestSkillsListPagesAndJumps(t *testing.T) {
	d := newDriverJSON(t, skillsCard(200))
	d.goStep(cardsteps.StepSkills)
	st := d.m.steps[at(cardsteps.StepSkills)]
	offset := d.m.Prev.Offset
	// Skill 150 of 200: 14 pages and 9 rows, not 149 ↓.
	for range 14 {
		d.Press("pgdown")
	}
	d.Press("down", "down", "down", "down", "down", "down", "down", "down", "down")
	if got := st.Pointer(d.m.s); got != "/skills/149" {
		t.Fatalf("after 14 pgdn and 9 ↓ the list is at %s, want /skills/149", got)
	}
	d.MustContain("› 150. Skill 150")
	// pgdn moved the list, not the preview by hand: the preview follows
	// the row (it is not left where pgdn would have scrolled it).
	if !d.m.Prev.Follow {
		t.Fatalf("pgdn in a list scrolled the preview (offset %d → %d)", offset, d.m.Prev.Offset)
	}
	d.Press("end")
	if got := st.Pointer(d.m.s); got != "/skills/199" {
		t.Fatalf("end: %s", got)
	}
	d.Press("pgdown") // at the end it stays
	if got := st.Pointer(d.m.s); got != "/skills/199" {
		t.Fatalf("pgdn at the end: %s", got)
	}
	d.Press("home")
	if got := st.Pointer(d.m.s); got != "/skills/0" {
		t.Fatalf("home: %s", got)
	}
	// The preview scrolls with shift+pgdn, on a list too.
	d.Press("shift+pgdown")
	if d.m.Prev.Follow || d.m.Prev.Offset == 0 {
		t.Fatalf("shift+pgdn did not scroll the preview (offset %d)", d.m.Prev.Offset)
	}
}

func TestSkillsListFilter(t *testing.T) {
	d := newDriverJSON(t, skillsCard(200))
	d.goStep(cardsteps.StepSkills)
	st := d.m.steps[at(cardsteps.StepSkills)]
	d.Press("/").Typ("skill 15")
	// Letters went to the filter: nothing was added or removed.
	if n := d.m.s.ArrayLen("/skills"); n != 200 {
		t.Fatalf("typing the filter changed the list: %d skills", n)
	}
	d.MustContain("/ skill 15", "11 of 200", "15. Skill 15", "150. Skill 150", "159. Skill 159")
	if strings.Contains(d.Screen(), "14. Skill 14") {
		t.Fatalf("a row that does not match is shown:\n%s", d.Screen())
	}
	if got := st.Pointer(d.m.s); got != "/skills/14" {
		t.Fatalf("the cursor is on %s, want the first match /skills/14", got)
	}
	// ↓ moves among the matches; enter keeps the filter and gives the
	// list its keys back: d removes the row under the cursor.
	d.Press("down", "enter")
	if got := st.Pointer(d.m.s); got != "/skills/149" {
		t.Fatalf("↓ among the matches: %s, want /skills/149", got)
	}
	d.Press("d")
	if n := d.m.s.ArrayLen("/skills"); n != 199 || d.m.s.Text("/skills/149/id") != "skill-151" {
		t.Fatalf("d after the filter: %d skills, /skills/149 is %q", n, d.m.s.Text("/skills/149/id"))
	}
	// esc clears the filter: every row again.
	d.Press("esc")
	d.MustContain("199 skill(s)")
	if strings.Contains(d.Screen(), "of 199") {
		t.Fatalf("esc left the filter:\n%s", d.Screen())
	}
}

func TestOnRequestSkillListPages(t *testing.T) {
	d := newDriverJSON(t, skillsCard(200))
	d.goStep(cardsteps.StepOnRequest)
	st := d.m.steps[at(cardsteps.StepOnRequest)]
	d.Press("pgdown", "pgdown", "end", "pgup")
	if got := st.Pointer(d.m.s); got != "/skills/189" {
		t.Fatalf("pgdn pgdn end pgup: %s, want /skills/189", got)
	}
	d.Press("/").Typ("skill-42]").Press("enter")
	if got := st.Pointer(d.m.s); got != "/skills/41" {
		t.Fatalf("filtered to skill-42: %s", got)
	}
	d.MustContain("1 of 200", "Skill 42 [skill-42]")
}

// Adding a row while the list is filtered shows every row again: the new
// one is under the cursor, not hidden by the filter.
func TestAddClearsTheFilter(t *testing.T) {
	d := newDriverJSON(t, skillsCard(20))
	d.goStep(cardsteps.StepSkills)
	d.Press("/").Typ("skill 1").Press("enter", "a", "esc")
	st := d.m.steps[at(cardsteps.StepSkills)]
	if got := st.Pointer(d.m.s); got != "/skills/20" {
		t.Fatalf("after adding: %s, want /skills/20", got)
	}
	if strings.Contains(d.Screen(), "of 21") {
		t.Fatalf("the filter is still on:\n%s", d.Screen())
	}
	d.MustContain("› 21.")
}

// Invisible characters of a card's text (a right-to-left override, an
// isolate, zero-width characters, a byte order mark) reach the terminal
// escaped in the focused field, as in the preview and the CLI.
func TestFocusedFieldEscapesInvisibleCharacters(t *testing.T) {
	card := strings.Replace(minimalCard, `"name": "Weather Helper"`, `"name": "Weather\u202eHelper\u2066x\u200by\u200dz\ufeff"`, 1)
	d := newDriverJSON(t, card)
	if d.m.s.Focus != "/name" {
		t.Fatalf("focus %q, want the name", d.m.s.Focus)
	}
	sc := d.Screen()
	for _, r := range []rune{0x202e, 0x2066, 0x200b, 0x200d, 0xfeff} {
		if strings.ContainsRune(sc, r) {
			t.Errorf("U+%04X reaches the screen raw", r)
		}
	}
	d.MustContain(`Weather\u202eHelper\u2066x\u200by\u200dz\ufeff`)
}

// A skill with a name and no id (a card written elsewhere) is offered the
// id its name gives: enter on the empty Id field takes it.
func TestSkillWithoutIDIsOfferedOne(t *testing.T) {
	card := strings.Replace(minimalCard, `{"id": "forecast", "name": "Forecast",`, `{"name": "City Forecast",`, 1)
	d := newDriverJSON(t, card)
	d.goStep(cardsteps.StepSkills).Press("enter", "tab")
	if d.m.s.Focus != "/skills/0/id" {
		t.Fatalf("focus %q", d.m.s.Focus)
	}
	d.MustContain("suggested: city-forecast (enter takes it)")
	d.Press("enter")
	if got := d.m.s.Text("/skills/0/id"); got != "city-forecast" {
		t.Fatalf("id %q after enter", got)
	}
}
