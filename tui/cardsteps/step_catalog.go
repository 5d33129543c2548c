package cardsteps

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/editor"
	"github.com/oncard/oncard/tui/style"
	"github.com/oncard/oncard/tui/widgets"
)

// catalogStep lists the card in an AI Catalog: the entry's identifier and
// url (empty = the suggested, derived values), and what to write when the
// card is saved: nothing, the entry alone, a new catalog, or the entry
// merged into an existing catalog. The preview pane shows the entry (or the
// catalog) while this step is current. Nothing here edits the card: the
// fields read and write st.cfg, and no change counts as a card edit.
type CatalogStep struct {
	Cfg  app.CatalogSettings
	Plan *app.CatalogPlan
	F    *widgets.Form
	// confirmed is the catalog file the user agreed to replace.
	Confirmed string
	// planner makes plan, reusing what a keystroke did not change.
	Planner app.CatalogPlanner
	// reading is the catalog file a command is reading (readSource), ""
	// when none is.
	reading string
}

// CatalogSourceMsg is a reading of the catalog file "add to existing"
// merges into, made by the command readSource starts.
type CatalogSourceMsg struct{ Src *app.CatalogSource }

func NewCatalogStep() *CatalogStep { return &CatalogStep{} }

func (st *CatalogStep) Title() string { return titleOf(StepCatalog) }

func (st *CatalogStep) Enter(s *editor.State) tea.Cmd {
	st.Replan(s)
	focus := ""
	if st.F != nil {
		focus = st.F.Focused().Label()
	}
	st.rebuild(s, focus)
	return tea.Batch(st.F.Focus(), st.readSource())
}

// replan brings the entry and the catalog up to date with the card and
// settings (recomputing only what changed, see catalogPlanner). It reads
// no file: a catalog to merge into that has not been read yet is planned
// as "reading…" until readSource's reading arrives.
func (st *CatalogStep) Replan(s *editor.State) {
	st.Plan = st.Planner.Plan(s.Doc, s.Edits, st.Cfg, s.Opts)
	st.suggest()
}

// suggest puts the plan's suggestions into the fields' placeholders.
func (st *CatalogStep) suggest() {
	if st.F == nil {
		return
	}
	for _, fl := range st.F.Fields {
		if sf, ok := fl.(*suggestField); ok {
			sf.suggest()
		}
	}
}

// readSource starts a command that reads the catalog file the settings
// merge into, again only when it changed on disk since the last reading
// (app.ReadCatalogSource): nil when they merge into none, or when that
// file is being read already. Its CatalogSourceMsg makes the plan again.
func (st *CatalogStep) readSource() tea.Cmd {
	path := st.Cfg.Target()
	if st.Cfg.Write != app.WriteIntoExisting || st.reading == path {
		return nil
	}
	st.reading = path
	prev := st.Planner.Source()
	return func() tea.Msg { return CatalogSourceMsg{Src: app.ReadCatalogSource(path, prev)} }
}

// sourceRead takes a reading made by readSource: the plan is made again
// with it when it is a new reading of the file the settings name (one of a
// file chosen before is dropped), and the file is read again when the
// settings changed to another meanwhile.
func (st *CatalogStep) sourceRead(msg CatalogSourceMsg, s *editor.State) tea.Cmd {
	if st.reading == msg.Src.Path() {
		st.reading = ""
	}
	if msg.Src.Path() == st.Cfg.Target() && st.Planner.SetSource(msg.Src) {
		st.Replan(s)
	}
	if st.Planner.NeedsSource(st.Cfg) != "" {
		return st.readSource()
	}
	return nil
}

// Field labels (also how the focus is kept across a rebuild).
const (
	LblCatalogID    = "Identifier"
	lblCatalogURL   = "URL (where the card is served)"
	LblCatalogWrite = "Write when the card is saved"
	LblCatalogPath  = "File to write"
	LblCatalogSpec  = "Catalog specVersion"
	LblCatalogHost  = "Host display name"
)

