package cardsteps

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/oncard/oncard/tui/editor"
	"github.com/oncard/oncard/tui/style"
	"github.com/oncard/oncard/tui/widgets"
)

// step is one screen of the guided flow. Steps hold no copy of the card:
// they read the editor State's Doc when entered and write to it on every change.
type Step interface {
	Title() string
	// enter (re)builds the step from the Doc when it becomes current.
	Enter(s *editor.State) tea.Cmd
	// update handles a key; blurred says the focus left a field.
	Update(msg tea.Msg, s *editor.State) (cmd tea.Cmd, blurred bool)
	View(th *style.Theme, s *editor.State, width, height int) string
	// pointer is the member being edited (highlighted in the preview).
	Pointer(s *editor.State) string
	// owns reports whether the member at ptr is edited on this step.
	Owns(ptr string, s *editor.State) bool
	// jump focuses the field editing ptr (the step has been entered).
	Jump(ptr string, s *editor.State) tea.Cmd
	// keys are the step's own keys, for the help footer.
	Keys() []key.Binding
	// busy is true while the step is in a sub-view (an item editor, the
	// picker) where esc belongs to the step.
	Busy() bool
}

// Placer is a step with rows (a list) that can put its cursor on the row
// of ptr without opening it: undo and redo return there when the edit was
// made in the list rather than in an item's form. It reports whether ptr
// is one of its rows.
type Placer interface {
	Place(ptr string, s *editor.State) bool
}

// formStep is a step made of one form over fixed pointers.
type FormStep struct {
	name    string
	members editor.MemberSet // what the form's fields edit
	f       *widgets.Form
	Build   func(s *editor.State) *widgets.Form
}

func (st *FormStep) Title() string { return st.name }

func (st *FormStep) Enter(s *editor.State) tea.Cmd {
	idx := 0
	if st.f != nil {
		idx = st.f.Idx
	}
	st.f = st.Build(s)
	st.f.Load(s)
	if idx < len(st.f.Fields) {
		st.f.Idx = idx
	}
	return st.f.Focus()
}

func (st *FormStep) Update(in tea.Msg, s *editor.State) (tea.Cmd, bool) {
	msg, ok := in.(tea.KeyPressMsg)
	if !ok {
		return nil, false
	}
	return st.f.Update(msg, s)
}

func (st *FormStep) View(th *style.Theme, s *editor.State, width, height int) string {
	return st.f.View(th, s, width)
}

func (st *FormStep) Pointer(*editor.State) string { return st.f.Pointer() }

func (st *FormStep) Owns(ptr string, _ *editor.State) bool { return st.members.Owns(ptr) }

func (st *FormStep) Jump(ptr string, s *editor.State) tea.Cmd {
	st.f.FocusPointer(ptr)
	return st.f.Focus()
}

func (st *FormStep) Keys() []key.Binding {
	return []key.Binding{style.Keys.NextField, style.Keys.PrevField, style.Keys.Left, style.Keys.Right}
}

func (st *FormStep) Busy() bool { return false }
