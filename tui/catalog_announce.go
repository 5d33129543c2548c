package tui

import "github.com/oncard/oncard/internal/app"

import "github.com/oncard/oncard/model"

// Review announces the catalog write that comes with the save, so that
// nothing is written that the operator was not shown first.

// announcement is "Also writes: the catalog entry to ./ai-catalog-entry.json"
// ("" when the Catalog step writes nothing).
func (st *catalogStep) announcement() string {
	t := model.SafeText(st.cfg.Target())
	var what string
	switch st.cfg.Write {
	case app.WriteEntry:
		what = "the catalog entry to " + t
	case app.WriteNewCatalog:
		what = "a new AI Catalog listing the card to " + t
	case app.WriteIntoExisting:
		what = "the catalog entry, added to " + t
		if p := st.plan; p != nil && p.Merge != nil && !p.Merge.Added {
			what = "the catalog entry, updating " + model.EntryPtr(p.Merge.Index) + " of " + t
		}
	default:
		return ""
	}
	return "Also writes: " + what + " (after the card)"
}

// problem says why the catalog write would stop the save of a card to
// cardPath ("" when it would not), from the plan last computed.
func (st *catalogStep) problem(cardPath string) string {
	if st.cfg.Write == app.WriteNothing || st.plan == nil {
		return ""
	}
	return app.CatalogRefusal(st.plan, cardPath)
}

// refreshForReview recomputes the plan when Review is entered: the card
// may have changed since the Catalog step was shown.
func (st *catalogStep) refreshForReview(s *Session) {
	if st != nil && st.cfg.Write != app.WriteNothing {
		st.replan(s)
	}
}

// catalog is the flow's Catalog step (nil when it has none).
func (m *Model) catalog() *catalogStep {
	if i := m.catalogStepIndex(); i >= 0 {
		return m.steps[i].(*catalogStep)
	}
	return nil
}

// catalogAnnouncement is the Catalog step's announcement ("" without one).
func (m *Model) catalogAnnouncement() string {
	if st := m.catalog(); st != nil {
		return st.announcement()
	}
	return ""
}