// rebuild makes the fields the write choice needs: a path unless it writes
// nothing, specVersion and host name only for a new catalog.
func (st *CatalogStep) rebuild(s *editor.State, focus string) {
	id := newSuggestField(LblCatalogID, &st.Cfg.Identifier, func() string { return st.Plan.SuggestedID })
	id.Hint = "empty: the suggested urn:air identifier, derived from the first interface's host and the card's name"
	u := newSuggestField(lblCatalogURL, &st.Cfg.URL, func() string { return st.Plan.SuggestedURL })
	u.Hint = "empty: the well-known path of the first interface's host"

	write := widgets.NewChoiceField(LblCatalogWrite, "", app.CatalogWriteOptions, []any{app.WriteNothing, app.WriteEntry, app.WriteNewCatalog, app.WriteIntoExisting})
	write.Write = func(_ *editor.State, v any) { st.Cfg.Write = v.(app.CatalogWrite) }
	write.Hint = "written atomically after the card; an existing file is replaced only after a yes"
	fields := []widgets.Field{id, u, write}

	if st.Cfg.Write != app.WriteNothing {
		def := app.DefaultCatalogPath(st.Cfg.Write)
		path := newSuggestField(LblCatalogPath, &st.Cfg.Path, func() string { return def })
		path.prefix = "default: "
		path.Hint = "a path on this machine, relative to the current directory"
		if st.Cfg.Write == app.WriteIntoExisting {
			path.Hint += " · the entry is inserted or updated; every other byte of the file is kept"
		}
		fields = append(fields, path)
	}
	if st.Cfg.Write == app.WriteNewCatalog {
		values := make([]any, len(app.CatalogSpecVersions))
		for i, v := range app.CatalogSpecVersions {
			values[i] = v
		}
		spec := widgets.NewChoiceField(LblCatalogSpec, "", app.CatalogSpecVersions, values)
		spec.Write = func(_ *editor.State, v any) { st.Cfg.SpecVersion = v.(string) }
		host := widgets.NewTextField(LblCatalogHost, "", widgets.TextString, "Example Agents")
		host.Read = func(*editor.State) string { return st.Cfg.HostName }
		host.Write = func(_ *editor.State, v string) { st.Cfg.HostName = v }
		host.Hint = "optional: host.displayName of the new catalog"
		fields = append(fields, spec, host)
	}

	st.F = widgets.NewForm(fields...)
	st.F.Load(s)
	// The choices hold settings, not card members: set them after load
	// (which looks for them in the card).
	write.Idx = int(st.Cfg.Write)
	if st.Cfg.Write == app.WriteNewCatalog {
		spec := st.F.Fields[len(st.F.Fields)-2].(*widgets.ChoiceField)
		for i, v := range app.CatalogSpecVersions {
			if v == st.Cfg.SpecVersion {
				spec.Idx = i
			}
		}
	}
	for i, fl := range st.F.Fields {
		if fl.Label() == focus {
			st.F.Idx = i
		}
	}
	st.suggest()
}

func (st *CatalogStep) Update(in tea.Msg, s *editor.State) (tea.Cmd, bool) {
	var msg tea.KeyPressMsg
	switch in := in.(type) {
	case CatalogSourceMsg:
		return st.sourceRead(in, s), false
	case tea.KeyPressMsg:
		msg = in
	default:
		return nil, false
	}
	switch {
	case key.Matches(msg, style.Keys.NextField):
		return st.F.Move(1), true
	case key.Matches(msg, style.Keys.PrevField):
		return st.F.Move(-1), true
	case key.Matches(msg, style.Keys.Enter):
		if st.F.Idx < len(st.F.Fields)-1 {
			return st.F.Move(1), true
		}
		return nil, true
	}
	fl := st.F.Focused()
	changed, cmd := fl.Update(msg)
	if !changed {
		return cmd, false
	}
	// Settings only: the card is not touched, so no s.changed(). A yes to
	// replacing a file was for the settings it was given with.
	st.Confirmed = ""
	before := st.Cfg.Write
	fl.Apply(s)
	st.Replan(s)
	if st.Cfg.Write != before {
		st.rebuild(s, fl.Label())
		cmd = tea.Batch(cmd, st.F.Focus())
	}
	// Each keystroke checks that the catalog merged into is still the
	// file as read (a Stat, in a command; read again if it changed).
	return tea.Batch(cmd, st.readSource()), false
}

func (st *CatalogStep) View(th *style.Theme, s *editor.State, width, height int) string {
	var b strings.Builder
	b.WriteString(widgets.HintLines(th, "Lists this card in an AI Catalog. Nothing here changes the card.", width) + "\n\n")
	b.WriteString(st.F.View(th, s, width) + "\n\n")
	p := st.Plan
	if p.Err != nil {
		b.WriteString(th.Error.Render(widgets.Truncate("✗ "+model.SafeText(p.Err.Error()), width)) + "\n")
		return b.String()
	}
	b.WriteString(th.Label.Render("Catalog findings: ") + widgets.CountsLine(th, p.Diags) + "\n")
	for n, d := range p.Diags {
		if n == 6 {
			b.WriteString(th.Hint.Render(fmt.Sprintf("… %d more", len(p.Diags)-n)) + "\n")
			break
		}
		b.WriteString(widgets.RenderDiagFull(th, d, width, 0) + "\n")
		if d.Pointer != "" {
			b.WriteString("  " + th.Hint.Render(widgets.Truncate(model.SafeText(d.Pointer), width-2)) + "\n")
		}
	}
	for _, n := range p.Notes {
		// What was derived is shown as "suggested: …" already.
		if !strings.HasPrefix(n, "identifier ") && !strings.HasPrefix(n, "url ") {
			b.WriteString(widgets.HintLines(th, "note: "+n, width) + "\n")
		}
	}
	b.WriteString(th.OK.Render(widgets.Truncate(st.OnSave(), width)))
	return b.String()
}

