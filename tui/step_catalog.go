package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/style"
)

// catalogStep lists the card in an AI Catalog: the entry's identifier and
// url (empty = the suggested, derived values), and what to write when the
// card is saved: nothing, the entry alone, a new catalog, or the entry
// merged into an existing catalog. The preview pane shows the entry (or the
// catalog) while this step is current. Nothing here edits the card: the
// fields read and write st.cfg, and no change counts as a card edit.
type catalogStep struct {
	cfg  app.CatalogSettings
	plan *app.CatalogPlan
	f    *form
	// confirmed is the catalog file the user agreed to replace.
	confirmed string
	// planner makes plan, reusing what a keystroke did not change.
	planner app.CatalogPlanner
}

func newCatalogStep() *catalogStep { return &catalogStep{} }

func (st *catalogStep) title() string { return "Catalog" }

func (st *catalogStep) enter(s *Session) tea.Cmd {
	st.replan(s)
	focus := ""
	if st.f != nil {
		focus = st.f.focused().label()
	}
	st.rebuild(s, focus)
	return st.f.focus()
}

// replan brings the entry and the catalog up to date with the card and
// settings (recomputing only what changed, see catalogPlanner).
func (st *catalogStep) replan(s *Session) {
	st.plan = st.planner.Plan(s.Doc, s.Edits, st.cfg, s.Opts)
}

// Field labels (also how the focus is kept across a rebuild).
const (
	lblCatalogID    = "Identifier"
	lblCatalogURL   = "URL (where the card is served)"
	lblCatalogWrite = "Write when the card is saved"
	lblCatalogPath  = "File to write"
	lblCatalogSpec  = "Catalog specVersion"
	lblCatalogHost  = "Host display name"
)

// rebuild makes the fields the write choice needs: a path unless it writes
// nothing, specVersion and host name only for a new catalog.
func (st *catalogStep) rebuild(s *Session, focus string) {
	id := newSuggestField(lblCatalogID, &st.cfg.Identifier, func() string { return st.plan.SuggestedID })
	id.hint = "empty: the suggested urn:air identifier, derived from the first interface's host and the card's name"
	u := newSuggestField(lblCatalogURL, &st.cfg.URL, func() string { return st.plan.SuggestedURL })
	u.hint = "empty: the well-known path of the first interface's host"

	write := newChoiceField(lblCatalogWrite, "", app.CatalogWriteOptions, []any{app.WriteNothing, app.WriteEntry, app.WriteNewCatalog, app.WriteIntoExisting})
	write.write = func(_ *Session, v any) { st.cfg.Write = v.(app.CatalogWrite) }
	write.hint = "written atomically after the card; an existing file is replaced only after a yes"
	fields := []field{id, u, write}

	if st.cfg.Write != app.WriteNothing {
		def := app.DefaultCatalogPath(st.cfg.Write)
		path := newSuggestField(lblCatalogPath, &st.cfg.Path, func() string { return def })
		path.prefix = "default: "
		path.hint = "a path on this machine, relative to the current directory"
		if st.cfg.Write == app.WriteIntoExisting {
			path.hint += " · the entry is inserted or updated; every other byte of the file is kept"
		}
		fields = append(fields, path)
	}
	if st.cfg.Write == app.WriteNewCatalog {
		values := make([]any, len(app.CatalogSpecVersions))
		for i, v := range app.CatalogSpecVersions {
			values[i] = v
		}
		spec := newChoiceField(lblCatalogSpec, "", app.CatalogSpecVersions, values)
		spec.write = func(_ *Session, v any) { st.cfg.SpecVersion = v.(string) }
		host := newTextField(lblCatalogHost, "", textString, "Example Agents")
		host.read = func(*Session) string { return st.cfg.HostName }
		host.write = func(_ *Session, v string) { st.cfg.HostName = v }
		host.hint = "optional: host.displayName of the new catalog"
		fields = append(fields, spec, host)
	}

	st.f = newForm(fields...)
	st.f.load(s)
	// The choices hold settings, not card members: set them after load
	// (which looks for them in the card).
	write.idx = int(st.cfg.Write)
	if st.cfg.Write == app.WriteNewCatalog {
		spec := st.f.fields[len(st.f.fields)-2].(*choiceField)
		for i, v := range app.CatalogSpecVersions {
			if v == st.cfg.SpecVersion {
				spec.idx = i
			}
		}
	}
	for i, fl := range st.f.fields {
		if fl.label() == focus {
			st.f.idx = i
		}
	}
}

