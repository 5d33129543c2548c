package tui

import (
	"errors"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/edit"
	"github.com/oncard/oncard/validate"
)

// editReviewStep is the last screen of `oncard edit`: what the edits do to
// the file (the unified diff, the errors they add, the members kept as
// is), the file-level actions (upgrade a v0.3 card, remove signatures) and
// the save. It needs the root model: its actions edit through the
// edit.Session and end the program.
type editReviewStep struct {
	m      *Model
	mode   reviewMode
	cursor int // the focused action
	scroll int // the first diff line shown
	// plan is the upgrade being previewed (reviewUpgrade), with its diff.
	plan     []model.Edit
	planDiff string
	// notes are lines kept on screen after an action (edits dropped by a
	// reload, what an upgrade did).
	notes []string
	path  textinput.Model // reviewSaveAs: where to save
}

// reviewMode is what the edit Review screen is doing.
type reviewMode int

const (
	reviewMain          reviewMode = iota // diff, findings, actions, save
	reviewUpgrade                         // an upgrade's diff, before it is applied
	reviewChangedOnDisk                   // a save refused: reload, save elsewhere or cancel
	reviewSaveAs                          // the path to save this version to
)

func newEditReviewStep(m *Model) *editReviewStep { return &editReviewStep{m: m} }

func (st *editReviewStep) title() string { return "Review & save" }

func (st *editReviewStep) setMode(md reviewMode) {
	st.mode, st.cursor, st.scroll = md, 0, 0
}

func (st *editReviewStep) enter(s *Session) tea.Cmd {
	st.m.catalog().refreshForReview(s)
	if st.mode == reviewUpgrade { // an upgrade preview is stale once left
		st.setMode(reviewMain)
	}
	if st.mode == reviewSaveAs {
		return st.path.Focus()
	}
	return nil
}

// action is one thing the screen offers, run with enter or space.
type action struct {
	label string
	run   func() tea.Cmd
}

func (st *editReviewStep) actions() []action {
	m := st.m
	switch st.mode {
	case reviewUpgrade:
		return []action{
			{"Apply the upgrade", st.applyUpgrade},
			{"Cancel", func() tea.Cmd { st.setMode(reviewMain); return nil }},
		}
	case reviewChangedOnDisk:
		return []action{
			{"Reload the file and re-apply my edits", st.reload},
			{"Save my version to another file", st.askPath},
			{"Cancel (keep editing)", func() tea.Cmd { st.setMode(reviewMain); return nil }},
		}
	case reviewSaveAs:
		return nil
	}
	acts := []action{{"Save (asks first)", m.editConfirmSave}}
	switch m.shape() {
	case model.ShapeV03:
		acts = append(acts,
			action{"Upgrade to v1.0 (drop the v0.3 fields)", func() tea.Cmd { return st.previewUpgrade(false) }},
			action{"Upgrade to a dual card (v1.0 + v0.3 for old clients)", func() tea.Cmd { return st.previewUpgrade(true) }})
	case model.ShapeDual:
		acts = append(acts,
			action{"Upgrade to v1.0 only (drop the v0.3 fields)", func() tea.Cmd { return st.previewUpgrade(false) }})
	}
	if m.s.Doc.Root().Get("signatures") != nil {
		acts = append(acts, action{"Remove the signatures", st.removeSignatures})
	}
	return acts
}

func (st *editReviewStep) update(msg tea.KeyPressMsg, s *Session) (tea.Cmd, bool) {
	if st.mode == reviewSaveAs {
		switch {
		case key.Matches(msg, Keys.Back):
			st.setMode(reviewChangedOnDisk)
			return nil, false
		case key.Matches(msg, Keys.Enter):
			return st.m.editSaveAs(strings.TrimSpace(st.path.Value())), false
		}
		var cmd tea.Cmd
		st.path, cmd = st.path.Update(msg)
		return cmd, false
	}
	acts := st.actions()
	switch {
	case key.Matches(msg, Keys.NextField):
		st.cursor = min(st.cursor+1, len(acts)-1)
	case key.Matches(msg, Keys.PrevField):
		st.cursor = max(st.cursor-1, 0)
	case key.Matches(msg, Keys.ScrollDown):
		st.scroll += 10
	case key.Matches(msg, Keys.ScrollUp):
		st.scroll = max(0, st.scroll-10)
	case key.Matches(msg, Keys.Back):
		if st.mode != reviewMain {
			st.setMode(reviewMain)
		}
	case key.Matches(msg, Keys.Enter, Keys.Toggle):
		if st.cursor < len(acts) {
			return acts[st.cursor].run(), false
		}
	}
	return nil, false
}

