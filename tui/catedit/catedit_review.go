package catedit

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/oncard/oncard/internal/docfile"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/edit"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/editor"
	"github.com/oncard/oncard/tui/style"
	"github.com/oncard/oncard/tui/widgets"
	"github.com/oncard/oncard/validate"
)

// catEditReview is the last screen: the diff the edits make to the file,
// the errors they add (the save is refused until they are fixed), and the
// save, which asks first and never overwrites a file changed on disk
// since it was opened: then it offers to reload and re-apply the edits,
// to save elsewhere, or to keep editing (as the card editor does).
type catEditReview struct {
	c                  *CatalogEditor
	widgets.ReviewFlow // the card editor's: review_flow.go
}

func newCatEditReview(c *CatalogEditor) *catEditReview { return &catEditReview{c: c} }

func (st *catEditReview) Title() string { return "Review & save" }

// busy: pgup/pgdn scroll the diff here rather than the preview.
func (st *catEditReview) Busy() bool { return true }

func (st *catEditReview) Pointer() string { return "" }

func (st *catEditReview) Keys() []key.Binding {
	return []key.Binding{style.Keys.NextField, style.Keys.Enter, style.Keys.ScrollDown}
}

func (st *catEditReview) Enter() tea.Cmd { return st.FocusPath() }

func (st *catEditReview) actions() []widgets.Action {
	switch st.Mode {
	case widgets.ReviewChangedOnDisk:
		return st.ChangedOnDiskActions(st.reload, st.c.es.Path())
	case widgets.ReviewSaveAs:
		return nil
	}
	return []widgets.Action{{Label: "Save (asks first)", Run: st.c.confirmSave}}
}

func (st *catEditReview) Update(in tea.Msg) tea.Cmd {
	msg, ok := in.(tea.KeyPressMsg)
	if !ok {
		return nil
	}
	return st.ReviewFlow.Update(msg, st.actions(), st.c.saveAs, st.c.es.Diff)
}

// confirmSave checks the edits and asks before writing the file.
func (c *CatalogEditor) confirmSave() tea.Cmd {
	c.Refresh() // every write re-validates the whole document first
	if !c.es.Changed() {
		c.Status = "no changes: " + c.fileName() + " not written"
		return nil
	}
	if added := c.addedErrors(); len(added) > 0 {
		c.Status = fmt.Sprintf("not saved: the edits add %s (listed on Review)", widgets.Count(len(added), "error", "errors"))
		if c.cur != catEditScreenReview {
			return c.goTo(catEditScreenReview)
		}
		return nil
	}
	c.confirm = &widgets.Dialog[*CatalogEditor]{
		Question: widgets.SaveQuestion(c.fileName(), c.es.Diff()),
		Yes:      (*CatalogEditor).write,
		No:       func(c *CatalogEditor) tea.Cmd { c.Status = "not written"; return nil },
	}
	return nil
}

// write saves over the file; when it changed on disk since it was opened,
// Review offers to reload or to save elsewhere.
func (c *CatalogEditor) write() tea.Cmd {
	es := c.es
	data := es.Bytes()
	return c.work(func() func(*CatalogEditor) tea.Cmd {
		err := es.Write(context.Background(), data)
		return func(c *CatalogEditor) tea.Cmd {
			switch {
			case err == nil:
				es.Saved(data)
				c.result = editor.Result{Saved: true, Path: es.Path(), JSON: data}
				return c.removeDraftThen(tea.Quit)
			case errors.Is(err, docfile.ErrChangedOnDisk):
				c.Status = "not written: the file changed on disk"
				c.review.SetMode(widgets.ReviewChangedOnDisk)
				return c.goTo(catEditScreenReview)
			default:
				c.Status = "not written: " + model.SafeText(err.Error())
				return nil
			}
		}
	})
}

