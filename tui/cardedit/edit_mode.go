package cardedit

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
	"github.com/oncard/oncard/internal/cardsig"
	"github.com/oncard/oncard/internal/edit"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/cardsteps"
	"github.com/oncard/oncard/tui/editor"
	"github.com/oncard/oncard/tui/style"
	"github.com/oncard/oncard/tui/widgets"
	"github.com/oncard/oncard/validate"
)

// Edit mode is `oncard edit FILE` on a terminal: the screens of `oncard
// new` over an existing card. The screens edit the session's Doc in place
// (they only write a member when the operator changes it, so untouched
// bytes stay as they were); the first screen describes the file instead of
// offering templates, and the last one shows the diff against the file
// and saves through edit.Session (atomic, mode kept, refused when the
// file changed on disk).

// editMode is the state edit mode adds to the root model.
type editMode struct {
	// ed is the file being edited, with the findings of the file as on
	// disk (the save refuses only the errors the edits add to them) and
	// its signature count.
	ed *app.Edit
	s  *edit.Session // ed.Session
	// kept caches keptAsIs for the card as it was at keptAt; diff, sigs
	// and breaks are what Review shows of the card at reviewAt (the
	// unified diff, each signature's status, whether saving would leave
	// signatures that no longer verify). Made by refreshScreens, in Update.
	kept             []string
	keptAt, reviewAt cardVersion
	diff             string
	sigs             []app.SignatureState
	breaks           bool
}

// setupEdit turns the model built by New into the editor of es: the Start
// and Review screens are replaced, drafts are off (the file is the draft).
// The Catalog step stays: its write happens with the card's save, as in
// `oncard new` (editConfirmSave, editWrite, editSaveAs).
func (m *Model) setupEdit(es *edit.Session) {
	ed := app.NewEdit(es, m.s.Opts)
	m.edit = &editMode{ed: ed, s: es}
	m.drafts.Draft, m.resumed = nil, false
	m.editReview = newEditReviewStep(m)
	m.steps[at(cardsteps.StepStart)] = newFileStep(m)
	m.steps[at(cardsteps.StepReview)] = m.editReview
}

// editStepIndex is the index of the edit Review step.
func (m *Model) editStepIndex() int { return at(cardsteps.StepReview) }

// fileName is the edited file's path, safe for the terminal.
func (e *editMode) fileName() string { return model.SafeText(e.s.Path()) }

// shape is the card's current A2A shape (it changes with an upgrade).
func (m *Model) shape() model.Shape { return app.CardShape(m.s.Doc) }

// addedErrors are the error-level findings the edits add to the file's own.
func (m *Model) addedErrors() []validate.Diagnostic {
	return m.edit.ed.AddedErrors(m.s.Diags)
}

// headerTitle is the program name at the top left: "oncard new", or in
// edit mode "oncard edit FILE" with the banner saying the file's shape.
func (m *Model) headerTitle() string {
	if m.edit == nil {
		return m.Th.Title.Render("oncard new")
	}
	return m.Th.Title.Render("oncard edit "+widgets.TruncateLeft(m.edit.fileName(), 40)) + " " + m.shapeBanner()
}

// shapeBanner says which A2A shape the card has; v0.3 and dual cards are
// pointed to the upgrade action on Review.
func (m *Model) shapeBanner() string {
	switch sh := m.shape(); sh {
	case model.ShapeV03:
		return m.Th.Warning.Render("[v0.3 card: upgrade on Review]")
	case model.ShapeDual:
		return m.Th.Info.Render("[dual card v1.0 + v0.3: stays dual unless upgraded]")
	default:
		return m.Th.Hint.Render("[" + sh.String() + " card]")
	}
}

// keptAsIs lists the members of the card that no screen edits (unknown
// members, v0.3 members, other extensions, signatures): they are written
// back exactly as they were. A member is listed at the highest level at
// which nothing under it is edited. The list is made by refreshScreens,
// after each message.
func (m *Model) keptAsIs() []string { return m.edit.kept }

// cardVersion names the card as it is: its Doc and the edit count.
type cardVersion struct {
	doc   *model.Doc
	edits int
}

