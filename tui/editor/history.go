package editor

import (
	"bytes"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/oncard/oncard/tui/style"
)

// Undo and redo over every edit of the Doc, for both editors. The
// history keeps whole encodings of the Doc, not a log of operations: an
// edit made by any field, list or picker is undoable without that code
// knowing about it. Restoring rebuilds the Doc in place from the old
// encoding (model.Doc.Restore): the bytes come back exactly as they were,
// and the edit.Session holding the same Doc sees them.
//
// A step is one user action: the messages an editor handled between two
// Record calls that changed the Doc. Typing in one text field (Typed) is
// one step until the focus leaves the field or another kind of edit comes
// between.
//
// The encodings cost no work per typed key: the State re-encodes lazily
// (Changed, RefreshCmd), and the history takes State.JSON when it is up
// to date. The encoding of the card before a step is needed only when a
// step begins; Prepare makes it then, before any key that is not more
// typing in the field of the last step, when the State has not
// refreshed since. A burst of typing costs nothing here.

// Undo history bounds: the number of steps and the bytes of the encodings
// kept (undo and redo together). The oldest steps go first; the latest
// one is kept whatever its size.
const (
	MaxUndoSteps = 200
	MaxUndoBytes = 64 << 20
)

// Place is where an edit was made: the editor's page (step or screen),
// the focused member and whether a sub-view (an item's form) was open.
// Undo and redo return there.
type Place struct {
	Page  int
	Focus string
	Busy  bool
}

// snapshot is the card as it was before (undo) or after (redo) a step,
// and where that step was made.
type snapshot struct {
	json []byte
	at   Place
}

// history is the State's undo and redo stacks.
type history struct {
	started bool
	undo    []snapshot
	redo    []snapshot
	// base is the encoding of the card at the last step boundary (nil
	// while stale: the card has changed since it was encoded, by the last
	// step, and State.JSON is not yet up to date) and baseEdits the
	// State's Edits then.
	base      []byte
	baseEdits int
	// at is where the editor was at the last Record: where the next key
	// is pressed, so where its edit happens.
	at Place
	// typing is the text field the last step typed into ("" when the
	// last step was not typing); typedNow the one the current action
	// typed into (Typed).
	typing, typedNow string
	bytes            int
	// maxSteps and maxBytes bound the history (0: MaxUndoSteps and
	// MaxUndoBytes).
	maxSteps, maxBytes int
}

// Typed tells the history that the current action typed into the text
// field at ptr: consecutive typing in one field makes one undo step.
func (s *State) Typed(ptr string) { s.hist.typedNow = ptr }

// Prepare is called by the editor before it handles msg: unless msg goes
// on typing in the field of the last step (and so joins that step), the
// card as it is now, the state a new step would start from, is encoded
// if it is not yet.
func (s *State) Prepare(msg tea.Msg) {
	h := &s.hist
	if !h.started || h.base != nil || s.continuesTyping(msg) {
		return
	}
	if _, ok := msg.(RefreshMsg); ok {
		return // it edits nothing, and encodes the card: Record takes that
	}
	if s.Pending() {
		h.base = s.Doc.Encode() // the Refresh to come encodes it again
		return
	}
	h.base = s.JSON
}

// continuesTyping says msg is text for the field the last step typed into,
// still focused.
func (s *State) continuesTyping(msg tea.Msg) bool {
	h := &s.hist
	if h.typing == "" || s.Focus != h.typing {
		return false
	}
	switch k := msg.(type) {
	case tea.PasteMsg:
		return true
	case tea.KeyPressMsg:
		return k.Mod&^tea.ModShift == 0 && (k.Text != "" || k.Code == tea.KeyBackspace || k.Code == tea.KeyDelete)
	}
	return false
}

// Record closes the action the editor has just handled, at is where the
// editor is now. If the Doc changed since the last Record, that change
// becomes an undo step (or joins the typing step it continues) and the
// redo stack is dropped. Editors call it after every message.
func (s *State) Record(at Place) {
	h := &s.hist
	typed := h.typedNow
	h.typedNow = ""
	if !h.started {
		h.started, h.baseEdits, h.at = true, s.Edits, at
		h.base = s.upToDateJSON()
		return
	}
	before := h.at
	h.at = at
	if s.Edits == h.baseEdits {
		if at.Focus != h.typing {
			h.typing = "" // the focus left the field: the next typing is a new step
		}
		if h.base == nil {
			h.base = s.upToDateJSON() // free once the State has refreshed
		}
		return
	}
	h.baseEdits = s.Edits
	switch {
	case typed != "" && typed == h.typing && len(h.undo) > 0 && len(h.redo) == 0:
		// More typing in the same field: the same step.
	case h.base == nil:
		// The card before this action was never encoded (Prepare
		// guessed it was more typing): it joins the last step rather
		// than be lost.
		h.typing = typed
	default:
		h.typing = typed
		h.dropRedo()
		h.push(&h.undo, snapshot{json: h.base, at: before})
	}
	h.base = s.upToDateJSON()
}

// upToDateJSON is State.JSON when it encodes the Doc as it is, else nil.
func (s *State) upToDateJSON() []byte {
	if s.Pending() {
		return nil
	}
	return s.JSON
}

