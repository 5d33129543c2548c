package validate

import (
	"testing"

	"github.com/oncard/oncard/model"
)

// The card checks outside the text scans and the shape walk: the rule
// families that each take a little of `oncard validate` of a large card
// (the On Request declaration with its entries' shapes and the checks
// against the card, the OASF references, the modes, the skill index, the
// security requirements' names, the v0.3 leftovers, the look-alike names
// and the hosts). Results and the command are in docs/PERFORMANCE.md.

// cardChecks runs the families on the parsed card doc into r, as checkCard
// and checkCardRules call them.
func cardChecks(r *report, doc *model.Doc) {
	root := doc.Root()
	skills := newSkillIndex(doc, root, false)
	checkV03Leftovers(r, root, skills)
	checkExtensions(r, root, skills)
	checkSkillIDs(r, skills)
	checkSecurityNames(r, root, skills)
	checkModes(r, root, skills)
	checkNames(r, root)
	checkHosts(r, root)
}

// BenchmarkCardChecksVariants: cardChecks on each of the 64 different
// large cards in turn (benchAgainstValid: checks-ns/card, checks/valid).
func BenchmarkCardChecksVariants(b *testing.B) {
	benchAgainstValid(b, "checks", cardChecks)
}

// BenchmarkShapeWalkVariants: the card's shape walk (types, required
// members, non-empty values) alone on each of the 64 different large
// cards in turn (benchAgainstValid: shape-ns/card, shape/valid).
func BenchmarkShapeWalkVariants(b *testing.B) {
	benchAgainstValid(b, "shape", func(r *report, doc *model.Doc) {
		w := walker{r: r, path: make([]pathStep, 0, 16)}
		w.check(doc.Root(), shapeCardV10)
	})
}

// BenchmarkTextRulesVariants: the text rules (checkTextRules: possible
// secrets, hidden characters, the security review's prose) alone on each
// of the 64 different large cards in turn (benchAgainstValid:
// text-ns/card, text/valid): the half of a large card's check that runs
// beside the others.
func BenchmarkTextRulesVariants(b *testing.B) {
	benchAgainstValid(b, "text", func(r *report, doc *model.Doc) {
		checkTextRules(r, doc.Root())
	})
}

// BenchmarkHiddenCharactersVariants: the hidden-characters check alone on
// each of the 64 different large cards in turn (benchAgainstValid:
// hidden-ns/card, hidden/valid). The cards are plain ASCII, so it measures
// the short cut of model.Doc.TextIsPlainASCII on them.
func BenchmarkHiddenCharactersVariants(b *testing.B) {
	benchAgainstValid(b, "hidden", func(r *report, doc *model.Doc) {
		checkHiddenCharacters(r, doc.Root())
	})
}

// BenchmarkTreeWalkVariants: a walk that reads every member, item and
// string of each of the 64 different large cards and checks nothing
// (benchAgainstValid: walk-ns/card, walk/valid): what reading the tree
// costs a rule that reads it all, beside what the rules cost.
func BenchmarkTreeWalkVariants(b *testing.B) {
	var sink int
	benchAgainstValid(b, "walk", func(r *report, doc *model.Doc) {
		sink += readWholeTree(doc.Root())
	})
	_ = sink
}

// readWholeTree reads every string of n's subtree and returns their bytes.
func readWholeTree(n *model.Node) int {
	total := 0
	read := func(v *model.Node) {
		switch v.Kind {
		case model.String:
			total += len(v.Raw())
		case model.Object, model.Array:
			total += readWholeTree(v)
		}
	}
	switch n.Kind {
	case model.Object:
		for _, m := range n.Members() {
			read(m.Value)
		}
	case model.Array:
		for _, it := range n.All() {
			read(it)
		}
	}
	return total
}

// BenchmarkDuplicateSkillsVariants: the check for a skill repeated many
// times over (checkDuplicateSkills: a hash of each skill's name) alone on
// each of the 64 different large cards in turn (benchAgainstValid:
// dup-ns/card, dup/valid).
func BenchmarkDuplicateSkillsVariants(b *testing.B) {
	benchAgainstValid(b, "dup", func(r *report, doc *model.Doc) {
		checkDuplicateSkills(r, doc.Root())
	})
}
