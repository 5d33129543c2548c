package catedit

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/oncard/oncard/internal/app/input"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/style"
	"github.com/oncard/oncard/tui/widgets"
)

// catEditEntries lists the catalog's entries (identifier, version, type):
// enter opens one, a adds one from a card file, d removes one, shift+↑/↓
// reorders. Letters are bound only in the list, never while the path
// prompt has focus.
type catEditEntries struct {
	c *CatalogEditor
	// asking is true while the card path is being typed.
	asking bool
	path   textinput.Model
	// notes are kept on screen after an add (the defaults it used).
	notes []string
	// nav pages and filters the entries (pgup/pgdn, home/end, /).
	nav widgets.ListNav
}

// Listing: unless the path is asked, pgup/pgdn page the entries.
func (st *catEditEntries) Listing() bool { return !st.asking }

// rowText is entry i's text a filter matches: identifier, version, type.
func (st *catEditEntries) rowText(i int) string {
	e := &model.Entry{Doc: st.c.s.Doc, Ptr: model.EntryPtr(i)}
	return e.Identifier() + " v" + e.Version() + " " + catEditTypeLabel(e.Type())
}

func newCatEditEntries(c *CatalogEditor) *catEditEntries { return &catEditEntries{c: c} }

func (st *catEditEntries) Title() string { return "Entries" }

func (st *catEditEntries) Enter() tea.Cmd {
	st.c.selectedEntry() // clamps the selection
	if st.asking {
		return st.path.Focus()
	}
	return nil
}

func (st *catEditEntries) Busy() bool { return st.asking || st.nav.Typing }

func (st *catEditEntries) Pointer() string {
	if st.c.entryCount() == 0 {
		return "/entries"
	}
	return model.EntryPtr(st.c.entry)
}

func (st *catEditEntries) Keys() []key.Binding {
	if st.asking {
		return []key.Binding{style.Keys.Enter, style.Keys.Back}
	}
	if st.nav.Typing {
		return []key.Binding{style.Keys.Enter, style.Keys.Back}
	}
	return []key.Binding{style.Keys.Enter, style.Keys.Add, style.Keys.Remove, style.Keys.MoveUp, style.Keys.MoveDown, style.Keys.Filter}
}

func (st *catEditEntries) Update(in tea.Msg) tea.Cmd {
	msg, ok := in.(tea.KeyPressMsg)
	if !ok {
		return nil
	}
	c := st.c
	if st.asking {
		switch {
		case key.Matches(msg, style.Keys.Back):
			st.asking = false
			return nil
		case key.Matches(msg, style.Keys.Enter):
			return st.addFromCard(strings.TrimSpace(st.path.Value()))
		}
		var cmd tea.Cmd
		st.path, cmd = st.path.Update(msg)
		return cmd
	}
	n := c.entryCount()
	if cur, ok := st.nav.Key(msg, c.entry, n, st.rowText); ok { // moved or filtered
		c.entry = cur
		return nil
	}
	switch {
	case key.Matches(msg, style.Keys.Enter):
		if n > 0 {
			return c.goTo(catEditScreenEntry)
		}
		return st.askPath()
	case key.Matches(msg, style.Keys.Add):
		return st.askPath()
	case key.Matches(msg, style.Keys.Remove) && n > 0:
		st.askRemove()
	case key.Matches(msg, style.Keys.MoveUp) && c.entry > 0:
		st.Move(c.entry - 1)
	case key.Matches(msg, style.Keys.MoveDown) && c.entry < n-1:
		st.Move(c.entry + 1)
	}
	return nil
}

func (st *catEditEntries) askPath() tea.Cmd {
	st.path = widgets.NewInput()
	st.path.Prompt = ""
	st.path.CharLimit = 0
	st.path.Placeholder = "path of an Agent Card file, e.g. agent-card.json"
	st.asking = true
	return st.path.Focus()
}

// addFromCard reads the card at path and puts the entry EntryFromCard
// derives from it into the catalog: appended, or, when the catalog lists
// the same artifact (identifier and version, or the only entry with the
// identifier), written over that entry member by member as `oncard catalog
// add` does.
func (st *catEditEntries) addFromCard(path string) tea.Cmd {
	c := st.c
	if path == "" {
		c.Status = "give the path of an Agent Card"
		return nil
	}
	// Reading the card is file work: done in a command, the entry put in
	// when it is back.
	return c.work(func() func(*CatalogEditor) tea.Cmd {
		entry, suggested, why := entryOfCardFile(path)
		return func(c *CatalogEditor) tea.Cmd {
			if why != "" {
				c.Status = "not added: " + why
				return nil
			}
			st.putEntry(path, entry, suggested)
			return c.autosave() // an edit made outside a field: kept at once
		}
	})
}

// entryOfCardFile reads and checks the card at path (a file or a URL) as
// `oncard catalog add` does (input.Card: a card with errors is refused)
// and derives its entry; why says, for the status line, why there is none.
func entryOfCardFile(path string) (entry []byte, suggested []string, why string) {
	if path == "-" {
		return nil, nil, "give a file or a URL (standard input is the terminal here)"
	}
	var said bytes.Buffer
	doc, err := input.Card(context.Background(), path, nil, &said, false)
	if err != nil {
		if first, _, _ := strings.Cut(strings.TrimSpace(said.String()), "\n"); first != "" {
			return nil, nil, strings.TrimPrefix(first, "oncard: ")
		}
		return nil, nil, model.SafeText(err.Error())
	}
	entry, suggested, err = model.EntryFromCard(doc, model.EntryOptions{URL: input.EntryURL("", path)})
	if err != nil {
		return nil, nil, model.SafeText(err.Error())
	}
	return entry, suggested, ""
}

