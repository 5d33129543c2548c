package validate

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/oncard/oncard/internal/gcpolicy"
	"github.com/oncard/oncard/model"
)

// BenchmarkExtensionsVariants: the extension checks of a large card
// (checkExtensions: the On Request declaration against the card, the OASF
// discovery payload) and the skill-id check beside them, on the 64
// different cards of BenchmarkCheckVsJSONValid in turn (benchAgainstValid:
// ext-ns/card, ext/valid).
func BenchmarkExtensionsVariants(b *testing.B) {
	benchAgainstValid(b, "ext", func(r *report, doc *model.Doc) {
		root := doc.Root()
		skills := newSkillIndex(doc, root, false)
		checkExtensions(r, root, skills)
		checkSkillIDs(r, skills)
	})
}

// benchAgainstValid times check on each of the 64 different large cards
// in turn (variantCards), each parsed into an arena, as validate does,
// right before its check so that its tree is as warm in cache as in
// Check; only check is timed (name-ns/card), and json.Valid of the same
// card beside it (name/valid, the ratio that holds still under load). The
// cards have no finding in any family: one found fails the benchmark.
func benchAgainstValid(b *testing.B, name string, check func(r *report, doc *model.Doc)) {
	cards, mean := variantCards()
	b.Cleanup(gcpolicy.Apply(gcpolicy.ForValidate(int64(mean), gcpolicy.BytesInFlight)))
	b.ReportAllocs()
	var checked, valid time.Duration
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
		check(r, doc)
		t1 := time.Now()
		if !json.Valid(data) {
			b.Fatal("a card is not JSON")
		}
		t2 := time.Now()
		checked, valid = checked+t1.Sub(t0), valid+t2.Sub(t1)
		findings += len(r.diags)
	}
	if findings != 0 {
		b.Fatalf("the cards have %d findings in these checks", findings)
	}
	b.ReportMetric(float64(checked.Nanoseconds())/float64(i), name+"-ns/card")
	b.ReportMetric(float64(checked)/float64(valid), name+"/valid")
}
