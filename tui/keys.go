package tui

import (
	"strings"

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
	NextField   key.Binding
	PrevField   key.Binding
	Enter       key.Binding
	Back        key.Binding
	Toggle      key.Binding
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
	Save        key.Binding
	Help        key.Binding
	Quit        key.Binding
	Yes         key.Binding
	No          key.Binding
}

// Keys is the keymap.
var Keys = KeyMap{
	NextStep: key.NewBinding(key.WithKeys("ctrl+n"), key.WithHelp("ctrl+n", "next step")),
	PrevStep: key.NewBinding(key.WithKeys("ctrl+p"), key.WithHelp("ctrl+p", "prev step")),
	GoToStep: key.NewBinding(key.WithKeys("alt+1", "alt+2", "alt+3", "alt+4", "alt+5", "alt+6", "alt+7", "alt+8", "alt+9"),
		key.WithHelp("alt+1…9", "go to step")),
	NextField:   key.NewBinding(key.WithKeys("tab", "down"), key.WithHelp("tab", "next")),
	PrevField:   key.NewBinding(key.WithKeys("shift+tab", "up"), key.WithHelp("shift+tab", "prev")),
	Enter:       key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "open/confirm")),
	Back:        key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),
	Toggle:      key.NewBinding(key.WithKeys("space"), key.WithHelp("space", "toggle")),
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
	ScrollUp:    key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "scroll")),
	ScrollDown:  key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdn", "scroll")),
	Save:        key.NewBinding(key.WithKeys("ctrl+s"), key.WithHelp("ctrl+s", "save")),
	Help:        key.NewBinding(key.WithKeys("f1"), key.WithHelp("f1", "keys")),
	Quit:        key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "quit")),
	Yes:         key.NewBinding(key.WithKeys("y", "Y"), key.WithHelp("y", "yes")),
	No:          key.NewBinding(key.WithKeys("n", "N"), key.WithHelp("n", "no")),
}

// All lists every binding, grouped, for the full help and docs/keys.md.
func (k KeyMap) All() [][]key.Binding {
	return [][]key.Binding{
		{k.NextStep, k.PrevStep, k.GoToStep, k.Save, k.Quit, k.Help},
		{k.NextField, k.PrevField, k.Enter, k.Back, k.Toggle, k.Left, k.Right},
		{k.Add, k.Remove, k.MoveUp, k.MoveDown},
		{k.Diagnostics, k.Preview, k.ScrollUp, k.ScrollDown, k.Yes, k.No},
	}
}

// KeysMarkdown lists every key of the keymap as a Markdown table (the
// source of docs/keys.md).
func KeysMarkdown() string {
	var b strings.Builder
	b.WriteString("# Keys of `oncard new` and `oncard edit`\n\n")
	b.WriteString("Generated from the one keymap (`tui/keys.go`); `go test ./tui -run TestKeysDoc` checks it.\n")
	b.WriteString("Bare letters (a, d, y, n) only act where no text is being typed: in lists and dialogs.\n")
	b.WriteString("`oncard edit FILE` on a terminal uses the same screens and keys; there ctrl+s shows the diff on Review, then asks before writing.\n\n")
	titles := []string{"Steps and program", "Fields and choices", "Lists (interfaces, skills)", "Panels and dialogs"}
	for i, group := range Keys.All() {
		b.WriteString("## " + titles[i] + "\n\n| key | keys sent | does |\n|---|---|---|\n")
		for _, k := range group {
			h := k.Help()
			b.WriteString("| `" + h.Key + "` | " + strings.Join(k.Keys(), ", ") + " | " + h.Desc + " |\n")
		}
		b.WriteString("\n")
	}
	b.WriteString(`## In the taxonomy picker (OASF step)

| key | does |
|---|---|
| typing | fuzzy search over names and captions (spaces match underscores) |
| ↑/↓, tab/shift+tab, pgup/pgdn | move |
| enter | toggle the class (a category heading opens instead) |
| space | toggle while browsing (while searching it is part of the query) |
| → / ← | open a level / go up a level (browsing) |
| esc | clear the search, then leave the picker |
`)
	return b.String()
}
