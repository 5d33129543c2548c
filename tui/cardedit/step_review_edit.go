package cardedit

import (
	"errors"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/oncard/oncard/internal/edit"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/cardsteps"
	"github.com/oncard/oncard/tui/editor"
	"github.com/oncard/oncard/tui/style"
	"github.com/oncard/oncard/tui/widgets"
	"github.com/oncard/oncard/validate"
)

// editReviewStep is the last screen of `oncard edit`: what the edits do to
// the file (the unified diff, the errors they add, the members kept as
// is), the file-level actions (upgrade a v0.3 card, remove signatures) and
// the save. It needs the root model: its actions edit through the
// edit.Session and end the program.
type editReviewStep struct {
	m *Model
	widgets.ReviewFlow
	// plan is the upgrade being previewed (reviewUpgrade), with its diff.
	plan     []model.Edit
	planDiff string
	// catalogDiff is the Catalog step's write as a diff, made when Review
	// is entered and when the catalog file is read again.
	catalogDiff string
}

func newEditReviewStep(m *Model) *editReviewStep { return &editReviewStep{m: m} }

func (st *editReviewStep) Title() string { return "Review & save" }

func (st *editReviewStep) Enter(s *editor.State) tea.Cmd {
	refresh := st.m.catalog().RefreshForReview(s)
	st.catalogDiff = st.m.catalog().PlanDiff()
	if st.Mode == widgets.ReviewUpgrade { // an upgrade preview is stale once left
		st.SetMode(widgets.ReviewMain)
	}
	return tea.Batch(st.FocusPath(), refresh)
}

func (st *editReviewStep) actions() []widgets.Action {
	m := st.m
	switch st.Mode {
	case widgets.ReviewUpgrade:
		return []widgets.Action{
			{Label: "Apply the upgrade", Run: st.applyUpgrade},
			{Label: "Cancel", Run: func() tea.Cmd { st.SetMode(widgets.ReviewMain); return nil }},
		}
	case widgets.ReviewChangedOnDisk:
		return st.ChangedOnDiskActions(st.reload, m.edit.s.Path())
	case widgets.ReviewSaveAs:
		return nil
	}
	acts := []widgets.Action{{Label: "Save (asks first)", Run: m.editConfirmSave}}
	switch m.shape() {
	case model.ShapeV03:
		acts = append(acts,
			widgets.Action{Label: "Upgrade to v1.0 (drop the v0.3 fields)", Run: func() tea.Cmd { return st.previewUpgrade(false) }},
			widgets.Action{Label: "Upgrade to a dual card (v1.0 + v0.3 for old clients)", Run: func() tea.Cmd { return st.previewUpgrade(true) }})
	case model.ShapeDual:
		acts = append(acts,
			widgets.Action{Label: "Upgrade to v1.0 only (drop the v0.3 fields)", Run: func() tea.Cmd { return st.previewUpgrade(false) }})
	}
	acts = append(acts, st.signatureActions()...)
	if m.s.Doc.Root().Get("signatures") != nil {
		acts = append(acts, widgets.Action{Label: "Remove the signatures", Run: st.removeSignatures})
	}
	return acts
}

func (st *editReviewStep) Update(in tea.Msg, s *editor.State) (tea.Cmd, bool) {
	if _, ok := in.(cardsteps.CatalogSourceMsg); ok {
		// The Catalog step (before this one) has planned with it.
		st.catalogDiff = st.m.catalog().PlanDiff()
		return nil, false
	}
	msg, ok := in.(tea.KeyPressMsg)
	if !ok {
		return nil, false
	}
	return st.ReviewFlow.Update(msg, st.actions(), st.m.editSaveAs, st.shownDiff), false
}

// previewUpgrade plans the upgrade and shows its diff; nothing is applied
// until the operator says so.
func (st *editReviewStep) previewUpgrade(keepDual bool) tea.Cmd {
	m := st.m
	plan, err := m.edit.ed.PlanUpgrade(keepDual)
	if errors.Is(err, model.ErrNotV03) {
		m.Status = "nothing to upgrade: the card has no v0.3 members"
		return nil
	}
	if err != nil {
		m.Status = "cannot upgrade: " + model.SafeText(err.Error())
		return nil
	}
	after := m.s.Doc.Clone()
	if err := model.ApplyEdits(after, plan); err != nil {
		m.Status = "cannot upgrade: " + model.SafeText(err.Error())
		return nil
	}
	st.plan = plan
	m.s.Flush()
	st.planDiff = edit.UnifiedDiff(m.edit.s.Path(), m.s.JSON, after.Encode())
	st.SetMode(widgets.ReviewUpgrade)
	return nil
}

func (st *editReviewStep) applyUpgrade() tea.Cmd {
	m := st.m
	err := m.edit.s.Apply(st.plan)
	m.s.Changed()
	st.SetMode(widgets.ReviewMain)
	if err != nil {
		m.Status = "upgrade stopped: " + model.SafeText(err.Error())
		return nil
	}
	st.Notes = []string{fmt.Sprintf("Upgraded: %s applied (see the diff).", widgets.Count(len(st.plan), "change", "changes"))}
	return nil
}

