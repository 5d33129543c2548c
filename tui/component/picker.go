package component

import (
	"fmt"
	"io"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/list"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/oasf"
	"github.com/oncard/oncard/tui/style"
)

// picker chooses classes of one OASF taxonomy (~700 nodes): fuzzy search
// over names and captions, or browse the tree level by level; space toggles,
// categories are headings, not choices. Built on bubbles/list (huh's selects
// re-render every option on every key, far too slow for this size).
type Picker struct {
	tree   *oasf.Tree
	Query  textinput.Model
	Parent string // browse level ("" = top)
	List   list.Model
	chosen []*oasf.Class // in the order chosen
	th     *style.Theme

	// described: the tree carries descriptions (a version synced from a
	// server; embedded snapshots have none). Only then are rows kept under
	// the list for the highlighted class's description, always the same
	// number so that the list does not jump as the cursor moves.
	Described bool
	desc      descriptionCache
}

// descriptionRows is how many lines the description of the highlighted
// class may take under the list.
const DescriptionRows = 2

// descriptionCache keeps the wrapped description of the last class shown:
// a render per keystroke must not wrap the same text again.
type descriptionCache struct {
	class *oasf.Class
	width int
	lines []string
}

// pickerItem is one row: a class, marked chosen or not.
type pickerItem struct {
	c      *oasf.Class
	chosen bool
	search bool // shown as a search result (full name)
}

func (i pickerItem) FilterValue() string { return i.c.Name }

// pickerDelegate renders rows on one line each.
type pickerDelegate struct{ th *style.Theme }

func (d pickerDelegate) Height() int                         { return 1 }
func (d pickerDelegate) Spacing() int                        { return 0 }
func (d pickerDelegate) Update(tea.Msg, *list.Model) tea.Cmd { return nil }
func (d pickerDelegate) Render(w io.Writer, m list.Model, index int, it list.Item) {
	pi, ok := it.(pickerItem)
	if !ok {
		return
	}
	c := pi.c
	name := oasf.Leaf(c.Name)
	if pi.search {
		name = c.Name
	}
	var line string
	if c.Category {
		line = d.th.Heading.Render(model.SafeText(c.Caption)) + d.th.Hint.Render(" "+model.SafeText(name)+" (category) ▸")
	} else {
		box := "[ ]"
		if pi.chosen {
			box = "[x]"
		}
		line = fmt.Sprintf("%s %s #%d %s", box, model.SafeText(c.Caption), c.ID, d.th.Hint.Render(model.SafeText(name)))
	}
	line = Truncate(line, m.Width()-2)
	if index == m.Index() {
		io.WriteString(w, d.th.Cursor.Render("›")+" "+line)
		return
	}
	io.WriteString(w, "  "+line)
}

func NewPicker(tree *oasf.Tree, th *style.Theme, chosen []*oasf.Class) *Picker {
	q := NewInput()
	q.Prompt = "search: "
	q.Placeholder = "type to search names and captions"
	q.CharLimit = 100
	l := list.New(nil, pickerDelegate{th: th}, 60, 10)
	l.SetShowTitle(false)
	l.SetShowFilter(false)
	l.SetFilteringEnabled(false)
	l.SetShowStatusBar(false)
	l.SetShowHelp(false)
	l.SetShowPagination(false)
	l.DisableQuitKeybindings()
	p := &Picker{tree: tree, Query: q, List: l, chosen: chosen, th: th, Described: hasDescriptions(tree)}
	p.Refresh()
	return p
}

func (p *Picker) Focus() tea.Cmd { return p.Query.Focus() }

// hasDescriptions reports whether any class of the tree has a description
// (checked once per picker: ~700 classes).
func hasDescriptions(tree *oasf.Tree) bool {
	for _, c := range tree.All() {
		if c.Description != "" {
			return true
		}
	}
	return false
}

// descriptionLines is the highlighted class's description, made safe for
// the terminal (it comes from a schema server), wrapped to width and cut to
// descriptionRows lines; nil when the class has none.
func (p *Picker) DescriptionLines(width int) []string {
	c, ok := p.Current()
	if !ok {
		return nil
	}
	if p.desc.class == c && p.desc.width == width {
		return p.desc.lines
	}
	var lines []string
	// Line breaks and tabs in the text are layout, not content: fold them
	// into spaces before SafeText would print them as \n.
	if text := strings.Join(strings.Fields(c.Description), " "); text != "" && width > 1 {
		lines = strings.Split(ansi.Wordwrap(model.SafeText(text), width, ""), "\n")
		if len(lines) > DescriptionRows {
			lines = lines[:DescriptionRows]
			// Mark the cut; on a full line the ellipsis replaces its end.
			lines[DescriptionRows-1] = ansi.Truncate(lines[DescriptionRows-1]+" …", width, "…")
		}
		for i, l := range lines {
			lines[i] = ansi.Truncate(l, width, "…") // an unbreakable word
		}
	}
	p.desc = descriptionCache{class: c, width: width, lines: lines}
	return lines
}

func (p *Picker) isChosen(c *oasf.Class) bool {
	for _, x := range p.chosen {
		if x.ID == c.ID {
			return true
		}
	}
	return false
}

