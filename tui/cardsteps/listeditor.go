package cardsteps

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/editor"
	"github.com/oncard/oncard/tui/style"
	"github.com/oncard/oncard/tui/widgets"
)

// listStep edits an array of objects (interfaces, skills): a list of rows
// (add, remove, reorder; the first is the preferred one) and, on enter, a
// form for one item. Letters are bound only in the list, never while a field
// has focus.
type ListStep struct {
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
	row func(s *editor.State, i int) string
	// tail, when set, is the end of row i that a narrow pane keeps whole,
	// cutting what comes before it (an interface's binding and version
	// after its long URL).
	tail func(s *editor.State, i int) string
	// itemForm builds the form of item i.
	ItemForm func(s *editor.State, i int) *widgets.Form
	// newItem is the JSON value appended by "add".
	newItem func(s *editor.State) any
	// onRemove runs before item i is removed (e.g. to drop references).
	onRemove func(s *editor.State, i int)
	// whenEmpty, when set, is what the step shows with no item instead of
	// "No …s yet" ("" keeps that): a v0.3 card's interfaces.
	whenEmpty func(th *style.Theme, s *editor.State, width int) string

	rowForm
}

func (st *ListStep) Title() string { return st.name }

func (st *ListStep) count(s *editor.State) int { return s.ArrayLen(st.arrayPtr) }

func (st *ListStep) Enter(s *editor.State) tea.Cmd {
	n := st.count(s)
	if st.Cursor >= n {
		st.Cursor = max(0, n-1)
	}
	if st.Editing {
		if n == 0 {
			st.Editing = false
			return nil
		}
		return st.openItem(s, st.Cursor)
	}
	return nil
}

func (st *ListStep) openItem(s *editor.State, i int) tea.Cmd {
	idx := 0
	if st.Editing && st.f != nil && st.Cursor == i {
		idx = st.f.Idx
	}
	st.Cursor = i
	st.Editing = true
	st.f = st.ItemForm(s, i)
	st.f.Load(s)
	if idx < len(st.f.Fields) {
		st.f.Idx = idx
	}
	return st.f.Focus()
}

func (st *ListStep) Update(in tea.Msg, s *editor.State) (tea.Cmd, bool) {
	msg, ok := in.(tea.KeyPressMsg)
	if !ok {
		return nil, false
	}
	if st.Editing {
		return st.formKey(msg, s)
	}
	n := st.count(s)
	switch {
	case st.listKey(msg, n, func(i int) string { return st.row(s, i) }): // moved or filtered
	case key.Matches(msg, style.Keys.Enter):
		if n > 0 {
			return st.openItem(s, st.Cursor), false
		}
		return st.add(s), true
	case key.Matches(msg, style.Keys.Add):
		return st.add(s), true
	case key.Matches(msg, style.Keys.Remove):
		if n > 0 {
			// At once, no question asked: the status says how to undo.
			what := st.noun + " " + strings.TrimSpace(model.SafeText(st.row(s, st.Cursor)))
			if st.onRemove != nil {
				st.onRemove(s, st.Cursor)
			}
			s.Note(s.Doc.Delete(editor.Item(st.arrayPtr, st.Cursor)))
			s.Say("deleted " + what + " (" + style.Keys.Undo.Help().Key + " undoes)")
			if st.Cursor >= n-1 {
				st.Cursor = max(0, n-2)
			}
			s.Changed()
			return nil, true
		}
	case key.Matches(msg, style.Keys.MoveUp):
		if st.Cursor > 0 {
			s.Note(s.Doc.Move(editor.Item(st.arrayPtr, st.Cursor), editor.Item(st.arrayPtr, st.Cursor-1)))
			st.Cursor--
			s.Changed()
			return nil, true
		}
	case key.Matches(msg, style.Keys.MoveDown):
		if st.Cursor < n-1 {
			s.Note(s.Doc.Move(editor.Item(st.arrayPtr, st.Cursor), editor.Item(st.arrayPtr, st.Cursor+1)))
			st.Cursor++
			s.Changed()
			return nil, true
		}
	}
	return nil, false
}

func (st *ListStep) add(s *editor.State) tea.Cmd {
	if err := s.EnsureArray(st.arrayPtr); err != nil {
		return nil
	}
	s.Note(s.Doc.SetValue(st.arrayPtr+"/-", st.newItem(s)))
	s.Changed()
	st.Nav.Query = "" // the new row shows, whatever it will be called
	return st.openItem(s, st.count(s)-1)
}

func (st *ListStep) View(th *style.Theme, s *editor.State, width, height int) string {
	n := st.count(s)
	var b strings.Builder
	if st.Editing && st.f != nil {
		b.WriteString(th.Hint.Render(fmt.Sprintf("%s %d of %d · esc back to the list", st.noun, st.Cursor+1, n)))
		b.WriteString("\n\n")
		b.WriteString(st.f.View(th, s, width))
		return b.String()
	}
	if n == 0 && st.whenEmpty != nil {
		if v := st.whenEmpty(th, s, width); v != "" {
			return v
		}
	}
	if n == 0 {
		b.WriteString(th.Hint.Render(fmt.Sprintf("No %ss yet. Press a (or enter) to add one.", st.noun)))
		return b.String()
	}
	rows := max(3, height-2)
	text := func(i int) string { return st.row(s, i) }
	shown := st.Nav.Visible(n, text)
	if st.Nav.Filtered() {
		b.WriteString(st.Nav.View(th, len(shown), n, width) + "\n")
		rows = max(3, rows-1)
	}
	for _, i := range widgets.Window(shown, st.Cursor, rows) {
		line := fmt.Sprintf("%d. ", i+1)
		if d := s.DiagsAt(editor.Item(st.arrayPtr, i)); len(d) > 0 {
			line += widgets.DiagMark(th, d) + " "
		}
		if st.firstPreferred && i == 0 && n > 1 {
			line += th.Hint.Render("(preferred) ")
		}
		row := model.SafeText(st.row(s, i))
		if st.tail != nil && ansi.StringWidth(line+row) > width-2 {
			tail := "  " + model.SafeText(st.tail(s, i))
			head := strings.TrimSuffix(row, tail)
			row = widgets.Truncate(head, max(10, width-2-ansi.StringWidth(line+tail))) + tail
		}
		line += row
		if i == st.Cursor {
			b.WriteString(th.Cursor.Render("›") + " " + widgets.Truncate(line, width-2))
		} else {
			b.WriteString("  " + widgets.Truncate(line, width-2))
		}
		b.WriteString("\n")
	}
	b.WriteString(widgets.HintBlock(th, fmt.Sprintf("%d %s(s) · enter edit · a add · d remove · shift+↑/↓ reorder · / filter", n, st.noun), width))
	return b.String()
}

