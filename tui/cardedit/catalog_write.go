package cardedit

import (
	"errors"

	tea "charm.land/bubbletea/v2"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/cardsteps"
	"github.com/oncard/oncard/tui/editor"
	"github.com/oncard/oncard/tui/widgets"
)

// The catalog is written when the card is saved: Model.save calls
// catalogBeforeSave once the card is known to be valid (it may refuse the
// save or ask about replacing the catalog file first), then, once the card
// is written, finishSaved runs catalogWork.

// catalogStepIndex is the index of the Catalog step (-1 when the flow
// has none).
func (m *Model) catalogStepIndex() int {
	for i, st := range m.steps {
		if st == cardsteps.Step(m.catalogStep) {
			return i
		}
	}
	return -1
}

// catalogBeforeSave checks the catalog write before `new` writes the card
// (Model.save); a yes to replacing the catalog file saves again.
func (m *Model) catalogBeforeSave(cardPath string, cardOverwrite bool) (cmd tea.Cmd, stop bool) {
	return m.catalogCheck(cardPath, func(m *Model) tea.Cmd { return m.save(cardPath, cardOverwrite) })
}

// catalogCheck checks the catalog write before a card is written to
// cardPath. stop says the card must not be written now (cmd is what to do
// instead): the catalog would be invalid, or its file exists and needs a
// yes, after which resume goes on with the save. Any way of saving a card
// (new, edit) calls it first and writeCatalogAfterCard after.
func (m *Model) catalogCheck(cardPath string, resume func(m *Model) tea.Cmd) (cmd tea.Cmd, stop bool) {
	i, st := m.catalogStepIndex(), m.catalogStep
	if i < 0 {
		return nil, false
	}
	if st.Cfg.Write == app.WriteNothing {
		return nil, false
	}
	// The card may have changed since the step was last shown.
	st.Replan(m.s)
	var reading *app.CatalogReadingError
	if errors.As(st.Plan.Err, &reading) {
		// The catalog file is being read (in a command): save again once
		// it is.
		m.Status = "not saved yet: " + reading.Error() + " save again in a moment"
		return st.ReadSource(), true
	}
	if why := app.CatalogRefusal(st.Plan, cardPath); why != "" {
		m.Status = "not saved: " + why
		if m.cur != i {
			return m.goTo(i), true
		}
		return nil, true
	}
	if app.CatalogNeedsYes(st.Plan, st.Confirmed) {
		// The question says how the file changes: reading it is file work.
		t, output := st.Plan.Settings.Target(), st.Plan.Output
		return m.work(func() func(*Model) tea.Cmd {
			stat := diffStat(t, output)
			return func(m *Model) tea.Cmd {
				m.dialog = catalogOverwriteDialog(st, t, stat, resume)
				return nil
			}
		}), true
	}
	return nil, false
}

// catalogWork returns the catalog write catalogCheck let through, as file
// work to run after the card is written (nil when there is none): it
// writes and says what it did. The card is saved already by then: a
// failure is reported, not undone.
func (m *Model) catalogWork() func() string {
	st := m.catalogStep
	if st == nil || st.Cfg.Write == app.WriteNothing || st.Plan == nil {
		return nil
	}
	plan, t := st.Plan, st.Plan.Settings.Target()
	replace := st.Confirmed == t
	return func() string {
		msg, err := app.WriteCatalogPlan(plan, replace)
		switch {
		case errors.Is(err, app.ErrCatalogExists):
			return "Catalog not written: " + model.SafeText(t) + " appeared meanwhile."
		case err != nil:
			return "Catalog not written: " + err.Error()
		}
		return msg
	}
}

// catalogOverwriteDialog asks before replacing an existing entry or catalog
// file (as the card's own overwrite dialog does); yes goes on with the save.
func catalogOverwriteDialog(st *cardsteps.CatalogStep, t, stat string, resume func(m *Model) tea.Cmd) *widgets.Dialog[*Model] {
	q := model.SafeText(t) + " already exists."
	if stat != "" {
		q += "\nWriting the catalog over it: " + stat + "."
	}
	return &widgets.Dialog[*Model]{
		Question: q + "\nOverwrite it (after the card is saved)?",
		Yes: func(m *Model) tea.Cmd {
			st.Confirmed = t
			return resume(m)
		},
		No: func(m *Model) tea.Cmd {
			m.Status = "not saved: choose another catalog file on the Catalog step"
			return nil
		},
	}
}

// Review announces the catalog write that comes with the save, so that
// nothing is written that the operator was not shown first.

// catalog is the flow's Catalog step (nil when it has none).
func (m *Model) catalog() *cardsteps.CatalogStep { return m.catalogStep }

// catalogAnnouncement is the Catalog step's announcement ("" without one).
func (m *Model) catalogAnnouncement() string {
	if st := m.catalog(); st != nil {
		return st.Announcement()
	}
	return ""
}

// previewContent is what the preview pane shows: the card, or on the
// Catalog step what the catalog settings yield (the entry, the new catalog,
// or the merged catalog with this card's entry highlighted).
func (m *Model) previewContent() editor.PreviewContent {
	if st := m.catalogStep; st != nil && m.cur == m.catalogStepIndex() && st.Plan != nil {
		return st.PreviewContent()
	}
	return m.s.PreviewContent()
}

// previewInner draws the preview pane's content (Settle took it).
func (m *Model) previewInner(width, height int) string { return m.Prev.View(m.Th, width, height) }
