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
	"github.com/oncard/oncard/validate"
)

// catEditReview is the last screen: the diff the edits make to the file,
// the errors they add (the save is refused until they are fixed), and the
// save, which asks first and never overwrites a file changed on disk
// since it was opened: then it offers to reload and re-apply the edits,
// to save elsewhere, or to keep editing (as the card editor does).
type catEditReview struct {
	c      *CatalogEditor
	mode   reviewMode // the card editor's modes: main, changed on disk, save as
	cursor int
	scroll int
	notes  []string
	path   textinput.Model
}

func newCatEditReview(c *CatalogEditor) *catEditReview { return &catEditReview{c: c} }

func (st *catEditReview) title() string { return "Review & save" }

// busy: pgup/pgdn scroll the diff here rather than the preview.
func (st *catEditReview) busy() bool { return true }

func (st *catEditReview) pointer() string { return "" }

func (st *catEditReview) keys() []key.Binding {
	return []key.Binding{Keys.NextField, Keys.Enter, Keys.ScrollDown}
}

func (st *catEditReview) setMode(md reviewMode) { st.mode, st.cursor, st.scroll = md, 0, 0 }

func (st *catEditReview) enter() tea.Cmd {
	if st.mode == reviewSaveAs {
		return st.path.Focus()
	}
	return nil
}

func (st *catEditReview) actions() []action {
	switch st.mode {
	case reviewChangedOnDisk:
		return []action{
			{"Reload the file and re-apply my edits", st.reload},
			{"Save my version to another file", st.askPath},
			{"Cancel (keep editing)", func() tea.Cmd { st.setMode(reviewMain); return nil }},
		}
	case reviewSaveAs:
		return nil
	}
	return []action{{"Save (asks first)", st.c.confirmSave}}
}

func (st *catEditReview) update(msg tea.KeyPressMsg) tea.Cmd {
	if st.mode == reviewSaveAs {
		switch {
		case key.Matches(msg, Keys.Back):
			st.setMode(reviewChangedOnDisk)
			return nil
		case key.Matches(msg, Keys.Enter):
			return st.c.saveAs(strings.TrimSpace(st.path.Value()))
		}
		var cmd tea.Cmd
		st.path, cmd = st.path.Update(msg)
		return cmd
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
			return acts[st.cursor].run()
		}
	}
	return nil
}

// confirmSave checks the edits and asks before writing the file.
func (c *CatalogEditor) confirmSave() tea.Cmd {
	c.refresh() // every write re-validates the whole document first
	if !c.es.Changed() {
		c.status = "no changes: " + c.fileName() + " not written"
		return nil
	}
	if added := c.addedErrors(); len(added) > 0 {
		c.status = fmt.Sprintf("not saved: the edits add %s (listed on Review)", count(len(added), "error", "errors"))
		if c.cur != catEditScreenReview {
			return c.goTo(catEditScreenReview)
		}
		return nil
	}
	q := "Write " + c.fileName() + "?"
	if stat := diffLineStat(c.es.Diff()); stat != "" {
		q += "\nThe diff on Review " + stat + "."
	}
	c.confirm = &catEditConfirm{
		question: q,
		yes:      c.write,
		no:       func() tea.Cmd { c.status = "not written"; return nil },
	}
	return nil
}

// write saves over the file; when it changed on disk since it was opened,
// Review offers to reload or to save elsewhere.
func (c *CatalogEditor) write() tea.Cmd {
	err := c.es.Save()
	switch {
	case err == nil:
		c.result = Result{Saved: true, Path: c.es.Path(), JSON: c.es.Bytes()}
		return tea.Quit
	case errors.Is(err, model.ErrChangedOnDisk):
		c.status = "not written: the file changed on disk"
		c.screens[catEditScreenReview].(*catEditReview).setMode(reviewChangedOnDisk)
		return c.goTo(catEditScreenReview)
	default:
		c.status = "not written: " + model.SafeText(err.Error())
		return nil
	}
}

// saveAs writes the edited catalog to another file (never over one that
// exists) and ends: the file being edited keeps the other version.
func (c *CatalogEditor) saveAs(path string) tea.Cmd {
	if path == "" {
		c.status = "give a path to save to"
		return nil
	}
	data := c.es.Bytes()
	if err := c.es.SaveAs(path, false); err != nil {
		c.status = "not written: " + model.SafeText(err.Error())
		return nil
	}
	c.result = Result{Saved: true, Path: path, JSON: data}
	return tea.Quit
}

