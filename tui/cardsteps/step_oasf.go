package cardsteps

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/oasf"
	"github.com/oncard/oncard/tui/editor"
	"github.com/oncard/oncard/tui/style"
	"github.com/oncard/oncard/tui/widgets"
)

// DefaultSchemaServer is the public OASF schema server.
const DefaultSchemaServer = "https://schema.oasf.outshift.com"

func discoveryIndex(s *editor.State) int { return cardOf(s).DiscoveryIndex() }

// oasfStep declares the OASF discovery extension: schema_version, schema
// server, and skills and domains chosen with the picker.
type OasfStep struct {
	th     *style.Theme
	server string
	widgets.ClassChoice
	f *widgets.Form
	// confirm asks before a version switch renames or drops references.
	confirm *widgets.Dialog[*editor.State]
}

func NewOASFStep(th *style.Theme) *OasfStep { return &OasfStep{th: th} }

func (st *OasfStep) Title() string { return titleOf(StepOASF) }

func (st *OasfStep) extPtr(s *editor.State) string {
	if i := discoveryIndex(s); i >= 0 {
		return editor.Item(extensionsPtr, i)
	}
	return ""
}

// load reads the extension from the card.
func (st *OasfStep) Load(s *editor.State) {
	st.Version, st.server = oasf.DefaultVersion, DefaultSchemaServer
	st.Skills, st.Domains = nil, nil
	p := st.extPtr(s)
	if p == "" {
		return
	}
	uri := s.Text(p + "/uri")
	if v := s.Text(p + "/params/schema_version"); v != "" {
		st.Version = v
	}
	if i := strings.LastIndex(strings.TrimSuffix(uri, widgets.DiscoverySuffix), "/"); i > 0 {
		st.server = uri[:i]
	}
	st.ReadClasses(s, p+"/params")
}

// save writes the extension (or removes it when nothing is chosen).
func (st *OasfStep) save(s *editor.State) {
	skills := st.Values(oasf.Skills)
	domains := st.Values(oasf.Domains)
	s.Note(cardOf(s).SetDiscovery(widgets.DiscoveryURI(st.server, st.Version), st.Version, skills, domains))
}

// switchVersion moves the declaration to version to, mapping each
// reference into that version's taxonomy. When a reference would be
// renamed or dropped the step asks first, listing what happens to each;
// no puts the version field back.
func (st *OasfStep) switchVersion(s *editor.State, to string, revert func()) {
	if to == st.Version {
		return
	}
	vc := st.PlanVersion(to)
	apply := func(s *editor.State) tea.Cmd {
		st.ApplyVersion(vc)
		st.save(s)
		return nil
	}
	if !vc.Changes() {
		apply(s)
		return
	}
	st.confirm = &widgets.Dialog[*editor.State]{
		Question: vc.Question(),
		Yes:      apply,
		No: func(*editor.State) tea.Cmd {
			revert()
			return nil
		},
	}
}

