package cardedit

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/aymanbagabas/go-udiff"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/charmbracelet/x/exp/teatest/v2"
	"github.com/oncard/oncard/internal/edit"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/templates"
	"github.com/oncard/oncard/tui/cardsteps"
	"github.com/oncard/oncard/tui/editor"
	"github.com/oncard/oncard/tui/internal/keydrive"
	"github.com/oncard/oncard/tui/style"
)

// probeMsg asks for a snapshot of the screen. The program's filter takes it
// on the event loop, after every key sent before it and once the edits
// they made are refreshed (a probe that finds one pending is sent again,
// behind the refresh): no race with Update, and no guessing from the
// renderer's partial (diffed) output.
type probeMsg struct{}

type flow struct {
	t     *testing.T
	tm    *teatest.TestModel
	shots chan string
}

func newFlow(t *testing.T, m *Model, w, h int) *flow {
	t.Helper()
	f := &flow{t: t, shots: make(chan string, 8)}
	filter := func(model tea.Model, msg tea.Msg) tea.Msg {
		if _, ok := msg.(probeMsg); ok {
			if m := model.(*Model); m.s.Pending() || m.s.Checking() {
				go f.tm.Send(probeMsg{})
			} else {
				f.shots <- ansi.Strip(m.Render())
			}
			return nil
		}
		return msg
	}
	f.tm = teatest.NewTestModel(t, m,
		teatest.WithInitialTermSize(w, h),
		teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.Ascii), tea.WithFilter(filter)))
	return f
}

func (f *flow) Keys(names ...string) *flow {
	for _, n := range names {
		f.tm.Send(keydrive.KeyMsg(n))
	}
	return f
}

// Step goes to step id by name, as a person would: the step palette
// (ctrl+o), the step's title, enter.
func (f *flow) Step(id cardsteps.StepID) *flow {
	return f.Keys("ctrl+o").Typ(cardsteps.Spec(id).Title).Keys("enter")
}