// reload starts over from the file on disk and re-applies the edits that
// do not conflict with it.
func (st *catEditReview) reload() tea.Cmd {
	c := st.c
	conflicts, err := c.es.Rebase()
	if err != nil {
		c.status = "cannot reload: " + model.SafeText(err.Error()) + "; save your version elsewhere"
		return nil
	}
	c.s.Doc = c.es.Doc()
	c.changed()
	c.loadBefore()
	c.selectedEntry()
	st.setMode(reviewMain)
	st.notes = []string{"Reloaded the file from disk and re-applied your edits."}
	if len(conflicts) > 0 {
		st.notes = append(st.notes, fmt.Sprintf("%s conflicted and %s dropped:",
			count(len(conflicts), "edit", "edits"), plural(len(conflicts), "was", "were")))
		for _, cf := range conflicts {
			st.notes = append(st.notes, "  "+model.SafeText(cf.String()))
		}
	}
	c.status = ""
	return nil
}

func (st *catEditReview) askPath() tea.Cmd {
	st.path = newInput()
	st.path.Prompt = ""
	st.path.CharLimit = 0
	st.path.SetValue(st.c.es.Path() + ".mine")
	st.path.CursorEnd()
	st.setMode(reviewSaveAs)
	return st.path.Focus()
}

func (st *catEditReview) view(width, height int) string {
	c := st.c
	th := c.th
	var b strings.Builder
	line := func(text string) { b.WriteString(text + "\n") }
	switch st.mode {
	case reviewChangedOnDisk:
		line(th.Error.Render(ansi.Wrap(c.fileName()+" changed on disk since it was opened; nothing was written.", width, "/ ")))
		line(th.Hint.Render(ansi.Wrap("Your edits are kept. Reload re-applies those that do not conflict with the other change.", width, " ")))
		line("")
		st.viewActions(&b)
		return b.String()
	case reviewSaveAs:
		line(th.Label.Render(ansi.Wrap("Save your version to (a new file; enter saves, esc back):", width, " ")))
		st.path.SetWidth(max(10, width-4))
		st.path.SetStyles(th.Input)
		line(focusMark + " " + st.path.View())
		return b.String()
	}
	line(countsLine(th, c.s.Diags))
	for _, n := range st.notes {
		line(th.Info.Render(ansi.Wrap(n, width, " /")))
	}
	if added := c.addedErrors(); len(added) > 0 {
		line(th.Error.Render(ansi.Wrap(fmt.Sprintf("The edits add %s; the file is not written until they are fixed (ctrl+g jumps):",
			count(len(added), "error", "errors")), width, " ")))
		for _, d := range added {
			line("  " + renderDiag(th, d, width-2) + " " + th.Hint.Render(truncate(model.SafeText(d.Pointer), 40)))
		}
	} else if old, _, _ := validate.Counts(c.before); old > 0 {
		line(th.Hint.Render(fmt.Sprintf("The file already had %s; the edits add none.", count(old, "error", "errors"))))
	}
	line("")
	st.viewActions(&b)
	line("")
	diff := c.es.Diff()
	if diff == "" {
		line(th.Hint.Render("No changes yet: the file would be written as it is."))
		return b.String()
	}
	st.viewDiff(&b, diff, width, height-strings.Count(b.String(), "\n"))
	return b.String()
}

func (st *catEditReview) viewActions(b *strings.Builder) {
	th := st.c.th
	for i, a := range st.actions() {
		if i == st.cursor {
			b.WriteString(th.Cursor.Render(focusMark+" [ "+a.label+" ]") + "\n")
		} else {
			b.WriteString("  [ " + a.label + " ]\n")
		}
	}
}

// viewDiff draws the diff with the card editor's diff view (coloured,
// wrapped, from line st.scroll); it clamps the scroll, which is kept.
func (st *catEditReview) viewDiff(b *strings.Builder, diff string, width, rows int) {
	rv := &editReviewStep{scroll: st.scroll}
	rv.viewDiff(st.c.th, b, diff, width, rows)
	st.scroll = rv.scroll
}