func (st *OasfStep) versions() []string {
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

func (st *OasfStep) Enter(s *editor.State) tea.Cmd {
	st.Load(s)
	st.confirm = nil // a switch not confirmed before leaving the step is dropped
	idx := 0
	if st.f != nil {
		idx = st.f.Idx
	}
	vs := st.versions()
	vals := make([]any, len(vs))
	for i, v := range vs {
		vals[i] = v
	}
	ver := widgets.NewChoiceField("Schema version", "", vs, vals)
	for i, v := range vs {
		if v == st.Version {
			ver.Idx = i
		}
	}
	ver.Write = func(s *editor.State, v any) {
		to, _ := v.(string)
		st.switchVersion(s, to, func() {
			for i, v := range vs {
				if v == st.Version {
					ver.Idx = i // the version kept
				}
			}
		})
	}
	server := widgets.NewTextField("Schema server", "", widgets.TextString, DefaultSchemaServer)
	server.Read = func(*editor.State) string { return st.server }
	server.Write = func(s *editor.State, v string) {
		st.server = strings.TrimSpace(v)
		if st.server == "" {
			st.server = DefaultSchemaServer
		}
		st.save(s)
	}
	skills := &widgets.ButtonField{Lbl: "Choose OASF skills", Action: func(*editor.State) string { return "" }}
	domains := &widgets.ButtonField{Lbl: "Choose OASF domains", Action: func(*editor.State) string { return "" }}
	st.f = widgets.NewForm(ver, server, skills, domains)
	st.f.Load(s)
	// load() of the version field reads no pointer: keep the card's version.
	for i, v := range vs {
		if v == st.Version {
			ver.Idx = i
		}
	}
	st.f.Idx = min(idx, len(st.f.Fields)-1)
	if st.Picker != nil {
		return st.openPicker(st.Kind)
	}
	return st.f.Focus()
}

func (st *OasfStep) openPicker(k oasf.Kind) tea.Cmd {
	cmd, _ := st.Choose(st.th, k)
	return cmd
}

func (st *OasfStep) Update(in tea.Msg, s *editor.State) (tea.Cmd, bool) {
	msg, ok := in.(tea.KeyPressMsg)
	if !ok {
		return nil, false
	}
	if st.confirm != nil {
		if msg.Code == 0 {
			return nil, false // pasted text answers nothing
		}
		cancelled := st.confirm
		cmd := st.confirm.Update(msg, s, func() { st.confirm = nil }, func(*editor.State) tea.Cmd { return nil })
		if st.confirm == nil && cancelled != nil && key.Matches(msg, style.Keys.Back) {
			cancelled.No(s) // esc cancels the switch too: the field shows the version kept
		}
		return cmd, st.confirm == nil
	}
	if st.Picker != nil {
		changed, done, cmd := st.PickerKey(msg)
		if changed {
			st.save(s)
			s.Changed()
		}
		if done {
			return st.f.Focus(), true
		}
		return cmd, changed
	}
	if key.Matches(msg, style.Keys.Enter, style.Keys.Toggle) {
		switch st.f.Idx {
		case 2:
			return st.openPicker(oasf.Skills), true
		case 3:
			return st.openPicker(oasf.Domains), true
		}
	}
	return st.f.Update(msg, s)
}

func (st *OasfStep) View(th *style.Theme, s *editor.State, width, height int) string {
	if st.confirm != nil {
		return st.confirm.View(th, width)
	}
	if st.Picker != nil {
		return st.PickerView(th, width, height)
	}
	var b strings.Builder
	b.WriteString(st.f.View(th, s, width))
	// The URI is shown whole (wrapped, never cut): it is what gets written.
	b.WriteString("\n\n" + th.Label.Render("Extension URI (as written)") + "\n" +
		ansi.Hardwrap(model.SafeText(widgets.DiscoveryURI(st.server, st.Version)), width, false))
	st.ViewClasses(th, &b, width, "\n")
	if p := st.extPtr(s); p != "" {
		for _, d := range s.DiagsAt(p) {
			b.WriteString("\n" + widgets.RenderDiagFull(th, d, width, 0))
		}
	}
	return b.String()
}

// pointer is the member highlighted: a part of the extension.
func (st *OasfStep) Pointer(s *editor.State) string {
	p := st.extPtr(s)
	if p == "" {
		return ""
	}
	if st.Picker != nil {
		if st.Kind == oasf.Domains {
			return p + "/params/domains"
		}
		return p + "/params/skills"
	}
	switch st.f.Idx {
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
func (st *OasfStep) Owns(ptr string, s *editor.State) bool {
	p := st.extPtr(s)
	if p == "" {
		return false
	}
	ms := editor.MemberSet{
		Containers: []string{p, p + "/params"},
		Trees:      editor.Under(p, "uri", "description", "params/schema_version", "params/skills", "params/domains"),
	}
	return ms.Owns(ptr)
}

func (st *OasfStep) Jump(ptr string, s *editor.State) tea.Cmd {
	p := st.extPtr(s)
	switch {
	case editor.PointerWithin(ptr, p+"/params/domains"):
		st.f.Idx = 3
	case editor.PointerWithin(ptr, p+"/params/skills"):
		st.f.Idx = 2
	case editor.PointerWithin(ptr, p+"/uri"):
		st.f.Idx = 1
	default:
		st.f.Idx = 0
	}
	st.Picker = nil
	if st.confirm != nil {
		st.confirm.No(s) // a jump elsewhere declines the version switch
		st.confirm = nil
	}
	return st.f.Focus()
}

func (st *OasfStep) Keys() []key.Binding {
	if st.confirm != nil {
		return []key.Binding{style.Keys.Yes, style.Keys.No, style.Keys.Back}
	}
	if st.Picker != nil {
		return []key.Binding{style.Keys.Enter, style.Keys.Pane, style.Keys.Back, style.Keys.Left}
	}
	return []key.Binding{style.Keys.NextField, style.Keys.PrevField, style.Keys.Left, style.Keys.Right, style.Keys.Enter}
}

func (st *OasfStep) Busy() bool { return st.Picker != nil || st.confirm != nil }
