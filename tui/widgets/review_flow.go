package widgets

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
type ReviewFlow struct {
	Mode   ReviewMode
	Cursor int // the focused action
	scroll int // the first diff line shown
	// notes are lines kept on screen after an action (edits dropped by a
	// reload, what an upgrade did).
	Notes []string
	Path  textinput.Model // reviewSaveAs: where to save
}

// ReviewMode is what the edit Review screen is doing.
type ReviewMode int

const (
	ReviewMain          ReviewMode = iota // diff, findings, actions, save
	ReviewUpgrade                         // an upgrade's diff, before it is applied (cards only)
	ReviewChangedOnDisk                   // a save refused: reload, save elsewhere or cancel
	ReviewSaveAs                          // the path to save this version to
)

// action is one thing the screen offers, run with enter or space.
type Action struct {
	Label string
	Run   func() tea.Cmd
}

func (r *ReviewFlow) SetMode(md ReviewMode) { r.Mode, r.Cursor, r.scroll = md, 0, 0 }

// focusPath gives the focus back to the path prompt when the screen is
// entered again while asking where to save.
func (r *ReviewFlow) FocusPath() tea.Cmd {
	if r.Mode == ReviewSaveAs {
		return r.Path.Focus()
	}
	return nil
}

// changedOnDiskActions are the choices after a refused save; the file
// being edited is at path (a save elsewhere proposes path.mine).
func (r *ReviewFlow) ChangedOnDiskActions(reload func() tea.Cmd, path string) []Action {
	return []Action{
		{Label: "Reload the file and re-apply my edits", Run: reload},
		{Label: "Save my version to another file", Run: func() tea.Cmd { return r.askPath(path) }},
		{Label: "Cancel (keep editing)", Run: func() tea.Cmd { r.SetMode(ReviewMain); return nil }},
	}
}

// update handles a key: in the path prompt, enter calls saveAs with the
// path; elsewhere the keys move among acts, scroll the diff shown (diff
// gives it, asked only when scrolling down) or run the focused action.
func (r *ReviewFlow) Update(msg tea.KeyPressMsg, acts []Action, saveAs func(path string) tea.Cmd, diff func() string) tea.Cmd {
	if r.Mode == ReviewSaveAs {
		switch {
		case key.Matches(msg, style.Keys.Back):
			r.SetMode(ReviewChangedOnDisk)
			return nil
		case key.Matches(msg, style.Keys.Enter):
			return saveAs(strings.TrimSpace(r.Path.Value()))
		}
		var cmd tea.Cmd
		r.Path, cmd = r.Path.Update(msg)
		return cmd
	}
	switch {
	case key.Matches(msg, style.Keys.NextField):
		r.Cursor = min(r.Cursor+1, len(acts)-1)
	case key.Matches(msg, style.Keys.PrevField):
		r.Cursor = max(r.Cursor-1, 0)
	case key.Matches(msg, style.Keys.ScrollDown):
		lines := strings.Count(strings.TrimRight(diff(), "\n"), "\n") + 1
		r.scroll = min(r.scroll+10, max(0, lines-1))
	case key.Matches(msg, style.Keys.ScrollUp):
		r.scroll = max(0, r.scroll-10)
	case key.Matches(msg, style.Keys.Back):
		if r.Mode != ReviewMain {
			r.SetMode(ReviewMain)
		}
	case key.Matches(msg, style.Keys.Enter, style.Keys.Toggle):
		if r.Cursor < len(acts) {
			return acts[r.Cursor].Run()
		}
	}
	return nil
}

// askPath opens the prompt for another file, proposing path.mine.
func (r *ReviewFlow) askPath(path string) tea.Cmd {
	r.Path = NewInput()
	r.Path.Prompt = ""
	r.Path.CharLimit = 0
	r.Path.SetValue(path + ".mine")
	r.Path.CursorEnd()
	r.SetMode(ReviewSaveAs)
	return r.Path.Focus()
}

// reloaded goes back to the main view after a reload, saying which edits
// conflicted with the file on disk and were dropped (already safe text).
func (r *ReviewFlow) Reloaded(dropped []string) {
	r.SetMode(ReviewMain)
	r.Notes = []string{"Reloaded the file from disk and re-applied your edits."}
	if len(dropped) > 0 {
		r.Notes = append(r.Notes, fmt.Sprintf("%s conflicted and %s dropped:",
			Count(len(dropped), "edit", "edits"), Plural(len(dropped), "was", "were")))
		for _, d := range dropped {
			r.Notes = append(r.Notes, "  "+d)
		}
	}
}

