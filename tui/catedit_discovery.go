package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/oasf"
	"github.com/oncard/oncard/tui/style"
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
	classChoice
	f *form
}

func newCatEditDiscovery(c *CatalogEditor) *catEditDiscovery { return &catEditDiscovery{c: c} }

func (st *catEditDiscovery) title() string { return "Discovery" }

func (st *catEditDiscovery) busy() bool { return st.picker != nil }

func (st *catEditDiscovery) keys() []key.Binding {
	if st.picker != nil {
		return []key.Binding{style.Keys.Toggle, style.Keys.Enter, style.Keys.Left, style.Keys.Back}
	}
	return []key.Binding{style.Keys.NextField, style.Keys.PrevField, style.Keys.Left, style.Keys.Right, style.Keys.Enter, style.Keys.Back}
}

func (st *catEditDiscovery) pointer() string {
	if st.ptr == "" || st.c.s.Doc.Find(st.ptr) == nil {
		return ""
	}
	if st.picker != nil {
		return st.ptr + "/" + st.kindKey(st.kind)
	}
	switch {
	case st.f == nil || st.f.idx == 0:
		return st.ptr + "/schema_version"
	case st.f.idx == 1:
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
func (st *catEditDiscovery) load() {
	s := st.c.s
	st.version = oasf.DefaultVersion
	st.skills, st.domains, st.unknownSkills, st.unknownDomains = nil, nil, nil, nil
	if v := s.text(st.ptr + "/schema_version"); v != "" {
		st.version = v
	}
	st.readClasses(s, st.ptr)
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
		known = known || v == st.version
	}
	if !known {
		out = append([]string{st.version}, out...)
	}
	return out
}

func (st *catEditDiscovery) enter() tea.Cmd {
	e := st.c.selectedEntry()
	if e == nil {
		st.ptr, st.f, st.picker = "", nil, nil
		return nil
	}
	newEntry := st.ptr != catEditDiscoveryPtr(e.Ptr)
	st.ptr = catEditDiscoveryPtr(e.Ptr)
	st.load()
	idx := 0
	if st.f != nil && !newEntry {
		idx = st.f.idx
	}
	vs := st.versions()
	vals := make([]any, len(vs))
	for i, v := range vs {
		vals[i] = v
	}
	ver := newChoiceField("Schema version", st.ptr+"/schema_version", vs, vals)
	ver.hint = "the OASF version the skill and domain references are checked against"
	ver.write = func(_ *Session, v any) {
		if s, ok := v.(string); ok {
			st.setVersion(s)
		}
	}
	// The buttons open the picker (update handles them before the form).
	none := func(*Session) string { return "" }
	skills := &buttonField{lbl: "Choose OASF skills", ptr: st.ptr + "/skills", action: none}
	domains := &buttonField{lbl: "Choose OASF domains", ptr: st.ptr + "/domains", action: none}
	st.f = newForm(ver, skills, domains)
	for i, v := range vs {
		if v == st.version {
			ver.idx = i
		}
	}
	st.f.idx = min(idx, len(st.f.fields)-1)
	if newEntry {
		st.picker = nil
	}
	if st.picker != nil {
		return st.openPicker(st.kind)
	}
	return st.f.focus()
}

func (st *catEditDiscovery) openPicker(k oasf.Kind) tea.Cmd {
	cmd, ok := st.choose(st.c.th, k)
	if !ok {
		st.c.status = "no taxonomy for OASF " + model.SafeText(st.version) + ": choose another schema version"
	}
	return cmd
}

func (st *catEditDiscovery) update(msg tea.KeyPressMsg) tea.Cmd {
	c := st.c
	if st.f == nil {
		if key.Matches(msg, style.Keys.Back, style.Keys.Enter) {
			return c.goTo(catEditScreenEntries)
		}
		return nil
	}
	if st.picker != nil {
		changed, done, cmd := st.pickerKey(msg)
		if changed {
			st.write(st.kind)
			c.changed()
		}
		if done {
			return st.f.focus()
		}
		return cmd
	}
	switch {
	case key.Matches(msg, style.Keys.Back):
		return c.goTo(catEditScreenEntries)
	case key.Matches(msg, style.Keys.Enter, style.Keys.Toggle) && st.f.idx == 1:
		return st.openPicker(oasf.Skills)
	case key.Matches(msg, style.Keys.Enter, style.Keys.Toggle) && st.f.idx == 2:
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
	list := refs(st.chosen(k))
	arr := st.ptr + "/" + st.kindKey(k)
	if s.Doc.Find(st.ptr) == nil {
		if len(list) == 0 {
			return
		}
		if err := s.setValue(st.ptr, object("schema_version", st.version, st.kindKey(k), list)); err != nil {
			c.status = "not written: " + model.SafeText(err.Error())
		}
		return
	}
	var err error
	if len(list) == 0 {
		err = s.setValue(arr, nil)
	} else {
		err = s.setValue(arr, list)
	}
	if err != nil {
		c.status = "not written: " + model.SafeText(err.Error())
		return
	}
	payload := s.Doc.Find(st.ptr)
	if payload.Get("skills") == nil && payload.Get("domains") == nil && payload.Len() <= 1 {
		// Only schema_version is left: a payload that declares nothing.
		e := &model.Entry{Doc: s.Doc, Ptr: strings.TrimSuffix(st.ptr, model.Pointer("extensions", model.DiscoveryCatalogKey))}
		if err := e.DeleteExtension(model.DiscoveryCatalogKey); err != nil {
			c.status = "not written: " + model.SafeText(err.Error())
		}
	}
}

// setVersion writes schema_version and finds the chosen classes again in
// that version's taxonomy (by id: a class renamed between versions gets
// its new name); an array is rewritten only when one of its references
// changes.
func (st *catEditDiscovery) setVersion(v string) {
	s := st.c.s
	st.version = v
	if s.Doc.Find(st.ptr) == nil {
		return // written with the first reference chosen
	}
	if err := s.setValue(st.ptr+"/schema_version", v); err != nil {
		st.c.status = "not written: " + model.SafeText(err.Error())
		return
	}
	tax := oasf.Get(v)
	if tax == nil {
		return
	}
	for _, k := range []oasf.Kind{oasf.Skills, oasf.Domains} {
		if st.relinkKind(tax, k) {
			st.write(k)
		}
	}
	// Read the references again: one this version knows that the last
	// did not is known again.
	st.load()
}

func (st *catEditDiscovery) view(width, height int) string {
	c := st.c
	th := c.th
	e := c.selectedEntry()
	if st.f == nil || e == nil {
		return th.Hint.Render("The catalog has no entries: add one on Entries (a).")
	}
	if st.picker != nil {
		return st.pickerView(th, width, height)
	}
	var b strings.Builder
	b.WriteString(th.Hint.Render(truncate(fmt.Sprintf("entry %d: %s · extensions[%q]", c.entry+1,
		model.SafeText(e.Identifier()), model.DiscoveryCatalogKey), width)) + "\n\n")
	b.WriteString(st.f.view(th, c.s, width))
	if c.s.Doc.Find(st.ptr) == nil {
		b.WriteString("\n\n" + th.Hint.Render("The entry has no discovery payload: choosing a skill or a domain adds one."))
	}
	st.viewClasses(th, &b, width, "\n\n")
	return b.String()
}
