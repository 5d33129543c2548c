package component

import (
	"encoding/json"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/oasf"
	"github.com/oncard/oncard/tui/style"
)

// classChoice is an OASF discovery declaration being edited: its schema
// version, the skills and domains it references, and the taxonomy picker
// that chooses them. The card's OASF step (in the card's extension) and
// the catalog's Discovery screen (in an entry's discovery payload) embed
// one; each reads and writes its own place in the document.
type ClassChoice struct {
	Version string
	Skills  []*oasf.Class
	Domains []*oasf.Class
	// unknown references found in the document, kept as written.
	UnknownSkills, UnknownDomains []any

	Picker *Picker   // open while choosing
	Kind   oasf.Kind // what the picker chooses
}

// readClasses reads the references at ptr+"/skills" and ptr+"/domains",
// checked against the taxonomy of cc.version.
func (cc *ClassChoice) ReadClasses(s *Session, ptr string) {
	tax := oasf.Get(cc.Version)
	cc.Skills, cc.UnknownSkills = readRefs(s, ptr+"/skills", tax, oasf.Skills)
	cc.Domains, cc.UnknownDomains = readRefs(s, ptr+"/domains", tax, oasf.Domains)
}

// chosen are the known classes and the unknown references of kind k.
func (cc *ClassChoice) Chosen(k oasf.Kind) (known []*oasf.Class, unknown []any) {
	if k == oasf.Domains {
		return cc.Domains, cc.UnknownDomains
	}
	return cc.Skills, cc.UnknownSkills
}

// choose opens the picker on kind k with the chosen classes ticked;
// ok is false (and no picker is open) when the version has no taxonomy.
func (cc *ClassChoice) Choose(th *style.Theme, k oasf.Kind) (cmd tea.Cmd, ok bool) {
	tax := oasf.Get(cc.Version)
	if tax == nil {
		cc.Picker = nil
		return nil, false
	}
	cc.Kind = k
	chosen, _ := cc.Chosen(k)
	cc.Picker = NewPicker(tax.Tree(k), th, append([]*oasf.Class(nil), chosen...))
	return cc.Picker.Focus(), true
}

// pickerKey passes a key to the open picker and keeps what it chose;
// changed says the choice changed (the caller writes it), done that the
// picker closed.
func (cc *ClassChoice) PickerKey(msg tea.KeyPressMsg) (changed, done bool, cmd tea.Cmd) {
	changed, done, cmd = cc.Picker.Update(msg)
	if changed {
		if cc.Kind == oasf.Skills {
			cc.Skills = cc.Picker.chosen
		} else {
			cc.Domains = cc.Picker.chosen
		}
	}
	if done {
		cc.Picker = nil
	}
	return changed, done, cmd
}

// pickerView is the open picker under its title.
func (cc *ClassChoice) PickerView(th *style.Theme, width, height int) string {
	title := "OASF skills"
	if cc.Kind == oasf.Domains {
		title = "OASF domains"
	}
	return th.Title.Render(title+" ("+model.SafeText(cc.Version)+")") + "\n" + cc.Picker.View(width, height-1)
}

// relinkKind finds the chosen classes of kind k again in tax after the
// version changed (by id: a class renamed between versions gets its new
// name); one tax does not know becomes an unknown reference, kept. It
// reports whether the references as written changed.
func (cc *ClassChoice) RelinkKind(tax *oasf.Taxonomy, k oasf.Kind) bool {
	known, unknown := &cc.Skills, &cc.UnknownSkills
	if k == oasf.Domains {
		known, unknown = &cc.Domains, &cc.UnknownDomains
	}
	before, _ := json.Marshal(Refs(*known, *unknown))
	var moved []*oasf.Class
	for _, cl := range *known {
		if n := tax.Tree(k).ByID(cl.ID); n != nil {
			moved = append(moved, n)
		} else {
			*unknown = append(*unknown, Object("name", cl.Name, "id", cl.ID))
		}
	}
	*known = moved
	after, _ := json.Marshal(Refs(*known, *unknown))
	return string(after) != string(before)
}

// viewClasses lists the chosen skills, then the domains, each list after
// sep; a reference the taxonomy does not know is said to be kept.
func (cc *ClassChoice) ViewClasses(th *style.Theme, b *strings.Builder, width int, sep string) {
	list := func(title string, cs []*oasf.Class, unknown []any) {
		b.WriteString(sep + th.Label.Render(fmt.Sprintf("%s (%d)", title, len(cs)+len(unknown))))
		for _, cl := range cs {
			b.WriteString("\n  " + ClassLine(cl, width-2))
		}
		for range unknown {
			b.WriteString("\n  " + th.Warning.Render("(a reference this taxonomy does not know; kept)"))
		}
	}
	list("Skills", cc.Skills, cc.UnknownSkills)
	list("Domains", cc.Domains, cc.UnknownDomains)
}

// classLine is a chosen class in width cells: "#10302 language_processing/
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

// discoveryURI is the extension URI as it is written in the card.
func DiscoveryURI(server, version string) string {
	return strings.TrimRight(server, "/") + "/" + version + DiscoverySuffix
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

func Refs(cs []*oasf.Class, unknown []any) []any {
	out := make([]any, 0, len(cs)+len(unknown))
	for _, c := range cs {
		out = append(out, Object("name", c.Name, "id", c.ID))
	}
	return append(out, unknown...)
}
