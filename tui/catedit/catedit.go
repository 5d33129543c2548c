package catedit

import (
	"context"
	"io"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/edit"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/editor"
	"github.com/oncard/oncard/tui/style"
	"github.com/oncard/oncard/tui/widgets"
	"github.com/oncard/oncard/validate"
)

// The catalog editor is `oncard edit CATALOG` on a terminal: a root model of
// its own (the card screens do not fit a catalog) built from the same parts
// as the card editor: theme, keymap, fields and forms, the OASF picker, the
// preview pane and the diagnostics panel. Every edit goes to the session's
// Doc by pointer, so the bytes of what is not edited stay as they were; the
// Review screen shows the diff and saves through edit.Session.

// CatalogEditorOptions configure the catalog editor.
type CatalogEditorOptions struct {
	// Edit is the catalog file being edited (required).
	Edit *edit.Session
	// Theme defaults to style.NewEnvTheme() (then follows the terminal's
	// background once the terminal says what it is).
	Theme *style.Theme
	// Validate are the validation options; nil uses the defaults.
	Validate *validate.Options
	// EditDraft is the draft of unsaved edits resumed into Edit (its file
	// is reused), or nil; with DraftDir set, the editor keeps a draft of
	// its unsaved edits (drafts.go). DraftDir "" turns drafts off.
	EditDraft *app.Draft
	DraftDir  string
}

// catEditScreen is one screen of the catalog editor. Screens keep a pointer
// to the editor: they read and write its Doc and ask it to change screens.
type catEditScreen interface {
	Title() string
	// enter (re)builds the screen from the Doc when it becomes current.
	Enter() tea.Cmd
	Update(msg tea.Msg) tea.Cmd
	View(width, height int) string
	// pointer is the member being edited (highlighted in the preview).
	Pointer() string
	Keys() []key.Binding
	// busy is true while the screen is in a sub-view (a field, the
	// picker, a path prompt) where esc and pgup/pgdn belong to it.
	Busy() bool
}

// Screen indexes, in order.
const (
	catEditScreenEntries = iota
	catEditScreenEntry
	catEditScreenDiscovery
	catEditScreenReview
)

// CatalogEditor is the root model of the catalog editor.
type CatalogEditor struct {
	// ed is the file being edited, with the findings of the file as on
	// disk: the save refuses only the errors the edits add.
	ed *app.Edit
	es *edit.Session // ed.Session
	// s holds the Doc, its encoding and its diagnostics (validated as a
	// catalog), shared with the preview and the fields.
	s *editor.State

	screens []catEditScreen
	cur     int
	// entryScreen and review are the Entry and Review screens, which the
	// editor directs itself (jumps, a save refused).
	entryScreen *catEditEntry
	review      *catEditReview
	// entry is the selected entry, shared by the Entries, Entry and
	// Discovery screens.
	entry int

	widgets.Chrome // the frame around the screen, drawn as the card editor's: frame.go
	confirm        *widgets.Dialog[*CatalogEditor]
	result         editor.Result
	// working says file work (a save, a reload) is under way: keys wait.
	working bool
	// drafts keeps the draft of the unsaved edits (drafts.go); blurred
	// says the key being handled left a field (the draft is written then).
	drafts  editor.DraftKeeper[noExtra]
	blurred bool
	// diff is the Review screen's diff of the catalog at diffEdits edits,
	// made in Update while Review is shown (refreshDiff), not per frame.
	diff      string
	diffEdits int
}

// NewCatalogEditor builds the editor of the catalog in opts.Edit.
func NewCatalogEditor(opts CatalogEditorOptions) *CatalogEditor {
	th := opts.Theme
	if th == nil {
		th = style.NewEnvTheme()
	}
	vopts := opts.Validate
	if vopts == nil {
		vopts = &validate.Options{}
	}
	// New members land in the catalog's member order (app.NewEdit).
	ed := app.NewEdit(opts.Edit, vopts)
	c := &CatalogEditor{Chrome: widgets.Chrome{Th: th, AdaptTheme: opts.Theme == nil, Width: 120, Height: 40}, ed: ed, es: opts.Edit}
	c.s = &editor.State{Doc: opts.Edit.Doc(), Opts: vopts, Kind: validate.KindCatalog, RefreshDelay: editor.FrameDelay}
	c.Refresh()
	c.s.Record(editor.Place{}) // the history starts from this catalog
	c.entryScreen, c.review = newCatEditEntry(c), newCatEditReview(c)
	c.screens = []catEditScreen{
		newCatEditEntries(c),
		c.entryScreen,
		newCatEditDiscovery(c),
		c.review,
	}
	c.screens[c.cur].Enter()
	c.s.Focus = c.screens[c.cur].Pointer()
	c.setupDraft(opts)
	c.diffEdits = -1
	return c
}