// refresh rebuilds the rows from the query or the browse level.
func (p *Picker) Refresh() {
	var items []list.Item
	if q := strings.TrimSpace(p.Query.Value()); q != "" {
		for _, m := range p.tree.Search(q, 200) {
			items = append(items, pickerItem{c: m.Class, chosen: p.isChosen(m.Class), search: true})
		}
	} else {
		for _, c := range p.tree.Children(p.Parent) {
			items = append(items, pickerItem{c: c, chosen: p.isChosen(c)})
		}
	}
	idx := p.List.Index()
	p.List.SetItems(items)
	if idx >= len(items) {
		idx = max(0, len(items)-1)
	}
	p.List.Select(idx)
}

func (p *Picker) Current() (*oasf.Class, bool) {
	it, ok := p.List.SelectedItem().(pickerItem)
	if !ok {
		return nil, false
	}
	return it.c, true
}

// toggle chooses or drops the class under the cursor; categories cannot be
// chosen.
func (p *Picker) toggle() bool {
	c, ok := p.Current()
	if !ok || c.Category {
		return false
	}
	for i, x := range p.chosen {
		if x.ID == c.ID {
			p.chosen = append(p.chosen[:i:i], p.chosen[i+1:]...)
			p.refreshMarks()
			return true
		}
	}
	p.chosen = append(p.chosen, c)
	p.refreshMarks()
	return true
}

// refreshMarks updates the [x] marks without searching again.
func (p *Picker) refreshMarks() {
	items := p.List.Items()
	for i, it := range items {
		pi := it.(pickerItem)
		if chosen := p.isChosen(pi.c); chosen != pi.chosen {
			pi.chosen = chosen
			p.List.SetItem(i, pi)
		}
	}
}

// update handles a key; changed says the chosen set changed; done says the
// picker was left (esc with an empty query).
func (p *Picker) Update(msg tea.KeyPressMsg) (changed, done bool, cmd tea.Cmd) {
	searching := p.Query.Value() != ""
	switch {
	case key.Matches(msg, style.Keys.Up), key.Matches(msg, style.Keys.PrevField):
		p.List.CursorUp()
		return false, false, nil
	case key.Matches(msg, style.Keys.Down), key.Matches(msg, style.Keys.NextField):
		p.List.CursorDown()
		return false, false, nil
	case key.Matches(msg, style.Keys.ScrollDown):
		p.List.NextPage()
		return false, false, nil
	case key.Matches(msg, style.Keys.ScrollUp):
		p.List.PrevPage()
		return false, false, nil
	case key.Matches(msg, style.Keys.Toggle) && !searching:
		// While searching, space is part of the query ("error handling").
		return p.toggle(), false, nil
	case key.Matches(msg, style.Keys.Back):
		if searching {
			p.Query.SetValue("")
			p.Refresh()
			return false, false, nil
		}
		return false, true, nil
	case key.Matches(msg, style.Keys.Enter):
		c, ok := p.Current()
		if !ok {
			return false, false, nil
		}
		if c.Category {
			// A heading is not a choice: enter opens it.
			p.Open(c)
			return false, false, nil
		}
		return p.toggle(), false, nil
	case key.Matches(msg, style.Keys.Right) && !searching:
		if c, ok := p.Current(); ok {
			p.Open(c)
		}
		return false, false, nil
	case key.Matches(msg, style.Keys.Left) && !searching:
		if p.Parent != "" {
			from := p.Parent
			if c := p.tree.ByName(p.Parent); c != nil {
				p.Parent = c.Parent
			} else {
				p.Parent = ""
			}
			p.Refresh()
			for i, it := range p.List.Items() {
				if it.(pickerItem).c.Name == from {
					p.List.Select(i)
				}
			}
		}
		return false, false, nil
	}
	before := p.Query.Value()
	p.Query, cmd = p.Query.Update(msg)
	if p.Query.Value() != before {
		p.List.Select(0)
		p.Refresh()
	}
	return false, false, cmd
}

// open browses the children of c (when it has any).
func (p *Picker) Open(c *oasf.Class) {
	if len(p.tree.Children(c.Name)) == 0 {
		return
	}
	p.Query.SetValue("")
	p.Parent = c.Name
	p.List.Select(0)
	p.Refresh()
}

func (p *Picker) View(width, height int) string {
	th := p.th
	var b strings.Builder
	p.Query.SetWidth(max(10, width-10))
	p.Query.SetStyles(th.Input)
	b.WriteString(p.Query.View() + "\n")
	where := "top level"
	if p.Query.Value() != "" {
		where = fmt.Sprintf("%d match(es)", len(p.List.Items()))
	} else if p.Parent != "" {
		where = model.SafeText(p.Parent)
	}
	b.WriteString(th.Hint.Render(Truncate(where+" · enter/space toggle · → open · ← up · esc done", width)) + "\n")
	chosenRows := min(len(p.chosen), 6)
	descRows := 0
	if p.Described {
		descRows = DescriptionRows
	}
	listH := max(3, height-4-chosenRows-descRows)
	p.List.SetSize(width, listH)
	b.WriteString(p.List.View())
	if descRows > 0 {
		lines := p.DescriptionLines(width - 2)
		for i := range descRows {
			b.WriteString("\n")
			if i < len(lines) {
				b.WriteString("  " + th.Hint.Render(lines[i]))
			}
		}
	}
	b.WriteString("\n" + th.Title.Render(fmt.Sprintf("Chosen (%d)", len(p.chosen))))
	for i, c := range p.chosen {
		if i == chosenRows {
			b.WriteString("\n  " + th.Hint.Render(fmt.Sprintf("… %d more", len(p.chosen)-chosenRows)))
			break
		}
		b.WriteString("\n  " + ClassLine(c, width-2))
	}
	return b.String()
}