func (f *flow) Typ(s string) *flow {
	for _, r := range s {
		if r == ' ' {
			f.tm.Send(keydrive.KeyMsg("space"))
			continue
		}
		f.tm.Send(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	return f
}

// screen returns the screen after every message sent so far.
func (f *flow) Screen() string {
	f.t.Helper()
	f.tm.Send(probeMsg{})
	select {
	case s := <-f.shots:
		return s
	case <-time.After(20 * time.Second):
		f.t.Fatal("no snapshot: the program is stuck")
	}
	return ""
}

func (f *flow) final() *Model {
	f.t.Helper()
	return f.tm.FinalModel(f.t, teatest.WithFinalTimeout(20*time.Second)).(*Model)
}

func TestFlowBlankToMinimalValidCardSaved(t *testing.T) {
	pkg := tempWorkDir(t)
	m := New(Options{Theme: style.NewTheme(false)})
	f := newFlow(t, m, 120, 40)
	f.Keys("enter")
	f.Typ("Weather Helper").Keys("tab").Typ("Gives forecasts for any city.").Keys("tab")
	f.Keys("ctrl+n", "a").Typ("https://weather.example/a2a").Keys("esc")
	f.Step(cardsteps.StepSkills).Keys("a").Typ("City forecast").Keys("tab", "tab")
	f.Typ("Forecast for a city, by day.").Keys("tab").Typ("weather, forecast").Keys("esc")
	f.Keys("ctrl+s")
	review := f.Screen()
	if !strings.Contains(review, "no findings") {
		t.Fatalf("review shows findings:\n%s", review)
	}
	f.Keys("enter") // Save
	final := f.final()
	if !final.Result().Saved {
		t.Fatalf("not saved; status %q", final.Status)
	}
	readValidCard(t, cardsteps.DefaultPath)
	requireGolden(t, pkg, review)
}

func TestFlowOnRequestTelCompletionError(t *testing.T) {
	pkg := tempWorkDir(t)
	data, _ := templates.Get("on-request")
	m := New(Options{Theme: style.NewTheme(false), Templates: []cardsteps.Template{{Name: "on-request", Description: "bank", Data: data}}})
	f := newFlow(t, m, 120, 40)
	f.Keys("down", "enter") // the On Request template
	f.Step(cardsteps.StepOnRequest)
	f.Keys("down", "enter", "ctrl+u").Typ("tel:+1-555-0199") // dispute-charge has a completion
	withTel := f.Screen()
	f.Keys("ctrl+u").Typ("https://bank.example/support/disputes")
	withHTTPS := f.Screen()
	f.tm.Quit()
	f.final()

	const code = "onrequest/"
	if !strings.Contains(withTel, "✗ "+code) {
		t.Fatalf("no On Request error shown with a tel: entry and a completion:\n%s", withTel)
	}
	if strings.Contains(withHTTPS, "✗ "+code) {
		t.Fatalf("the error stays once the entry is https:\n%s", withHTTPS)
	}
	requireGolden(t, pkg, withTel+"\n---- entry is https ----\n"+withHTTPS)
}

func TestFlowOASFPickerSkillsAndDomains(t *testing.T) {
	pkg := tempWorkDir(t)
	doc, err := model.Parse([]byte(minimalCard))
	if err != nil {
		t.Fatal(err)
	}
	m := New(Options{Doc: doc, Theme: style.NewTheme(false)})
	f := newFlow(t, m, 140, 50)
	f.Step(cardsteps.StepOASF)
	f.Keys("tab", "tab", "enter") // skills picker
	f.Typ("summarization").Keys("enter")
	f.Keys("esc").Typ("translation").Keys("enter")
	f.Keys("esc").Typ("sentiment").Keys("enter")
	f.Keys("esc", "esc") // clear the query, leave the picker
	f.Keys("tab", "enter")
	f.Typ("network security").Keys("enter")
	f.Keys("esc").Typ("cloud").Keys("enter")
	f.Keys("esc", "esc")
	shot := f.Screen()
	f.tm.Quit()
	final := f.final()

	js := string(final.s.JSON)
	doc2, err := model.Parse(final.s.JSON)
	if err != nil {
		t.Fatal(err)
	}
	ext := "/capabilities/extensions/0/params"
	if n := doc2.Find(ext + "/skills").Len(); n != 3 {
		t.Fatalf("%d skills chosen, want 3:\n%s", n, js)
	}
	if n := doc2.Find(ext + "/domains").Len(); n != 2 {
		t.Fatalf("%d domains chosen, want 2:\n%s", n, js)
	}
	for i := 0; i < 3; i++ {
		if doc2.Find(ext+"/skills/"+itoa(i)+"/id") == nil {
			t.Fatalf("skill %d has no id:\n%s", i, js)
		}
	}
	if !strings.Contains(shot, `"id": 10302`) && !strings.Contains(shot, "10302") {
		t.Fatalf("the preview does not show the ids:\n%s", shot)
	}
	requireGolden(t, pkg, shot)
}

// requireGolden compares with testdata/<test>.golden in the package
// directory, whatever the test's working directory is.
func requireGolden(t *testing.T, pkgDir string, out string) {
	t.Helper()
	if err := os.Chdir(pkgDir); err != nil {
		t.Fatal(err)
	}
	golden.RequireEqual(t, []byte(out))
}

// tempWorkDir moves the test into a temporary directory and returns the
// package directory (for the goldens).
func tempWorkDir(t *testing.T) string {
	t.Helper()
	pkg, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	return pkg
}

func itoa(i int) string { return filepath.Base(strings.TrimPrefix(editor.Item("", i), "/")) }

// fillMinimalCard drives a blank card to a minimal valid one, as a person
// would: Start (blank), Agent, Interfaces, Skills.
func fillMinimalCard(d *driver) {
	d.T.Helper()
	d.Press("enter") // blank card
	d.Typ("Weather Helper").Press("tab")
	d.Typ("Gives forecasts for any city.").Press("tab")
	d.Press("ctrl+n") // Interfaces
	d.Press("a")
	d.Typ("https://weather.example/a2a").Press("esc")
	d.Press("ctrl+n", "ctrl+n") // Capabilities, Skills
	d.Press("a")
	d.Typ("City forecast").Press("tab", "tab")
	d.Typ("Forecast for a city, by day.").Press("tab")
	d.Typ("weather, forecast").Press("esc")
}

func TestBlankToMinimalValidCardSaved(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "agent-card.json")
	d := newDriver(t, Options{Output: out, DraftDir: filepath.Join(dir, "drafts")})
	fillMinimalCard(d)
	if n := d.errorsCount(); n != 0 {
		t.Fatalf("%d errors after filling the card: %v\n%s", n, d.diagCodes(), d.json())
	}
	if got := d.m.s.Text("/skills/0/id"); got != "city-forecast" {
		t.Errorf("skill id = %q, want the slug city-forecast", got)
	}
	d.Press("ctrl+s") // review
	d.MustContain("Review & save", "Save to")
	d.Press("ctrl+s") // save
	if !d.m.result.Saved || !d.m.quitting {
		t.Fatalf("not saved: %+v, status %q", d.m.result, d.m.Status)
	}
	data := readValidCard(t, out)
	if !strings.Contains(string(data), `"name": "Weather Helper"`) {
		t.Errorf("saved card lacks the name:\n%s", data)
	}
	// A saved card needs no draft any more.
	if left, _ := filepath.Glob(filepath.Join(dir, "drafts", "*.json")); len(left) != 0 {
		t.Errorf("drafts left after save: %v", left)
	}
}

// d deletes a skill at once and says so; ctrl+z brings it back with its On
// Request entry, on the list where it was deleted.
func TestFlowUndoDeleteSkill(t *testing.T) {
	pkg := tempWorkDir(t)
	data, _ := templates.Get("on-request")
	m := New(Options{Theme: style.NewTheme(false), Templates: []cardsteps.Template{{Name: "on-request", Description: "bank", Data: data}}})
	f := newFlow(t, m, 120, 40)
	f.Keys("down", "enter")                   // the On Request template
	f.Step(cardsteps.StepSkills).Keys("down") // Dispute a card charge
	before := f.Screen()
	f.Keys("d")
	deleted := f.Screen()
	f.Keys("ctrl+z")
	undone := f.Screen()
	f.tm.Quit()
	final := f.final()

	if !strings.Contains(deleted, "deleted skill Dispute a card charge") || strings.Contains(deleted, ". Dispute a card charge") {
		t.Fatalf("the delete is not shown:\n%s", deleted)
	}
	if !strings.Contains(undone, "› 2. Dispute a card charge  [dispute-charge]") {
		t.Fatalf("the skill is not back under the cursor:\n%s", undone)
	}
	if cardsteps.OnRequestEntry(final.s, "dispute-charge") < 0 {
		t.Fatalf("the On Request entry is not back:\n%s", final.s.JSON)
	}
	if !strings.Contains(before, "› 2. Dispute a card charge  [dispute-charge]") {
		t.Fatalf("fixture changed:\n%s", before)
	}
	requireGolden(t, pkg, deleted+"\n---- ctrl+z ----\n"+undone)
}

// TestFlowEditOnRequestEntry runs the editor as a Bubble Tea program: open
// a card, change one personEntry on the On Request step, review the diff,
// confirm; the file differs from the original in that one line.
func TestFlowEditOnRequestEntry(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(editTestdata, "edit-v10.json"))
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	if err := os.WriteFile("card.json", data, 0o644); err != nil {
		t.Fatal(err)
	}
	es, err := edit.OpenMax("card.json", 0)
	if err != nil {
		t.Fatal(err)
	}
	es.Prepare(func(d *model.Doc) { model.NewCard(d) })

	f := newFlow(t, New(Options{Edit: es, Theme: style.NewTheme(false)}), 120, 40)
	f.Step(cardsteps.StepOnRequest).Keys("enter") // the first skill's entry
	f.Typ("/new")
	f.Keys("ctrl+s") // Review: the diff
	review := f.Screen()
	f.Keys("ctrl+s") // the confirmation
	confirm := f.Screen()
	f.Keys("y")
	final := f.final()

	if !final.Result().Saved {
		t.Fatalf("not saved; status %q\n%s", final.Status, confirm)
	}
	got, err := os.ReadFile("card.json")
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Replace(string(data), "support/disputes\"", "support/disputes/new\"", 1)
	if string(got) != want {
		t.Fatalf("the file is not the original with one change:\n%s", edit.UnifiedDiff("card.json", []byte(want), got))
	}
	if !strings.Contains(confirm, "Write card.json?") {
		t.Fatalf("no confirmation:\n%s", confirm)
	}
	requireEditGolden(t, "edit-flow-review.golden", review)
}