// previewUpgrade plans the upgrade and shows its diff; nothing is applied
// until the operator says so.
func (st *editReviewStep) previewUpgrade(keepDual bool) tea.Cmd {
	m := st.m
	plan, err := model.PlanUpgrade(m.s.Doc, model.UpgradeOptions{KeepDual: keepDual})
	if errors.Is(err, model.ErrNotV03) {
		m.status = "nothing to upgrade: the card has no v0.3 members"
		return nil
	}
	if err != nil {
		m.status = "cannot upgrade: " + model.SafeText(err.Error())
		return nil
	}
	after := m.s.Doc.Clone()
	if err := model.ApplyEdits(after, plan); err != nil {
		m.status = "cannot upgrade: " + model.SafeText(err.Error())
		return nil
	}
	st.plan = plan
	st.planDiff = edit.UnifiedDiff(m.edit.s.Path(), m.s.JSON, after.Encode())
	st.setMode(reviewUpgrade)
	return nil
}

func (st *editReviewStep) applyUpgrade() tea.Cmd {
	m := st.m
	err := m.edit.s.Apply(st.plan)
	m.s.changed()
	st.setMode(reviewMain)
	if err != nil {
		m.status = "upgrade stopped: " + model.SafeText(err.Error())
		return nil
	}
	st.notes = []string{fmt.Sprintf("Upgraded: %s applied (see the diff).", count(len(st.plan), "change", "changes"))}
	return nil
}

func (st *editReviewStep) removeSignatures() tea.Cmd {
	m := st.m
	if err := m.edit.s.Delete("/signatures"); err != nil {
		m.status = "cannot remove the signatures: " + model.SafeText(err.Error())
		return nil
	}
	m.s.changed()
	st.cursor = 0
	st.notes = []string{"Signatures removed: sign the card again after saving if you publish it signed."}
	return nil
}

func (st *editReviewStep) reload() tea.Cmd {
	dropped, err := st.m.editReload()
	if err != nil {
		st.m.status = "cannot reload: " + model.SafeText(err.Error()) + "; save your version elsewhere"
		return nil
	}
	st.setMode(reviewMain)
	st.notes = []string{"Reloaded the file from disk and re-applied your edits."}
	if len(dropped) > 0 {
		st.notes = append(st.notes, fmt.Sprintf("%s conflicted and %s dropped:", count(len(dropped), "edit", "edits"),
			map[bool]string{true: "was", false: "were"}[len(dropped) == 1]))
		for _, d := range dropped {
			st.notes = append(st.notes, "  "+d)
		}
	}
	st.m.status = ""
	return nil
}

func (st *editReviewStep) askPath() tea.Cmd {
	st.path = newInput()
	st.path.Prompt = ""
	st.path.CharLimit = 0
	st.path.SetValue(st.m.edit.s.Path() + ".mine")
	st.path.CursorEnd()
	st.setMode(reviewSaveAs)
	return st.path.Focus()
}

