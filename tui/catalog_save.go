package tui

import (
	"errors"

	tea "charm.land/bubbletea/v2"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/model"
)

// The catalog is written when the card is saved: Model.save calls
// catalogBeforeSave once the card is known to be valid (it may refuse the
// save or ask about replacing the catalog file first), then
// writeCatalogAfterCard once the card is written.

// catalogStepIndex finds the Catalog step (-1 when the flow has none).
func (m *Model) catalogStepIndex() int {
	for i, st := range m.steps {
		if _, ok := st.(*catalogStep); ok {
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
	i := m.catalogStepIndex()
	if i < 0 {
		return nil, false
	}
	st := m.steps[i].(*catalogStep)
	if st.cfg.Write == app.WriteNothing {
		return nil, false
	}
	// The card may have changed since the step was last shown.
	st.replan(m.s)
	if why := app.CatalogRefusal(st.plan, cardPath); why != "" {
		m.status = "not saved: " + why
		if m.cur != i {
			return m.goTo(i), true
		}
		return nil, true
	}
	if app.CatalogNeedsYes(st.plan, st.confirmed) {
		m.dialog = catalogOverwriteDialog(st, resume)
		return nil, true
	}
	return nil, false
}

// writeCatalogAfterCard writes the catalog planned by catalogBeforeSave and
// records what happened in the Result. The card is saved already: a failure
// here is reported, not undone.
func (m *Model) writeCatalogAfterCard() {
	i := m.catalogStepIndex()
	if i < 0 {
		return
	}
	st := m.steps[i].(*catalogStep)
	if st.cfg.Write == app.WriteNothing || st.plan == nil {
		return
	}
	t := st.plan.Settings.Target()
	msg, err := app.WriteCatalogPlan(st.plan, st.confirmed == t)
	// Whatever happened, the file is read again for the next plan.
	st.planner.ForgetSource()
	switch {
	case errors.Is(err, app.ErrCatalogExists):
		m.result.Catalog = "Catalog not written: " + model.SafeText(t) + " appeared meanwhile."
	case err != nil:
		m.result.Catalog = "Catalog not written: " + err.Error()
	default:
		m.result.Catalog = msg
	}
}

// catalogOverwriteDialog asks before replacing an existing entry or catalog
// file (as the card's own overwrite dialog does); yes goes on with the save.
func catalogOverwriteDialog(st *catalogStep, resume func(m *Model) tea.Cmd) *dialog[*Model] {
	t := st.plan.Settings.Target()
	q := model.SafeText(t) + " already exists."
	if stat := diffStat(t, st.plan.Output); stat != "" {
		q += "\nWriting the catalog changes " + stat + "."
	}
	return &dialog[*Model]{
		question: q + "\nOverwrite it (after the card is saved)?",
		yes: func(m *Model) tea.Cmd {
			st.confirmed = t
			return resume(m)
		},
		no: func(m *Model) tea.Cmd {
			m.status = "not saved: choose another catalog file on the Catalog step"
			return nil
		},
	}
}