// refreshScreens brings what edit mode's File and Review screens show up
// to date when one of them is current and the card changed since: the
// members kept as is (on both) and, on Review, the diff and the
// signatures' statuses. Each is work over the whole card (the kept-as-is
// walk asks every step about every member; the diff and the statuses
// encode it): done once per change while those screens are shown, never
// while drawing and never on the other steps' keys.
func (m *Model) refreshScreens() {
	if m.cur != at(cardsteps.StepStart) && m.cur != m.editStepIndex() {
		return
	}
	now := cardVersion{m.s.Doc, m.s.Edits}
	m.refreshKept(now)
	e := m.edit
	if m.cur != m.editStepIndex() || e.reviewAt == now {
		return
	}
	e.reviewAt = now
	e.diff = e.s.Diff()
	e.breaks = e.ed.BreaksSignatures()
	var keys *cardsig.KeySet
	if k := e.ed.SigningKey; k != nil {
		keys = k.PublicKeySet("", "")
	}
	e.sigs = app.SignatureStatus(context.Background(), m.s.Doc, keys)
}

// refreshKept makes the keptAsIs list again for the card at now.
func (m *Model) refreshKept(now cardVersion) {
	e := m.edit
	if e.keptAt != now {
		e.kept = nil
		m.collectUncovered("", m.s.Doc.Root(), &e.kept)
		e.keptAt = now
	}
}

// collectUncovered adds to out the pointers under ptr that no step owns;
// it reports whether everything at ptr is uncovered (so that the caller
// lists ptr once instead of each of its members).
func (m *Model) collectUncovered(ptr string, n *model.Node, out *[]string) bool {
	owned := m.ownedByAStep(ptr)
	var children []string
	var nodes []*model.Node
	switch {
	case n == nil:
		return false
	case n.Kind == model.Object:
		for _, mem := range n.Members() {
			children = append(children, ptr+model.Pointer(mem.Key()))
			nodes = append(nodes, mem.Value)
		}
	case n.Kind == model.Array:
		for i := 0; i < n.Len(); i++ {
			children = append(children, editor.Item(ptr, i))
			nodes = append(nodes, n.Index(i))
		}
	}
	if len(children) == 0 {
		return !owned
	}
	var mine []string
	all := true
	for i, c := range children {
		var sub []string
		if m.collectUncovered(c, nodes[i], &sub) {
			mine = append(mine, c)
		} else {
			all = false
			mine = append(mine, sub...)
		}
	}
	if all && !owned && ptr != "" {
		return true
	}
	*out = append(*out, mine...)
	return false
}

func (m *Model) ownedByAStep(ptr string) bool {
	if ptr == "" {
		return false
	}
	for _, st := range m.steps {
		if st.Owns(ptr, m.s) {
			return true
		}
	}
	return false
}

// editSaveKey is ctrl+s in edit mode: from another step it goes to Review
// (where the diff is); on Review it asks to write.
func (m *Model) editSaveKey() tea.Cmd {
	if i := m.editStepIndex(); m.cur != i {
		return m.goTo(i)
	}
	return m.editConfirmSave()
}

// editConfirmSave checks the edits and asks before writing the file.
func (m *Model) editConfirmSave() tea.Cmd {
	m.s.Refresh()
	es := m.edit.s
	if !es.Changed() {
		if m.catalogAnnouncement() == "" {
			m.Status = "no changes: " + m.edit.fileName() + " not written"
			return nil
		}
		return m.confirmCatalogOnly()
	}
	if added := m.addedErrors(); len(added) > 0 {
		m.Status = fmt.Sprintf("not saved: the edits add %s (listed on Review)", widgets.Count(len(added), "error", "errors"))
		return nil
	}
	// The catalog is checked before the question, so that a refusal or
	// its own overwrite question comes first; a yes to that asks again.
	if cmd, stop := m.catalogCheck(es.Path(), (*Model).editConfirmSave); stop {
		return cmd
	}
	q := widgets.SaveQuestion(m.edit.fileName(), es.Diff())
	if also := m.catalogAnnouncement(); also != "" {
		q += "\n" + also + "."
	}
	if m.edit.ed.BreaksSignatures() {
		q += "\nThe card's signatures will no longer verify."
	}
	m.dialog = &widgets.Dialog[*Model]{
		Question: q,
		Yes:      func(m *Model) tea.Cmd { return m.editWrite() },
		No: func(m *Model) tea.Cmd {
			m.Status = "not written"
			return nil
		},
	}
	return nil
}