// saveAs writes the edited catalog to another file (never over one that
// exists) and ends: the file being edited keeps the other version.
func (c *CatalogEditor) saveAs(path string) tea.Cmd {
	if path == "" {
		c.Status = "give a path to save to"
		return nil
	}
	data := c.es.Bytes()
	return c.work(func() func(*CatalogEditor) tea.Cmd {
		err := docfile.WriteNew(path, data, false)
		return func(c *CatalogEditor) tea.Cmd {
			if err != nil {
				c.Status = "not written: " + model.SafeText(err.Error())
				return nil
			}
			c.result = editor.Result{Saved: true, Path: path, JSON: data}
			return c.removeDraftThen(tea.Quit)
		}
	})
}

// work runs file work in a command (editor.Work) and holds the keys
// until it is done, as the card editor does.
func (c *CatalogEditor) work(w func() func(*CatalogEditor) tea.Cmd) tea.Cmd {
	c.working = true
	return editor.Work(func() func(*CatalogEditor) tea.Cmd {
		finish := w()
		return func(c *CatalogEditor) tea.Cmd {
			c.working = false
			return finish(c)
		}
	})
}

// reload starts over from the file on disk and re-applies the edits that
// do not conflict with it.
func (st *catEditReview) reload() tea.Cmd {
	c := st.c
	path := c.es.Path()
	return c.work(func() func(*CatalogEditor) tea.Cmd {
		disk, err := docfile.OpenFile(path)
		var mod time.Time
		if fi, statErr := os.Stat(path); statErr == nil {
			mod = fi.ModTime()
		}
		return func(c *CatalogEditor) tea.Cmd {
			var conflicts []edit.Conflict
			if err == nil {
				conflicts, err = c.ed.ReloadFrom(disk)
			}
			if err != nil {
				c.Status = "cannot reload: " + model.SafeText(err.Error()) + "; save your version elsewhere"
				return nil
			}
			c.s.Doc = c.es.Doc()
			c.Changed()
			c.s.ForgetHistory() // undo must not write the file's older version back
			c.selectedEntry()
			dropped := make([]string, len(conflicts))
			for i, cf := range conflicts {
				dropped[i] = model.SafeText(cf.String())
			}
			st.Reloaded(dropped)
			c.Status = ""
			if c.drafts.Draft == nil {
				return nil
			}
			// The draft's edits now apply to the file as reloaded: write
			// it at once, a draft describing the old file would be stale.
			c.drafts.Draft.Base = app.BaseOf(c.es.Base(), mod)
			c.drafts.Stale()
			return c.autosave()
		}
	})
}

func (st *catEditReview) View(width, height int) string {
	c := st.c
	th := c.Th
	var b strings.Builder
	line := func(text string) { b.WriteString(text + "\n") }
	switch st.Mode {
	case widgets.ReviewChangedOnDisk:
		st.ViewChangedOnDisk(th, &b, c.fileName(), st.actions(), width)
		return b.String()
	case widgets.ReviewSaveAs:
		st.Path.SetWidth(max(10, width-4))
		st.Path.SetStyles(th.Input)
		st.ViewSaveAs(th, &b, width)
		return b.String()
	}
	line(widgets.CountsLine(th, c.s.Diags))
	for _, n := range st.Notes {
		line(th.Info.Render(ansi.Wrap(n, width, " /")))
	}
	if added := c.addedErrors(); len(added) > 0 {
		line(th.Error.Render(ansi.Wrap(fmt.Sprintf("The edits add %s; the file is not written until they are fixed (ctrl+g jumps):",
			widgets.Count(len(added), "error", "errors")), width, " ")))
		for _, d := range added {
			line("  " + widgets.RenderDiag(th, d, width-2) + " " + th.Hint.Render(widgets.Truncate(model.SafeText(d.Pointer), 40)))
		}
	} else if old, _, _ := validate.Counts(c.ed.Before()); old > 0 {
		line(th.Hint.Render(fmt.Sprintf("The file already had %s; the edits add none.", widgets.Count(old, "error", "errors"))))
	}
	line("")
	st.ViewActions(th, &b, st.actions(), width)
	line("")
	diff := c.diff // refreshDiff
	if diff == "" {
		line(th.Hint.Render("No changes yet: there is nothing to write."))
		return b.String()
	}
	st.ViewDiff(th, &b, diff, width, height-strings.Count(b.String(), "\n"))
	return b.String()
}
