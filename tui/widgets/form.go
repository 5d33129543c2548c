package widgets

import (
	"github.com/oncard/oncard/tui/editor"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/oncard/oncard/tui/style"
)

// form is a column of fields with one focused; tab/↓ and shift+tab/↑ move
// the focus, enter moves on (or activates a button). Every change is
// applied to the Doc at once and the card re-validated.
type Form struct {
	Fields []Field
	Idx    int
	// done is set when enter is pressed on the last field.
	Done bool
}

func NewForm(fields ...Field) *Form { return &Form{Fields: fields} }

func (f *Form) Load(s *editor.State) {
	for _, fl := range f.Fields {
		fl.Load(s)
	}
}

func (f *Form) Focused() Field {
	if len(f.Fields) == 0 {
		return nil
	}
	return f.Fields[f.Idx]
}

func (f *Form) Pointer() string {
	if fl := f.Focused(); fl != nil {
		return fl.Pointer()
	}
	return ""
}

func (f *Form) Focus() tea.Cmd {
	for i, fl := range f.Fields {
		if i != f.Idx {
			fl.blur()
		}
	}
	if fl := f.Focused(); fl != nil {
		return fl.Focus()
	}
	return nil
}

// focusPointer focuses the field editing ptr (or the closest one above it).
func (f *Form) FocusPointer(ptr string) bool {
	best, bestLen := -1, -1
	for i, fl := range f.Fields {
		p := fl.Pointer()
		if p != "" && editor.PointerWithin(ptr, p) && len(p) > bestLen {
			best, bestLen = i, len(p)
		}
	}
	if best < 0 {
		return false
	}
	f.Idx = best
	f.Focus()
	return true
}

func (f *Form) Move(delta int) tea.Cmd {
	if len(f.Fields) == 0 {
		return nil
	}
	f.Idx = (f.Idx + delta + len(f.Fields)) % len(f.Fields)
	return f.Focus()
}

// update handles a key; blurred says the focus left a field (drafts save
// then).
func (f *Form) Update(msg tea.KeyPressMsg, s *editor.State) (cmd tea.Cmd, blurred bool) {
	fl := f.Focused()
	if fl == nil {
		return nil, false
	}
	_, isButton := fl.(*ButtonField)
	switch {
	case key.Matches(msg, style.Keys.NextField):
		return f.Move(1), true
	case key.Matches(msg, style.Keys.PrevField):
		return f.Move(-1), true
	case key.Matches(msg, style.Keys.Enter) && !isButton:
		if t, ok := fl.(*TextField); ok && t.Suggested != "" && strings.TrimSpace(t.Value()) == "" {
			t.SetValue(t.Suggested) // enter takes the suggestion
			t.Apply(s)
			s.Changed()
		}
		if f.Idx == len(f.Fields)-1 {
			f.Done = true
			return nil, true
		}
		return f.Move(1), true
	}
	changed, cmd := fl.Update(msg)
	if changed {
		if t, ok := fl.(*TextField); ok {
			s.Typed(t.Pointer()) // typing in one field is one undo step
		}
		fl.Apply(s)
		s.Changed()
	}
	return cmd, false
}

// view renders the fields with the diagnostics of the focused one below it.
func (f *Form) View(th *style.Theme, s *editor.State, width int) string {
	var b strings.Builder
	for i, fl := range f.Fields {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(fl.View(th, i == f.Idx, width))
		if p := fl.Pointer(); p != "" {
			diags := s.DiagsAt(p)
			if i == f.Idx {
				for _, d := range diags {
					b.WriteString("\n" + RenderDiagFull(th, d, width, 2))
				}
			} else if len(diags) > 0 {
				b.WriteString("  " + DiagMark(th, diags))
			}
		}
	}
	return b.String()
}
