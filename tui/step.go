package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/oncard/oncard/tui/style"
)

// step is one screen of the guided flow. Steps hold no copy of the card:
// they read the Session's Doc when entered and write to it on every change.
type step interface {
	title() string
	// enter (re)builds the step from the Doc when it becomes current.
	enter(s *Session) tea.Cmd
	// update handles a key; blurred says the focus left a field.
	update(msg tea.KeyPressMsg, s *Session) (cmd tea.Cmd, blurred bool)
	view(th *style.Theme, s *Session, width, height int) string
	// pointer is the member being edited (highlighted in the preview).
	pointer(s *Session) string
	// owns reports whether the member at ptr is edited on this step.
	owns(ptr string, s *Session) bool
	// jump focuses the field editing ptr (the step has been entered).
	jump(ptr string, s *Session) tea.Cmd
	// keys are the step's own keys, for the help footer.
	keys() []key.Binding
	// busy is true while the step is in a sub-view (an item editor, the
	// picker) where esc belongs to the step.
	busy() bool
}

// formStep is a step made of one form over fixed pointers.
type formStep struct {
	name    string
	members memberSet // what the form's fields edit
	f       *form
	build   func(s *Session) *form
}

func (st *formStep) title() string { return st.name }

func (st *formStep) enter(s *Session) tea.Cmd {
	idx := 0
	if st.f != nil {
		idx = st.f.idx
	}
	st.f = st.build(s)
	st.f.load(s)
	if idx < len(st.f.fields) {
		st.f.idx = idx
	}
	return st.f.focus()
}

func (st *formStep) update(msg tea.KeyPressMsg, s *Session) (tea.Cmd, bool) {
	return st.f.update(msg, s)
}

func (st *formStep) view(th *style.Theme, s *Session, width, height int) string {
	return st.f.view(th, s, width)
}

func (st *formStep) pointer(*Session) string { return st.f.pointer() }

func (st *formStep) owns(ptr string, _ *Session) bool { return st.members.owns(ptr) }

func (st *formStep) jump(ptr string, s *Session) tea.Cmd {
	st.f.focusPointer(ptr)
	return st.f.focus()
}

func (st *formStep) keys() []key.Binding {
	return []key.Binding{style.Keys.NextField, style.Keys.PrevField, style.Keys.Left, style.Keys.Right}
}

func (st *formStep) busy() bool { return false }