// ForgetHistory starts the history again from the Doc as it is at the
// next Record: for a Doc that is another document now (a file reloaded
// from disk), whose older versions must not be written back over it.
func (s *State) ForgetHistory() {
	h := &s.hist
	*h = history{maxSteps: h.maxSteps, maxBytes: h.maxBytes}
}

// CanUndo and CanRedo say whether there is a step to undo or redo.
func (s *State) CanUndo() bool { return len(s.hist.undo) > 0 }
func (s *State) CanRedo() bool { return len(s.hist.redo) > 0 }

// Undo puts the Doc back as it was before the last step, re-validated and
// counted as an edit (drafts save the undone card). It returns where that
// step was made; ok is false when there is nothing to undo, or when the
// old card could not be written back (the Doc is unchanged; Note has the
// reason).
func (s *State) Undo() (at Place, ok bool) { return s.travel(&s.hist.undo, &s.hist.redo) }

// Redo makes the last undone step again.
func (s *State) Redo() (at Place, ok bool) { return s.travel(&s.hist.redo, &s.hist.undo) }

// travel restores the last snapshot of from, keeping the current card on
// to (with the same place: undoing and redoing a step both return to
// where it was made). A step that changed nothing in the end (a value set
// to what it was) is passed over.
func (s *State) travel(from, to *[]snapshot) (Place, bool) {
	h := &s.hist
	s.Flush()
	for len(*from) > 0 && bytes.Equal((*from)[len(*from)-1].json, s.JSON) {
		h.bytes -= len((*from)[len(*from)-1].json)
		*from = (*from)[:len(*from)-1]
	}
	if len(*from) == 0 {
		return Place{}, false
	}
	snap := (*from)[len(*from)-1]
	cur := s.JSON
	if err := s.Doc.Restore(snap.json); err != nil {
		s.Note(err)
		return Place{}, false
	}
	*from = (*from)[:len(*from)-1]
	h.bytes -= len(snap.json)
	h.push(to, snapshot{json: cur, at: snap.at})
	s.Changed()
	s.Flush() // the card restored is shown and checked at once
	h.base, h.baseEdits, h.typing = s.JSON, s.Edits, ""
	return snap.at, true
}

// push adds snap to the stack and drops the oldest steps (of either
// stack, undo first) beyond the bounds.
func (h *history) push(stack *[]snapshot, snap snapshot) {
	*stack = append(*stack, snap)
	h.bytes += len(snap.json)
	maxSteps, maxBytes := h.maxSteps, h.maxBytes
	if maxSteps <= 0 {
		maxSteps = MaxUndoSteps
	}
	if maxBytes <= 0 {
		maxBytes = MaxUndoBytes
	}
	for len(h.undo)+len(h.redo) > 1 && (len(h.undo)+len(h.redo) > maxSteps || h.bytes > maxBytes) {
		oldest := &h.undo
		if len(h.undo) == 0 || (len(h.undo) == 1 && stack == &h.undo) {
			oldest = &h.redo
		}
		if len(*oldest) == 0 {
			break
		}
		h.bytes -= len((*oldest)[0].json)
		(*oldest)[0] = snapshot{}
		*oldest = (*oldest)[1:]
	}
}

// dropRedo forgets the undone steps (a new edit branches off them).
func (h *history) dropRedo() {
	for _, r := range h.redo {
		h.bytes -= len(r.json)
	}
	h.redo = nil
}

// Travel undoes (redo false) or redoes the last step and says so on the
// status line: at is where the step was made, ok false when there was
// nothing to undo (redo). Both editors' ctrl+z and ctrl+y.
func (s *State) Travel(redo bool) (at Place, status string, ok bool) {
	if redo {
		at, ok = s.Redo()
	} else {
		at, ok = s.Undo()
	}
	switch {
	case !ok && redo:
		return at, "nothing to redo", false
	case !ok:
		return at, "nothing to undo", false
	case redo:
		return at, "redone (" + style.Keys.Undo.Help().Key + " undoes)", true
	}
	return at, "undone (" + style.Keys.Redo.Help().Key + " redoes)", true
}

// HistoryKeys are ks with undo and redo added when there is something to
// undo or redo: the footer shows them then.
func HistoryKeys(s *State, ks []key.Binding) []key.Binding {
	out := append([]key.Binding(nil), ks...)
	if s.CanUndo() {
		out = append(out, style.Keys.Undo)
	}
	if s.CanRedo() {
		out = append(out, style.Keys.Redo)
	}
	return out
}

// Handle runs one message through an editor: the undo history prepares
// for it, update handles it, the history records where it was (place: an
// edit of the Doc is one undo step), settle brings what the screen shows
// up to date (View only draws), and the refresh the edits ask for is
// added to the commands.
func (s *State) Handle(msg tea.Msg, update func(tea.Msg) tea.Cmd, place func() Place, settle func()) tea.Cmd {
	s.Prepare(msg)
	cmd := update(msg)
	s.Record(place())
	settle()
	return tea.Batch(cmd, s.RefreshCmd())
}
