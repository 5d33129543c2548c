package widgets

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

// Picker chooses classes of one OASF taxonomy (~700 nodes): search over
// names and captions (every word of the query, in any order), or browse
// the tree level by level; enter ticks and unticks, categories are
// headings, not choices. The search box always has the keyboard: space
// types a space. tab moves to the Chosen list, where every reference of
// the declaration, known to the taxonomy or not, can be removed. Built on
// bubbles/list (huh's selects re-render every option on every key, far too
// slow for this size).
type Picker struct {
	tree   *oasf.Tree
	Query  textinput.Model
	Parent string // browse level ("" = top)
	List   list.Model
	chosen []Ref // the declaration's references of this kind, in order
	th     *style.Theme

	// Other is the other kind's tree of the same version: a search that
	// finds nothing here offers its matches. Version names the taxonomy in
	// messages.
	Other   *oasf.Tree
	Version string

	// noMatch: the rows are alternatives to a query that found nothing.
	noMatch bool
	// onChosen: the Chosen list has the keyboard (tab), at row chosenIdx.
	onChosen  bool
	chosenIdx int
	// switchQuery is set when a class of the other kind was picked among
	// the alternatives: the owner reopens the picker on that kind.
	switchQuery   string
	switchPending bool

	// described: the tree carries descriptions (a version synced from a
	// server; embedded snapshots have none). Only then are rows kept under
	// the list for the highlighted class's description, always the same
	// number so that the list does not jump as the cursor moves.
	Described bool
	desc      descriptionCache
}

// DescriptionRows is how many lines the description of the highlighted
// class may take under the list.
const DescriptionRows = 2

// chosenRows is how many references the Chosen list shows at once.
const chosenRows = 6

// descriptionCache keeps the wrapped description of the last class shown:
// a render per keystroke must not wrap the same text again.
type descriptionCache struct {
	class *oasf.Class
	width int
	lines []string
}

// rowKind says what a row of the list is.
type rowKind int

const (
	rowClass rowKind = iota // a class of the tree
	rowOther                // a class of the other kind matching the query
	rowWord                 // another query, drawn from the captions
)

// pickerItem is one row.
type pickerItem struct {
	kind   rowKind
	c      *oasf.Class // rowClass, rowOther
	word   string      // rowWord: the query; rowOther: the kind ("domain")
	chosen bool
	search bool // shown as a search result (full name)
}

func (i pickerItem) FilterValue() string {
	if i.c == nil {
		return i.word
	}
	return i.c.Name
}

// pickerDelegate renders rows on one line each; the cursor shows only
// while the list has the keyboard (not the Chosen list).
type pickerDelegate struct {
	th *style.Theme
	p  *Picker
}

func (d pickerDelegate) Height() int                         { return 1 }
func (d pickerDelegate) Spacing() int                        { return 0 }
func (d pickerDelegate) Update(tea.Msg, *list.Model) tea.Cmd { return nil }
func (d pickerDelegate) Render(w io.Writer, m list.Model, index int, it list.Item) {
	pi, ok := it.(pickerItem)
	if !ok {
		return
	}
	var line string
	switch pi.kind {
	case rowWord:
		line = "search " + d.th.Heading.Render("“"+model.SafeText(pi.word)+"”") + d.th.Hint.Render(" instead")
	case rowOther:
		line = fmt.Sprintf("%s: %s #%d %s", pi.word, model.SafeText(pi.c.Caption), pi.c.ID, d.th.Hint.Render(model.SafeText(pi.c.Name)))
	default:
		c := pi.c
		name := oasf.Leaf(c.Name)
		if pi.search {
			name = c.Name
		}
		if c.Category {
			line = d.th.Heading.Render(model.SafeText(c.Caption)) + d.th.Hint.Render(" "+model.SafeText(name)+" (category) ▸")
		} else {
			box := "[ ]"
			if pi.chosen {
				box = "[x]"
			}
			line = fmt.Sprintf("%s %s #%d %s", box, model.SafeText(c.Caption), c.ID, d.th.Hint.Render(model.SafeText(name)))
		}
	}
	line = Truncate(line, m.Width()-2)
	if index == m.Index() && !d.p.onChosen {
		io.WriteString(w, d.th.Cursor.Render("›")+" "+line)
		return
	}
	io.WriteString(w, "  "+line)
}