// requireEditGolden compares out with testdata/name; -update rewrites it
// (the flag is the golden package's, as for the other flows).
func requireEditGolden(t *testing.T, name, out string) {
	t.Helper()
	path := filepath.Join(editTestdata, name)
	if fl := flag.Lookup("update"); fl != nil && fl.Value.String() == "true" {
		if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./tui/cardedit -run %s -update)", err, t.Name())
	}
	if d := udiff.Unified("golden", "run", string(want), out); d != "" {
		t.Fatalf("the screen differs from %s:\n%s", name, d)
	}
}

// The Security step in the real program: a v1.0 card whose scheme is in
// the v0.3 form (a2a/security-scheme-variants) is fixed from the
// diagnostic, then the card requires the scheme and a new OAuth scheme.
func TestFlowSecurityStep(t *testing.T) {
	pkg := tempWorkDir(t)
	doc, err := model.Parse([]byte(securedCard(`"securitySchemes": {"token": {"type": "http", "scheme": "bearer", "bearerFormat": "JWT"}}`)))
	if err != nil {
		t.Fatal(err)
	}
	f := newFlow(t, New(Options{Doc: doc, Theme: style.NewTheme(false)}), 120, 40)
	f.Step(cardsteps.StepSecurity)
	list := f.Screen()
	f.Keys("ctrl+g", "enter") // the variant error: the scheme's form
	f.Keys("tab", "enter")    // Convert to the v1.0 form
	converted := f.Screen()
	f.Keys("esc", "a", "right", "right", "right") // a new scheme: OAuth 2
	f.Keys("tab", "right", "right")               // flow: device
	f.Keys("tab").Typ("https://auth.example/device")
	f.Keys("tab").Typ("https://auth.example/token")
	f.Keys("esc", "down", "enter").Typ("token | oauth2") // the card's requirements
	required := f.Screen()
	f.tm.Quit()
	final := f.final()

	if !strings.Contains(list, "security-scheme-variants") || !strings.Contains(list, "v0.3 form") {
		t.Fatalf("the list does not show the v0.3 scheme:\n%s", list)
	}
	if strings.Contains(converted, "security-scheme-variants") || !strings.Contains(converted, "Bearer format") {
		t.Fatalf("the scheme is not converted:\n%s", converted)
	}
	if e := final.s.Diags; len(e) != 0 {
		t.Fatalf("findings left: %v\n%s", e, final.s.JSON)
	}
	for _, want := range []string{`"httpAuthSecurityScheme"`, `"bearerFormat": "JWT"`, `"deviceCode"`,
		`"deviceAuthorizationUrl": "https://auth.example/device"`, `"oauth2": {`} {
		if !strings.Contains(string(final.s.JSON), want) {
			t.Fatalf("the card lacks %s:\n%s", want, final.s.JSON)
		}
	}
	if n := final.s.Doc.Find("/securityRequirements").Len(); n != 2 {
		t.Fatalf("the card requires %d alternatives, want 2:\n%s", n, final.s.JSON)
	}
	requireGolden(t, pkg, list+"\n---- converted ----\n"+converted+"\n---- required ----\n"+required)
}
