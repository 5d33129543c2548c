// Package cardedit is the card editor, `oncard new` and `oncard edit CARD`: a Bubble
// Tea program that takes an operator from nothing to a valid Agent Card on
// disk (new), or through the same screens over an existing card, saved
// back with a diff (edit, edit_mode.go). The root Model is a state machine
// of steps; the card lives in one model.Doc that every step edits by
// pointer, re-validated through editor.Check on every change.
package cardedit

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
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

// Options configure a run of the program.
type Options struct {
	// Doc is the card to start from (--from, --template, a draft); nil
	// starts on the Start step with a blank card.
	Doc       *model.Doc
	Templates []cardsteps.Template
	// Output is where the card is saved (default ./agent-card.json; "-"
	// hands the bytes back in Result.JSON for stdout).
	Output string
	// Draft is the draft being resumed (its file is reused), or nil.
	Draft *app.Draft
	// DraftDir is where drafts are kept; "" disables drafts.
	DraftDir string
	// Theme defaults to style.NewEnvTheme() (then follows the terminal's
	// background once the terminal says what it is).
	Theme *style.Theme
	// Validate are the validation options (accepted OASF schema hosts);
	// nil uses the defaults.
	Validate *validate.Options
	// Edit, when set, is `oncard edit`: the screens edit this session's
	// card (Doc is ignored) and Review saves back to its file (edit_mode.go).
	Edit *edit.Session
	// SigningKey, in edit mode, is the key Review offers to re-sign the
	// card's signatures with (signatures.go); nil offers nothing.
	SigningKey *cardsig.SigningKey
	// EditDraft is the draft of unsaved edits resumed into Edit (its file
	// is reused), or nil; with DraftDir set, edit mode keeps a draft of
	// its unsaved edits too (edit_draft.go).
	EditDraft *app.Draft
}

// at is the position of step id in the flow (cardsteps.Flow): the root
// names steps by ID, never by number.
func at(id cardsteps.StepID) int { return cardsteps.StepIndex(id) }

// Model is the root of the program.
type Model struct {
	widgets.Chrome // the frame around the step: frame.go
	s              *editor.State
	steps          []cardsteps.Step
	cur            int
	dialog         *widgets.Dialog[*Model]

	// drafts keeps the draft (drafts.Draft, nil when drafts are off): the
	// card, or edit mode's edits, and the Catalog settings, which are no
	// card edit and so are compared on their own.
	drafts   editor.DraftKeeper[app.CatalogSettings]
	resumed  bool // the draft was reopened: Ctrl-C always asks about it
	result   editor.Result
	quitting bool
	// working says file work (a save) is under way: files.go.
	working bool

	edit *editMode // nil for `oncard new`

	// output is where the card is saved (the Review step's "Save to",
	// kept up to date by its OutputChangedMsg).
	output string
	// catalogStep is the Catalog step the root built (nil in a flow
	// without one): the save writes what it plans.
	catalogStep *cardsteps.CatalogStep
	// editReview is edit mode's Review step (nil for `oncard new`).
	editReview *editReviewStep
}

// New builds the root model.
func New(opts Options) *Model {
	th := opts.Theme
	if th == nil {
		th = style.NewEnvTheme()
	}
	doc := opts.Doc
	if opts.Edit != nil {
		doc = opts.Edit.Doc()
	}
	start := at(cardsteps.StepAgent)
	if doc == nil {
		d, err := model.Parse([]byte(cardsteps.BlankCard))
		if err != nil {
			panic("tui: the blank card does not parse: " + err.Error())
		}
		doc, start = d, at(cardsteps.StepStart)
	}
	model.NewCard(doc)
	m := &Model{Chrome: widgets.Chrome{Th: th, AdaptTheme: opts.Theme == nil, Width: 120, Height: 40}, s: editor.NewState(doc, opts.Validate)}
	m.steps = cardsteps.NewFlow(cardsteps.FlowConfig{Templates: opts.Templates, Output: opts.Output, Theme: th})
	catalog := m.steps[at(cardsteps.StepCatalog)].(*cardsteps.CatalogStep)
	m.catalogStep, m.output = catalog, m.steps[at(cardsteps.StepReview)].(*cardsteps.ReviewStep).Path
	if opts.Draft != nil {
		m.drafts.Draft, m.resumed = opts.Draft, true
		catalog.Cfg = opts.Draft.Catalog.Settings()
		m.drafts.Written(0, catalog.Cfg)
		if i := m.draftStep(opts.Draft); i > 0 {
			start = i
		}
	} else if opts.DraftDir != "" {
		m.drafts.Draft = &app.Draft{Path: app.NewDraftPath(opts.DraftDir), Output: opts.Output}
	}
	if opts.Edit != nil {
		m.setupEdit(opts.Edit)
		m.edit.ed.SigningKey = opts.SigningKey
		m.setupEditDraft(opts)
		start = at(cardsteps.StepAgent)
	}
	m.cur = start
	m.steps[m.cur].Enter(m.s)
	m.s.Focus = m.steps[m.cur].Pointer(m.s)
	m.settle()
	return m
}

