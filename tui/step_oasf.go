package tui

import (
	"encoding/json"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/charmbracelet/x/ansi"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/oasf"
	"github.com/oncard/oncard/tui/style"
)

// DefaultSchemaServer is the public OASF schema server.
const DefaultSchemaServer = "https://schema.oasf.outshift.com"

const discoverySuffix = "/objects/discovery"

// discoveryURI is the extension URI as it is written in the card.
func discoveryURI(server, version string) string {
	return strings.TrimRight(server, "/") + "/" + version + discoverySuffix
}

func discoveryIndex(s *Session) int { return s.card().DiscoveryIndex() }

// oasfStep declares the OASF discovery extension: schema_version, schema
// server, and skills and domains chosen with the picker.
type oasfStep struct {
	th     *style.Theme
	server string
	classChoice
	f *form
}

func newOASFStep(th *style.Theme) *oasfStep { return &oasfStep{th: th} }

func (st *oasfStep) title() string { return "OASF" }

func (st *oasfStep) extPtr(s *Session) string {
	if i := discoveryIndex(s); i >= 0 {
		return item(extensionsPtr, i)
	}
	return ""
}

// load reads the extension from the card.
func (st *oasfStep) load(s *Session) {
	st.version, st.server = oasf.DefaultVersion, DefaultSchemaServer
	st.skills, st.domains, st.unknownSkills, st.unknownDomains = nil, nil, nil, nil
	p := st.extPtr(s)
	if p == "" {
		return
	}
	uri := s.text(p + "/uri")
	if v := s.text(p + "/params/schema_version"); v != "" {
		st.version = v
	}
	if i := strings.LastIndex(strings.TrimSuffix(uri, discoverySuffix), "/"); i > 0 {
		st.server = uri[:i]
	}
	st.readClasses(s, p+"/params")
}

func readRefs(s *Session, ptr string, tax *oasf.Taxonomy, k oasf.Kind) (known []*oasf.Class, unknown []any) {
	n := s.Doc.Find(ptr)
	for i := 0; i < n.Len(); i++ {
		it := n.Index(i)
		var c *oasf.Class
		if tax != nil {
			if id, ok := it.Get("id").Interface().(json.Number); ok {
				if v, err := id.Int64(); err == nil {
					c = tax.Tree(k).ByID(int(v))
				}
			}
			if c == nil {
				c = tax.Tree(k).ByName(it.Get("name").Text())
			}
		}
		if c != nil {
			known = append(known, c)
		} else {
			unknown = append(unknown, it.Interface())
		}
	}
	return known, unknown
}

func refs(cs []*oasf.Class, unknown []any) []any {
	out := make([]any, 0, len(cs)+len(unknown))
	for _, c := range cs {
		out = append(out, object("name", c.Name, "id", c.ID))
	}
	return append(out, unknown...)
}

// save writes the extension (or removes it when nothing is chosen).
func (st *oasfStep) save(s *Session) {
	p := st.extPtr(s)
	skills := refs(st.skills, st.unknownSkills)
	domains := refs(st.domains, st.unknownDomains)
	if len(skills) == 0 && len(domains) == 0 {
		if p != "" {
			s.note(s.Doc.Delete(p))
			s.deleteIfEmpty(extensionsPtr)
		}
		return
	}
	uri := discoveryURI(st.server, st.version)
	if p == "" {
		if err := s.ensureArray(extensionsPtr); err != nil {
			return
		}
		params := object("schema_version", st.version, "skills", skills)
		if len(domains) > 0 {
			params = object("schema_version", st.version, "skills", skills, "domains", domains)
		}
		s.note(s.Doc.SetValue(extensionsPtr+"/-", object(
			"uri", uri, "description", "OASF skills and domains", "params", params)))
		return
	}
	if s.text(p+"/uri") != uri {
		s.note(s.Doc.SetValue(p+"/uri", uri))
	}
	if s.text(p+"/params/schema_version") != st.version {
		s.note(s.setValue(p+"/params/schema_version", st.version))
	}
	s.note(s.setValue(p+"/params/skills", skills))
	if len(domains) > 0 {
		s.note(s.setValue(p+"/params/domains", domains))
	} else {
		s.note(s.setValue(p+"/params/domains", nil))
	}
}

// relink finds the chosen classes again after the version changed.
func (st *oasfStep) relink() {
	tax := oasf.Get(st.version)
	if tax == nil {
		return
	}
	st.relinkKind(tax, oasf.Skills)
	st.relinkKind(tax, oasf.Domains)
}

func (st *oasfStep) versions() []string {
	vs := oasf.Versions()
	// Newest first. The default (oasf.DefaultVersion, or the card's own
	// schema_version) is preselected by load(), not by its position: a
	// newer synced version can come before it.
	out := make([]string, 0, len(vs))
	for i := len(vs) - 1; i >= 0; i-- {
		out = append(out, vs[i])
	}
	if len(out) == 0 {
		out = []string{oasf.DefaultVersion}
	}
	return out
}