// confirmCatalogOnly asks before writing what the Catalog step announces
// when the card itself is unchanged: Review said "Also writes", so the
// catalog is written even though the card is not (as `oncard catalog add`
// writes a catalog for an unchanged card).
func (m *Model) confirmCatalogOnly() tea.Cmd {
	es := m.edit.s
	if cmd, stop := m.catalogCheck(es.Path(), (*Model).editConfirmSave); stop {
		return cmd
	}
	q := "No changes to " + m.edit.fileName() + ": it is not written.\n" + m.catalogAnnouncement() + "."
	q += "\nWrite the catalog?"
	m.dialog = &widgets.Dialog[*Model]{
		Question: q,
		Yes: func(m *Model) tea.Cmd {
			m.result = editor.Result{Path: es.Path()}
			return m.finishSaved()
		},
		No: func(m *Model) tea.Cmd {
			m.Status = "not written"
			return nil
		},
	}
	return nil
}

// editWrite saves over the file; when it changed on disk since it was
// opened, Review offers to reload or to save elsewhere.
func (m *Model) editWrite() tea.Cmd {
	es := m.edit.s
	data := es.Bytes()
	return m.work(func() func(*Model) tea.Cmd {
		err := es.Write(context.Background(), data)
		warnings := es.Warnings()
		return func(m *Model) tea.Cmd {
			switch {
			case err == nil:
				es.Saved(data)
				m.result = editor.Result{Saved: true, Path: es.Path(), JSON: data}
				m.saveWarnings(warnings)
				return m.finishSaved()
			case errors.Is(err, docfile.ErrChangedOnDisk):
				m.Status = "not written: the file changed on disk"
				m.editReview.SetMode(widgets.ReviewChangedOnDisk)
				return m.goTo(m.editStepIndex())
			case errors.Is(err, docfile.ErrReadOnly):
				m.Status = readOnlyRefusal(m.edit.fileName())
				return nil
			default:
				m.Status = "not written: " + model.SafeText(err.Error())
				return nil
			}
		}
	})
}

// editReload starts over from the file on disk (read in a command) and
// re-applies the edits that do not conflict; done gets the dropped ones,
// said plainly, or why the file could not be read.
func (m *Model) editReload(done func(m *Model, dropped []string, err error) tea.Cmd) tea.Cmd {
	path := m.edit.s.Path()
	return m.work(func() func(*Model) tea.Cmd {
		disk, err := docfile.OpenFile(path)
		var mod time.Time
		if fi, statErr := os.Stat(path); statErr == nil {
			mod = fi.ModTime()
		}
		return func(m *Model) tea.Cmd {
			if err != nil {
				return done(m, nil, err)
			}
			conflicts, err := m.edit.ed.ReloadFrom(disk)
			if err != nil {
				return done(m, nil, err)
			}
			m.s.Doc = m.edit.s.Doc()
			m.s.Changed()
			m.s.ForgetHistory() // undo must not write the file's older version back
			dropped := make([]string, len(conflicts))
			for i, c := range conflicts {
				dropped[i] = model.SafeText(c.String())
			}
			return tea.Batch(m.rebaseEditDraft(mod), done(m, dropped, nil))
		}
	})
}

// editSaveAs writes the edited card to another file (never over one that
// exists) and ends: the file being edited keeps the other version.
func (m *Model) editSaveAs(path string) tea.Cmd {
	if path == "" {
		m.Status = "give a path to save to"
		return nil
	}
	// The file being edited keeps the other version: the catalog must not
	// be written over it either.
	if t := m.catalogSettings().Target(); t != "" && app.SamePath(t, m.edit.s.Path()) {
		m.Status = "not written: the catalog file is " + m.edit.fileName() + "; choose another on the Catalog step"
		return nil
	}
	resume := func(m *Model) tea.Cmd { return m.editSaveAs(path) }
	if cmd, stop := m.catalogCheck(path, resume); stop {
		return cmd
	}
	data := m.edit.s.Bytes()
	return m.work(func() func(*Model) tea.Cmd {
		err := docfile.WriteNew(path, data, false)
		return func(m *Model) tea.Cmd {
			if err != nil {
				m.Status = "not written: " + model.SafeText(err.Error())
				return nil
			}
			m.result = editor.Result{Saved: true, Path: path, JSON: data}
			return m.finishSaved()
		}
	})
}

