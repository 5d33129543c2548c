package widgets

import (
	"github.com/oncard/oncard/tui/editor"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/style"
)

// commonModes are the media types offered as toggles for input and output
// modes; anything else is typed in the "other" box.
var CommonModes = []string{"text/plain", "application/json", "text/markdown", "text/html", "image/png", "audio/mpeg", "application/pdf"}

// modesField edits a list of media types: toggles for the common ones
// (←/→ move, space toggles) and a text box for others (comma separated).
type modesField struct {
	lbl, ptr string
	// optional lists (a skill's own modes) are removed when empty; the
	// card's defaults are required and kept as [] for validate to flag.
	optional bool
	Hint     string
	chosen   []string // common types chosen, in order
	cursor   int      // 0..len(commonModes); len(commonModes) is the text box
	other    *TextField
}

func NewModesField(lbl, ptr string, optional bool) *modesField {
	other := NewTextField("", ptr, TextList, "(other media types, comma separated)")
	return &modesField{lbl: lbl, ptr: ptr, optional: optional, other: other}
}

func (f *modesField) Label() string   { return f.lbl }
func (f *modesField) Pointer() string { return f.ptr }
func (f *modesField) onOther() bool   { return f.cursor == len(CommonModes) }

func (f *modesField) Focus() tea.Cmd {
	if f.onOther() {
		return f.other.Focus()
	}
	f.other.blur()
	return nil
}

func (f *modesField) blur() { f.other.blur() }

func isCommonMode(m string) bool {
	for _, c := range CommonModes {
		if c == m {
			return true
		}
	}
	return false
}

func (f *modesField) Load(s *editor.State) {
	f.chosen = nil
	var others []string
	for _, m := range s.Strings(f.ptr) {
		if isCommonMode(m) {
			f.chosen = append(f.chosen, m)
		} else {
			others = append(others, m)
		}
	}
	f.other.Input.SetValue(strings.Join(others, ", "))
	f.other.Input.CursorEnd()
	f.other.loaded, f.other.typed = f.other.Input.Value(), false
}

func (f *modesField) isChosen(m string) int {
	for i, c := range f.chosen {
		if c == m {
			return i
		}
	}
	return -1
}

func (f *modesField) Update(msg tea.KeyPressMsg) (bool, tea.Cmd) {
	switch {
	case key.Matches(msg, style.Keys.Left) && (!f.onOther() || f.other.Input.Position() == 0):
		if f.cursor > 0 {
			f.cursor--
		}
		return false, f.Focus()
	case key.Matches(msg, style.Keys.Right) && !f.onOther():
		f.cursor++
		return false, f.Focus()
	case key.Matches(msg, style.Keys.Toggle) && !f.onOther():
		m := CommonModes[f.cursor]
		if i := f.isChosen(m); i >= 0 {
			f.chosen = append(f.chosen[:i:i], f.chosen[i+1:]...)
		} else {
			f.chosen = append(f.chosen, m)
		}
		return true, nil
	}
	if f.onOther() {
		return f.other.Update(msg)
	}
	return false, nil
}

// modes is the list written: the chosen common types, then the others.
func (f *modesField) modes() []string {
	out := append([]string(nil), f.chosen...)
	for _, m := range splitList(f.other.Value(), ",") {
		if f.isChosen(m) < 0 {
			out = append(out, m)
		}
	}
	return out
}

func (f *modesField) Apply(s *editor.State) {
	m := f.modes()
	if len(m) == 0 && f.optional {
		s.Note(s.SetValue(f.ptr, nil))
		return
	}
	if m == nil {
		m = []string{}
	}
	s.Note(s.SetValue(f.ptr, m))
}

func (f *modesField) View(th *style.Theme, focused bool, width int) string {
	lbl := LabelLines(th, f.lbl, focused, width)
	if !focused {
		v := Truncate(model.SafeText(strings.Join(f.modes(), ", ")), width-2)
		if v == "" {
			v = th.Hint.Render("(none)")
			if f.optional {
				v = th.Hint.Render("(the card's defaults)")
			}
		}
		return lbl + "\n  " + v
	}
	var chips []string
	for i, m := range CommonModes {
		box := "[ ] "
		if f.isChosen(m) >= 0 {
			box = "[x] "
		}
		chip := box + m
		if i == f.cursor {
			chip = th.Cursor.Render(chip)
		}
		chips = append(chips, " "+chip)
	}
	var b strings.Builder
	b.WriteString(lbl)
	// Chips are measured in cells (never in bytes: a styled chip carries
	// escape codes) and wrapped between chips.
	b.WriteString("\n" + indentLines(WrapRow(chips, width-1), 1))
	other := "  other: "
	if f.onOther() {
		f.other.Input.SetWidth(max(10, width-10))
		f.other.Input.SetStyles(th.Input)
		b.WriteString("\n" + th.LabelFocus.Render(other) + EscapeInvisible(f.other.Input.View()))
	} else {
		b.WriteString("\n" + other + Truncate(model.SafeText(f.other.Value()), width-9))
	}
	h := "←/→ move · space toggles · other types in the box, comma separated"
	if f.Hint != "" {
		h = f.Hint + " · " + h
	}
	b.WriteString("\n" + HintLines(th, h, width))
	return b.String()
}