func (st *catalogStep) update(msg tea.KeyPressMsg, s *Session) (tea.Cmd, bool) {
	switch {
	case key.Matches(msg, style.Keys.NextField):
		return st.f.move(1), true
	case key.Matches(msg, style.Keys.PrevField):
		return st.f.move(-1), true
	case key.Matches(msg, style.Keys.Enter):
		if st.f.idx < len(st.f.fields)-1 {
			return st.f.move(1), true
		}
		return nil, true
	}
	fl := st.f.focused()
	changed, cmd := fl.update(msg)
	if !changed {
		return cmd, false
	}
	// Settings only: the card is not touched, so no s.changed(). A yes to
	// replacing a file was for the settings it was given with.
	st.confirmed = ""
	before := st.cfg.Write
	fl.apply(s)
	st.replan(s)
	if st.cfg.Write != before {
		st.rebuild(s, fl.label())
		cmd = tea.Batch(cmd, st.f.focus())
	}
	return cmd, false
}

func (st *catalogStep) view(th *style.Theme, s *Session, width, height int) string {
	var b strings.Builder
	b.WriteString(hintLines(th, "Lists this card in an AI Catalog. Nothing here changes the card.", width) + "\n\n")
	b.WriteString(st.f.view(th, s, width) + "\n\n")
	p := st.plan
	if p.Err != nil {
		b.WriteString(th.Error.Render(truncate("✗ "+model.SafeText(p.Err.Error()), width)) + "\n")
		return b.String()
	}
	b.WriteString(th.Label.Render("Catalog findings: ") + countsLine(th, p.Diags) + "\n")
	for n, d := range p.Diags {
		if n == 6 {
			b.WriteString(th.Hint.Render(fmt.Sprintf("… %d more", len(p.Diags)-n)) + "\n")
			break
		}
		b.WriteString(renderDiag(th, d, width-2) + "\n")
		if d.Pointer != "" {
			b.WriteString("  " + th.Hint.Render(truncate(model.SafeText(d.Pointer), width-2)) + "\n")
		}
	}
	for _, n := range p.Notes {
		// What was derived is shown as "suggested: …" already.
		if !strings.HasPrefix(n, "identifier ") && !strings.HasPrefix(n, "url ") {
			b.WriteString(hintLines(th, "note: "+n, width) + "\n")
		}
	}
	b.WriteString(th.OK.Render(truncate(st.onSave(), width)))
	return b.String()
}

// onSave says in one line what saving the card will do with the catalog.
func (st *catalogStep) onSave() string {
	t := model.SafeText(st.cfg.Target())
	switch st.cfg.Write {
	case app.WriteEntry:
		return "On save: the entry is written to " + t + "."
	case app.WriteNewCatalog:
		return "On save: a new catalog is written to " + t + "."
	case app.WriteIntoExisting:
		if m := st.plan.Merge; m != nil && !m.Added {
			return "On save: the entry at " + model.EntryPtr(m.Index) + " of " + t + " is updated."
		}
		return "On save: the entry is added to " + t + "."
	}
	return "On save: the card only (the preview shows its entry)."
}

func (st *catalogStep) pointer(*Session) string       { return "" }
func (st *catalogStep) owns(string, *Session) bool    { return false }
func (st *catalogStep) jump(string, *Session) tea.Cmd { return nil }
func (st *catalogStep) keys() []key.Binding {
	return []key.Binding{style.Keys.NextField, style.Keys.PrevField, style.Keys.Left, style.Keys.Right}
}
func (st *catalogStep) busy() bool { return false }

// suggestField is a text setting whose empty value means "the suggested
// one", shown as "suggested: …" (the input's placeholder while focused).
type suggestField struct {
	*textField
	suggestion func() string
	prefix     string // "suggested: " unless set
}

func newSuggestField(lbl string, v *string, suggestion func() string) *suggestField {
	f := newTextField(lbl, "", textString, "")
	f.read = func(*Session) string { return *v }
	f.write = func(_ *Session, s string) { *v = s }
	return &suggestField{textField: f, suggestion: suggestion, prefix: "suggested: "}
}

func (f *suggestField) view(th *style.Theme, focused bool, width int) string {
	sugg := model.SafeText(f.suggestion())
	f.input.Placeholder = ""
	if sugg != "" {
		f.input.Placeholder = f.prefix + sugg
	}
	if focused || strings.TrimSpace(f.value()) != "" || sugg == "" {
		return f.textField.view(th, focused, width)
	}
	return th.Label.Render(f.lbl) + "\n  " + th.Hint.Render(truncate(f.prefix+sugg, width-2))
}
