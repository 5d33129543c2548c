package tui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/style"
)

// Fields are built on bubbles/textinput rather than huh: a field here is
// applied to the Doc on every keystroke, shows its diagnostics inline, and
// needs kinds huh has no field for (an optional boolean whose explicit false
// is kept, a choice with a "custom URI" text, media-type chips). huh's
// groups also own enter/tab and completion, which the step flow (revisit any
// step, jump from a diagnostic to a field) must own itself.

// field is one editable member of the card. It reads its value from the
// Session when loaded and writes it back on every change: the Doc is the
// only copy of the card.
type field interface {
	label() string
	pointer() string // the member it edits (highlight, diagnostics, jumps)
	load(s *Session)
	// update handles a key while the field has focus; changed says the
	// value changed (the caller then applies it and re-validates).
	update(msg tea.KeyPressMsg) (changed bool, cmd tea.Cmd)
	apply(s *Session)
	focus() tea.Cmd
	blur()
	view(th *style.Theme, focused bool, width int) string
}

// ---- text ----

// textKind says how the text of a textField maps to JSON.
type textKind int

const (
	textString   textKind = iota // a string; "" deletes an optional member
	textList                     // a comma separated list -> an array of strings
	textRequired                 // a string kept even when empty
)

type textField struct {
	lbl, ptr string
	kind     textKind
	sep      string // list separator (textList)
	hint     string
	input    textinput.Model
	// onApply runs after the value is written (e.g. to keep ids in step).
	onApply func(s *Session, value string)
	// defaultValue is shown when the member is absent (and written on change).
	defaultValue string
	// read and write, when set, replace reading and writing ptr (for values
	// that are not one member, like the schema server inside a URI).
	read  func(s *Session) string
	write func(s *Session, v string)
	// loaded is the value as read from the card; the input drops control
	// characters, so until the user types, the card's own text is shown
	// (neutralised).
	loaded string
	typed  bool
}

func newTextField(lbl, ptr string, kind textKind, placeholder string) *textField {
	in := newInput()
	if placeholder != "" && !strings.HasPrefix(placeholder, "(") {
		placeholder = "e.g. " + placeholder
	}
	in.Placeholder = placeholder
	in.Prompt = ""
	in.CharLimit = 0 // no limit: a long description must survive an edit
	return &textField{lbl: lbl, ptr: ptr, kind: kind, sep: ",", input: in}
}

func (f *textField) label() string   { return f.lbl }
func (f *textField) pointer() string { return f.ptr }
func (f *textField) focus() tea.Cmd  { return f.input.Focus() }
func (f *textField) blur()           { f.input.Blur() }
func (f *textField) value() string   { return f.input.Value() }

func (f *textField) setValue(v string) {
	f.input.SetValue(v)
	f.input.CursorEnd()
	f.typed = true
}

func (f *textField) load(s *Session) {
	if f.read != nil {
		f.setValue(f.read(s))
		return
	}
	switch f.kind {
	case textList:
		f.input.SetValue(strings.Join(s.strings(f.ptr), f.sep+" "))
	default:
		if s.Doc.Find(f.ptr) == nil && f.defaultValue != "" {
			f.input.SetValue(f.defaultValue)
		} else {
			f.input.SetValue(s.text(f.ptr))
		}
	}
	f.input.CursorEnd()
	f.loaded, f.typed = f.input.Value(), false
	if f.kind != textList && f.read == nil && s.Doc.Find(f.ptr) != nil {
		f.loaded = s.text(f.ptr)
	}
}

func (f *textField) update(msg tea.KeyPressMsg) (bool, tea.Cmd) {
	before := f.input.Value()
	var cmd tea.Cmd
	f.input, cmd = f.input.Update(msg)
	changed := f.input.Value() != before
	f.typed = f.typed || changed
	return changed, cmd
}