// stepsBeforeNames is the step order of the drafts written before drafts
// named their step (app.Draft.StepName): their Step indexes this list.
var stepsBeforeNames = []string{"Start", "Agent", "Interfaces", "Capabilities", "Skills", "On Request", "OASF", "Catalog", "Review & save"}

// draftStep is the step a resumed draft was left on, found by its name (a
// draft of an older version, by its index in that version's order); -1
// when no step of this flow has that name.
func (m *Model) draftStep(d *app.Draft) int {
	name := d.StepName
	if name == "" && d.Step >= 0 && d.Step < len(stepsBeforeNames) {
		name = stepsBeforeNames[d.Step]
	}
	for i, st := range m.steps {
		if st.Title() == name {
			return i
		}
	}
	return -1
}

// Result is how the program ended (after it returned).
func (m *Model) Result() Result { return m.result }

// State exposes the card being edited (tests, benchmarks).
func (m *Model) State() *editor.State { return m.s }

// Init focuses the first field.
func (m *Model) Init() tea.Cmd { return tea.Batch(m.AskBackground(), m.steps[m.cur].Enter(m.s)) }

// Update handles one message (an edit of the card it made is one undo
// step), then settles what the screen shows (the preview's content and
// scroll, the diagnostics panel's cursor): View only draws.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	return m, m.s.Handle(msg, m.update, m.place, m.settle) // the undo history: editor/history.go, undo.go
}

// settle brings what the screen shows up to date with the model, after
// each message, so that View only draws.
func (m *Model) settle() {
	m.Settle(m.previewContent(), len(m.s.Diags))
	if m.edit != nil {
		m.refreshScreens()
	}
}

func (m *Model) update(msg tea.Msg) tea.Cmd {
	pro := widgets.Prologue[*Model]{Chrome: &m.Chrome, State: m.s, Root: m, Dialog: &m.dialog, Working: m.working,
		Paste: m.paste, Quit: keepDraftAndQuit}
	if cmd, ok := pro.Handle(msg); ok {
		return cmd
	}
	switch msg := msg.(type) {
	case editor.DraftSavedMsg[app.CatalogSettings]:
		return m.draftSaved(msg)
	case tea.KeyPressMsg:
		cmd := m.handleKey(msg)
		m.Status = editor.EditFailure(m.s, m.Status)
		return cmd
	}
	// Anything else is a step's own message (the outcome of a command it
	// started): every step sees it, and takes only its own.
	var cmds []tea.Cmd
	for _, st := range m.steps {
		cmd, _ := st.Update(msg, m.s)
		cmds = append(cmds, cmd)
	}
	m.Status = editor.EditFailure(m.s, m.Status)
	return tea.Batch(append(cmds, m.handlePosted())...)
}

// paste types text into the focused field (the prologue's Paste).
func (m *Model) paste(text string) tea.Cmd {
	st := m.steps[m.cur]
	cmd, _ := st.Update(tea.KeyPressMsg{Text: text}, m.s)
	m.s.Focus = st.Pointer(m.s)
	return tea.Batch(cmd, m.handlePosted())
}

