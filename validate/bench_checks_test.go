package validate

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/oncard/oncard/internal/gcpolicy"
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
// all On Request, 50 OASF skills, 20 domains, about 89 KiB minified). Each
// card is parsed (into an arena, as validate does) right before its check,
// so that its tree is as warm in cache as in Check; only the checks are
// timed (checks-ns/card), and json.Valid of the same card beside them
// (checks/valid, the ratio that holds still under load).
func BenchmarkCardChecksVariants(b *testing.B) {
	cards, mean := variantCards()
	b.Cleanup(gcpolicy.Apply(gcpolicy.ForValidate(int64(mean), gcpolicy.BytesInFlight)))
	b.ReportAllocs()
	var checks, valid time.Duration
	var arena model.Arena
	findings, i := 0, 0
	for b.Loop() {
		data := cards[i%len(cards)]
		i++
		arena.Reset()
		doc, err := arena.ParseOwned(data, model.Limits{})
		if err != nil {
			b.Fatal(err)
		}
		r := newReport(doc, &Options{DataOwned: true})
		t0 := time.Now()
		cardChecks(r, doc)
		t1 := time.Now()
		if !json.Valid(data) {
			b.Fatal("a card is not JSON")
		}
		t2 := time.Now()
		checks, valid = checks+t1.Sub(t0), valid+t2.Sub(t1)
		findings += len(r.diags)
	}
	if findings != 0 {
		b.Fatalf("the cards have %d findings in these checks", findings)
	}
	b.ReportMetric(float64(checks.Nanoseconds())/float64(i), "checks-ns/card")
	b.ReportMetric(float64(checks)/float64(valid), "checks/valid")
}
