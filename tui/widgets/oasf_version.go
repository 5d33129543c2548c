package widgets

import (
	"fmt"
	"github.com/oncard/oncard/tui/editor"
	"strings"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/oasf"
)

// VersionChange is what switching a declaration to another schema_version
// does to each of its references, worked out before anything is written so
// that the user sees it first (PlanVersion, then ApplyVersion):
//   - kept: the class is the same (same id and name) in the new version;
//   - renamed: the new version has the same class under another name or
//     id (oasf.Tree.Counterpart: same name, or same id still naming the
//     same class, or same last segment);
//   - dropped: the new version has no such class (ids are reused for other
//     classes between versions, so an id alone never carries a reference);
//   - unknown references are tried again in the new version: known there,
//     they are kept as written; unknown there too, kept as written.
type VersionChange struct {
	From, To string
	// NoTaxonomy: the new version has no taxonomy; every reference is kept
	// as written, unchecked.
	NoTaxonomy bool
	kinds      [2]kindChange // by oasf.Kind
}

type kindChange struct {
	after                  []Ref
	kept, renamed, dropped []string // lines for the confirmation
	nowKnown, stillUnknown []string
	changed                bool // the references as written change
}

// PlanVersion works out the switch to version to.
func (cc *ClassChoice) PlanVersion(to string) *VersionChange {
	vc := &VersionChange{From: cc.Version, To: to}
	tax := oasf.Get(to)
	vc.NoTaxonomy = tax == nil
	for _, k := range []oasf.Kind{oasf.Skills, oasf.Domains} {
		var tree *oasf.Tree
		if tax != nil {
			tree = tax.Tree(k)
		}
		vc.kinds[k] = planKind(cc.Chosen(k), tree, to)
	}
	return vc
}

func planKind(refs []Ref, tree *oasf.Tree, to string) kindChange {
	var kc kindChange
	taken := map[int]bool{} // classes already referenced in the new version
	for _, r := range refs {
		if r.Class == nil {
			r = reread(r, tree)
			switch {
			case r.Class == nil:
				kc.stillUnknown = append(kc.stillUnknown, string(compactJSON(r.Raw)))
			case taken[r.Class.ID]:
				kc.dropped = append(kc.dropped, ClassLine(r.Class, 200)+" (the same class as an earlier reference)")
				kc.changed = true
				continue
			default:
				taken[r.Class.ID] = true
				kc.nowKnown = append(kc.nowKnown, ClassLine(r.Class, 200))
			}
			kc.after = append(kc.after, r)
			continue
		}
		old := r.Class
		if tree == nil {
			// No taxonomy to check against: keep the reference as written.
			kc.after = append(kc.after, readRawRef(r))
			kc.stillUnknown = append(kc.stillUnknown, ClassLine(old, 200))
			continue
		}
		n := tree.Counterpart(old)
		switch {
		case n == nil:
			kc.dropped = append(kc.dropped, ClassLine(old, 200)+" (no such class in "+model.SafeText(to)+")")
			kc.changed = true
		case taken[n.ID]:
			kc.dropped = append(kc.dropped, ClassLine(old, 200)+" (the same class as an earlier reference)")
			kc.changed = true
		case n.ID == old.ID && n.Name == old.Name:
			taken[n.ID] = true
			r.Class = n
			kc.after = append(kc.after, r)
			kc.kept = append(kc.kept, ClassLine(n, 200))
		default:
			taken[n.ID] = true
			kc.after = append(kc.after, ClassRef(n))
			kc.renamed = append(kc.renamed, ClassLine(old, 200)+" → "+ClassLine(n, 200))
			kc.changed = true
		}
	}
	return kc
}

// reread tries an unknown reference again in tree (nil: no taxonomy).
func reread(r Ref, tree *oasf.Tree) Ref {
	if tree != nil {
		r.Class = tree.Resolve(r.id, r.hasID, r.name, r.hasName)
	}
	return r
}

// readRawRef turns a known reference into an unknown one, as written.
func readRawRef(r Ref) Ref {
	raw := r.Raw
	if raw == nil {
		raw = editor.Object("name", r.Class.Name, "id", r.Class.ID)
	}
	return Ref{Raw: raw, id: r.Class.ID, hasID: true, name: r.Class.Name, hasName: true}
}

// Changes reports whether the switch changes the references as written
// (a renamed or dropped reference): only then is the user asked.
func (vc *VersionChange) Changes() bool {
	return vc.kinds[oasf.Skills].changed || vc.kinds[oasf.Domains].changed
}

// Changed reports whether the references of kind k change.
func (vc *VersionChange) Changed(k oasf.Kind) bool { return vc.kinds[k].changed }

// maxLinesPerGroup bounds each group of the confirmation; the rest is
// counted.
const maxLinesPerGroup = 5

// Question is the confirmation: every reference, grouped by what happens
// to it, under the kind it belongs to.
func (vc *VersionChange) Question() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Switch OASF %s → %s?", model.SafeText(vc.From), model.SafeText(vc.To))
	if vc.NoTaxonomy {
		fmt.Fprintf(&b, "\nThere is no taxonomy for %s: references are kept as written, unchecked.", model.SafeText(vc.To))
	}
	for _, k := range []oasf.Kind{oasf.Skills, oasf.Domains} {
		kc := vc.kinds[k]
		groups := []struct {
			title string
			lines []string
		}{
			{"renamed", kc.renamed},
			{"dropped", kc.dropped},
			{"kept", kc.kept},
			{"known in " + model.SafeText(vc.To) + ", kept as written", kc.nowKnown},
			{"unknown in " + model.SafeText(vc.To) + ", kept as written", kc.stillUnknown},
		}
		head := false
		for _, g := range groups {
			if len(g.lines) == 0 {
				continue
			}
			if !head {
				b.WriteString("\n\n" + strings.ToUpper(k.String()[:1]) + k.String()[1:] + ":")
				head = true
			}
			fmt.Fprintf(&b, "\n %s (%d):", g.title, len(g.lines))
			for i, l := range g.lines {
				if i == maxLinesPerGroup {
					fmt.Fprintf(&b, "\n   … %d more", len(g.lines)-i)
					break
				}
				b.WriteString("\n   " + l)
			}
		}
	}
	return b.String()
}

// ApplyVersion switches the declaration to vc.To with the references
// planned.
func (cc *ClassChoice) ApplyVersion(vc *VersionChange) {
	cc.Version = vc.To
	cc.Skills = vc.kinds[oasf.Skills].after
	cc.Domains = vc.kinds[oasf.Domains].after
}
