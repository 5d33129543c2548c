package cardsteps

// Requests a step posts to the root (editor.State.Post): the root
// handles each one as soon as the step's Update returns.

// CardChosenMsg: the Start step has replaced the card with a template or
// the blank card; the root moves on to the first step that edits it.
type CardChosenMsg struct{}

// SaveRequestMsg: the Review step's Save was pressed; the root saves the
// card to Path (asking first where it must).
type SaveRequestMsg struct{ Path string }

// OutputChangedMsg: the Review step's "Save to" path changed; the root
// keeps it for ctrl+s and for the draft.
type OutputChangedMsg struct{ Path string }
