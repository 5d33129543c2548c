package cardedit

import (
	"os"
	"testing"

	"github.com/oncard/oncard/internal/app"

	tea "charm.land/bubbletea/v2"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/cardsteps"
	"github.com/oncard/oncard/tui/editor"
	"github.com/oncard/oncard/tui/internal/keydrive"
	"github.com/oncard/oncard/tui/style"
	"github.com/oncard/oncard/validate"
)

// driver drives the card editor (keydriver_test.go).
type driver struct {
	keydrive.KeyDriver[*driver]
	m *Model
}

// newCardDriver drives m.
func newCardDriver(t *testing.T, m *Model) *driver {
	// Keys are sent one at a time and each refresh is run at once: no
	// frame to wait for.
	m.s.RefreshDelay = 0
	d := &driver{m: m}
	d.KeyDriver = keydrive.KeyDriver[*driver]{T: t, Self: d,
		Update: func(msg tea.Msg) tea.Cmd { _, cmd := m.Update(msg); return cmd },
		Render: m.Render,
		OnQuit: func() { m.quitting = true },
		Follow: func(msg tea.Msg) bool {
			switch msg.(type) {
			case editor.RefreshMsg, editor.CheckedMsg, editor.DraftSavedMsg[app.CatalogSettings], cardsteps.CatalogSourceMsg, cardsteps.OutputStatMsg, editor.Done[*Model]:
				return true
			}
			return false
		},
	}
	return d
}

// goStep goes to step id by name, as a person would: the step palette
// (ctrl+o), the step's title typed, enter. It fails the test unless the
// step is then the current one.
func (d *driver) goStep(id cardsteps.StepID) *driver {
	d.T.Helper()
	d.Press("ctrl+o").Typ(d.m.steps[at(id)].Title()).Press("enter")
	if d.m.cur != at(id) {
		d.T.Fatalf("the palette went to step %d (%s), not %s", d.m.cur, d.m.steps[d.m.cur].Title(), id)
	}
	return d
}

func newDriver(t *testing.T, opts Options) *driver {
	t.Helper()
	if opts.Theme == nil {
		opts.Theme = style.NewTheme(false)
	}
	m := New(opts)
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	return newCardDriver(t, m)
}

func newDriverJSON(t *testing.T, card string) *driver {
	t.Helper()
	doc, err := model.Parse([]byte(card))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	return newDriver(t, Options{Doc: doc})
}

func (d *driver) json() string { return string(d.m.s.JSON) }

func (d *driver) errorsCount() int {
	e, _, _ := validate.Counts(d.m.s.Diags)
	return e
}

func (d *driver) diagCodes() []string {
	var out []string
	for _, x := range d.m.s.Diags {
		out = append(out, x.Severity.String()+" "+x.Code+" "+x.Pointer)
	}
	return out
}

func teaSize(w, h int) tea.WindowSizeMsg { return tea.WindowSizeMsg{Width: w, Height: h} }

func mustParse(t *testing.T, s string) *model.Doc {
	t.Helper()
	doc, err := model.Parse([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// readValidCard reads the card saved at path and fails the test unless it
// parses and validates without errors.
func readValidCard(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := model.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if e, _, _ := validate.Counts(validate.Document(doc, validate.KindCard, nil)); e != 0 {
		t.Fatalf("saved card has errors:\n%s", data)
	}
	return data
}

// boolAt reads a boolean member; set is false when it is absent.
func boolAt(s *editor.State, ptr string) (v, set bool) {
	return s.Doc.Find(ptr).BoolValue()
}

// latestNewDraft reads the most recently saved draft of a new card in dir.
func latestNewDraft(dir string) (*app.Draft, error) {
	return (&app.Drafts{Dir: dir}).Latest(func(d *app.Draft) bool { return d.Kind == app.DraftNew })
}
