package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/style"
)

// listStep edits an array of objects (interfaces, skills): a list of rows
// (add, remove, reorder; the first is the preferred one) and, on enter, a
// form for one item. Letters are bound only in the list, never while a field
// has focus.
type listStep struct {
	name     string
	arrayPtr string
	noun     string
	// firstPreferred marks the first item "(preferred)": true for
	// interfaces, whose order is the client's preference; skills have none.
	firstPreferred bool
	// fields are the members of an item that its form edits; the others
	// (unknown or v0.3 members) are kept as they are.
	fields []string
	// row is the one-line summary of item i (raw card text; made safe here).
	row func(s *Session, i int) string
	// itemForm builds the form of item i.
	itemForm func(s *Session, i int) *form
	// newItem is the JSON value appended by "add".
	newItem func(s *Session) any
	// onRemove runs before item i is removed (e.g. to drop references).
	onRemove func(s *Session, i int)

	rowForm
}

func (st *listStep) title() string { return st.name }

func (st *listStep) count(s *Session) int { return s.arrayLen(st.arrayPtr) }

func (st *listStep) enter(s *Session) tea.Cmd {
	n := st.count(s)
	if st.cursor >= n {
		st.cursor = max(0, n-1)
	}
	if st.editing {
		if n == 0 {
			st.editing = false
			return nil
		}
		return st.openItem(s, st.cursor)
	}
	return nil
}

func (st *listStep) openItem(s *Session, i int) tea.Cmd {
	idx := 0
	if st.editing && st.f != nil && st.cursor == i {
		idx = st.f.idx
	}
	st.cursor = i
	st.editing = true
	st.f = st.itemForm(s, i)
	st.f.load(s)
	if idx < len(st.f.fields) {
		st.f.idx = idx
	}
	return st.f.focus()
}

func (st *listStep) update(msg tea.KeyPressMsg, s *Session) (tea.Cmd, bool) {
	if st.editing {
		return st.formKey(msg, s)
	}
	n := st.count(s)
	switch {
	case st.moveKey(msg, n): // up or down: the cursor moved
	case key.Matches(msg, style.Keys.Enter):
		if n > 0 {
			return st.openItem(s, st.cursor), false
		}
		return st.add(s), true
	case key.Matches(msg, style.Keys.Add):
		return st.add(s), true
	case key.Matches(msg, style.Keys.Remove):
		if n > 0 {
			if st.onRemove != nil {
				st.onRemove(s, st.cursor)
			}
			s.note(s.Doc.Delete(item(st.arrayPtr, st.cursor)))
			if st.cursor >= n-1 {
				st.cursor = max(0, n-2)
			}
			s.changed()
			return nil, true
		}
	case key.Matches(msg, style.Keys.MoveUp):
		if st.cursor > 0 {
			s.note(s.Doc.Move(item(st.arrayPtr, st.cursor), item(st.arrayPtr, st.cursor-1)))
			st.cursor--
			s.changed()
			return nil, true
		}
	case key.Matches(msg, style.Keys.MoveDown):
		if st.cursor < n-1 {
			s.note(s.Doc.Move(item(st.arrayPtr, st.cursor), item(st.arrayPtr, st.cursor+1)))
			st.cursor++
			s.changed()
			return nil, true
		}
	}
	return nil, false
}

func (st *listStep) add(s *Session) tea.Cmd {
	if err := s.ensureArray(st.arrayPtr); err != nil {
		return nil
	}
	s.note(s.Doc.SetValue(st.arrayPtr+"/-", st.newItem(s)))
	s.changed()
	return st.openItem(s, st.count(s)-1)
}

