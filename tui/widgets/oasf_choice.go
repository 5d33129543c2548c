package widgets

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/oncard/oncard/tui/editor"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/oasf"
	"github.com/oncard/oncard/tui/style"
)

// ClassChoice is an OASF discovery declaration being edited: its schema
// version, the skills and domains it references, and the taxonomy picker
// that chooses them. The card's OASF step (in the card's extension) and
// the catalog's Discovery screen (in an entry's discovery payload) embed
// one; each reads and writes its own place in the document.
type ClassChoice struct {
	Version string
	// The references in the document's order, known or not.
	Skills, Domains []Ref

	Picker *Picker   // open while choosing
	Kind   oasf.Kind // what the picker chooses
}

// Ref is one reference of a declaration: a class of the declaration's
// taxonomy, or, when that taxonomy does not know it (or its id and name
// name different classes), the reference as written, kept until the user
// removes it.
type Ref struct {
	Class *oasf.Class     // nil: the taxonomy does not know the reference
	Raw   json.RawMessage // as written in the document; nil for a class chosen here

	// What an unknown reference says, for matching it with classes.
	id      int
	hasID   bool
	name    string
	hasName bool
}

// ClassRef is a reference to c, written {"name": …, "id": …}.
func ClassRef(c *oasf.Class) Ref { return Ref{Class: c} }

// Value is what is written: the reference as read when it was read, else
// {"name", "id"} of the class.
func (r Ref) Value() any {
	if r.Raw != nil {
		return r.Raw
	}
	return editor.Object("name", r.Class.Name, "id", r.Class.ID)
}

// Denotes reports whether the reference stands for c: a known reference to
// c, or an unknown one whose id is c's or whose name is c's full name or
// last segment. Choosing c again must not add a second reference.
func (r Ref) Denotes(c *oasf.Class) bool {
	if r.Class != nil {
		return r.Class.ID == c.ID
	}
	return r.hasID && r.id == c.ID || r.hasName && (r.name == c.Name || oasf.Leaf(r.name) == oasf.Leaf(c.Name))
}

// Line is the reference in width cells: a class as ClassLine shows it, an
// unknown reference marked, by its id and name when it has them
// ("not in 1.0.0: #60602 …code_debugging/error_handling"), else as
// written.
func (r Ref) Line(th *style.Theme, version string, width int) string {
	if r.Class != nil {
		return ClassLine(r.Class, width)
	}
	label := "not in " + model.SafeText(version) + ": "
	if !r.hasID && !r.hasName {
		return th.Warning.Render(Truncate(label+model.SafeText(string(compactJSON(r.Raw))), width))
	}
	if r.hasID {
		label += fmt.Sprintf("#%d ", r.id)
	}
	name := ""
	if r.hasName {
		name = cutPath(model.SafeText(r.name), max(1, width-ansi.StringWidth(label)))
	}
	return th.Warning.Render(Truncate(label+name, width))
}

func compactJSON(raw []byte) []byte {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return raw
	}
	return b.Bytes()
}

// ReadClasses reads the references at ptr+"/skills" and ptr+"/domains",
// checked against the taxonomy of cc.Version.
func (cc *ClassChoice) ReadClasses(s *editor.State, ptr string) {
	tax := oasf.Get(cc.Version)
	cc.Skills = readRefs(s, ptr+"/skills", tax, oasf.Skills)
	cc.Domains = readRefs(s, ptr+"/domains", tax, oasf.Domains)
}

// Chosen are the references of kind k.
func (cc *ClassChoice) Chosen(k oasf.Kind) []Ref {
	if k == oasf.Domains {
		return cc.Domains
	}
	return cc.Skills
}

func (cc *ClassChoice) setChosen(k oasf.Kind, refs []Ref) {
	if k == oasf.Domains {
		cc.Domains = refs
	} else {
		cc.Skills = refs
	}
}

// Values are the references of kind k as they are written.
func (cc *ClassChoice) Values(k oasf.Kind) []any {
	refs := cc.Chosen(k)
	out := make([]any, len(refs))
	for i, r := range refs {
		out[i] = r.Value()
	}
	return out
}

// Choose opens the picker on kind k with the chosen classes ticked;
// ok is false (and no picker is open) when the version has no taxonomy.
func (cc *ClassChoice) Choose(th *style.Theme, k oasf.Kind) (cmd tea.Cmd, ok bool) {
	return cc.chooseWith(th, k, "")
}

func (cc *ClassChoice) chooseWith(th *style.Theme, k oasf.Kind, query string) (tea.Cmd, bool) {
	tax := oasf.Get(cc.Version)
	if tax == nil {
		cc.Picker = nil
		return nil, false
	}
	cc.Kind = k
	other := oasf.Domains
	if k == oasf.Domains {
		other = oasf.Skills
	}
	cc.Picker = NewPicker(tax.Tree(k), th, append([]Ref(nil), cc.Chosen(k)...))
	cc.Picker.Other = tax.Tree(other)
	cc.Picker.Version = cc.Version
	if query != "" {
		cc.Picker.Query.SetValue(query)
		cc.Picker.Query.CursorEnd()
		cc.Picker.Refresh()
	}
	return cc.Picker.Focus(), true
}