func (st *ListStep) Pointer(*editor.State) string {
	if st.Editing && st.f != nil {
		return st.f.Pointer()
	}
	return editor.Item(st.arrayPtr, st.Cursor)
}

// owns: the array, its items, and the members of an item its form edits.
func (st *ListStep) Owns(ptr string, _ *editor.State) bool {
	ms := editor.MemberSet{
		Containers: []string{st.arrayPtr, st.arrayPtr + "/*"},
		Trees:      editor.Under(st.arrayPtr+"/*", st.fields...),
	}
	return ms.Owns(ptr)
}

func (st *ListStep) Jump(ptr string, s *editor.State) tea.Cmd {
	toks, err := model.SplitPointer(strings.TrimPrefix(ptr, st.arrayPtr))
	if err != nil || len(toks) == 0 {
		st.Editing = false
		return nil
	}
	var i int
	if _, err := fmt.Sscanf(toks[0], "%d", &i); err != nil || i < 0 || i >= st.count(s) {
		st.Editing = false
		return nil
	}
	cmd := st.openItem(s, i)
	st.f.FocusPointer(ptr)
	return tea.Batch(cmd, st.f.Focus())
}

// Place puts the cursor on the item at ptr, the list shown (Placer).
func (st *ListStep) Place(ptr string, s *editor.State) bool {
	return st.placeRow(ptr, st.arrayPtr, st.count(s))
}

func (st *ListStep) Keys() []key.Binding {
	if st.Editing {
		return []key.Binding{style.Keys.NextField, style.Keys.PrevField, style.Keys.Back}
	}
	if st.Nav.Typing {
		return []key.Binding{style.Keys.Enter, style.Keys.Back}
	}
	return []key.Binding{style.Keys.Enter, style.Keys.Add, style.Keys.Remove, style.Keys.MoveUp, style.Keys.MoveDown, style.Keys.Filter}
}

func (st *ListStep) Busy() bool { return st.Editing || st.Nav.Typing }

// rowForm is a list of rows with a cursor, the row under it opened in a
// form to edit (the list steps, the On Request step).
type rowForm struct {
	Cursor  int // the row
	Editing bool
	f       *widgets.Form // the open row's form
	// Nav pages and filters the rows (pgup/pgdn, home/end, /).
	Nav widgets.ListNav
}

// Listing: while no row is open, pgup/pgdn page the rows.
func (r *rowForm) Listing() bool { return !r.Editing }

// moveKey moves the cursor among n rows that have no filter (↑/↓,
// pgup/pgdn, home/end); it reports whether msg was one of those keys.
func (r *rowForm) moveKey(msg tea.KeyPressMsg, n int) bool {
	if key.Matches(msg, style.Keys.Filter) {
		return false
	}
	var unfiltered widgets.ListNav
	cur, ok := unfiltered.Key(msg, r.Cursor, n, func(int) string { return "" })
	r.Cursor = cur
	return ok
}

// listKey moves the cursor among n rows (row i's text being text(i), for
// the filter) or edits the filter; it reports whether msg was such a key.
func (r *rowForm) listKey(msg tea.KeyPressMsg, n int, text func(int) string) bool {
	cur, ok := r.Nav.Key(msg, r.Cursor, n, text)
	r.Cursor = cur
	return ok
}

// formKey passes a key to the open form: esc, or the form's own end,
// closes it. blurred says a field was left (the draft is saved then).
func (r *rowForm) formKey(msg tea.KeyPressMsg, s *editor.State) (cmd tea.Cmd, blurred bool) {
	if key.Matches(msg, style.Keys.Back) {
		r.Editing = false
		return nil, true
	}
	cmd, blurred = r.f.Update(msg, s)
	if r.f.Done {
		r.f.Done = false
		r.Editing = false
	}
	return cmd, blurred
}

// skillRowText is the text of the card's skill i that a filter matches:
// its name and id, as the On Request step lists them.
func skillRowText(s *editor.State) func(int) string {
	return func(i int) string {
		p := editor.Item("/skills", i)
		return s.Text(p+"/name") + " [" + s.Text(p+"/id") + "]"
	}
}

// placeRow puts the cursor on row i when ptr is arrayPtr/i (one of n
// rows) and closes the open row; it reports whether ptr was a row.
func (r *rowForm) placeRow(ptr, arrayPtr string, n int) bool {
	rest, ok := strings.CutPrefix(ptr, arrayPtr+"/")
	if !ok {
		return false
	}
	i, err := strconv.Atoi(rest)
	if err != nil || i < 0 || i >= n {
		return false
	}
	r.Cursor, r.Editing = i, false
	return true
}
