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
