package tui

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
type classChoice struct {
	version string
	skills  []*oasf.Class
	domains []*oasf.Class
	// unknown references found in the document, kept as written.
	unknownSkills, unknownDomains []any

	picker *picker   // open while choosing
	kind   oasf.Kind // what the picker chooses
}

// readClasses reads the references at ptr+"/skills" and ptr+"/domains",
// checked against the taxonomy of cc.version.
func (cc *classChoice) readClasses(s *Session, ptr string) {
	tax := oasf.Get(cc.version)
	cc.skills, cc.unknownSkills = readRefs(s, ptr+"/skills", tax, oasf.Skills)
	cc.domains, cc.unknownDomains = readRefs(s, ptr+"/domains", tax, oasf.Domains)
}

// chosen are the known classes and the unknown references of kind k.
func (cc *classChoice) chosen(k oasf.Kind) (known []*oasf.Class, unknown []any) {
	if k == oasf.Domains {
		return cc.domains, cc.unknownDomains
	}
	return cc.skills, cc.unknownSkills
}

// choose opens the picker on kind k with the chosen classes ticked;
// ok is false (and no picker is open) when the version has no taxonomy.
func (cc *classChoice) choose(th *style.Theme, k oasf.Kind) (cmd tea.Cmd, ok bool) {
	tax := oasf.Get(cc.version)
	if tax == nil {
		cc.picker = nil
		return nil, false
	}
	cc.kind = k
	chosen, _ := cc.chosen(k)
	cc.picker = newPicker(tax.Tree(k), th, append([]*oasf.Class(nil), chosen...))
	return cc.picker.focus(), true
}

// pickerKey passes a key to the open picker and keeps what it chose;
// changed says the choice changed (the caller writes it), done that the
// picker closed.
func (cc *classChoice) pickerKey(msg tea.KeyPressMsg) (changed, done bool, cmd tea.Cmd) {
	changed, done, cmd = cc.picker.update(msg)
	if changed {
		if cc.kind == oasf.Skills {
			cc.skills = cc.picker.chosen
		} else {
			cc.domains = cc.picker.chosen
		}
	}
	if done {
		cc.picker = nil
	}
	return changed, done, cmd
}

// pickerView is the open picker under its title.
func (cc *classChoice) pickerView(th *style.Theme, width, height int) string {
	title := "OASF skills"
	if cc.kind == oasf.Domains {
		title = "OASF domains"
	}
	return th.Title.Render(title+" ("+model.SafeText(cc.version)+")") + "\n" + cc.picker.view(width, height-1)
}

// relinkKind finds the chosen classes of kind k again in tax after the
// version changed (by id: a class renamed between versions gets its new
// name); one tax does not know becomes an unknown reference, kept. It
// reports whether the references as written changed.
func (cc *classChoice) relinkKind(tax *oasf.Taxonomy, k oasf.Kind) bool {
	known, unknown := &cc.skills, &cc.unknownSkills
	if k == oasf.Domains {
		known, unknown = &cc.domains, &cc.unknownDomains
	}
	before, _ := json.Marshal(refs(*known, *unknown))
	var moved []*oasf.Class
	for _, cl := range *known {
		if n := tax.Tree(k).ByID(cl.ID); n != nil {
			moved = append(moved, n)
		} else {
			*unknown = append(*unknown, object("name", cl.Name, "id", cl.ID))
		}
	}
	*known = moved
	after, _ := json.Marshal(refs(*known, *unknown))
	return string(after) != string(before)
}

// viewClasses lists the chosen skills, then the domains, each list after
// sep; a reference the taxonomy does not know is said to be kept.
func (cc *classChoice) viewClasses(th *style.Theme, b *strings.Builder, width int, sep string) {
	list := func(title string, cs []*oasf.Class, unknown []any) {
		b.WriteString(sep + th.Label.Render(fmt.Sprintf("%s (%d)", title, len(cs)+len(unknown))))
		for _, cl := range cs {
			b.WriteString("\n  " + classLine(cl, width-2))
		}
		for range unknown {
			b.WriteString("\n  " + th.Warning.Render("(a reference this taxonomy does not know; kept)"))
		}
	}
	list("Skills", cc.skills, cc.unknownSkills)
	list("Domains", cc.domains, cc.unknownDomains)
}

// classLine is a chosen class in width cells: "#10302 language_processing/
// language_generation/summarization", cut at the start of the name when
// too long ("#10302 …language_generation/summarization"): the leaf says
// what the class is, its parents only where it sits.
func classLine(cl *oasf.Class, width int) string {
	id := fmt.Sprintf("#%d ", cl.ID)
	return truncate(id+cutPath(model.SafeText(cl.Name), max(1, width-len(id))), width)
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
	return truncateLeft(name, w)
}