// putEntry puts entry, derived from the card at path, into the catalog.
func (st *catEditEntries) putEntry(path string, entry []byte, suggested []string) {
	c := st.c
	i, added, err := c.catalog().UpsertEntry(entry)
	if err != nil {
		c.Status = "not added: " + model.SafeText(err.Error())
		c.Changed() // an upsert may have stopped half-way: show what is there
		return
	}
	c.Changed()
	c.entry = i
	st.asking = false
	st.nav.Query = "" // the entry added shows, whatever the filter was
	what := "Added"
	if !added {
		what = "Updated"
	}
	ident := (&model.Entry{Doc: c.s.Doc, Ptr: model.EntryPtr(i)}).Identifier()
	st.notes = []string{fmt.Sprintf("%s entry %d (%s) from %s.", what, i+1, model.SafeText(ident), model.SafeText(path))}
	for _, s := range suggested {
		st.notes = append(st.notes, "  "+model.SafeText(s))
	}
}

func (st *catEditEntries) askRemove() {
	c := st.c
	i := c.entry
	e := c.selectedEntry()
	if e == nil {
		return
	}
	c.confirm = &widgets.Dialog[*CatalogEditor]{
		Question: fmt.Sprintf("Remove entry %d (%s)?", i+1, catEditQuote(e.Identifier(), 60)),
		Yes: func(*CatalogEditor) tea.Cmd {
			if err := c.catalog().DeleteEntry(i); err != nil {
				c.Status = "not removed: " + model.SafeText(err.Error())
				return nil
			}
			c.Changed()
			c.selectedEntry()
			st.notes = nil
			c.Status = fmt.Sprintf("removed entry %d (%s undoes)", i+1, style.Keys.Undo.Help().Key)
			return nil
		},
	}
}

// move moves the selected entry to index to (the order of a catalog is
// the order clients see).
func (st *catEditEntries) Move(to int) {
	c := st.c
	if err := c.s.Doc.Move(model.EntryPtr(c.entry), model.EntryPtr(to)); err != nil {
		c.Status = "not moved: " + model.SafeText(err.Error())
		return
	}
	c.entry = to
	c.Changed()
}

func (st *catEditEntries) View(width, height int) string {
	c := st.c
	th := c.Th
	var b strings.Builder
	line := func(s string) { b.WriteString(s + "\n") }
	if st.asking {
		line(th.Label.Render("Add an entry from the Agent Card at (enter adds, esc back):"))
		st.path.SetWidth(max(10, width-4))
		st.path.SetStyles(th.Input)
		line(widgets.FocusMark + " " + st.path.View())
		line(widgets.HintBlock(th, "The entry lists the card: identifier and url derived from its first interface, its version and OASF skills.", width))
		return b.String()
	}
	for _, n := range st.notes {
		line(th.Info.Render(widgets.Truncate(n, width)))
	}
	if len(st.notes) > 0 {
		line("")
	}
	entries := c.entries()
	if len(entries) == 0 {
		line(th.Hint.Render("No entries yet. Press a (or enter) to add one from a card file."))
		return b.String()
	}
	rows := max(3, height-2-len(st.notes))
	shown := st.nav.Visible(len(entries), st.rowText)
	if st.nav.Filtered() {
		line(st.nav.View(th, len(shown), len(entries), width))
		rows = max(3, rows-1)
	}
	for _, i := range widgets.Window(shown, c.entry, rows) {
		e := entries[i]
		row := fmt.Sprintf("%d. ", i+1)
		if d := c.s.DiagsAt(model.EntryPtr(i)); len(d) > 0 {
			row += widgets.DiagMark(th, d) + " "
		}
		row += model.SafeText(e.Identifier())
		if v := e.Version(); v != "" {
			row += "  " + th.Hint.Render("v"+model.SafeText(v))
		}
		row += "  " + th.Hint.Render(catEditTypeLabel(e.Type()))
		if i == c.entry {
			line(th.Cursor.Render(widgets.FocusMark) + " " + widgets.Truncate(row, width-2))
		} else {
			line("  " + widgets.Truncate(row, width-2))
		}
	}
	b.WriteString(widgets.HintBlock(th, fmt.Sprintf("%d %s · enter edit · a add from a card · d remove · shift+↑/↓ reorder · / filter",
		len(entries), widgets.Plural(len(entries), "entry", "entries")), width))
	return b.String()
}

// catEditTypeLabel is an entry's media type, short for the list.
func catEditTypeLabel(t string) string {
	switch t {
	case model.MediaTypeA2ACard:
		return "A2A card"
	case model.MediaTypeCatalog:
		return "catalog"
	case model.MediaTypeMCPServerCard:
		return "MCP server card"
	case "":
		return "(no type)"
	}
	return model.SafeText(t)
}