func (st *editReviewStep) removeSignatures() tea.Cmd {
	m := st.m
	if err := m.edit.ed.RemoveSignatures(); err != nil {
		m.Status = "cannot remove the signatures: " + model.SafeText(err.Error())
		return nil
	}
	m.s.Changed()
	st.Cursor = 0
	st.Notes = []string{"Signatures removed: sign the card again after saving if you publish it signed."}
	return nil
}

func (st *editReviewStep) reload() tea.Cmd {
	return st.m.editReload(func(m *Model, dropped []string, err error) tea.Cmd {
		if err != nil {
			m.Status = "cannot reload: " + model.SafeText(err.Error()) + "; save your version elsewhere"
			return nil
		}
		st.Reloaded(dropped)
		m.Status = ""
		return nil
	})
}

func (st *editReviewStep) View(th *style.Theme, s *editor.State, width, height int) string {
	m := st.m
	var b strings.Builder
	line := func(text string) { b.WriteString(text + "\n") }
	switch st.Mode {
	case widgets.ReviewChangedOnDisk:
		st.ViewChangedOnDisk(th, &b, m.edit.fileName(), st.actions(), width)
		return b.String()
	case widgets.ReviewSaveAs:
		st.ViewSaveAs(th, &b, width)
		return b.String()
	case widgets.ReviewUpgrade:
		line(th.Title.Render("Upgrade preview: nothing is applied yet"))
		for _, e := range st.plan {
			what := "set"
			if e.Value == nil {
				what = "delete"
			}
			line(widgets.HintLines(th, what+" "+model.SafeText(e.Ptr)+": "+model.SafeText(e.Reason), width))
		}
		line("")
		st.ViewActions(th, &b, st.actions(), width)
		line("")
		st.ViewDiff(th, &b, st.planDiff, width, height-strings.Count(b.String(), "\n"))
		return b.String()
	}
	line(widgets.CountsLine(th, s.Diags) + "  " + m.shapeBanner())
	for _, n := range st.Notes {
		line(th.Info.Render(ansi.Wrap(n, width, " /")))
	}
	if added := m.addedErrors(); len(added) > 0 {
		line(th.Error.Render(fmt.Sprintf("The edits add %s; the file is not written until they are fixed (ctrl+g jumps):",
			widgets.Count(len(added), "error", "errors"))))
		for _, d := range added {
			line("  " + widgets.RenderDiag(th, d, width-2))
		}
	} else if old, _, _ := validate.Counts(m.edit.ed.Before()); old > 0 {
		line(th.Hint.Render(fmt.Sprintf("The file already had %s; the edits add none.", widgets.Count(old, "error", "errors"))))
	}
	if m.edit.breaks {
		line(th.Warning.Render(ansi.Wrap("The card is signed: after this edit its signatures no longer verify. Re-sign it, or remove them.", width, " ")))
	}
	for _, l := range st.signatureLines(th, width) {
		line(l)
	}
	if cat := m.catalog(); cat != nil {
		if also := cat.Announcement(); also != "" {
			line(th.Info.Render(ansi.Wrap(also+".", width, " /")))
		}
		if why := cat.Problem(m.edit.s.Path()); why != "" {
			line(th.Error.Render(ansi.Wrap("The save stops at the catalog: "+why, width, " /")))
		}
		if d := widgets.CatalogDiff(th, st.catalogDiff, width, 6); d != "" {
			line(d)
		}
	}
	if kept := m.keptAsIs(); len(kept) > 0 {
		// Rows break between pointers, never inside one.
		parts := []string{"Kept as is (no screen edits them): "}
		for i, p := range kept {
			sep := ", "
			if i == len(kept)-1 {
				sep = ""
			}
			parts = append(parts, model.SafeText(p)+sep)
		}
		line(th.Hint.Render(widgets.WrapRow(parts, width)))
	}
	line("")
	st.ViewActions(th, &b, st.actions(), width)
	line("")
	diff := m.edit.diff
	if diff == "" {
		line(th.Hint.Render("No changes yet: there is nothing to write."))
		return b.String()
	}
	st.ViewDiff(th, &b, diff, width, height-strings.Count(b.String(), "\n"))
	return b.String()
}

// shownDiff is the diff the screen shows: the upgrade's while previewing
// one, else the edits'.
func (st *editReviewStep) shownDiff() string {
	if st.Mode == widgets.ReviewUpgrade {
		return st.planDiff
	}
	return st.m.edit.s.Diff()
}

func (st *editReviewStep) Pointer(*editor.State) string       { return "" }
func (st *editReviewStep) Owns(string, *editor.State) bool    { return false }
func (st *editReviewStep) Jump(string, *editor.State) tea.Cmd { return nil }
func (st *editReviewStep) Keys() []key.Binding {
	return []key.Binding{style.Keys.NextField, style.Keys.Enter, style.Keys.ScrollDown}
}

// busy: pgup/pgdn scroll the diff here rather than the preview.
func (st *editReviewStep) Busy() bool { return true }
