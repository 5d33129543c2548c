package style

import (
	"charm.land/bubbles/v2/key"
)

// KeyMap is the one keymap of the program: every key the program reacts to
// is declared here, and the help footer and docs/keys.md are built from it.
// No bare letter is bound while a text field has focus; letters are only
// used in list views where no text is being typed.
type KeyMap struct {
	NextStep    key.Binding
	PrevStep    key.Binding
	GoToStep    key.Binding
	Palette     key.Binding
	NextField   key.Binding
	PrevField   key.Binding
	Enter       key.Binding
	Back        key.Binding
	Toggle      key.Binding
	Pane        key.Binding
	Left        key.Binding
	Right       key.Binding
	Up          key.Binding
	Down        key.Binding
	Add         key.Binding
	Remove      key.Binding
	MoveUp      key.Binding
	MoveDown    key.Binding
	Diagnostics key.Binding
	Preview     key.Binding
	ScrollUp    key.Binding
	ScrollDown  key.Binding
	Home        key.Binding
	End         key.Binding
	Filter      key.Binding
	Save        key.Binding
	Undo        key.Binding
	Redo        key.Binding
	Help        key.Binding
	Quit        key.Binding
	Yes         key.Binding
	No          key.Binding
}

// Keys is the keymap.
var Keys = KeyMap{
	NextStep: key.NewBinding(key.WithKeys("ctrl+n"), key.WithHelp("ctrl+n", "next step")),
	PrevStep: key.NewBinding(key.WithKeys("ctrl+p"), key.WithHelp("ctrl+p", "prev step")),
	GoToStep: key.NewBinding(key.WithKeys("alt+1", "alt+2", "alt+3", "alt+4", "alt+5", "alt+6", "alt+7", "alt+8", "alt+9", "alt+0"),
		key.WithHelp("alt+1…9, 0", "go to step (0 is the 10th)")),
	// The palette goes to a step by name (typed, filtered), whatever the
	// number of steps.
	Palette:     key.NewBinding(key.WithKeys("ctrl+o"), key.WithHelp("ctrl+o", "go to step by name")),
	NextField:   key.NewBinding(key.WithKeys("tab", "down"), key.WithHelp("tab", "next")),
	PrevField:   key.NewBinding(key.WithKeys("shift+tab", "up"), key.WithHelp("shift+tab", "prev")),
	Enter:       key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "open/confirm")),
	Back:        key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),
	Toggle:      key.NewBinding(key.WithKeys("space"), key.WithHelp("space", "toggle")),
	Pane:        key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "chosen ⇄ search")),
	Left:        key.NewBinding(key.WithKeys("left"), key.WithHelp("←", "choose/up")),
	Right:       key.NewBinding(key.WithKeys("right"), key.WithHelp("→", "choose/open")),
	Up:          key.NewBinding(key.WithKeys("up"), key.WithHelp("↑", "up")),
	Down:        key.NewBinding(key.WithKeys("down"), key.WithHelp("↓", "down")),
	Add:         key.NewBinding(key.WithKeys("a", "insert"), key.WithHelp("a", "add")),
	Remove:      key.NewBinding(key.WithKeys("d", "delete"), key.WithHelp("d", "remove")),
	MoveUp:      key.NewBinding(key.WithKeys("shift+up", "alt+up"), key.WithHelp("shift+↑", "move up")),
	MoveDown:    key.NewBinding(key.WithKeys("shift+down", "alt+down"), key.WithHelp("shift+↓", "move down")),
	Diagnostics: key.NewBinding(key.WithKeys("ctrl+g"), key.WithHelp("ctrl+g", "diagnostics")),
	Preview:     key.NewBinding(key.WithKeys("ctrl+t"), key.WithHelp("ctrl+t", "preview")),
	// pgup/pgdn page a list (else the preview); with shift they always
	// scroll the preview (Chrome.FrameKey tells them apart).
	ScrollUp:   key.NewBinding(key.WithKeys("pgup", "shift+pgup"), key.WithHelp("pgup", "page up")),
	ScrollDown: key.NewBinding(key.WithKeys("pgdown", "shift+pgdown"), key.WithHelp("pgdn", "page down")),
	Home:       key.NewBinding(key.WithKeys("home"), key.WithHelp("home", "first")),
	End:        key.NewBinding(key.WithKeys("end"), key.WithHelp("end", "last")),
	Filter:     key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "filter")),
	Save:       key.NewBinding(key.WithKeys("ctrl+s"), key.WithHelp("ctrl+s", "save")),
	// Undo and redo are control keys, which every terminal delivers (no
	// bare u: a text field must receive it).
	Undo: key.NewBinding(key.WithKeys("ctrl+z"), key.WithHelp("ctrl+z", "undo")),
	Redo: key.NewBinding(key.WithKeys("ctrl+y", "ctrl+r"), key.WithHelp("ctrl+y", "redo")),
	Help: key.NewBinding(key.WithKeys("f1"), key.WithHelp("f1", "keys")),
	Quit: key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "quit")),
	Yes:  key.NewBinding(key.WithKeys("y", "Y"), key.WithHelp("y", "yes")),
	No:   key.NewBinding(key.WithKeys("n", "N"), key.WithHelp("n", "no")),
}

// All lists every binding, grouped, for the full help and docs/keys.md.
func (k KeyMap) All() [][]key.Binding {
	return [][]key.Binding{
		{k.NextStep, k.PrevStep, k.GoToStep, k.Palette, k.Save, k.Quit, k.Help},
		{k.NextField, k.PrevField, k.Enter, k.Back, k.Toggle, k.Pane, k.Left, k.Right},
		{k.Add, k.Remove, k.MoveUp, k.MoveDown},
		{k.Undo, k.Redo, k.Diagnostics, k.Preview, k.ScrollUp, k.ScrollDown, k.Yes, k.No},
		{k.Home, k.End, k.Filter},
	}
}

// StepOfDigit is the step (0-based) a GoToStep key's digit goes to: 1 is
// the first, 9 the ninth and 0 the tenth; -1 for anything else.
func StepOfDigit(digit rune) int {
	switch {
	case digit == '0':
		return 9
	case digit >= '1' && digit <= '9':
		return int(digit - '1')
	}
	return -1
}