// onSave says in one line what saving the card will do with the catalog.
func (st *CatalogStep) OnSave() string {
	t := model.SafeText(st.Cfg.Target())
	switch st.Cfg.Write {
	case app.WriteEntry:
		return "On save: the entry is written to " + t + "."
	case app.WriteNewCatalog:
		return "On save: a new catalog is written to " + t + "."
	case app.WriteIntoExisting:
		if m := st.Plan.Merge; m != nil && !m.Added {
			return "On save: the entry at " + model.EntryPtr(m.Index) + " of " + t + " is updated."
		}
		return "On save: the entry is added to " + t + "."
	}
	return "On save: the card only (the preview shows its entry)."
}

func (st *CatalogStep) Pointer(*editor.State) string       { return "" }
func (st *CatalogStep) Owns(string, *editor.State) bool    { return false }
func (st *CatalogStep) Jump(string, *editor.State) tea.Cmd { return nil }
func (st *CatalogStep) Keys() []key.Binding {
	return []key.Binding{style.Keys.NextField, style.Keys.PrevField, style.Keys.Left, style.Keys.Right}
}
func (st *CatalogStep) Busy() bool { return false }

// suggestField is a text setting whose empty value means "the suggested
// one", shown as "suggested: …" (wrapped under the input while focused).
type suggestField struct {
	*widgets.TextField
	suggestion func() string
	prefix     string // "suggested: " unless set
}

func newSuggestField(lbl string, v *string, suggestion func() string) *suggestField {
	f := widgets.NewTextField(lbl, "", widgets.TextString, "")
	f.Read = func(*editor.State) string { return *v }
	f.Write = func(_ *editor.State, s string) { *v = s }
	return &suggestField{TextField: f, suggestion: suggestion, prefix: "suggested: "}
}

// suggest shows the suggestion as the input's placeholder (after each
// plan: the suggestion follows the card).
func (f *suggestField) suggest() {
	f.Input.Placeholder = ""
	if sugg := model.SafeText(f.suggestion()); sugg != "" {
		f.Input.Placeholder = f.prefix + sugg
	}
}

func (f *suggestField) View(th *style.Theme, focused bool, width int) string {
	sugg := model.SafeText(f.suggestion())
	if strings.TrimSpace(f.Value()) != "" || sugg == "" {
		return f.TextField.View(th, focused, width)
	}
	if focused {
		// The suggestion is read whole, wrapped under the empty input:
		// as the input's placeholder it would be cut at the input's width.
		ph := f.Input.Placeholder
		f.Input.Placeholder = ""
		v := f.TextField.View(th, focused, width)
		f.Input.Placeholder = ph
		return v + "\n" + widgets.HintLines(th, f.prefix+sugg, width)
	}
	return th.Label.Render(f.Lbl) + "\n" + widgets.HintLines(th, f.prefix+sugg, width)
}

// announcement is "Also writes: the catalog entry to ./ai-catalog-entry.json"
// ("" when the Catalog step writes nothing).
func (st *CatalogStep) Announcement() string {
	t := model.SafeText(st.Cfg.Target())
	var what string
	switch st.Cfg.Write {
	case app.WriteEntry:
		what = "the catalog entry to " + t
	case app.WriteNewCatalog:
		what = "a new AI Catalog listing the card to " + t
	case app.WriteIntoExisting:
		what = "the catalog entry, added to " + t
		if p := st.Plan; p != nil && p.Merge != nil && !p.Merge.Added {
			what = "the catalog entry, updating " + model.EntryPtr(p.Merge.Index) + " of " + t
		}
	default:
		return ""
	}
	return "Also writes: " + what + " (after the card)"
}

// problem says why the catalog write would stop the save of a card to
// cardPath ("" when it would not), from the plan last computed.
func (st *CatalogStep) Problem(cardPath string) string {
	if st.Cfg.Write == app.WriteNothing || st.Plan == nil {
		return ""
	}
	return app.CatalogRefusal(st.Plan, cardPath)
}

// RefreshForReview recomputes the plan when Review is entered (the card
// may have changed since the Catalog step was shown) and checks the
// catalog file again.
func (st *CatalogStep) RefreshForReview(s *editor.State) tea.Cmd {
	if st == nil || st.Cfg.Write == app.WriteNothing {
		return nil
	}
	st.Replan(s)
	return st.readSource()
}

// PlanDiff is the diff of what the Catalog step writes with the save
// ("" when it writes nothing), for Review to show before the save.
func (st *CatalogStep) PlanDiff() string {
	if st == nil || st.Cfg.Write == app.WriteNothing {
		return ""
	}
	return st.Plan.Diff()
}

// ReadSource is readSource for the root: the save asks for a reading when
// the plan still waits for one.
func (st *CatalogStep) ReadSource() tea.Cmd { return st.readSource() }

// PreviewContent is what the preview shows on this step: the plan's text
// (the entry, the new catalog or the merged one), the card's entry
// highlighted. Its key changes with the file and the entry, so that the
// preview follows the entry again after a change of either.
func (st *CatalogStep) PreviewContent() editor.PreviewContent {
	first, last, hl := app.EntryLines(st.Plan)
	return editor.PreviewContent{
		Text:  st.Plan.PreviewText(),
		Key:   "catalog:" + st.Cfg.Target() + st.Plan.EntryPointer(),
		First: first, Last: last, Highlight: hl,
	}
}
