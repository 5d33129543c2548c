package catedit

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/style"
	"github.com/oncard/oncard/tui/widgets"
)

// catEditEntry edits the members of the selected entry: identifier, type,
// version, url, displayName, description, tags. An inline artifact (data)
// is shown but not edited here (it is a whole document: edit it with
// --set). The discovery payload has its own screen.
type catEditEntry struct {
	c *CatalogEditor
	f *widgets.Form
	// ptr is the entry the form was built for.
	ptr string
}

func newCatEditEntry(c *CatalogEditor) *catEditEntry { return &catEditEntry{c: c} }

func (st *catEditEntry) Title() string { return "Entry" }

// busy is false: esc is handled here, and pgup/pgdn may scroll the preview.
func (st *catEditEntry) Busy() bool { return false }

func (st *catEditEntry) Keys() []key.Binding {
	return []key.Binding{style.Keys.NextField, style.Keys.PrevField, style.Keys.Back}
}

func (st *catEditEntry) Pointer() string {
	if st.f == nil {
		return ""
	}
	return st.f.Pointer()
}

// enter builds the form of the selected entry, keeping the focused field
// when it is the same entry.
func (st *catEditEntry) Enter() tea.Cmd {
	e := st.c.selectedEntry()
	if e == nil {
		st.f, st.ptr = nil, ""
		return nil
	}
	idx := 0
	if st.f != nil && st.ptr == e.Ptr {
		idx = st.f.Idx
	}
	st.ptr = e.Ptr
	st.f = widgets.NewForm(catEditEntryFields(e)...)
	st.f.Load(st.c.s)
	st.f.Idx = min(idx, len(st.f.Fields)-1)
	return st.f.Focus()
}

// catEditEntryFields are the fields of entry e. The url field is left out
// when the artifact is inline: an entry has a url or data, never both.
func catEditEntryFields(e *model.Entry) []widgets.Field {
	p := e.Ptr
	ident := widgets.NewTextField("Identifier", p+"/identifier", widgets.TextRequired, "urn:air:agents.example.com:agents:helper")
	ident.Hint = "Names the artifact; with the version it must be unique in the catalog."
	typ := widgets.NewTextField("Type (media type)", p+"/type", widgets.TextRequired, model.MediaTypeA2ACard)
	typ.Hint = "e.g. " + model.MediaTypeA2ACard + ", " + model.MediaTypeMCPServerCard + ", " + model.MediaTypeCatalog
	version := widgets.NewTextField("Version", p+"/version", widgets.TextString, "1.0.0")
	fields := []widgets.Field{ident, typ, version}
	if !e.HasData() || e.URL() != "" {
		u := widgets.NewTextField("URL", p+"/url", widgets.TextString, "https://agents.example.com/.well-known/agent-card.json")
		u.Hint = "Where the artifact is served."
		fields = append(fields, u)
	}
	name := widgets.NewTextField("Display name", p+"/displayName", widgets.TextString, "(optional)")
	desc := widgets.NewTextField("Description", p+"/description", widgets.TextString, "(optional)")
	tags := widgets.NewTextField("Tags (comma separated)", p+"/tags", widgets.TextList, "(optional)")
	return append(fields, name, desc, tags)
}

func (st *catEditEntry) Update(in tea.Msg) tea.Cmd {
	msg, ok := in.(tea.KeyPressMsg)
	if !ok {
		return nil
	}
	if st.f == nil {
		if key.Matches(msg, style.Keys.Back, style.Keys.Enter) {
			return st.c.goTo(catEditScreenEntries)
		}
		return nil
	}
	if key.Matches(msg, style.Keys.Back) {
		return st.c.goTo(catEditScreenEntries)
	}
	cmd := st.c.catEditFormUpdate(st.f, msg)
	if st.f.Done {
		st.f.Done = false
		return st.c.goTo(catEditScreenEntries)
	}
	return cmd
}

func (st *catEditEntry) View(width, height int) string {
	c := st.c
	th := c.Th
	e := c.selectedEntry()
	if st.f == nil || e == nil {
		return th.Hint.Render("The catalog has no entries: add one on Entries (a).")
	}
	var b strings.Builder
	b.WriteString(th.Hint.Render(fmt.Sprintf("entry %d of %d · esc back to the list", c.entry+1, c.entryCount())))
	b.WriteString("\n\n")
	b.WriteString(st.f.View(th, c.s, width))
	if d := e.Data(); d != nil {
		b.WriteString("\n\n" + th.Label.Render("Data (inline artifact, read-only here)") + "\n  ")
		b.WriteString(th.Hint.Render(widgets.Truncate(fmt.Sprintf("an inline %s (%d %s); edit it with oncard edit --set %s/data/…",
			d.Kind, d.Len(), widgets.Plural(d.Len(), "member", "members"), model.SafeText(e.Ptr)), width-2)))
	}
	if keys := e.ExtensionKeys(); len(keys) > 0 {
		safe := make([]string, len(keys))
		for i, k := range keys {
			safe[i] = model.SafeText(k)
		}
		b.WriteString("\n\n" + th.Label.Render("Extensions") + "\n  " +
			th.Hint.Render(widgets.Truncate(strings.Join(safe, ", ")+" (the OASF payload on Discovery)", width-2)))
	}
	return b.String()
}