// handleKey handles a key the prologue left (no file work, no dialog: a
// second ctrl+c in a dialog leaves at once, keeping the draft, as losing
// work is the worse mistake).
func (m *Model) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	st := m.steps[m.cur]
	if !key.Matches(msg, style.Keys.Quit) {
		if page, jump, ok := m.PageKey(msg, m.cur, m.titles(), m.s.Diags); ok {
			switch {
			case jump != "":
				return m.jumpTo(jump)
			case page >= 0:
				return m.goTo(page)
			}
			return nil
		}
	}
	switch {
	case key.Matches(msg, style.Keys.Quit) && m.edit != nil:
		return m.editQuit()
	case key.Matches(msg, style.Keys.Quit):
		// Nothing to lose: no card edit, no Catalog setting, no draft
		// reopened.
		if m.s.Edits == 0 && m.catalogSettings() == (app.CatalogSettings{}) && !m.resumed {
			return m.quitRemovingDraft()
		}
		m.dialog = quitDialog()
		return nil
	case key.Matches(msg, style.Keys.Undo, style.Keys.Redo):
		return m.undoRedo(key.Matches(msg, style.Keys.Redo)) // undo.go
	case key.Matches(msg, style.Keys.Save) && m.edit != nil:
		return m.editSaveKey()
	case key.Matches(msg, style.Keys.Save):
		if m.cur != at(cardsteps.StepReview) {
			return m.goTo(at(cardsteps.StepReview))
		}
		return m.save(m.output, false)
	case m.FrameKey(msg, st.Busy() || widgets.IsListing(st)):
		return nil
	}
	m.Status = ""
	cmd, blurred := st.Update(msg, m.s)
	m.s.Focus = st.Pointer(m.s)
	if blurred {
		cmd = tea.Batch(cmd, m.autosave())
	}
	return tea.Batch(cmd, m.handlePosted())
}

// handlePosted handles the requests the step posted while handling the
// message (editor.State.Post), in order.
func (m *Model) handlePosted() tea.Cmd {
	var cmds []tea.Cmd
	for _, msg := range m.s.TakePosted() {
		switch msg := msg.(type) {
		case cardsteps.CardChosenMsg:
			cmds = append(cmds, m.goTo(at(cardsteps.StepAgent)))
		case cardsteps.OutputChangedMsg:
			m.output = msg.Path
		case cardsteps.SaveRequestMsg:
			m.output = msg.Path
			cmds = append(cmds, m.save(msg.Path, false))
		}
	}
	return tea.Batch(cmds...)
}

// goTo enters step i (saving the draft first: leaving a step is a blur).
func (m *Model) goTo(i int) tea.Cmd {
	save := m.autosave()
	m.cur = i
	cmd := m.steps[i].Enter(m.s)
	m.s.Focus = m.steps[i].Pointer(m.s)
	return tea.Batch(save, cmd)
}

// jumpTo goes to the step and field that edit ptr (a diagnostic's pointer).
// A member no field edits (an unknown or v0.3 member of a skill) opens
// what contains it: the step that edits its nearest owned ancestor.
func (m *Model) jumpTo(ptr string) tea.Cmd {
	for at := ptr; at != ""; at = parentPointer(at) {
		for i, st := range m.steps {
			if st.Owns(at, m.s) {
				cmd := m.goTo(i)
				cmd2 := st.Jump(at, m.s)
				m.s.Focus = st.Pointer(m.s)
				if at != ptr {
					m.s.Focus = ptr // highlighted in the preview
					m.Status = "no field edits " + model.SafeText(ptr) + "; this is the screen of " + model.SafeText(at)
				}
				return tea.Batch(cmd, cmd2)
			}
		}
	}
	// Nothing edits it (a member this tool has no field for): show it in
	// the preview at least.
	m.s.Focus = ptr
	m.Status = "no field edits " + model.SafeText(ptr) + "; it is highlighted in the preview"
	return nil
}

// parentPointer is ptr without its last token ("" for a top-level member).
func parentPointer(ptr string) string {
	if i := strings.LastIndex(ptr, "/"); i > 0 {
		return ptr[:i]
	}
	return ""
}

// autosave writes the draft when the card or the Catalog settings changed
// since the last one. The file is written by the command it returns; the
// outcome comes back as a DraftSavedMsg.
func (m *Model) autosave() tea.Cmd {
	return m.drafts.Autosave(m.s.Edits, m.catalogSettings(), func() app.Draft {
		d, _, _ := m.draftNow()
		return d
	})
}

