package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/style"
)

// reviewFlow is what the Review screen of `oncard edit` does the same for
// a card (editReviewStep) and for a catalog (catEditReview): a list of
// actions, the diff of the edits, and a save refused because the file
// changed on disk since it was opened, which offers to reload and
// re-apply the edits, to save elsewhere, or to keep editing. Each screen
// embeds one and brings its own actions and save.
type reviewFlow struct {
	mode   reviewMode
	cursor int // the focused action
	scroll int // the first diff line shown
	// notes are lines kept on screen after an action (edits dropped by a
	// reload, what an upgrade did).
	notes []string
	path  textinput.Model // reviewSaveAs: where to save
}

// reviewMode is what the edit Review screen is doing.
type reviewMode int

const (
	reviewMain          reviewMode = iota // diff, findings, actions, save
	reviewUpgrade                         // an upgrade's diff, before it is applied (cards only)
	reviewChangedOnDisk                   // a save refused: reload, save elsewhere or cancel
	reviewSaveAs                          // the path to save this version to
)

// action is one thing the screen offers, run with enter or space.
type action struct {
	label string
	run   func() tea.Cmd
}

func (r *reviewFlow) setMode(md reviewMode) { r.mode, r.cursor, r.scroll = md, 0, 0 }

// focusPath gives the focus back to the path prompt when the screen is
// entered again while asking where to save.
func (r *reviewFlow) focusPath() tea.Cmd {
	if r.mode == reviewSaveAs {
		return r.path.Focus()
	}
	return nil
}

// changedOnDiskActions are the choices after a refused save; the file
// being edited is at path (a save elsewhere proposes path.mine).
func (r *reviewFlow) changedOnDiskActions(reload func() tea.Cmd, path string) []action {
	return []action{
		{"Reload the file and re-apply my edits", reload},
		{"Save my version to another file", func() tea.Cmd { return r.askPath(path) }},
		{"Cancel (keep editing)", func() tea.Cmd { r.setMode(reviewMain); return nil }},
	}
}

// update handles a key: in the path prompt, enter calls saveAs with the
// path; elsewhere the keys move among acts, scroll the diff or run the
// focused action.
func (r *reviewFlow) update(msg tea.KeyPressMsg, acts []action, saveAs func(path string) tea.Cmd) tea.Cmd {
	if r.mode == reviewSaveAs {
		switch {
		case key.Matches(msg, style.Keys.Back):
			r.setMode(reviewChangedOnDisk)
			return nil
		case key.Matches(msg, style.Keys.Enter):
			return saveAs(strings.TrimSpace(r.path.Value()))
		}
		var cmd tea.Cmd
		r.path, cmd = r.path.Update(msg)
		return cmd
	}
	switch {
	case key.Matches(msg, style.Keys.NextField):
		r.cursor = min(r.cursor+1, len(acts)-1)
	case key.Matches(msg, style.Keys.PrevField):
		r.cursor = max(r.cursor-1, 0)
	case key.Matches(msg, style.Keys.ScrollDown):
		r.scroll += 10
	case key.Matches(msg, style.Keys.ScrollUp):
		r.scroll = max(0, r.scroll-10)
	case key.Matches(msg, style.Keys.Back):
		if r.mode != reviewMain {
			r.setMode(reviewMain)
		}
	case key.Matches(msg, style.Keys.Enter, style.Keys.Toggle):
		if r.cursor < len(acts) {
			return acts[r.cursor].run()
		}
	}
	return nil
}

// askPath opens the prompt for another file, proposing path.mine.
func (r *reviewFlow) askPath(path string) tea.Cmd {
	r.path = newInput()
	r.path.Prompt = ""
	r.path.CharLimit = 0
	r.path.SetValue(path + ".mine")
	r.path.CursorEnd()
	r.setMode(reviewSaveAs)
	return r.path.Focus()
}

// reloaded goes back to the main view after a reload, saying which edits
// conflicted with the file on disk and were dropped (already safe text).
func (r *reviewFlow) reloaded(dropped []string) {
	r.setMode(reviewMain)
	r.notes = []string{"Reloaded the file from disk and re-applied your edits."}
	if len(dropped) > 0 {
		r.notes = append(r.notes, fmt.Sprintf("%s conflicted and %s dropped:",
			count(len(dropped), "edit", "edits"), plural(len(dropped), "was", "were")))
		for _, d := range dropped {
			r.notes = append(r.notes, "  "+d)
		}
	}
}

// viewChangedOnDisk is the screen after a refused save of fileName.
func (r *reviewFlow) viewChangedOnDisk(th *style.Theme, b *strings.Builder, fileName string, acts []action, width int) {
	b.WriteString(th.Error.Render(ansi.Wrap(fileName+" changed on disk since it was opened; nothing was written.", width, "/ ")) + "\n")
	b.WriteString(th.Hint.Render(ansi.Wrap("Your edits are kept. Reload re-applies those that do not conflict with the other change.", width, " ")) + "\n")
	b.WriteString("\n")
	r.viewActions(th, b, acts)
}

// viewSaveAs is the path prompt.
func (r *reviewFlow) viewSaveAs(th *style.Theme, b *strings.Builder, width int) {
	b.WriteString(th.Label.Render(ansi.Wrap("Save your version to (a new file; enter saves, esc back):", width, " ")) + "\n")
	b.WriteString(focusMark + " " + r.path.View() + "\n")
}

func (r *reviewFlow) viewActions(th *style.Theme, b *strings.Builder, acts []action) {
	for i, a := range acts {
		if i == r.cursor {
			b.WriteString(th.Cursor.Render(focusMark+" [ "+a.label+" ]") + "\n")
		} else {
			b.WriteString("  [ " + a.label + " ]\n")
		}
	}
}

// viewDiff draws the diff from line r.scroll, coloured, in rows lines; it
// clamps the scroll. Long lines are wrapped rather than cut: the change is
// often at their end.
func (r *reviewFlow) viewDiff(th *style.Theme, b *strings.Builder, diff string, width, rows int) {
	lines := strings.Split(strings.TrimRight(diff, "\n"), "\n")
	rows = max(3, rows-1)
	r.scroll = min(r.scroll, max(0, len(lines)-1))
	var out []string
	last := r.scroll
	for ; last < len(lines) && len(out) < rows; last++ {
		l := model.SafeText(lines[last])
		style := func(s ...string) string { return strings.Join(s, "") }
		switch {
		case strings.HasPrefix(l, "+++"), strings.HasPrefix(l, "---"):
			style = th.DiffHead.Render
		case strings.HasPrefix(l, "@@"):
			style = th.DiffHunk.Render
		case strings.HasPrefix(l, "+"):
			style = th.DiffAdd.Render
		case strings.HasPrefix(l, "-"):
			style = th.DiffDel.Render
		}
		for _, part := range strings.Split(ansi.Hardwrap(l, max(10, width), false), "\n") {
			out = append(out, style(part))
		}
	}
	out = out[:min(len(out), rows)]
	b.WriteString(th.Hint.Render(fmt.Sprintf("diff (lines %d-%d of %d, pgup/pgdn)", r.scroll+1, last, len(lines))) + "\n")
	b.WriteString(strings.Join(out, "\n") + "\n")
}

// saveQuestion asks before writing fileName, saying how big the diff is.
func saveQuestion(fileName, diff string) string {
	q := "Write " + fileName + "?"
	if stat := diffLineStat(diff); stat != "" {
		q += "\nThe diff on Review " + stat + "."
	}
	return q
}