// editQuit is ctrl+c in edit mode: it asks only when there is something to
// lose.
func (m *Model) editQuit() tea.Cmd {
	if !m.edit.s.Changed() {
		return m.quitRemovingDraft()
	}
	if m.drafts.Draft != nil {
		m.dialog = m.editQuitDialog()
		return nil
	}
	m.dialog = &widgets.Dialog[*Model]{
		Question: "Quit without saving? Your changes to " + m.edit.fileName() + " are lost.",
		Yes: func(m *Model) tea.Cmd {
			m.result.Interrupted = true
			return tea.Quit
		},
	}
	return nil
}

// fileStep is the first screen of `oncard edit`, in place of the template
// chooser of `oncard new`: what the file is and what the editor will keep
// as it is. It edits nothing.
type fileStep struct{ m *Model }

func newFileStep(m *Model) *fileStep { return &fileStep{m: m} }

func (st *fileStep) Title() string { return "File" }

func (st *fileStep) Enter(*editor.State) tea.Cmd { return nil }

func (st *fileStep) Update(tea.Msg, *editor.State) (tea.Cmd, bool) { return nil, false }

func (st *fileStep) View(th *style.Theme, s *editor.State, width, height int) string {
	m := st.m
	var b strings.Builder
	line := func(text string) { b.WriteString(text + "\n") }
	line(th.Title.Render(widgets.Truncate("Editing "+m.edit.fileName(), width)))
	line("Shape: " + m.shapeBanner())
	switch m.shape() {
	case model.ShapeV03:
		line(th.Hint.Render(ansi.Wrap("An A2A v0.3 card. The Review step can upgrade it to v1.0 (or to a dual card that old clients still read), shown as a diff first; nothing is upgraded on its own.", width, " ")))
	case model.ShapeDual:
		line(th.Hint.Render(ansi.Wrap("A dual card: v1.0 members plus the v0.3 ones for old clients. It stays dual; the Review step can drop the v0.3 members.", width, " ")))
	}
	if n := m.edit.ed.Signatures(); n > 0 {
		line(th.Warning.Render(ansi.Wrap(fmt.Sprintf("Signed (%s): any edit makes them stop verifying; Review offers to remove them.", widgets.Count(n, "signature", "signatures")), width, " ")))
	}
	if e, _, _ := validate.Counts(m.edit.ed.Before()); e > 0 {
		line(th.Hint.Render(ansi.Wrap(fmt.Sprintf("The file has %s already: a save is refused only for errors the edits add.", widgets.Count(e, "error", "errors")), width, " ")))
	}
	line("")
	line(ansi.Wrap("Every screen shows the file's values; only what you change is written back, and the rest of the file stays byte for byte as it is. ctrl+n goes to the next screen, ctrl+s to Review & save (the diff, then a confirmation).", width, " "))
	if kept := m.keptAsIs(); len(kept) > 0 {
		line("")
		line(th.Label.Render("Kept as is (no screen edits them):"))
		for i, p := range kept {
			if i == max(3, height-strings.Count(b.String(), "\n")-2) {
				line(th.Hint.Render(fmt.Sprintf("  … %d more (listed on Review)", len(kept)-i)))
				break
			}
			line(th.Hint.Render(widgets.Truncate("  "+model.SafeText(p), width)))
		}
	}
	return b.String()
}

func (st *fileStep) Pointer(*editor.State) string       { return "" }
func (st *fileStep) Owns(string, *editor.State) bool    { return false }
func (st *fileStep) Jump(string, *editor.State) tea.Cmd { return nil }
func (st *fileStep) Keys() []key.Binding                { return nil }
func (st *fileStep) Busy() bool                         { return false }
