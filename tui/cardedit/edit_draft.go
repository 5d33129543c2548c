package cardedit

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/widgets"
)

// Edit mode keeps a draft of the unsaved edits, as `oncard new` keeps one
// of the card: written (by the same autosave) when a field is left or the
// step changes, so that a crash or a closed terminal loses at most the
// field being typed. The draft stores the edits as ops plus what the file
// was (app.NewEditDraft); `oncard edit FILE` offers it again while the
// file is unchanged. A save removes it; quitting asks whether to keep it.

// setupEditDraft starts the edit draft: the resumed one, or a new one
// when drafts are on.
func (m *Model) setupEditDraft(opts Options) {
	switch {
	case opts.EditDraft != nil:
		m.drafts.Draft = opts.EditDraft
	case opts.DraftDir != "":
		m.drafts.Draft = (&app.Drafts{Dir: opts.DraftDir}).NewEditDraft(opts.Edit)
	}
}

// editDraftNow is the edit draft as the session is now, a copy that a
// command may write while the model goes on.
func (m *Model) editDraftNow() (app.Draft, int, app.CatalogSettings) {
	d := *m.drafts.Draft
	if err := app.RecordEdits(&d, m.edit.s); err != nil {
		// The edits cannot be listed (the file as loaded no longer
		// parses): keep the card's bytes at least.
		d.Card, d.Ops = string(m.edit.s.Bytes()), nil
	}
	d.Step, d.StepName = m.cur, m.steps[m.cur].Title()
	cfg := m.catalogSettings()
	d.Catalog = app.DraftCatalogOf(cfg)
	return d, m.s.Edits, cfg
}

// editQuitDialog is ctrl+c in edit mode with unsaved edits and drafts on:
// keep them as a draft (the default answer, y) or drop them.
func (m *Model) editQuitDialog() *widgets.Dialog[*Model] {
	return &widgets.Dialog[*Model]{
		Question: "Quit without saving " + m.edit.fileName() + ".\nKeep a draft of your edits (offered when you edit the file again)?",
		Yes:      keepDraftAndQuit,
		No:       (*Model).quitRemovingDraft,
	}
}

// saveWarnings puts what a save reported besides writing (a hard link
// split off, an owner not kept) on the status line and in the result.
func (m *Model) saveWarnings(warnings []string) {
	m.result.Warnings = warnings
	if len(warnings) > 0 {
		m.Status = "saved; warning: " + model.SafeText(warnings[0])
		if len(warnings) > 1 {
			m.Status += " (+" + widgets.Count(len(warnings)-1, "more", "more") + ")"
		}
	}
}

// readOnlyRefusal is the status line when the file is read-only: what to
// do about it, not only what is wrong.
func readOnlyRefusal(name string) string {
	return "not written: " + name + " is read-only. Make it writable (chmod u+w) and save again, " +
		"or quit (ctrl+c keeps a draft) and run oncard edit --force " + name
}

// rebaseEditDraft points the edit draft at the file as reloaded (its
// edits now apply to those bytes; mod is the file's modification time) and
// writes it at once: a reload is rare, and a draft left describing the old
// file would be stale.
func (m *Model) rebaseEditDraft(mod time.Time) tea.Cmd {
	if m.drafts.Draft == nil {
		return nil
	}
	m.drafts.Draft.Base = app.BaseOf(m.edit.s.Base(), mod)
	return m.autosaveNow()
}
