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
// and checkSecurity call them.
func cardChecks(r *report, doc *model.Doc) {
	root := doc.Root()
	checkV03Leftovers(r, root)
	skills := newSkillIndex(doc, root, false)
	checkExtensions(r, root, skills)
	checkSkillIDs(r, skills)
	checkSecurityNames(r, root, skills)
	checkModes(r, root, skills)
	checkNames(r, root)
	checkHosts(r, root)
}

// BenchmarkCardChecksVariants: cardChecks on each of the 64 different
// large cards in turn (variantCards: testcards.LargeVariant, 200 skills
// all On Request, 50 OASF skills, 20 domains, about 89 KiB minified).
// Each card is parsed just before, with the timer stopped, into an arena
// reset after it, as validate does: the checks read a tree that is fresh
// in the caches, not one parsed long ago. MB/s are of the cards.
func BenchmarkCardChecksVariants(b *testing.B) {
	cards, mean := variantCards()
	var arena model.Arena
	parse := func(data []byte) *model.Doc {
		doc, err := arena.ParseOwned(data, model.DefaultLimits)
		if err != nil {
			b.Fatal(err)
		}
		return doc
	}
	for _, data := range cards {
		doc := parse(data)
		r := newReport(doc, nil)
		cardChecks(r, doc)
		if len(r.diags) != 0 {
			b.Fatalf("a benchmark card has findings: %v", r.diags[0])
		}
		arena.Reset()
	}
	b.SetBytes(int64(mean))
	b.ReportAllocs()
	doc, i := parse(cards[0]), 1
	for b.Loop() {
		cardChecks(newReport(doc, nil), doc)
		b.StopTimer()
		arena.Reset()
		doc = parse(cards[i%len(cards)])
		i++
		b.StartTimer()
	}
}