func (st *editReviewStep) view(th *Theme, s *Session, width, height int) string {
	m := st.m
	var b strings.Builder
	line := func(text string) { b.WriteString(text + "\n") }
	switch st.mode {
	case reviewChangedOnDisk:
		line(th.Error.Render(ansi.Wrap(m.edit.fileName()+" changed on disk since it was opened; nothing was written.", width, "/ ")))
		line(th.Hint.Render(ansi.Wrap("Your edits are kept. Reload re-applies those that do not conflict with the other change.", width, " ")))
		line("")
		st.viewActions(th, &b, width)
		return b.String()
	case reviewSaveAs:
		line(th.Label.Render(ansi.Wrap("Save your version to (a new file; enter saves, esc back):", width, " ")))
		line(focusMark + " " + st.path.View())
		return b.String()
	case reviewUpgrade:
		line(th.Title.Render("Upgrade preview: nothing is applied yet"))
		for _, e := range st.plan {
			what := "set"
			if e.Value == nil {
				what = "delete"
			}
			line(th.Hint.Render(truncate("  "+what+" "+model.SafeText(e.Ptr)+": "+model.SafeText(e.Reason), width)))
		}
		line("")
		st.viewActions(th, &b, width)
		line("")
		st.viewDiff(th, &b, st.planDiff, width, height-strings.Count(b.String(), "\n"))
		return b.String()
	}
	line(countsLine(th, s.Diags) + "  " + m.shapeBanner())
	for _, n := range st.notes {
		line(th.Info.Render(ansi.Wrap(n, width, " /")))
	}
	if added := m.addedErrors(); len(added) > 0 {
		line(th.Error.Render(fmt.Sprintf("The edits add %s; the file is not written until they are fixed (ctrl+g jumps):",
			count(len(added), "error", "errors"))))
		for _, d := range added {
			line("  " + renderDiag(th, d, width-2))
		}
	} else if old, _, _ := validate.Counts(m.edit.before); old > 0 {
		line(th.Hint.Render(fmt.Sprintf("The file already had %s; the edits add none.", count(old, "error", "errors"))))
	}
	if m.edit.signatures > 0 && s.Doc.Root().Get("signatures") != nil && m.edit.s.Changed() {
		line(th.Warning.Render(ansi.Wrap("The card is signed: after this edit its signatures no longer verify. Re-sign it, or remove them.", width, " ")))
	}
	if cat := m.catalog(); cat != nil {
		if also := cat.announcement(); also != "" {
			line(th.Info.Render(ansi.Wrap(also+".", width, " /")))
		}
		if why := cat.problem(m.edit.s.Path()); why != "" {
			line(th.Error.Render(ansi.Wrap("The save stops at the catalog: "+why, width, " /")))
		}
	}
	if kept := m.keptAsIs(); len(kept) > 0 {
		safe := make([]string, len(kept))
		for i, p := range kept {
			safe[i] = model.SafeText(p)
		}
		line(th.Hint.Render(ansi.Wrap("Kept as is (no screen edits them): "+strings.Join(safe, ", "), width, ", ")))
	}
	line("")
	st.viewActions(th, &b, width)
	line("")
	diff := m.edit.s.Diff()
	if diff == "" {
		line(th.Hint.Render("No changes yet: the file would be written as it is."))
		return b.String()
	}
	st.viewDiff(th, &b, diff, width, height-strings.Count(b.String(), "\n"))
	return b.String()
}

func (st *editReviewStep) viewActions(th *Theme, b *strings.Builder, width int) {
	for i, a := range st.actions() {
		if i == st.cursor {
			b.WriteString(th.Cursor.Render(focusMark+" [ "+a.label+" ]") + "\n")
		} else {
			b.WriteString("  [ " + a.label + " ]\n")
		}
	}
}

// viewDiff draws the diff from line st.scroll, coloured, in rows lines. Long
// lines are wrapped rather than cut: the change is often at their end.
func (st *editReviewStep) viewDiff(th *Theme, b *strings.Builder, diff string, width, rows int) {
	lines := strings.Split(strings.TrimRight(diff, "\n"), "\n")
	rows = max(3, rows-1)
	st.scroll = min(st.scroll, max(0, len(lines)-1))
	var out []string
	last := st.scroll
	for ; last < len(lines) && len(out) < rows; last++ {
		l := model.SafeText(lines[last])
		style := func(s ...string) string { return strings.Join(s, "") }
		switch {
		case strings.HasPrefix(l, "+++"), strings.HasPrefix(l, "---"), strings.HasPrefix(l, "@@"):
			style = th.Hint.Render
		case strings.HasPrefix(l, "+"):
			style = th.OK.Render
		case strings.HasPrefix(l, "-"):
			style = th.Error.Render
		}
		for _, part := range strings.Split(ansi.Hardwrap(l, max(10, width), false), "\n") {
			out = append(out, style(part))
		}
	}
	out = out[:min(len(out), rows)]
	b.WriteString(th.Hint.Render(fmt.Sprintf("diff (lines %d-%d of %d, pgup/pgdn)", st.scroll+1, last, len(lines))) + "\n")
	b.WriteString(strings.Join(out, "\n") + "\n")
}

func (st *editReviewStep) pointer(*Session) string       { return "" }
func (st *editReviewStep) owns(string, *Session) bool    { return false }
func (st *editReviewStep) jump(string, *Session) tea.Cmd { return nil }
func (st *editReviewStep) keys() []key.Binding {
	return []key.Binding{Keys.NextField, Keys.Enter, Keys.ScrollDown}
}

// busy: pgup/pgdn scroll the diff here rather than the preview.
func (st *editReviewStep) busy() bool { return true }