func (f *textField) apply(s *Session) {
	v := f.input.Value()
	if f.write != nil {
		f.write(s, v)
		return
	}
	switch f.kind {
	case textList:
		items := splitList(v, f.sep)
		if len(items) == 0 {
			s.note(s.setValue(f.ptr, nil))
		} else {
			s.note(s.setValue(f.ptr, items))
		}
	case textRequired:
		s.note(s.setValue(f.ptr, v))
	default:
		if strings.TrimSpace(v) == "" {
			s.note(s.setValue(f.ptr, nil))
		} else {
			s.note(s.setValue(f.ptr, v))
		}
	}
	if f.onApply != nil {
		f.onApply(s, v)
	}
}

func (f *textField) view(th *style.Theme, focused bool, width int) string {
	f.input.SetWidth(max(10, width-2))
	f.input.SetStyles(th.Input)
	lbl := th.Label.Render(f.lbl)
	if focused {
		lbl = th.LabelFocus.Render("› " + f.lbl)
	}
	var b strings.Builder
	b.WriteString(lbl)
	b.WriteString("\n  ")
	if focused {
		// The input echoes what the user types, which cannot contain
		// controls (the textinput drops them); loaded values can.
		b.WriteString(f.input.View())
	} else {
		v := f.input.Value()
		if !f.typed && f.loaded != "" {
			v = f.loaded
		}
		if v == "" {
			b.WriteString(th.Hint.Render("(empty)"))
		} else {
			b.WriteString(truncate(model.SafeText(v), width-2))
		}
	}
	if focused && f.hint != "" {
		b.WriteString("\n" + hintLines(th, f.hint, width))
	}
	return b.String()
}