func NewPicker(tree *oasf.Tree, th *style.Theme, chosen []Ref) *Picker {
	q := NewInput()
	q.Prompt = "search: "
	q.Placeholder = "words of a name or caption, in any order"
	q.CharLimit = 100
	p := &Picker{Query: q, chosen: chosen, th: th}
	p.List = list.New(nil, pickerDelegate{th: th, p: p}, 60, 10)
	l := &p.List
	l.SetShowTitle(false)
	l.SetShowFilter(false)
	l.SetFilteringEnabled(false)
	l.SetShowStatusBar(false)
	l.SetShowHelp(false)
	l.SetShowPagination(false)
	l.DisableQuitKeybindings()
	p.tree, p.Described = tree, hasDescriptions(tree)
	if tree != nil {
		p.Version = tree.Version
	}
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

// DescriptionLines is the highlighted class's description, made safe for
// the terminal (it comes from a schema server), wrapped to width and cut to
// DescriptionRows lines; nil when the class has none.
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

// isChosen reports whether a reference denotes c (see Ref.Denotes).
func (p *Picker) isChosen(c *oasf.Class) bool {
	for _, r := range p.chosen {
		if r.Denotes(c) {
			return true
		}
	}
	return false
}

// query is the search as typed, without surrounding spaces.
func (p *Picker) query() string { return strings.TrimSpace(p.Query.Value()) }

// Refresh rebuilds the rows from the query or the browse level. A query
// that finds nothing lists the alternatives the taxonomy offers.
func (p *Picker) Refresh() {
	var items []list.Item
	p.noMatch = false
	if q := p.query(); q != "" {
		for _, m := range p.tree.Search(q, 200) {
			items = append(items, pickerItem{c: m.Class, chosen: p.isChosen(m.Class), search: true})
		}
		if len(items) == 0 {
			p.noMatch = true
			alt := p.tree.Alternatives(q, p.Other, 5)
			for _, w := range alt.Words {
				items = append(items, pickerItem{kind: rowWord, word: w})
			}
			for _, m := range alt.Other {
				items = append(items, pickerItem{kind: rowOther, c: m.Class, word: strings.TrimSuffix(p.Other.Kind.String(), "s")})
			}
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

func (p *Picker) currentItem() (pickerItem, bool) {
	it, ok := p.List.SelectedItem().(pickerItem)
	return it, ok
}

// Current is the class under the cursor (a class of the other kind among
// the alternatives too); false on a suggested query or an empty list.
func (p *Picker) Current() (*oasf.Class, bool) {
	it, ok := p.currentItem()
	if !ok || it.c == nil {
		return nil, false
	}
	return it.c, true
}

// toggle ticks or unticks the class under the cursor; categories cannot be
// chosen. Ticking a class some reference already denotes (an unknown one
// with its id or name) puts the class in that reference's place instead
// of adding another; unticking removes every reference to it.
func (p *Picker) toggle() bool {
	it, ok := p.currentItem()
	if !ok || it.kind != rowClass || it.c.Category {
		return false
	}
	c := it.c
	var kept []Ref
	known := false
	for _, r := range p.chosen {
		if r.Class != nil && r.Class.ID == c.ID {
			known = true
			continue
		}
		kept = append(kept, r)
	}
	if known {
		p.chosen = kept
		p.refreshMarks()
		return true
	}
	for i, r := range p.chosen {
		if r.Denotes(c) {
			p.chosen = append(append(p.chosen[:i:i], ClassRef(c)), p.chosen[i+1:]...)
			p.refreshMarks()
			return true
		}
	}
	p.chosen = append(p.chosen, ClassRef(c))
	p.refreshMarks()
	return true
}

// refreshMarks updates the [x] marks without searching again.
func (p *Picker) refreshMarks() {
	items := p.List.Items()
	for i, it := range items {
		pi := it.(pickerItem)
		if pi.kind != rowClass {
			continue
		}
		if chosen := p.isChosen(pi.c); chosen != pi.chosen {
			pi.chosen = chosen
			p.List.SetItem(i, pi)
		}
	}
}

// takeSwitch reports (once) that a class of the other kind was picked
// among the alternatives, with the query to search there.
func (p *Picker) takeSwitch() (string, bool) {
	q, ok := p.switchQuery, p.switchPending
	p.switchQuery, p.switchPending = "", false
	return q, ok
}

// Update handles a key; changed says the chosen set changed; done says the
// picker was left (esc with an empty query).
func (p *Picker) Update(msg tea.KeyPressMsg) (changed, done bool, cmd tea.Cmd) {
	if p.onChosen {
		return p.updateChosen(msg)
	}
	searching := p.query() != ""
	switch {
	case key.Matches(msg, style.Keys.Pane):
		if len(p.chosen) > 0 {
			p.onChosen = true
			p.chosenIdx = min(p.chosenIdx, len(p.chosen)-1)
			p.Query.Blur()
		}
		return false, false, nil
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
	case key.Matches(msg, style.Keys.Back):
		if p.Query.Value() != "" {
			p.Query.SetValue("")
			p.Refresh()
			return false, false, nil
		}
		return false, true, nil
	case key.Matches(msg, style.Keys.Enter):
		it, ok := p.currentItem()
		switch {
		case !ok:
			return false, false, nil
		case it.kind == rowWord:
			p.Query.SetValue(it.word)
			p.Query.CursorEnd()
			p.List.Select(0)
			p.Refresh()
			return false, false, nil
		case it.kind == rowOther:
			p.switchQuery, p.switchPending = p.query(), true
			return false, false, nil
		case it.c.Category:
			// A heading is not a choice: enter opens it.
			p.Open(it.c)
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
	// Everything else, space included, is typed into the search box.
	before := p.Query.Value()
	p.Query, cmd = p.Query.Update(msg)
	if p.Query.Value() != before {
		p.List.Select(0)
		p.Refresh()
	}
	return false, false, cmd
}

// updateChosen handles a key while the Chosen list has the keyboard:
// ↑/↓ move, enter or d removes the reference, tab or esc goes back to
// the search.
func (p *Picker) updateChosen(msg tea.KeyPressMsg) (changed, done bool, cmd tea.Cmd) {
	if len(p.chosen) == 0 {
		p.onChosen = false
		return false, false, p.Query.Focus()
	}
	p.chosenIdx = min(max(p.chosenIdx, 0), len(p.chosen)-1)
	switch {
	case key.Matches(msg, style.Keys.Pane), key.Matches(msg, style.Keys.Back):
		p.onChosen = false
		return false, false, p.Query.Focus()
	case key.Matches(msg, style.Keys.Up), key.Matches(msg, style.Keys.PrevField):
		p.chosenIdx = max(0, p.chosenIdx-1)
	case key.Matches(msg, style.Keys.Down), key.Matches(msg, style.Keys.NextField):
		p.chosenIdx = min(len(p.chosen)-1, p.chosenIdx+1)
	case key.Matches(msg, style.Keys.Enter), key.Matches(msg, style.Keys.Remove):
		p.chosen = append(p.chosen[:p.chosenIdx:p.chosenIdx], p.chosen[p.chosenIdx+1:]...)
		p.refreshMarks()
		if len(p.chosen) == 0 {
			p.onChosen = false
			return true, false, p.Query.Focus()
		}
		p.chosenIdx = min(p.chosenIdx, len(p.chosen)-1)
		return true, false, nil
	}
	return false, false, nil
}

// Open browses the children of c (when it has any).
func (p *Picker) Open(c *oasf.Class) {
	if len(p.tree.Children(c.Name)) == 0 {
		return
	}
	p.Query.SetValue("")
	p.Parent = c.Name
	p.List.Select(0)
	p.Refresh()
}

// hint is the line under the search box: where the list is and how to
// act on it.
func (p *Picker) hint() string {
	if p.onChosen {
		return "Chosen: ↑/↓ move · enter or d removes · tab or esc back to the search"
	}
	keys := " · enter ticks/unticks · tab chosen list · esc done"
	switch {
	case p.noMatch:
		msg := fmt.Sprintf("no %s match “%s” in %s", p.tree.Kind, model.SafeText(p.query()), model.SafeText(p.Version))
		if len(p.List.Items()) > 0 {
			return msg + " · try these (enter)"
		}
		return msg
	case p.query() != "":
		return fmt.Sprintf("%d match(es)", len(p.List.Items())) + keys
	case p.Parent != "":
		return model.SafeText(p.Parent) + " · → open · ← up" + keys
	}
	return "top level · → open" + keys
}

// otherKind names the other taxonomy searched for alternatives ("domains").
func (p *Picker) otherKind() string {
	if p.Other == nil {
		return "other taxonomy"
	}
	return p.Other.Kind.String()
}

func (p *Picker) View(width, height int) string {
	th := p.th
	var b strings.Builder
	p.Query.SetWidth(max(10, width-10))
	p.Query.SetStyles(th.Input)
	b.WriteString(p.Query.View() + "\n")
	b.WriteString(th.Hint.Render(Truncate(p.hint(), width)) + "\n")
	rows := min(len(p.chosen), chosenRows)
	descRows := 0
	if p.Described {
		descRows = DescriptionRows
	}
	listH := max(3, height-4-rows-descRows)
	p.List.SetSize(width, listH)
	if p.noMatch && len(p.List.Items()) == 0 {
		// The list alone would say "No items.": say what was searched and
		// what to try instead, in as many lines as the list had.
		msg := fmt.Sprintf("Nothing in the OASF %s of %s matches “%s”, nor in the %s. Try a shorter or another word "+
			"(part of a class name, its id, a word of what it does), or clear the search (ctrl+u) to browse the categories.",
			p.tree.Kind, model.SafeText(p.Version), model.SafeText(p.query()), p.otherKind())
		b.WriteString(fit(th.Hint.Render(ansi.Wrap(msg, max(10, width-2), " ")), width, listH))
	} else {
		b.WriteString(p.List.View())
	}
	if descRows > 0 {
		lines := p.DescriptionLines(width - 2)
		for i := range descRows {
			b.WriteString("\n")
			if i < len(lines) {
				b.WriteString("  " + th.Hint.Render(lines[i]))
			}
		}
	}
	title := fmt.Sprintf("Chosen (%d)", len(p.chosen))
	if p.onChosen {
		title = "› " + title
	}
	b.WriteString("\n" + th.Title.Render(title))
	// A window of the references around the cursor of the Chosen list.
	first := 0
	if p.onChosen && p.chosenIdx >= rows {
		first = p.chosenIdx - rows + 1
	}
	for i := first; i < len(p.chosen) && i < first+rows; i++ {
		prefix := "  "
		if p.onChosen && i == p.chosenIdx {
			prefix = th.Cursor.Render("›") + " "
		}
		b.WriteString("\n" + prefix + p.chosen[i].Line(th, p.Version, width-2))
	}
	if more := len(p.chosen) - first - rows; more > 0 {
		b.WriteString("\n  " + th.Hint.Render(fmt.Sprintf("… %d more (tab, then ↓)", more)))
	}
	return b.String()
}
