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
// different cards of BenchmarkCheckVsJSONValid in turn. Each card is
// parsed (ParseOwned, as validate does) right before its check, so that
// its tree is as warm in cache as in Check; only the checks are timed
// (ext-ns/card), and json.Valid of the same card beside them
// (ext/valid, the ratio that holds still under load).
func BenchmarkExtensionsVariants(b *testing.B) {
	cards, mean := variantCards()
	b.Cleanup(gcpolicy.Apply(gcpolicy.ForValidate(int64(mean), gcpolicy.BytesInFlight)))
	b.ReportAllocs()
	var ext, valid time.Duration
	findings, i := 0, 0
	for b.Loop() {
		data := cards[i%len(cards)]
		i++
		doc, err := model.ParseOwned(data, model.Limits{})
		if err != nil {
			b.Fatal(err)
		}
		root := doc.Root()
		r := newReport(doc, &Options{DataOwned: true})
		t0 := time.Now()
		skills := newSkillIndex(doc, root, false)
		checkExtensions(r, root, skills)
		checkSkillIDs(r, skills)
		t1 := time.Now()
		if !json.Valid(data) {
			b.Fatal("a card is not JSON")
		}
		t2 := time.Now()
		ext, valid = ext+t1.Sub(t0), valid+t2.Sub(t1)
		findings += len(r.diags)
	}
	if findings != 0 {
		b.Fatalf("the cards have %d findings in these checks", findings)
	}
	b.ReportMetric(float64(ext.Nanoseconds())/float64(i), "ext-ns/card")
	b.ReportMetric(float64(ext)/float64(valid), "ext/valid")
}
