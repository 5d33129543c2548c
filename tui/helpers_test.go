package tui

import (
	"github.com/oncard/oncard/internal/app"
	"os"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/style"
	"github.com/oncard/oncard/validate"
)

// keyMsg builds the key message a terminal would send for a key name as
// the keymap spells it ("tab", "ctrl+n", "shift+up", "a").
func keyMsg(name string) tea.KeyPressMsg {
	var mod tea.KeyMod
	for {
		switch {
		case strings.HasPrefix(name, "ctrl+") && len(name) > 5:
			mod |= tea.ModCtrl
			name = name[5:]
			continue
		case strings.HasPrefix(name, "shift+") && len(name) > 6:
			mod |= tea.ModShift
			name = name[6:]
			continue
		case strings.HasPrefix(name, "alt+") && len(name) > 4:
			mod |= tea.ModAlt
			name = name[4:]
			continue
		}
		break
	}
	special := map[string]rune{
		"tab": tea.KeyTab, "enter": tea.KeyEnter, "esc": tea.KeyEscape, "space": tea.KeySpace,
		"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight,
		"pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown, "backspace": tea.KeyBackspace,
		"delete": tea.KeyDelete, "insert": tea.KeyInsert, "f1": tea.KeyF1, "home": tea.KeyHome, "end": tea.KeyEnd,
	}
	if code, ok := special[name]; ok {
		k := tea.KeyPressMsg{Code: code, Mod: mod}
		if code == tea.KeySpace && mod == 0 {
			k.Text = " "
		}
		return k
	}
	r := []rune(name)[0]
	if mod != 0 {
		return tea.KeyPressMsg{Code: r, Mod: mod}
	}
	return tea.KeyPressMsg{Code: r, Text: name}
}

// driver drives the card editor (keydriver_test.go).
type driver struct {
	keyDriver[*driver]
	m *Model
}

// newCardDriver drives m.
func newCardDriver(t *testing.T, m *Model) *driver {
	d := &driver{m: m}
	d.keyDriver = keyDriver[*driver]{t: t, self: d,
		update: func(msg tea.Msg) tea.Cmd { _, cmd := m.Update(msg); return cmd },
		render: m.render,
		onQuit: func() { m.quitting = true },
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
func (s *Session) boolAt(ptr string) (v, set bool) {
	return s.Doc.Find(ptr).BoolValue()
}

// latestNewDraft reads the most recently saved draft of a new card in dir.
func latestNewDraft(dir string) (*app.Draft, error) {
	return (&app.Drafts{Dir: dir}).Latest(func(d *app.Draft) bool { return d.Kind == app.DraftNew })
}
