package editor

import (
	tea "charm.land/bubbletea/v2"

	"github.com/oncard/oncard/internal/app"
)

// DraftKeeper keeps an editor's draft (app.Draft) in step with its edits:
// written by commands, one at a time (a change while one is being written
// is written when it is done), and only when something the draft holds
// changed since the last write: the edit count, or S, what else the
// editor keeps in it (the card editor's Catalog settings).
type DraftKeeper[S comparable] struct {
	Draft *app.Draft // nil: drafts are off

	edits          int // the edit count last written (-1: none)
	extra          S
	writing, again bool
}

// DraftSavedMsg is the outcome of a draft write started by Autosave.
type DraftSavedMsg[S comparable] struct {
	edits int
	extra S
	err   error
}

// Autosave returns the command that writes snapshot(), the draft as it is
// now, when edits or extra differ from what was last written (nil when
// nothing changed, or a write is under way: it is written after).
func (k *DraftKeeper[S]) Autosave(edits int, extra S, snapshot func() app.Draft) tea.Cmd {
	if k.Draft == nil || (edits == k.edits && extra == k.extra) {
		return nil
	}
	if k.writing {
		k.again = true
		return nil
	}
	d := snapshot()
	k.writing = true
	return func() tea.Msg { return DraftSavedMsg[S]{edits: edits, extra: extra, err: app.SaveDraft(&d)} }
}

// Stale makes the next Autosave write even when nothing it compares
// changed (the draft itself did: a reload rebased it).
func (k *DraftKeeper[S]) Stale() { k.edits = -1 }

// Written records a write made otherwise (before the program ends).
func (k *DraftKeeper[S]) Written(edits int, extra S) { k.edits, k.extra = edits, extra }

// Saved takes the outcome of a write; again says a change came meanwhile
// (the caller autosaves once more). err is why the write failed.
func (k *DraftKeeper[S]) Saved(msg DraftSavedMsg[S]) (again bool, err error) {
	k.writing = false
	if msg.err != nil {
		return false, msg.err
	}
	k.edits, k.extra = msg.edits, msg.extra
	again, k.again = k.again, false
	return again, nil
}