func (st *listStep) view(th *style.Theme, s *Session, width, height int) string {
	n := st.count(s)
	var b strings.Builder
	if st.editing && st.f != nil {
		b.WriteString(th.Hint.Render(fmt.Sprintf("%s %d of %d · esc back to the list", st.noun, st.cursor+1, n)))
		b.WriteString("\n\n")
		b.WriteString(st.f.view(th, s, width))
		return b.String()
	}
	if n == 0 {
		b.WriteString(th.Hint.Render(fmt.Sprintf("No %ss yet. Press a (or enter) to add one.", st.noun)))
		return b.String()
	}
	rows := max(3, height-2)
	start := 0
	if st.cursor >= rows {
		start = st.cursor - rows + 1
	}
	for i := start; i < n && i < start+rows; i++ {
		line := fmt.Sprintf("%d. ", i+1)
		if d := s.diagsAt(item(st.arrayPtr, i)); len(d) > 0 {
			line += diagMark(th, d) + " "
		}
		if st.firstPreferred && i == 0 && n > 1 {
			line += th.Hint.Render("(preferred) ")
		}
		line += model.SafeText(st.row(s, i))
		if i == st.cursor {
			b.WriteString(th.Cursor.Render("›") + " " + truncate(line, width-2))
		} else {
			b.WriteString("  " + truncate(line, width-2))
		}
		b.WriteString("\n")
	}
	b.WriteString(th.Hint.Render(truncate(fmt.Sprintf("%d %s(s) · enter edit · a add · d remove · shift+↑/↓ reorder", n, st.noun), width)))
	return b.String()
}

func (st *listStep) pointer(*Session) string {
	if st.editing && st.f != nil {
		return st.f.pointer()
	}
	return item(st.arrayPtr, st.cursor)
}

// owns: the array, its items, and the members of an item its form edits.
func (st *listStep) owns(ptr string, _ *Session) bool {
	ms := memberSet{
		containers: []string{st.arrayPtr, st.arrayPtr + "/*"},
		trees:      under(st.arrayPtr+"/*", st.fields...),
	}
	return ms.owns(ptr)
}

func (st *listStep) jump(ptr string, s *Session) tea.Cmd {
	toks, err := model.SplitPointer(strings.TrimPrefix(ptr, st.arrayPtr))
	if err != nil || len(toks) == 0 {
		st.editing = false
		return nil
	}
	var i int
	if _, err := fmt.Sscanf(toks[0], "%d", &i); err != nil || i < 0 || i >= st.count(s) {
		st.editing = false
		return nil
	}
	cmd := st.openItem(s, i)
	st.f.focusPointer(ptr)
	return tea.Batch(cmd, st.f.focus())
}

func (st *listStep) keys() []key.Binding {
	if st.editing {
		return []key.Binding{style.Keys.NextField, style.Keys.PrevField, style.Keys.Back}
	}
	return []key.Binding{style.Keys.Enter, style.Keys.Add, style.Keys.Remove, style.Keys.MoveUp, style.Keys.MoveDown}
}

func (st *listStep) busy() bool { return st.editing }

// rowForm is a list of rows with a cursor, the row under it opened in a
// form to edit (the list steps, the On Request step).
type rowForm struct {
	cursor  int // the row
	editing bool
	f       *form // the open row's form
}

// formKey passes a key to the open form: esc, or the form's own end,
// closes it. blurred says a field was left (the draft is saved then).
func (r *rowForm) formKey(msg tea.KeyPressMsg, s *Session) (cmd tea.Cmd, blurred bool) {
	if key.Matches(msg, style.Keys.Back) {
		r.editing = false
		return nil, true
	}
	cmd, blurred = r.f.update(msg, s)
	if r.f.done {
		r.f.done = false
		r.editing = false
	}
	return cmd, blurred
}

// moveKey moves the cursor among n rows with up and down; it reports
// whether msg was one of them.
func (r *rowForm) moveKey(msg tea.KeyPressMsg, n int) bool {
	switch {
	case key.Matches(msg, style.Keys.Up):
		if r.cursor > 0 {
			r.cursor--
		}
	case key.Matches(msg, style.Keys.Down):
		if r.cursor < n-1 {
			r.cursor++
		}
	default:
		return false
	}
	return true
}