// autosaveNow writes the draft even when the card did not change: the
// draft itself did (a reload rebased it).
func (m *Model) autosaveNow() tea.Cmd {
	m.drafts.Stale()
	return m.autosave()
}

// draftSaved records a draft write and starts the next one when the card
// changed meanwhile.
func (m *Model) draftSaved(msg editor.DraftSavedMsg[app.CatalogSettings]) tea.Cmd {
	again, err := m.drafts.Saved(msg)
	if err != nil {
		m.Status = "draft not saved: " + err.Error()
		return nil
	}
	if again {
		return m.autosave()
	}
	return nil
}

// catalogSettings are the Catalog step's current values.
func (m *Model) catalogSettings() app.CatalogSettings {
	if st := m.catalog(); st != nil {
		return st.Cfg
	}
	return app.CatalogSettings{}
}

// draftNow is the draft of the card as it is now, a copy that a command
// may write while the model goes on.
func (m *Model) draftNow() (app.Draft, int, app.CatalogSettings) {
	if m.edit != nil {
		return m.editDraftNow()
	}
	m.s.Flush()
	m.drafts.Draft.Card = string(m.s.JSON)
	m.drafts.Draft.Step, m.drafts.Draft.StepName = m.cur, m.steps[m.cur].Title()
	m.drafts.Draft.Output = m.output
	cfg := m.catalogSettings()
	m.drafts.Draft.Catalog = app.DraftCatalogOf(cfg)
	return *m.drafts.Draft, m.s.Edits, cfg
}

// writeDraftNow writes the draft before the program ends (an interrupt, a
// yes to keeping a draft): there is no later message to wait for.
func (m *Model) writeDraftNow() {
	d, edits, cfg := m.draftNow()
	if err := app.SaveDraft(&d); err != nil {
		m.Status = "draft not saved: " + err.Error()
		return
	}
	m.drafts.Written(edits, cfg)
}

// save writes the card when it has no error-level finding; an existing file
// is only replaced after an explicit yes.
func (m *Model) save(path string, overwrite bool) tea.Cmd {
	// Every write re-validates the whole document first.
	m.s.Refresh()
	if e, _, _ := validate.Counts(m.s.Diags); e > 0 {
		m.Status = fmt.Sprintf("not saved: %d %s (ctrl+g lists them; enter jumps)", e, widgets.Plural(e, "error", "errors"))
		if m.cur != at(cardsteps.StepReview) {
			return m.goTo(at(cardsteps.StepReview))
		}
		return nil
	}
	if cmd, stop := m.catalogBeforeSave(path, overwrite); stop {
		return cmd
	}
	if path == "-" {
		m.result = editor.Result{Saved: true, Path: "-", JSON: m.s.JSON}
		return m.finishSaved()
	}
	return m.writeCard(path, m.s.JSON, overwrite)
}

// Result is what an editor did: saved where, or left how.
type Result = editor.Result

// View draws the whole screen.
func (m *Model) View() tea.View {
	v := tea.NewView(m.Render())
	v.AltScreen = true
	return v
}

func (m *Model) Render() string {
	st := m.steps[m.cur]
	return m.Chrome.Render(widgets.FramePage{
		Title: m.headerTitle(),
		Unit:  "step", Pages: m.titles(), About: m.abouts(), Cur: m.cur,
		Content: func(width, height int) string {
			if m.dialog != nil {
				return m.dialog.View(m.Th, width)
			}
			return widgets.KeepInView(st.View(m.Th, m.s, width, height), height)
		},
		Preview: m.previewInner, // catalog_preview.go
		Diags:   m.s.Diags,
		Keys:    editor.HistoryKeys(m.s, st.Keys()), Overlay: m.dialog != nil,
	})
}

// titles are the steps' titles, in order (the step list, the palette).
func (m *Model) titles() []string {
	titles := make([]string, len(m.steps))
	for i, s := range m.steps {
		titles[i] = s.Title()
	}
	return titles
}

// abouts say what each step edits (cardsteps.Flow), for the step palette;
// edit mode's File screen edits nothing.
func (m *Model) abouts() []string {
	out := make([]string, len(m.steps))
	for i, sp := range cardsteps.Flow {
		if i < len(out) && m.steps[i].Title() == sp.Title {
			out[i] = sp.About
		}
	}
	return out
}