// viewChangedOnDisk is the screen after a refused save of fileName.
func (r *ReviewFlow) ViewChangedOnDisk(th *style.Theme, b *strings.Builder, fileName string, acts []Action, width int) {
	b.WriteString(th.Error.Render(ansi.Wrap(fileName+" changed on disk since it was opened; nothing was written.", width, "/ ")) + "\n")
	b.WriteString(th.Hint.Render(ansi.Wrap("Your edits are kept. Reload re-applies those that do not conflict with the other change.", width, " ")) + "\n")
	b.WriteString("\n")
	r.ViewActions(th, b, acts, width)
}

// viewSaveAs is the path prompt.
func (r *ReviewFlow) ViewSaveAs(th *style.Theme, b *strings.Builder, width int) {
	b.WriteString(th.Label.Render(ansi.Wrap("Save your version to (a new file; enter saves, esc back):", width, " ")) + "\n")
	b.WriteString(FocusMark + " " + r.Path.View() + "\n")
}

func (r *ReviewFlow) ViewActions(th *style.Theme, b *strings.Builder, acts []Action, width int) {
	for i, a := range acts {
		if i == r.Cursor {
			// The focused action is read whole, wrapped; the pane cuts the
			// others with an ellipsis.
			for k, l := range strings.Split(ansi.Wrap(FocusMark+" [ "+a.Label+" ]", max(10, width), ""), "\n") {
				if k > 0 {
					l = "    " + l
				}
				b.WriteString(th.Cursor.Render(l) + "\n")
			}
		} else {
			b.WriteString("  [ " + a.Label + " ]\n")
		}
	}
}

// viewDiff draws the diff from line r.scroll (within the diff), coloured,
// in rows lines. Long lines are wrapped rather than cut: the change is
// often at their end.
func (r *ReviewFlow) ViewDiff(th *style.Theme, b *strings.Builder, diff string, width, rows int) {
	lines := strings.Split(strings.TrimRight(diff, "\n"), "\n")
	scroll := min(r.scroll, max(0, len(lines)-1))
	text, last := DiffRows(th, lines[scroll:], width, max(3, rows-1))
	b.WriteString(th.Hint.Render(fmt.Sprintf("diff (lines %d-%d of %d, pgup/pgdn)", scroll+1, scroll+last, len(lines))) + "\n")
	b.WriteString(text + "\n")
}

// DiffRows draws diff lines, coloured, wrapped to width (the change is
// often at the end of a long line), in at most rows rows; shown is how many
// of the lines it drew.
func DiffRows(th *style.Theme, lines []string, width, rows int) (text string, shown int) {
	var out []string
	for ; shown < len(lines) && len(out) < rows; shown++ {
		l := model.SafeText(lines[shown])
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
	return strings.Join(out[:min(len(out), rows)], "\n"), shown
}

// CatalogDiff draws the diff of the catalog write a save makes, in at most
// rows rows: Review shows it before the save is confirmed.
func CatalogDiff(th *style.Theme, diff string, width, rows int) string {
	if diff == "" {
		return ""
	}
	lines := strings.Split(strings.TrimRight(diff, "\n"), "\n")
	text, shown := DiffRows(th, lines, width, max(3, rows))
	head := th.Hint.Render("The catalog's diff (" + diffLineStat(diff) + "):")
	if more := len(lines) - shown; more > 0 {
		text += "\n" + th.Hint.Render(fmt.Sprintf("… %d more diff lines", more))
	}
	return head + "\n" + text
}

// saveQuestion asks before writing fileName, saying how big the diff is.
func SaveQuestion(fileName, diff string) string {
	q := "Write " + fileName + "?"
	if stat := diffLineStat(diff); stat != "" {
		q += "\nThe diff on Review " + stat + "."
	}
	return q
}

// diffLineStat is "adds 1 line and removes 1" for a unified diff.
func diffLineStat(diff string) string {
	if diff == "" {
		return ""
	}
	added, removed := CountDiffLines(diff)
	return fmt.Sprintf("adds %d %s and removes %d", added, Plural(added, "line", "lines"), removed)
}

// countDiffLines counts the lines a unified diff adds and removes (not its
// ---/+++ file headers).
func CountDiffLines(diff string) (added, removed int) {
	for _, line := range strings.Split(diff, "\n") {
		switch {
		case strings.HasPrefix(line, "+++"), strings.HasPrefix(line, "---"):
		case strings.HasPrefix(line, "+"):
			added++
		case strings.HasPrefix(line, "-"):
			removed++
		}
	}
	return added, removed
}
