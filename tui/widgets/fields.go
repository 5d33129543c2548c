package widgets

import (
	"github.com/oncard/oncard/tui/editor"
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
type Field interface {
	Label() string
	Pointer() string // the member it edits (highlight, diagnostics, jumps)
	Load(s *editor.State)
	// update handles a key while the field has focus; changed says the
	// value changed (the caller then applies it and re-validates).
	Update(msg tea.KeyPressMsg) (changed bool, cmd tea.Cmd)
	Apply(s *editor.State)
	Focus() tea.Cmd
	blur()
	View(th *style.Theme, focused bool, width int) string
}

// ---- text ----

// textKind says how the text of a textField maps to JSON.
type textKind int

const (
	TextString   textKind = iota // a string; "" deletes an optional member
	TextList                     // a comma separated list -> an array of strings
	TextRequired                 // a string kept even when empty
)

type TextField struct {
	Lbl, ptr string
	kind     textKind
	Sep      string // list separator (textList)
	Hint     string
	Input    textinput.Model
	// onApply runs after the value is written (e.g. to keep ids in step).
	OnApply func(s *editor.State, value string)
	// defaultValue is shown when the member is absent (and written on change).
	DefaultValue string
	// Suggested, when set, is the value offered while the field is empty
	// (shown as the placeholder; enter takes it, and so does an empty
	// answer line by line).
	Suggested string
	// read and write, when set, replace reading and writing ptr (for values
	// that are not one member, like the schema server inside a URI).
	Read  func(s *editor.State) string
	Write func(s *editor.State, v string)
	// loaded is the value as read from the card; the input drops control
	// characters, so until the user types, the card's own text is shown
	// (neutralised).
	loaded string
	typed  bool
}

func NewTextField(lbl, ptr string, kind textKind, placeholder string) *TextField {
	in := NewInput()
	if placeholder != "" && !strings.HasPrefix(placeholder, "(") {
		placeholder = "e.g. " + placeholder
	}
	in.Placeholder = placeholder
	in.Prompt = ""
	in.CharLimit = 0 // no limit: a long description must survive an edit
	return &TextField{Lbl: lbl, ptr: ptr, kind: kind, Sep: ",", Input: in}
}

func (f *TextField) Label() string   { return f.Lbl }
func (f *TextField) Pointer() string { return f.ptr }
func (f *TextField) Focus() tea.Cmd  { return f.Input.Focus() }
func (f *TextField) blur()           { f.Input.Blur() }
func (f *TextField) Value() string   { return f.Input.Value() }

func (f *TextField) SetValue(v string) {
	f.Input.SetValue(v)
	f.Input.CursorEnd()
	f.typed = true
}

func (f *TextField) Load(s *editor.State) {
	if f.Read != nil {
		f.SetValue(f.Read(s))
		return
	}
	switch f.kind {
	case TextList:
		f.Input.SetValue(strings.Join(s.Strings(f.ptr), f.Sep+" "))
	default:
		if s.Doc.Find(f.ptr) == nil && f.DefaultValue != "" {
			f.Input.SetValue(f.DefaultValue)
		} else {
			f.Input.SetValue(s.Text(f.ptr))
		}
	}
	f.Input.CursorEnd()
	f.loaded, f.typed = f.Input.Value(), false
	if f.kind != TextList && f.Read == nil && s.Doc.Find(f.ptr) != nil {
		f.loaded = s.Text(f.ptr)
	}
}

func (f *TextField) Update(msg tea.KeyPressMsg) (bool, tea.Cmd) {
	before := f.Input.Value()
	var cmd tea.Cmd
	f.Input, cmd = f.Input.Update(msg)
	changed := f.Input.Value() != before
	f.typed = f.typed || changed
	return changed, cmd
}

func (f *TextField) Apply(s *editor.State) {
	v := f.Input.Value()
	if f.Write != nil {
		f.Write(s, v)
		return
	}
	switch f.kind {
	case TextList:
		items := splitList(v, f.Sep)
		if len(items) == 0 {
			s.Note(s.SetValue(f.ptr, nil))
		} else {
			s.Note(s.SetValue(f.ptr, items))
		}
	case TextRequired:
		s.Note(s.SetValue(f.ptr, v))
	default:
		if strings.TrimSpace(v) == "" {
			s.Note(s.SetValue(f.ptr, nil))
		} else {
			s.Note(s.SetValue(f.ptr, v))
		}
	}
	if f.OnApply != nil {
		f.OnApply(s, v)
	}
}

func (f *TextField) View(th *style.Theme, focused bool, width int) string {
	f.Input.SetWidth(max(10, width-2))
	f.Input.SetStyles(th.Input)
	var b strings.Builder
	b.WriteString(LabelLines(th, f.Lbl, focused, width))
	b.WriteString("\n  ")
	if focused {
		// The input echoes what the user types, which cannot contain
		// controls (the textinput drops them); loaded values can, and
		// both can hold invisible characters, shown escaped.
		b.WriteString(EscapeInvisible(f.Input.View()))
	} else {
		v := f.Input.Value()
		if !f.typed && f.loaded != "" {
			v = f.loaded
		}
		if v == "" {
			b.WriteString(th.Hint.Render("(empty)"))
		} else {
			b.WriteString(Truncate(model.SafeText(v), width-2))
		}
	}
	if focused && f.Hint != "" {
		b.WriteString("\n" + HintLines(th, f.Hint, width))
	}
	return b.String()
}

// EscapeInvisible shows the invisible format characters of a rendered
// input (U+202E, U+2066, U+200B, U+200D, U+FEFF, …) as model.SafeText
// does, escaped: they reach the terminal in no field raw, as in no
// preview. Control characters are left alone: in a rendered view they
// are the renderer's own escape sequences (the input drops those typed).
func EscapeInvisible(view string) string {
	if !strings.ContainsFunc(view, isInvisible) {
		return view
	}
	var b strings.Builder
	for _, r := range view {
		if isInvisible(r) {
			b.WriteString(model.SafeText(string(r)))
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// isInvisible is a character SafeText escapes that is no control.
func isInvisible(r rune) bool {
	return r >= 0xa0 && model.SafeText(string(r)) != string(r)
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

type ChoiceField struct {
	lbl, ptr string
	options  []string // shown; options[i] == noneOption means "absent"
	values   []any    // written; nil deletes the member
	Idx      int
	// custom, when set, is the text typed for the last option ("custom URI").
	Custom *TextField
	Hint   string
	// write, when set, replaces writing ptr.
	Write func(s *editor.State, v any)
}

const NoneOption = "(none)"

func NewChoiceField(lbl, ptr string, options []string, values []any) *ChoiceField {
	return &ChoiceField{lbl: lbl, ptr: ptr, options: options, values: values}
}

func (f *ChoiceField) Label() string   { return f.lbl }
func (f *ChoiceField) Pointer() string { return f.ptr }
func (f *ChoiceField) Focus() tea.Cmd {
	if f.onCustom() {
		return f.Custom.Focus()
	}
	return nil
}
func (f *ChoiceField) blur() {
	if f.Custom != nil {
		f.Custom.blur()
	}
}

func (f *ChoiceField) onCustom() bool { return f.Custom != nil && f.Idx == len(f.options)-1 }

func (f *ChoiceField) Load(s *editor.State) {
	n := s.Doc.Find(f.ptr)
	f.Idx = 0
	if n == nil {
		for i, v := range f.values {
			if v == nil {
				f.Idx = i
			}
		}
		return
	}
	cur := n.Interface()
	for i, v := range f.values {
		if v != nil && equalScalar(v, cur) {
			f.Idx = i
			return
		}
	}
	if f.Custom != nil {
		f.Idx = len(f.options) - 1
		f.Custom.SetValue(n.Text())
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

func (f *ChoiceField) Update(msg tea.KeyPressMsg) (bool, tea.Cmd) {
	switch {
	case key.Matches(msg, style.Keys.Left):
		if f.onCustom() && f.Custom.Input.Position() > 0 {
			return f.Custom.Update(msg)
		}
		f.Idx = (f.Idx + len(f.options) - 1) % len(f.options)
		return true, f.Focus()
	case key.Matches(msg, style.Keys.Right):
		if f.onCustom() && f.Custom.Input.Position() < len([]rune(f.Custom.Value())) {
			return f.Custom.Update(msg)
		}
		f.Idx = (f.Idx + 1) % len(f.options)
		return true, f.Focus()
	case key.Matches(msg, style.Keys.Toggle) && !f.onCustom():
		f.Idx = (f.Idx + 1) % len(f.options)
		return true, f.Focus()
	}
	if f.onCustom() {
		return f.Custom.Update(msg)
	}
	return false, nil
}

func (f *ChoiceField) Apply(s *editor.State) {
	if f.onCustom() {
		v := strings.TrimSpace(f.Custom.Value())
		if v == "" {
			s.Note(s.SetValue(f.ptr, nil))
		} else {
			s.Note(s.SetValue(f.ptr, v))
		}
		return
	}
	if f.Write != nil {
		f.Write(s, f.values[f.Idx])
		return
	}
	s.Note(s.SetValue(f.ptr, f.values[f.Idx]))
}

func (f *ChoiceField) View(th *style.Theme, focused bool, width int) string {
	lbl := LabelLines(th, f.lbl, focused, width)
	var parts []string
	for i, o := range f.options {
		if i == f.Idx {
			parts = append(parts, th.Cursor.Render("["+o+"]"))
		} else {
			parts = append(parts, " "+o+" ")
		}
	}
	out := lbl + "\n" + indentLines(WrapRow(parts, width-2), 2)
	if f.onCustom() {
		if focused {
			f.Custom.Input.SetWidth(max(10, width-4))
			f.Custom.Input.SetStyles(th.Input)
			out += "\n  URI: " + EscapeInvisible(f.Custom.Input.View())
		} else {
			out += "\n  URI: " + Truncate(model.SafeText(f.Custom.Value()), width-7)
		}
	}
	if focused {
		h := "←/→ choose"
		if f.Hint != "" {
			h += " · " + f.Hint
		}
		out += "\n" + HintLines(th, h, width)
	}
	return out
}

// triField is an optional boolean whose explicit false is kept: unset,
// true or false.
func NewTriField(lbl, ptr string) *ChoiceField {
	return NewChoiceField(lbl, ptr, []string{"unset", "true", "false"}, []any{nil, true, false})
}

// ---- button: an action on enter or space ----

type ButtonField struct {
	Lbl    string
	Ptr    string
	Action func(s *editor.State) string // returns a status message
	status string
}

func (f *ButtonField) Label() string         { return f.Lbl }
func (f *ButtonField) Pointer() string       { return f.Ptr }
func (f *ButtonField) Load(*editor.State)    {}
func (f *ButtonField) Focus() tea.Cmd        { return nil }
func (f *ButtonField) blur()                 { f.status = "" }
func (f *ButtonField) Apply(s *editor.State) { f.status = f.Action(s) }
func (f *ButtonField) Update(msg tea.KeyPressMsg) (bool, tea.Cmd) {
	return key.Matches(msg, style.Keys.Enter, style.Keys.Toggle), nil
}
func (f *ButtonField) View(th *style.Theme, focused bool, width int) string {
	b := "[ " + f.Lbl + " ]"
	if focused {
		// The marker, as on every other focused field: without colour
		// (NO_COLOR, TERM=dumb) the style alone would not show the focus.
		// The focused label is read whole, wrapped (the pane cuts the
		// others, with an ellipsis).
		lines := strings.Split(ansi.Wrap("› "+b, max(10, width), ""), "\n")
		for i, l := range lines {
			if i > 0 {
				l = "  " + l
			}
			lines[i] = th.Cursor.Render(l)
		}
		b = strings.Join(lines, "\n")
	}
	if f.status != "" {
		b += "  " + th.OK.Render(f.status)
	}
	return b
}

// truncate cuts s to w terminal cells (grapheme clusters: an emoji
// sequence is never split), ending with one "…" when cut: an ellipsis or
// spaces the cut leaves at the end are dropped first, so a text that
// already ended with one never shows two.
func Truncate(s string, w int) string {
	if w <= 1 {
		return ""
	}
	if ansi.StringWidth(s) <= w {
		return s
	}
	head := ansi.Truncate(s, w-1, "")
	for {
		trimmed := strings.TrimRight(head, " ")
		trimmed = strings.TrimSuffix(trimmed, "…")
		trimmed = strings.TrimSuffix(trimmed, "...")
		if trimmed == head {
			break
		}
		head = trimmed
	}
	return head + "…"
}

// labelLines is a field's label, the focused one marked, word-wrapped to
// width (continuation lines indented under the label's text).
func LabelLines(th *style.Theme, label string, focused bool, width int) string {
	st, mark := th.Label, ""
	if focused {
		st, mark = th.LabelFocus, FocusMark+" "
	}
	w := max(10, width-ansi.StringWidth(mark))
	lines := strings.Split(ansi.Wrap(label, w, ""), "\n")
	for i, l := range lines {
		if i == 0 {
			lines[i] = st.Render(mark + l)
		} else {
			lines[i] = strings.Repeat(" ", ansi.StringWidth(mark)) + st.Render(l)
		}
	}
	return strings.Join(lines, "\n")
}

// wrapRow lays out parts (a choice's options) on rows of width cells,
// breaking between parts, never inside one (a part wider than a row is
// cut with an ellipsis).
func WrapRow(parts []string, width int) string {
	width = max(4, width)
	var rows []string
	cur, curW := "", 0
	for _, p := range parts {
		pw := ansi.StringWidth(p)
		if pw > width {
			p, pw = Truncate(p, width), width
		}
		if curW > 0 && curW+pw > width {
			rows = append(rows, cur)
			cur, curW = "", 0
		}
		cur += p
		curW += pw
	}
	return strings.Join(append(rows, cur), "\n")
}

// newInput is a text input with a steady cursor: a blinking one would need
// a timer message per keystroke for nothing.
func NewInput() textinput.Model {
	in := textinput.New()
	st := in.Styles()
	st.Cursor.Blink = false
	in.SetStyles(st)
	return in
}

// HintBlock is a faint explanation word-wrapped to width, not indented
// (a list's header or footer).
func HintBlock(th *style.Theme, hint string, width int) string {
	return th.Hint.Render(ansi.Wrap(hint, max(10, width), ""))
}

// hintLines is a faint explanation, word-wrapped and indented under a field.
func HintLines(th *style.Theme, hint string, width int) string {
	return indentLines(th.Hint.Render(ansi.Wrap(hint, max(10, width-2), "")), 2)
}
