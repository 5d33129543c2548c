package tui

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
type keyDriver[D any] struct {
	t      *testing.T
	self   D
	update func(tea.Msg) tea.Cmd
	render func() string
	onQuit func()
}

// press sends keys by name, one after the other.
func (k *keyDriver[D]) press(keys ...string) D {
	k.t.Helper()
	for _, name := range keys {
		k.send(keyMsg(name))
	}
	return k.self
}

// typ types text, one key per rune.
func (k *keyDriver[D]) typ(text string) D {
	k.t.Helper()
	for _, r := range text {
		if r == ' ' {
			k.send(keyMsg("space"))
			continue
		}
		k.send(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	return k.self
}

// send delivers one message and follows the commands that yield the
// program's own messages.
func (k *keyDriver[D]) send(msg tea.Msg) {
	k.run(k.update(msg), 0)
}

func (k *keyDriver[D]) run(cmd tea.Cmd, depth int) {
	if cmd == nil || depth > 3 {
		return
	}
	switch msg := cmd().(type) {
	case tea.BatchMsg:
		for _, c := range msg {
			k.run(c, depth+1)
		}
	case tea.QuitMsg:
		k.onQuit()
	case draftSavedMsg:
		k.run(k.update(msg), depth+1)
	}
}

// screen is the current frame without styles.
func (k *keyDriver[D]) screen() string { return ansi.Strip(k.render()) }

func (k *keyDriver[D]) mustContain(parts ...string) {
	k.t.Helper()
	sc := k.screen()
	for _, p := range parts {
		if !strings.Contains(sc, p) {
			k.t.Fatalf("screen lacks %q:\n%s", p, sc)
		}
	}
}
