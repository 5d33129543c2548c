package tui

import (
	"errors"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/style"
	"github.com/oncard/oncard/validate"
)

// catEditReview is the last screen: the diff the edits make to the file,
// the errors they add (the save is refused until they are fixed), and the
// save, which asks first and never overwrites a file changed on disk
// since it was opened: then it offers to reload and re-apply the edits,
// to save elsewhere, or to keep editing (as the card editor does).
type catEditReview struct {
	c          *CatalogEditor
	reviewFlow // the card editor's: review_flow.go
}

func newCatEditReview(c *CatalogEditor) *catEditReview { return &catEditReview{c: c} }

func (st *catEditReview) title() string { return "Review & save" }

// busy: pgup/pgdn scroll the diff here rather than the preview.
func (st *catEditReview) busy() bool { return true }

func (st *catEditReview) pointer() string { return "" }

func (st *catEditReview) keys() []key.Binding {
	return []key.Binding{style.Keys.NextField, style.Keys.Enter, style.Keys.ScrollDown}
}

func (st *catEditReview) enter() tea.Cmd { return st.focusPath() }

func (st *catEditReview) actions() []action {
	switch st.mode {
	case reviewChangedOnDisk:
		return st.changedOnDiskActions(st.reload, st.c.es.Path())
	case reviewSaveAs:
		return nil
	}
	return []action{{"Save (asks first)", st.c.confirmSave}}
}

func (st *catEditReview) update(msg tea.KeyPressMsg) tea.Cmd {
	return st.reviewFlow.update(msg, st.actions(), st.c.saveAs)
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
	c.confirm = &dialog[*CatalogEditor]{
		question: saveQuestion(c.fileName(), c.es.Diff()),
		yes:      (*CatalogEditor).write,
		no:       func(c *CatalogEditor) tea.Cmd { c.status = "not written"; return nil },
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
	conflicts, err := c.ed.Reload()
	if err != nil {
		c.status = "cannot reload: " + model.SafeText(err.Error()) + "; save your version elsewhere"
		return nil
	}
	c.s.Doc = c.es.Doc()
	c.changed()
	c.selectedEntry()
	dropped := make([]string, len(conflicts))
	for i, cf := range conflicts {
		dropped[i] = model.SafeText(cf.String())
	}
	st.reloaded(dropped)
	c.status = ""
	return nil
}

func (st *catEditReview) view(width, height int) string {
	c := st.c
	th := c.th
	var b strings.Builder
	line := func(text string) { b.WriteString(text + "\n") }
	switch st.mode {
	case reviewChangedOnDisk:
		st.viewChangedOnDisk(th, &b, c.fileName(), st.actions(), width)
		return b.String()
	case reviewSaveAs:
		st.path.SetWidth(max(10, width-4))
		st.path.SetStyles(th.Input)
		st.viewSaveAs(th, &b, width)
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
	} else if old, _, _ := validate.Counts(c.ed.Before()); old > 0 {
		line(th.Hint.Render(fmt.Sprintf("The file already had %s; the edits add none.", count(old, "error", "errors"))))
	}
	line("")
	st.viewActions(th, &b, st.actions())
	line("")
	diff := c.es.Diff()
	if diff == "" {
		line(th.Hint.Render("No changes yet: there is nothing to write."))
		return b.String()
	}
	st.viewDiff(th, &b, diff, width, height-strings.Count(b.String(), "\n"))
	return b.String()
}
