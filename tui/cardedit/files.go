package cardedit

import (
	"context"
	"errors"

	"github.com/oncard/oncard/internal/docfile"

	tea "charm.land/bubbletea/v2"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/editor"
)

// The card editor's file work (writing the card, the catalog, the draft;
// reading the file again) runs in commands (editor.Work), never in
// Update. While it runs, m.working is set: keys wait (they are dropped,
// with the status saying why), so that nothing edits the card between the
// moment its bytes were taken and the outcome.

// work runs file work in a command and holds the keys until it is done.
func (m *Model) work(w func() func(*Model) tea.Cmd) tea.Cmd {
	m.working = true
	return editor.Work(func() func(*Model) tea.Cmd {
		finish := w()
		return func(m *Model) tea.Cmd {
			m.working = false
			return finish(m)
		}
	})
}

// finishSaved ends the program once the card is written (m.result says
// where): the catalog the Catalog step planned is written after it, the
// draft removed, and the program quits.
func (m *Model) finishSaved() tea.Cmd {
	if m.catalogStep != nil && m.edit == nil {
		m.result.ServedAt = m.catalogStep.ServedAt(m.s)
	}
	writeCatalog := m.catalogWork()
	draft := m.draftPath()
	return m.work(func() func(*Model) tea.Cmd {
		said := ""
		if writeCatalog != nil {
			said = writeCatalog()
		}
		dropErr := app.RemoveDraft(draft)
		return func(m *Model) tea.Cmd {
			if writeCatalog != nil {
				m.result.Catalog = said
				// Whatever happened, the file is read again for a next plan.
				m.catalogStep.Planner.ForgetSource()
			}
			m.noteDraftRemoval(dropErr)
			return tea.Quit
		}
	})
}

// quitRemovingDraft leaves without saving and without keeping a draft.
func (m *Model) quitRemovingDraft() tea.Cmd {
	m.result.Interrupted = true
	draft := m.draftPath()
	if draft == "" {
		return tea.Quit
	}
	return m.work(func() func(*Model) tea.Cmd {
		err := app.RemoveDraft(draft)
		return func(m *Model) tea.Cmd {
			m.noteDraftRemoval(err)
			return tea.Quit
		}
	})
}

// keepDraftAndQuit leaves without saving, keeping a draft of the card to
// resume. When the draft cannot be written the program stays, saying
// why; the next ctrl+c leaves without it.
func keepDraftAndQuit(m *Model) tea.Cmd {
	if m.drafts.Draft == nil {
		m.result.Interrupted = true
		return tea.Quit
	}
	d, edits, cfg := m.draftNow()
	return m.work(func() func(*Model) tea.Cmd {
		err := app.SaveDraft(&d)
		return func(m *Model) tea.Cmd {
			if err != nil {
				m.Status = "draft not saved: " + model.SafeText(err.Error()) + "; ctrl+c again leaves without one"
				m.drafts.Draft = nil
				return nil
			}
			m.drafts.Written(edits, cfg)
			m.result.Interrupted, m.result.DraftKept = true, d.Path
			return tea.Quit
		}
	})
}

// writeCard writes data, the card, to path (new mode): atomically, asking
// before replacing a file unless overwrite.
func (m *Model) writeCard(path string, data []byte, overwrite bool) tea.Cmd {
	return m.work(func() func(*Model) tea.Cmd {
		warnings, err := docfile.WriteNewContext(context.Background(), path, data, overwrite)
		stat := ""
		if errors.Is(err, docfile.ErrExists) {
			stat = diffStat(path, data)
		}
		return func(m *Model) tea.Cmd {
			switch {
			case errors.Is(err, docfile.ErrExists):
				m.dialog = overwriteDialog(path, stat)
				return nil
			case err != nil:
				m.Status = "not saved: " + err.Error()
				return nil
			}
			m.result = editor.Result{Saved: true, Path: path, JSON: data}
			m.saveWarnings(warnings)
			return m.finishSaved()
		}
	})
}

// draftPath is the draft file to remove once the card is saved ("" when
// there is none).
func (m *Model) draftPath() string {
	if m.drafts.Draft == nil {
		return ""
	}
	return m.drafts.Draft.Path
}

// noteDraftRemoval records a draft that could not be removed, so that the
// command says so: it would be offered again by --resume.
func (m *Model) noteDraftRemoval(err error) {
	if err != nil {
		m.result.Warnings = append(m.result.Warnings, "the draft could not be removed: "+model.SafeText(err.Error()))
	}
}