func splitList(v, sep string) []string {
	var out []string
	for _, p := range strings.Split(v, sep) {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// ---- choice: one of a few values, cycled with ←/→/space ----

type choiceField struct {
	lbl, ptr string
	options  []string // shown; options[i] == noneOption means "absent"
	values   []any    // written; nil deletes the member
	idx      int
	// custom, when set, is the text typed for the last option ("custom URI").
	custom *textField
	hint   string
	// write, when set, replaces writing ptr.
	write func(s *Session, v any)
}

const noneOption = "(none)"

func newChoiceField(lbl, ptr string, options []string, values []any) *choiceField {
	return &choiceField{lbl: lbl, ptr: ptr, options: options, values: values}
}

func (f *choiceField) label() string   { return f.lbl }
func (f *choiceField) pointer() string { return f.ptr }
func (f *choiceField) focus() tea.Cmd {
	if f.onCustom() {
		return f.custom.focus()
	}
	return nil
}
func (f *choiceField) blur() {
	if f.custom != nil {
		f.custom.blur()
	}
}

func (f *choiceField) onCustom() bool { return f.custom != nil && f.idx == len(f.options)-1 }

func (f *choiceField) load(s *Session) {
	n := s.Doc.Find(f.ptr)
	f.idx = 0
	if n == nil {
		for i, v := range f.values {
			if v == nil {
				f.idx = i
			}
		}
		return
	}
	cur := n.Interface()
	for i, v := range f.values {
		if v != nil && equalScalar(v, cur) {
			f.idx = i
			return
		}
	}
	if f.custom != nil {
		f.idx = len(f.options) - 1
		f.custom.setValue(n.Text())
	}
}

func equalScalar(a, b any) bool {
	switch a := a.(type) {
	case string:
		bs, ok := b.(string)
		return ok && a == bs
	case bool:
		bb, ok := b.(bool)
		return ok && a == bb
	}
	return false
}

func (f *choiceField) update(msg tea.KeyPressMsg) (bool, tea.Cmd) {
	switch {
	case key.Matches(msg, style.Keys.Left):
		if f.onCustom() && f.custom.input.Position() > 0 {
			return f.custom.update(msg)
		}
		f.idx = (f.idx + len(f.options) - 1) % len(f.options)
		return true, f.focus()
	case key.Matches(msg, style.Keys.Right):
		if f.onCustom() && f.custom.input.Position() < len([]rune(f.custom.value())) {
			return f.custom.update(msg)
		}
		f.idx = (f.idx + 1) % len(f.options)
		return true, f.focus()
	case key.Matches(msg, style.Keys.Toggle) && !f.onCustom():
		f.idx = (f.idx + 1) % len(f.options)
		return true, f.focus()
	}
	if f.onCustom() {
		return f.custom.update(msg)
	}
	return false, nil
}

func (f *choiceField) apply(s *Session) {
	if f.onCustom() {
		v := strings.TrimSpace(f.custom.value())
		if v == "" {
			s.note(s.setValue(f.ptr, nil))
		} else {
			s.note(s.setValue(f.ptr, v))
		}
		return
	}
	if f.write != nil {
		f.write(s, f.values[f.idx])
		return
	}
	s.note(s.setValue(f.ptr, f.values[f.idx]))
}

func (f *choiceField) view(th *style.Theme, focused bool, width int) string {
	lbl := th.Label.Render(f.lbl)
	if focused {
		lbl = th.LabelFocus.Render("› " + f.lbl)
	}
	var parts []string
	for i, o := range f.options {
		if i == f.idx {
			parts = append(parts, th.Cursor.Render("["+o+"]"))
		} else {
			parts = append(parts, " "+o+" ")
		}
	}
	out := lbl + "\n  " + strings.Join(parts, "")
	if f.onCustom() {
		if focused {
			f.custom.input.SetWidth(max(10, width-4))
			f.custom.input.SetStyles(th.Input)
			out += "\n  URI: " + f.custom.input.View()
		} else {
			out += "\n  URI: " + truncate(model.SafeText(f.custom.value()), width-7)
		}
	}
	if focused {
		h := "←/→ choose"
		if f.hint != "" {
			h += " · " + f.hint
		}
		out += "\n" + hintLines(th, h, width)
	}
	return out
}

// triField is an optional boolean whose explicit false is kept: unset,
// true or false.
func newTriField(lbl, ptr string) *choiceField {
	return newChoiceField(lbl, ptr, []string{"unset", "true", "false"}, []any{nil, true, false})
}

// ---- button: an action on enter or space ----

type buttonField struct {
	lbl    string
	ptr    string
	action func(s *Session) string // returns a status message
	status string
}

func (f *buttonField) label() string    { return f.lbl }
func (f *buttonField) pointer() string  { return f.ptr }
func (f *buttonField) load(*Session)    {}
func (f *buttonField) focus() tea.Cmd   { return nil }
func (f *buttonField) blur()            { f.status = "" }
func (f *buttonField) apply(s *Session) { f.status = f.action(s) }
func (f *buttonField) update(msg tea.KeyPressMsg) (bool, tea.Cmd) {
	return key.Matches(msg, style.Keys.Enter, style.Keys.Toggle), nil
}
func (f *buttonField) view(th *style.Theme, focused bool, width int) string {
	b := "[ " + f.lbl + " ]"
	if focused {
		// The marker, as on every other focused field: without colour
		// (NO_COLOR, TERM=dumb) the style alone would not show the focus.
		b = th.Cursor.Render("› " + b)
	}
	if f.status != "" {
		b += "  " + th.OK.Render(f.status)
	}
	return b
}

// truncate cuts s to w terminal cells, ending with "…" when cut.
func truncate(s string, w int) string {
	if w <= 1 {
		return ""
	}
	return ansi.Truncate(s, w, "…")
}

// newInput is a text input with a steady cursor: a blinking one would need
// a timer message per keystroke for nothing.
func newInput() textinput.Model {
	in := textinput.New()
	st := in.Styles()
	st.Cursor.Blink = false
	in.SetStyles(st)
	return in
}

// hintLines is a faint explanation, word-wrapped and indented under a field.
func hintLines(th *style.Theme, hint string, width int) string {
	return indentLines(th.Hint.Render(ansi.Wrap(hint, max(10, width-2), "")), 2)
}
