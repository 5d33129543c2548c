package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/oncard/oncard/model"
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

// driver sends keys to a model straight through Update, running the
// commands that produce our own messages (chosen, save).
type driver struct {
	t *testing.T
	m *Model
}

func newDriver(t *testing.T, opts Options) *driver {
	t.Helper()
	if opts.Theme == nil {
		opts.Theme = NewTheme(false)
	}
	m := New(opts)
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	return &driver{t: t, m: m}
}

func newDriverJSON(t *testing.T, card string) *driver {
	t.Helper()
	doc, err := model.Parse([]byte(card))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	return newDriver(t, Options{Doc: doc})
}

// press sends keys by name, one after the other.
func (d *driver) press(keys ...string) *driver {
	d.t.Helper()
	for _, k := range keys {
		d.send(keyMsg(k))
	}
	return d
}

// typ types text, one key per rune.
func (d *driver) typ(text string) *driver {
	d.t.Helper()
	for _, r := range text {
		if r == ' ' {
			d.send(keyMsg("space"))
			continue
		}
		d.send(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	return d
}

// send delivers one message and follows the commands that yield the
// program's own messages (a quit is recorded).
func (d *driver) send(msg tea.Msg) {
	_, cmd := d.m.Update(msg)
	d.run(cmd, 0)
}

func (d *driver) run(cmd tea.Cmd, depth int) {
	if cmd == nil || depth > 3 {
		return
	}
	msg := cmd()
	switch msg := msg.(type) {
	case tea.BatchMsg:
		for _, c := range msg {
			d.run(c, depth+1)
		}
	case tea.QuitMsg:
		d.m.quitting = true
	}
}

// screen is the current frame without styles.
func (d *driver) screen() string { return ansi.Strip(d.m.render()) }

func (d *driver) json() string { return string(d.m.s.JSON) }

func (d *driver) mustContain(parts ...string) {
	d.t.Helper()
	sc := d.screen()
	for _, p := range parts {
		if !strings.Contains(sc, p) {
			d.t.Fatalf("screen lacks %q:\n%s", p, sc)
		}
	}
}

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
