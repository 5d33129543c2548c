package catedit

import (
	tea "charm.land/bubbletea/v2"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/editor"
	"github.com/oncard/oncard/tui/widgets"
)

// The catalog editor keeps a draft of its unsaved edits as the card
// editor's edit mode does (app.NewEditDraft: the edits as ops plus what the
// file was), so that a crash or a closed terminal loses at most the field
// being typed; `oncard edit CATALOG` offers it again while the file is
// unchanged. It is written when a field is left, after any other edit, and
// when the screen changes; a save removes it; quitting asks whether to
// keep it.

// noExtra: the catalog editor keeps nothing in its draft besides the edits.
type noExtra struct{}

// setupDraft starts the draft: the resumed one, or a new one when drafts
// are on.
func (c *CatalogEditor) setupDraft(opts CatalogEditorOptions) {
	switch {
	case opts.EditDraft != nil:
		c.drafts.Draft = opts.EditDraft
		c.drafts.Stale() // it holds the edits resumed: written again at the next change
		c.drafts.Written(c.s.Edits, noExtra{})
	case opts.DraftDir != "":
		c.drafts.Draft = (&app.Drafts{Dir: opts.DraftDir}).NewEditDraft(opts.Edit)
		c.drafts.Written(c.s.Edits, noExtra{})
	}
}

// draftNow is the draft as the session is now, a copy that a command may
// write while the editor goes on.
func (c *CatalogEditor) draftNow() app.Draft {
	d := *c.drafts.Draft
	if err := app.RecordEdits(&d, c.es); err != nil {
		// The edits cannot be listed (the file as loaded no longer
		// parses): keep the catalog's bytes at least.
		d.Card, d.Ops = string(c.es.Bytes()), nil
	}
	d.Step = c.cur
	return d
}

// autosave writes the draft when the catalog changed since the last one
// (in a command; the outcome comes back as a DraftSavedMsg).
func (c *CatalogEditor) autosave() tea.Cmd {
	return c.drafts.Autosave(c.s.Edits, noExtra{}, c.draftNow)
}

// draftSaved takes the outcome of a draft write.
func (c *CatalogEditor) draftSaved(msg editor.DraftSavedMsg[noExtra]) tea.Cmd {
	again, err := c.drafts.Saved(msg)
	if err != nil {
		c.Status = "draft not saved: " + model.SafeText(err.Error())
		return nil
	}
	if again {
		return c.autosave()
	}
	return nil
}

// writeDraftNow writes the draft before the program ends (an interrupt):
// there is no later message to wait for.
func (c *CatalogEditor) writeDraftNow() error {
	d := c.draftNow()
	if err := app.SaveDraft(&d); err != nil {
		return err
	}
	c.drafts.Written(c.s.Edits, noExtra{})
	return nil
}

// quitDialog is ctrl+c with unsaved edits and drafts on: keep them as a
// draft (the default answer, y) or drop them.
func (c *CatalogEditor) quitDialog() *widgets.Dialog[*CatalogEditor] {
	return &widgets.Dialog[*CatalogEditor]{
		Question: "Quit without saving " + c.fileName() + ".\nKeep a draft of your edits (offered when you edit the file again)?",
		Yes:      (*CatalogEditor).keepDraftAndQuit,
		No:       (*CatalogEditor).quitRemovingDraft,
	}
}

// keepDraftAndQuit leaves, keeping the draft of the edits. When it cannot
// be written the editor stays, saying why; the next ctrl+c leaves without.
func (c *CatalogEditor) keepDraftAndQuit() tea.Cmd {
	if c.drafts.Draft == nil {
		c.result.Interrupted = true
		return tea.Quit
	}
	d := c.draftNow()
	return c.work(func() func(*CatalogEditor) tea.Cmd {
		err := app.SaveDraft(&d)
		return func(c *CatalogEditor) tea.Cmd {
			if err != nil {
				c.Status = "draft not saved: " + model.SafeText(err.Error()) + "; ctrl+c again leaves without one"
				c.drafts.Draft = nil
				return nil
			}
			c.result.Interrupted, c.result.DraftKept = true, d.Path
			return tea.Quit
		}
	})
}

// quitRemovingDraft leaves without saving and without keeping a draft.
func (c *CatalogEditor) quitRemovingDraft() tea.Cmd {
	c.result.Interrupted = true
	return c.removeDraftThen(tea.Quit)
}

// removeDraftThen removes the draft (file work, in a command), then runs
// next.
func (c *CatalogEditor) removeDraftThen(next tea.Cmd) tea.Cmd {
	if c.drafts.Draft == nil {
		return next
	}
	path := c.drafts.Draft.Path
	return c.work(func() func(*CatalogEditor) tea.Cmd {
		err := app.RemoveDraft(path)
		return func(c *CatalogEditor) tea.Cmd {
			if err != nil {
				c.result.Warnings = append(c.result.Warnings, "the draft could not be removed: "+model.SafeText(err.Error()))
			}
			return next
		}
	})
}