func (st *oasfStep) enter(s *Session) tea.Cmd {
	st.load(s)
	idx := 0
	if st.f != nil {
		idx = st.f.idx
	}
	vs := st.versions()
	vals := make([]any, len(vs))
	for i, v := range vs {
		vals[i] = v
	}
	ver := newChoiceField("Schema version", "", vs, vals)
	for i, v := range vs {
		if v == st.version {
			ver.idx = i
		}
	}
	ver.write = func(s *Session, v any) {
		st.version, _ = v.(string)
		st.relink()
		st.save(s)
	}
	server := newTextField("Schema server", "", textString, DefaultSchemaServer)
	server.read = func(*Session) string { return st.server }
	server.write = func(s *Session, v string) {
		st.server = strings.TrimSpace(v)
		if st.server == "" {
			st.server = DefaultSchemaServer
		}
		st.save(s)
	}
	skills := &buttonField{lbl: "Choose OASF skills", action: func(*Session) string { return "" }}
	domains := &buttonField{lbl: "Choose OASF domains", action: func(*Session) string { return "" }}
	st.f = newForm(ver, server, skills, domains)
	st.f.load(s)
	// load() of the version field reads no pointer: keep the card's version.
	for i, v := range vs {
		if v == st.version {
			ver.idx = i
		}
	}
	st.f.idx = min(idx, len(st.f.fields)-1)
	if st.picker != nil {
		return st.openPicker(st.kind)
	}
	return st.f.focus()
}

func (st *oasfStep) openPicker(k oasf.Kind) tea.Cmd {
	cmd, _ := st.choose(st.th, k)
	return cmd
}

func (st *oasfStep) update(msg tea.KeyPressMsg, s *Session) (tea.Cmd, bool) {
	if st.picker != nil {
		changed, done, cmd := st.pickerKey(msg)
		if changed {
			st.save(s)
			s.changed()
		}
		if done {
			return st.f.focus(), true
		}
		return cmd, changed
	}
	if key.Matches(msg, style.Keys.Enter, style.Keys.Toggle) {
		switch st.f.idx {
		case 2:
			return st.openPicker(oasf.Skills), true
		case 3:
			return st.openPicker(oasf.Domains), true
		}
	}
	return st.f.update(msg, s)
}

func (st *oasfStep) view(th *style.Theme, s *Session, width, height int) string {
	if st.picker != nil {
		return st.pickerView(th, width, height)
	}
	var b strings.Builder
	b.WriteString(st.f.view(th, s, width))
	// The URI is shown whole (wrapped, never cut): it is what gets written.
	b.WriteString("\n\n" + th.Label.Render("Extension URI (as written)") + "\n" +
		ansi.Hardwrap(model.SafeText(discoveryURI(st.server, st.version)), width, false))
	st.viewClasses(th, &b, width, "\n")
	if p := st.extPtr(s); p != "" {
		for _, d := range s.diagsAt(p) {
			b.WriteString("\n" + renderDiag(th, d, width))
		}
	}
	return b.String()
}

// pointer is the member highlighted: a part of the extension.
func (st *oasfStep) pointer(s *Session) string {
	p := st.extPtr(s)
	if p == "" {
		return ""
	}
	if st.picker != nil {
		if st.kind == oasf.Domains {
			return p + "/params/domains"
		}
		return p + "/params/skills"
	}
	switch st.f.idx {
	case 0:
		return p + "/params/schema_version"
	case 1:
		return p + "/uri"
	case 2:
		return p + "/params/skills"
	}
	return p + "/params/domains"
}

// owns: the extension's declaration and the params this step writes (the
// class lists are rewritten whole); other members are kept.
func (st *oasfStep) owns(ptr string, s *Session) bool {
	p := st.extPtr(s)
	if p == "" {
		return false
	}
	ms := memberSet{
		containers: []string{p, p + "/params"},
		trees:      under(p, "uri", "description", "params/schema_version", "params/skills", "params/domains"),
	}
	return ms.owns(ptr)
}

func (st *oasfStep) jump(ptr string, s *Session) tea.Cmd {
	p := st.extPtr(s)
	switch {
	case pointerWithin(ptr, p+"/params/domains"):
		st.f.idx = 3
	case pointerWithin(ptr, p+"/params/skills"):
		st.f.idx = 2
	case pointerWithin(ptr, p+"/uri"):
		st.f.idx = 1
	default:
		st.f.idx = 0
	}
	st.picker = nil
	return st.f.focus()
}

func (st *oasfStep) keys() []key.Binding {
	if st.picker != nil {
		return []key.Binding{style.Keys.Toggle, style.Keys.Enter, style.Keys.Left, style.Keys.Back}
	}
	return []key.Binding{style.Keys.NextField, style.Keys.PrevField, style.Keys.Left, style.Keys.Right, style.Keys.Enter}
}

func (st *oasfStep) busy() bool { return st.picker != nil }