// PickerKey passes a key to the open picker and keeps what it chose;
// changed says the choice changed (the caller writes it), done that the
// picker closed. A class of the other kind chosen among the alternatives
// to an empty search reopens the picker on that kind, on the same query.
func (cc *ClassChoice) PickerKey(msg tea.KeyPressMsg) (changed, done bool, cmd tea.Cmd) {
	changed, done, cmd = cc.Picker.Update(msg)
	if changed {
		cc.setChosen(cc.Kind, cc.Picker.chosen)
	}
	if done {
		cc.Picker = nil
		return changed, done, cmd
	}
	if query, ok := cc.Picker.takeSwitch(); ok {
		other := oasf.Domains
		if cc.Kind == oasf.Domains {
			other = oasf.Skills
		}
		c, _ := cc.chooseWith(cc.Picker.th, other, query)
		cmd = tea.Batch(cmd, c)
	}
	return changed, done, cmd
}

// PickerView is the open picker under its title.
func (cc *ClassChoice) PickerView(th *style.Theme, width, height int) string {
	title := "OASF skills"
	if cc.Kind == oasf.Domains {
		title = "OASF domains"
	}
	return th.Title.Render(title+" ("+model.SafeText(cc.Version)+")") + "\n" + cc.Picker.View(width, height-1)
}

// ViewClasses lists the chosen skills, then the domains, each list after
// sep; a reference the taxonomy does not know is shown as written.
func (cc *ClassChoice) ViewClasses(th *style.Theme, b *strings.Builder, width int, sep string) {
	list := func(title string, refs []Ref) {
		b.WriteString(sep + th.Label.Render(fmt.Sprintf("%s (%d)", title, len(refs))))
		for _, r := range refs {
			b.WriteString("\n  " + r.Line(th, cc.Version, width-2))
		}
	}
	list("Skills", cc.Skills)
	list("Domains", cc.Domains)
}

// ClassLine is a chosen class in width cells: "#10302 language_processing/
// language_generation/summarization", cut at the start of the name when
// too long ("#10302 …language_generation/summarization"): the leaf says
// what the class is, its parents only where it sits.
func ClassLine(cl *oasf.Class, width int) string {
	id := fmt.Sprintf("#%d ", cl.ID)
	return Truncate(id+cutPath(model.SafeText(cl.Name), max(1, width-len(id))), width)
}

// cutPath fits a slash-separated name in w cells by dropping whole
// leading segments ("…language_generation/summarization"), or, when even
// the leaf is too long, the start of the leaf.
func cutPath(name string, w int) string {
	if ansi.StringWidth(name) <= w {
		return name
	}
	for rest := name; ; {
		i := strings.IndexByte(rest, '/')
		if i < 0 {
			break
		}
		rest = rest[i+1:]
		if ansi.StringWidth(rest)+1 <= w {
			return "…" + rest
		}
	}
	return TruncateLeft(name, w)
}

const DiscoverySuffix = "/objects/discovery"

// DiscoveryURI is the extension URI as it is written in the card.
func DiscoveryURI(server, version string) string {
	return strings.TrimRight(server, "/") + "/" + version + DiscoverySuffix
}

func readRefs(s *editor.State, ptr string, tax *oasf.Taxonomy, k oasf.Kind) []Ref {
	n := s.Doc.Find(ptr)
	var tree *oasf.Tree // nil: no taxonomy for the version, nothing is known
	if tax != nil {
		tree = tax.Tree(k)
	}
	var out []Ref
	for i := 0; i < n.Len(); i++ {
		out = append(out, readRef(n.Index(i), tree))
	}
	return out
}

// readRef reads one reference; it is known when tree resolves it without
// doubt (both halves, when given, naming the same class).
func readRef(n *model.Node, tree *oasf.Tree) Ref {
	r := Ref{Raw: nodeJSON(n)}
	if n.Kind != model.Object {
		return r
	}
	if id := n.Get("id"); id != nil {
		if v, ok := id.Interface().(json.Number); ok {
			if x, err := v.Int64(); err == nil {
				r.id, r.hasID = int(x), true
			}
		}
		if !r.hasID {
			return r // an id that is not an integer: nothing to resolve
		}
	}
	if name := n.Get("name"); name != nil {
		if r.name, r.hasName = name.Str(); !r.hasName {
			return r
		}
	}
	r.Class = tree.Resolve(r.id, r.hasID, r.name, r.hasName)
	return r
}

// nodeJSON is n as JSON, members in the order written and scalars as
// written (n.Interface() would sort the members of an object).
func nodeJSON(n *model.Node) json.RawMessage {
	var b bytes.Buffer
	var write func(n *model.Node)
	write = func(n *model.Node) {
		switch n.Kind {
		case model.Object:
			b.WriteByte('{')
			for i, m := range n.Members() {
				if i > 0 {
					b.WriteByte(',')
				}
				k, _ := json.Marshal(m.Key())
				b.Write(k)
				b.WriteByte(':')
				write(m.Value)
			}
			b.WriteByte('}')
		case model.Array:
			b.WriteByte('[')
			for i, it := range n.All() {
				if i > 0 {
					b.WriteByte(',')
				}
				write(it)
			}
			b.WriteByte(']')
		default:
			if raw := n.Raw(); raw != nil {
				b.Write(raw)
			} else {
				b.WriteString("null")
			}
		}
	}
	if n == nil {
		return json.RawMessage("null")
	}
	write(n)
	return b.Bytes()
}
