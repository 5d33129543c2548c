package keydrive

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// keyDriver sends keys to a root model (the card editor or the catalog
// editor) straight through Update, running the commands that produce the
// program's own messages; a quit is reported to onQuit. D is the driver
// that embeds it: press and typ return it, so that calls chain.
type KeyDriver[D any] struct {
	T      *testing.T
	Self   D
	Update func(tea.Msg) tea.Cmd
	Render func() string
	OnQuit func()
	// follow says which of the program's own messages (beyond batches and
	// quits) go back into update, as the runtime would deliver them.
	Follow func(tea.Msg) bool
}

// press sends keys by name, one after the other.
func (k *KeyDriver[D]) Press(keys ...string) D {
	k.T.Helper()
	for _, name := range keys {
		k.Send(KeyMsg(name))
	}
	return k.Self
}

// typ types text, one key per rune.
func (k *KeyDriver[D]) Typ(text string) D {
	k.T.Helper()
	for _, r := range text {
		if r == ' ' {
			k.Send(KeyMsg("space"))
			continue
		}
		k.Send(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	return k.Self
}

// send delivers one message and follows the commands that yield the
// program's own messages.
func (k *KeyDriver[D]) Send(msg tea.Msg) {
	k.run(k.Update(msg), 0)
}

func (k *KeyDriver[D]) run(cmd tea.Cmd, depth int) {
	if cmd == nil || depth > 3 {
		return
	}
	switch msg := cmd().(type) {
	case tea.BatchMsg:
		for _, c := range msg {
			k.run(c, depth+1)
		}
	case tea.QuitMsg:
		k.OnQuit()
	default:
		if k.Follow != nil && k.Follow(msg) {
			k.run(k.Update(msg), depth+1)
		}
	}
}

// screen is the current frame without styles.
func (k *KeyDriver[D]) Screen() string { return ansi.Strip(k.Render()) }

func (k *KeyDriver[D]) MustContain(parts ...string) {
	k.T.Helper()
	sc := k.Screen()
	for _, p := range parts {
		if !strings.Contains(sc, p) {
			k.T.Fatalf("screen lacks %q:\n%s", p, sc)
		}
	}
}

// keyMsg builds the key message a terminal would send for a key name as
// the keymap spells it ("tab", "ctrl+n", "shift+up", "a").
func KeyMsg(name string) tea.KeyPressMsg {
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