// refreshDiff makes Review's diff again when Review is shown and the
// catalog changed since (the diff encodes the whole catalog).
func (c *CatalogEditor) refreshDiff() {
	if c.cur == catEditScreenReview && c.diffEdits != c.s.Edits {
		c.diff, c.diffEdits = c.es.Diff(), c.s.Edits
	}
}

// RunCatalogEditor runs the catalog editor on a terminal: keys from in,
// drawing on out (stderr: stdout stays free for data).
func RunCatalogEditor(ctx context.Context, opts CatalogEditorOptions, in io.Reader, out io.Writer) (editor.Result, error) {
	c := NewCatalogEditor(opts)
	p := tea.NewProgram(c, tea.WithContext(ctx), tea.WithInput(in), tea.WithOutput(out))
	_, err := p.Run()
	res := c.Result()
	if err != nil {
		// An interrupt that is not a key (a signal) keeps a draft, so that
		// the edits are not lost.
		res.Interrupted = true
		if c.drafts.Draft != nil && c.es.Changed() && c.writeDraftNow() == nil {
			res.DraftKept = c.drafts.Draft.Path
		}
		if ctx.Err() != nil {
			err = nil
		}
	}
	return res, err
}

// Result is how the editor ended.
func (c *CatalogEditor) Result() editor.Result { return c.result }

// State exposes the catalog being edited (tests).
func (c *CatalogEditor) State() *editor.State { return c.s }

// Init focuses the first screen.
func (c *CatalogEditor) Init() tea.Cmd { return tea.Batch(c.AskBackground(), c.screens[c.cur].Enter()) }

// refresh re-encodes and re-validates the catalog (the Session's Kind).
func (c *CatalogEditor) Refresh() { c.s.Refresh() }

// changed is called after every edit of the Doc.
func (c *CatalogEditor) Changed() { c.s.Changed() }

// addedErrors are the error-level findings the edits add to the file's own.
func (c *CatalogEditor) addedErrors() []validate.Diagnostic {
	return c.ed.AddedErrors(c.s.Diags)
}

// catalog is the typed view of the Doc.
func (c *CatalogEditor) catalog() *model.Catalog { return &model.Catalog{Doc: c.s.Doc} }

// entryCount is the number of entries; 0 when entries is not an array
// (the validator says so; there is nothing to list).
func (c *CatalogEditor) entryCount() int {
	n := c.s.Doc.Root().Get("entries")
	if n == nil || n.Kind != model.Array {
		return 0
	}
	return n.Len()
}

// entries are views of the entries (none when entries is not an array).
func (c *CatalogEditor) entries() []*model.Entry {
	if c.entryCount() == 0 {
		return nil
	}
	return c.catalog().Entries()
}

// selectedEntry is the entry the Entry and Discovery screens edit, or nil
// when the catalog has none.
func (c *CatalogEditor) selectedEntry() *model.Entry {
	n := c.entryCount()
	if c.entry >= n {
		c.entry = max(0, n-1)
	}
	if n == 0 {
		return nil
	}
	return c.catalog().Entry(c.entry)
}

// fileName is the edited file's path, safe for the terminal.
func (c *CatalogEditor) fileName() string { return model.SafeText(c.es.Path()) }

// goTo enters screen i.
func (c *CatalogEditor) goTo(i int) tea.Cmd {
	save := c.autosave() // leaving a screen is a blur
	c.cur = i
	cmd := c.screens[i].Enter()
	c.s.Focus = c.screens[i].Pointer()
	return tea.Batch(save, cmd)
}
