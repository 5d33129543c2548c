package tui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/oncard/oncard/tui/style"
)

// form is a column of fields with one focused; tab/↓ and shift+tab/↑ move
// the focus, enter moves on (or activates a button). Every change is
// applied to the Doc at once and the card re-validated.
type form struct {
	fields []field
	idx    int
	// done is set when enter is pressed on the last field.
	done bool
}

func newForm(fields ...field) *form { return &form{fields: fields} }

func (f *form) load(s *Session) {
	for _, fl := range f.fields {
		fl.load(s)
	}
}

func (f *form) focused() field {
	if len(f.fields) == 0 {
		return nil
	}
	return f.fields[f.idx]
}

func (f *form) pointer() string {
	if fl := f.focused(); fl != nil {
		return fl.pointer()
	}
	return ""
}

func (f *form) focus() tea.Cmd {
	for i, fl := range f.fields {
		if i != f.idx {
			fl.blur()
		}
	}
	if fl := f.focused(); fl != nil {
		return fl.focus()
	}
	return nil
}

// focusPointer focuses the field editing ptr (or the closest one above it).
func (f *form) focusPointer(ptr string) bool {
	best, bestLen := -1, -1
	for i, fl := range f.fields {
		p := fl.pointer()
		if p != "" && pointerWithin(ptr, p) && len(p) > bestLen {
			best, bestLen = i, len(p)
		}
	}
	if best < 0 {
		return false
	}
	f.idx = best
	f.focus()
	return true
}

func (f *form) move(delta int) tea.Cmd {
	if len(f.fields) == 0 {
		return nil
	}
	f.idx = (f.idx + delta + len(f.fields)) % len(f.fields)
	return f.focus()
}

// update handles a key; blurred says the focus left a field (drafts save
// then).
func (f *form) update(msg tea.KeyPressMsg, s *Session) (cmd tea.Cmd, blurred bool) {
	fl := f.focused()
	if fl == nil {
		return nil, false
	}
	_, isButton := fl.(*buttonField)
	switch {
	case key.Matches(msg, style.Keys.NextField):
		return f.move(1), true
	case key.Matches(msg, style.Keys.PrevField):
		return f.move(-1), true
	case key.Matches(msg, style.Keys.Enter) && !isButton:
		if f.idx == len(f.fields)-1 {
			f.done = true
			return nil, true
		}
		return f.move(1), true
	}
	changed, cmd := fl.update(msg)
	if changed {
		fl.apply(s)
		s.changed()
	}
	return cmd, false
}

// view renders the fields with the diagnostics of the focused one below it.
func (f *form) view(th *style.Theme, s *Session, width int) string {
	var b strings.Builder
	for i, fl := range f.fields {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(fl.view(th, i == f.idx, width))
		if p := fl.pointer(); p != "" {
			diags := s.diagsAt(p)
			if i == f.idx {
				for _, d := range diags {
					b.WriteString("\n" + renderDiagFull(th, d, width, 2))
				}
			} else if len(diags) > 0 {
				b.WriteString("  " + diagMark(th, diags))
			}
		}
	}
	return b.String()
}
