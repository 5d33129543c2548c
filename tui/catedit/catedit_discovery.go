package catedit

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/oasf"
	"github.com/oncard/oncard/tui/editor"
	"github.com/oncard/oncard/tui/style"
	"github.com/oncard/oncard/tui/widgets"
)

// catEditDiscoveryPtr is the pointer of the OASF discovery payload of the
// entry at entryPtr: extensions["org.agntcy.oasf.discovery.v1"].
func catEditDiscoveryPtr(entryPtr string) string {
	return entryPtr + model.Pointer("extensions", model.DiscoveryCatalogKey)
}

// catEditDiscovery edits the selected entry's OASF discovery payload
// ({schema_version, skills, domains}) with the card editor's taxonomy
// picker. A reference the taxonomy does not know is kept as written.
type catEditDiscovery struct {
	c   *CatalogEditor
	ptr string // the payload's pointer ("" when there is no entry)
	widgets.ClassChoice
	f *widgets.Form
	// showVersion puts the version field back on the payload's version:
	// after a switch the user declined, or cancelled with esc.
	showVersion func()
}

func newCatEditDiscovery(c *CatalogEditor) *catEditDiscovery { return &catEditDiscovery{c: c} }

func (st *catEditDiscovery) Title() string { return "Discovery" }

func (st *catEditDiscovery) Busy() bool { return st.Picker != nil }

func (st *catEditDiscovery) Keys() []key.Binding {
	if st.Picker != nil {
		return []key.Binding{style.Keys.Enter, style.Keys.Pane, style.Keys.Back, style.Keys.Left}
	}
	return []key.Binding{style.Keys.NextField, style.Keys.PrevField, style.Keys.Left, style.Keys.Right, style.Keys.Enter, style.Keys.Back}
}

func (st *catEditDiscovery) Pointer() string {
	if st.ptr == "" || st.c.s.Doc.Find(st.ptr) == nil {
		return ""
	}
	if st.Picker != nil {
		return st.ptr + "/" + st.kindKey(st.Kind)
	}
	switch {
	case st.f == nil || st.f.Idx == 0:
		return st.ptr + "/schema_version"
	case st.f.Idx == 1:
		return st.ptr + "/skills"
	}
	return st.ptr + "/domains"
}

func (st *catEditDiscovery) kindKey(k oasf.Kind) string {
	if k == oasf.Domains {
		return "domains"
	}
	return "skills"
}

// load reads the payload of the selected entry.
func (st *catEditDiscovery) Load() {
	s := st.c.s
	st.Version = oasf.DefaultVersion
	st.Skills, st.Domains = nil, nil
	if v := s.Text(st.ptr + "/schema_version"); v != "" {
		st.Version = v
	}
	st.ReadClasses(s, st.ptr)
}

// versions are the known schema versions, newest first, with the
// payload's own version when it is not one of them (it is kept unless
// another is chosen).
func (st *catEditDiscovery) versions() []string {
	vs := oasf.Versions()
	out := make([]string, 0, len(vs)+1)
	for i := len(vs) - 1; i >= 0; i-- {
		out = append(out, vs[i])
	}
	known := false
	for _, v := range out {
		known = known || v == st.Version
	}
	if !known {
		out = append([]string{st.Version}, out...)
	}
	return out
}

func (st *catEditDiscovery) Enter() tea.Cmd {
	e := st.c.selectedEntry()
	if e == nil {
		st.ptr, st.f, st.Picker, st.showVersion = "", nil, nil, nil
		return nil
	}
	newEntry := st.ptr != catEditDiscoveryPtr(e.Ptr)
	st.ptr = catEditDiscoveryPtr(e.Ptr)
	st.Load()
	idx := 0
	if st.f != nil && !newEntry {
		idx = st.f.Idx
	}
	vs := st.versions()
	vals := make([]any, len(vs))
	for i, v := range vs {
		vals[i] = v
	}
	ver := widgets.NewChoiceField("Schema version", st.ptr+"/schema_version", vs, vals)
	ver.Hint = "the OASF version the skill and domain references are checked against"
	st.showVersion = func() {
		for i, v := range vs {
			if v == st.Version {
				ver.Idx = i
			}
		}
	}
	ver.Write = func(_ *editor.State, v any) {
		if s, ok := v.(string); ok {
			st.setVersion(s, st.showVersion)
		}
	}
	// The buttons open the picker (update handles them before the form).
	none := func(*editor.State) string { return "" }
	skills := &widgets.ButtonField{Lbl: "Choose OASF skills", Ptr: st.ptr + "/skills", Action: none}
	domains := &widgets.ButtonField{Lbl: "Choose OASF domains", Ptr: st.ptr + "/domains", Action: none}
	st.f = widgets.NewForm(ver, skills, domains)
	for i, v := range vs {
		if v == st.Version {
			ver.Idx = i
		}
	}
	st.f.Idx = min(idx, len(st.f.Fields)-1)
	if newEntry {
		st.Picker = nil
	}
	if st.Picker != nil {
		return st.openPicker(st.Kind)
	}
	return st.f.Focus()
}

func (st *catEditDiscovery) openPicker(k oasf.Kind) tea.Cmd {
	cmd, ok := st.Choose(st.c.Th, k)
	if !ok {
		st.c.Status = "no taxonomy for OASF " + model.SafeText(st.Version) + ": choose another schema version"
	}
	return cmd
}

func (st *catEditDiscovery) Update(in tea.Msg) tea.Cmd {
	msg, ok := in.(tea.KeyPressMsg)
	if !ok {
		return nil
	}
	c := st.c
	if st.showVersion != nil {
		st.showVersion() // a switch cancelled with esc left the field on the other version
	}
	if st.f == nil {
		if key.Matches(msg, style.Keys.Back, style.Keys.Enter) {
			return c.goTo(catEditScreenEntries)
		}
		return nil
	}
	if st.Picker != nil {
		changed, done, cmd := st.PickerKey(msg)
		if changed {
			st.write(st.Kind)
			c.Changed()
		}
		if done {
			return st.f.Focus()
		}
		return cmd
	}
	switch {
	case key.Matches(msg, style.Keys.Back):
		return c.goTo(catEditScreenEntries)
	case key.Matches(msg, style.Keys.Enter, style.Keys.Toggle) && st.f.Idx == 1:
		return st.openPicker(oasf.Skills)
	case key.Matches(msg, style.Keys.Enter, style.Keys.Toggle) && st.f.Idx == 2:
		return st.openPicker(oasf.Domains)
	}
	return c.catEditFormUpdate(st.f, msg)
}

// write writes the references of kind k into the payload, creating the
// payload (and the entry's extensions) when absent. Only that array is
// written, so the rest of the payload keeps its bytes; a payload left with
// neither skills nor domains is removed.
func (st *catEditDiscovery) write(k oasf.Kind) {
	c := st.c
	s := c.s
	list := st.Values(k)
	arr := st.ptr + "/" + st.kindKey(k)
	if s.Doc.Find(st.ptr) == nil {
		if len(list) == 0 {
			return
		}
		if err := s.SetValue(st.ptr, editor.Object("schema_version", st.Version, st.kindKey(k), list)); err != nil {
			c.Status = "not written: " + model.SafeText(err.Error())
		}
		return
	}
	var err error
	if len(list) == 0 {
		err = s.SetValue(arr, nil)
	} else {
		err = s.SetValue(arr, list)
	}
	if err != nil {
		c.Status = "not written: " + model.SafeText(err.Error())
		return
	}
	payload := s.Doc.Find(st.ptr)
	if payload.Get("skills") == nil && payload.Get("domains") == nil && payload.Len() <= 1 {
		// Only schema_version is left: a payload that declares nothing.
		e := &model.Entry{Doc: s.Doc, Ptr: strings.TrimSuffix(st.ptr, model.Pointer("extensions", model.DiscoveryCatalogKey))}
		if err := e.DeleteExtension(model.DiscoveryCatalogKey); err != nil {
			c.Status = "not written: " + model.SafeText(err.Error())
		}
	}
}

// setVersion moves the payload to version v, mapping each reference into
// that version's taxonomy (widgets.VersionChange). When a reference
// would be renamed or dropped the editor asks first, listing what happens
// to each; no puts the version field back (revert). An array is rewritten
// only when one of its references changes.
func (st *catEditDiscovery) setVersion(v string, revert func()) {
	if v == st.Version {
		return
	}
	vc := st.PlanVersion(v)
	apply := func(c *CatalogEditor) tea.Cmd {
		s := c.s
		st.ApplyVersion(vc)
		if s.Doc.Find(st.ptr) == nil {
			return nil // written with the first reference chosen
		}
		if err := s.SetValue(st.ptr+"/schema_version", v); err != nil {
			c.Status = "not written: " + model.SafeText(err.Error())
			return nil
		}
		for _, k := range []oasf.Kind{oasf.Skills, oasf.Domains} {
			if vc.Changed(k) {
				st.write(k)
			}
		}
		c.Changed()
		return nil
	}
	if !vc.Changes() {
		apply(st.c)
		return
	}
	st.c.confirm = &widgets.Dialog[*CatalogEditor]{
		Question: vc.Question(),
		Yes:      apply,
		No: func(*CatalogEditor) tea.Cmd {
			revert()
			return nil
		},
	}
}

func (st *catEditDiscovery) View(width, height int) string {
	c := st.c
	th := c.Th
	e := c.selectedEntry()
	if st.f == nil || e == nil {
		return th.Hint.Render("The catalog has no entries: add one on Entries (a).")
	}
	if st.Picker != nil {
		return st.PickerView(th, width, height)
	}
	if st.showVersion != nil && c.confirm == nil {
		st.showVersion()
	}
	var b strings.Builder
	b.WriteString(th.Hint.Render(widgets.Truncate(fmt.Sprintf("entry %d: %s · extensions[%q]", c.entry+1,
		model.SafeText(e.Identifier()), model.DiscoveryCatalogKey), width)) + "\n\n")
	b.WriteString(st.f.View(th, c.s, width))
	if c.s.Doc.Find(st.ptr) == nil {
		b.WriteString("\n\n" + widgets.HintBlock(th, "The entry has no discovery payload: choosing a skill or a domain adds one.", width))
	}
	st.ViewClasses(th, &b, width, "\n\n")
	return b.String()
}
