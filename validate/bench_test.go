package validate

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"

	"github.com/oncard/oncard/internal/cputime"
	"github.com/oncard/oncard/internal/gcpolicy"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/testcards"
)

// The figure that matters: re-validating a large card that is already
// parsed (what the TUI does on every keystroke) must take well under a
// millisecond, and stay within a few times json.Unmarshal of the same bytes.
// Results and the command are in docs/PERFORMANCE.md.

// largeCard also sets the collector as `oncard validate` of that card does.
func largeCard(b *testing.B) ([]byte, *model.Doc) {
	return parsedForValidate(b, testcards.Large(200, 50, 20))
}

// parsedForValidate parses data after setting the collector as `oncard
// validate` of that one file does.
func parsedForValidate(b *testing.B, data []byte) ([]byte, *model.Doc) {
	b.Helper()
	b.Cleanup(gcpolicy.Apply(gcpolicy.ForValidate(int64(len(data)), int64(len(data)))))
	doc, err := model.Parse(data)
	if err != nil {
		b.Fatal(err)
	}
	return data, doc
}

// BenchmarkCardLarge: Card on a parsed Large(200,50,20), all rules
// including the On Request and OASF discovery declarations.
func BenchmarkCardLarge(b *testing.B) {
	data, doc := largeCard(b)
	benchCard(b, data, doc)
}

// benchCard runs Card on doc, parsed from data, a card without errors.
func benchCard(b *testing.B, data []byte, doc *model.Doc) {
	if errs, _, _ := Counts(Card(doc, nil)); errs != 0 {
		b.Fatalf("the benchmark card has %d errors", errs)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		Card(doc, nil)
	}
}

// BenchmarkCardRulesLarge: the card's own rules only (shape walk, checks
// beyond the schema, secrets), without the extension checks.
func BenchmarkCardRulesLarge(b *testing.B) {
	data, doc := largeCard(b)
	root := doc.Root()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		r := newReport(doc, nil)
		w := walker{r: r, path: make([]pathStep, 0, 16)}
		w.check(root, shapeCardV10)
		skills := newSkillIndex(doc, root, false)
		checkV03Leftovers(r, root, skills)
		checkInterfaces(r, root)
		checkCardRules(r, root, skills)
		checkTextRules(r, root)
	}
}

// BenchmarkCardSchemaLarge: the embedded JSON Schema on the same card, via
// Node.Interface (what the Go shape walker replaces on the hot path).
func BenchmarkCardSchemaLarge(b *testing.B) {
	data, doc := largeCard(b)
	s := loadSchema(cardSchemaName)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if err := s.compiled.Validate(doc.Root().Interface()); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkUnmarshalLarge is the yardstick: encoding/json into any.
func BenchmarkUnmarshalLarge(b *testing.B) {
	data, _ := largeCard(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBytesLarge: parse and validate from bytes (oncard validate FILE).
func BenchmarkBytesLarge(b *testing.B) {
	data, _ := largeCard(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		bytesOf(data, "", nil)
	}
}

// variantCards are the 64 different large cards the benchmarks that compare
// with json.Valid read in turn (testcards.LargeVariant(1, i), the cards of
// bench/compare.sh), and their mean size.
func variantCards() (cards [][]byte, mean int) {
	cards = make([][]byte, 64)
	for i := range cards {
		cards[i] = testcards.LargeVariant(1, i)
		mean += len(cards[i])
	}
	return cards, mean / len(cards)
}

// BenchmarkCheckVsJSONValid: parse + every rule of a large card (what
// `oncard validate FILE` does with the bytes it read) against
// encoding/json's Valid, which only scans them, timed alternately in one
// run so that both see the same load. The cards are 64 different ones
// (testcards.LargeVariant: 200 skills all On Request, 50 OASF skills, 20
// domains, about 89 KiB minified), the cards of bench/compare.sh.
// check/valid is the ratio of their wall times (the budget: at most 1);
// check-cpu/valid the ratio of CPU times, as the check runs the text rules
// on a second core (process CPU time, which counts the collector too).
func BenchmarkCheckVsJSONValid(b *testing.B) {
	cards, mean := variantCards()
	// The collector as `oncard validate` of many such files sets it.
	b.Cleanup(gcpolicy.Apply(gcpolicy.ForValidate(int64(mean), gcpolicy.BytesInFlight)))
	var check, valid, checkCPU, validCPU time.Duration
	var bytes int64
	var arena model.Arena
	i := 0
	for b.Loop() {
		data := cards[i%len(cards)]
		i++
		bytes += int64(len(data))
		c0, t0 := cputime.Process(), time.Now()
		if !json.Valid(data) {
			b.Fatal("a card is not JSON")
		}
		c1, t1 := cputime.Process(), time.Now()
		// As validate hands over the buffer it read the file into (the
		// parser reads it in place and writes nothing to it), and has the
		// tree carved from its worker's arena, reset once checked.
		Check(data, "", &Options{DataOwned: true, Arena: &arena})
		arena.Reset()
		c2, t2 := cputime.Process(), time.Now()
		valid, check = valid+t1.Sub(t0), check+t2.Sub(t1)
		validCPU, checkCPU = validCPU+c1-c0, checkCPU+c2-c1
	}
	mb := float64(bytes) / 1e6
	b.ReportMetric(float64(check)/float64(valid), "check/valid")
	if validCPU > 0 {
		b.ReportMetric(float64(checkCPU)/float64(validCPU), "check-cpu/valid")
	}
	b.ReportMetric(mb/check.Seconds(), "check-MB/s")
	b.ReportMetric(mb/valid.Seconds(), "valid-MB/s")
}

// BenchmarkCheckInLineVariants is Check of one large card as `oncard
// validate` of many files runs it: the bytes handed over (a copy of each
// variant card, made again before each check, as a file read into the
// worker's buffer), the tree carved from the worker's arena, every rule in
// line (Options.OtherCoresBusy: the other workers keep the other cores),
// with the collector settings of such a run. ns/op is a card's check.
func BenchmarkCheckInLineVariants(b *testing.B) {
	cards, mean := variantCards()
	b.Cleanup(gcpolicy.Apply(gcpolicy.ForValidate(int64(mean), gcpolicy.BytesInFlight)))
	var arena model.Arena
	buf := make([]byte, 0, 2*mean)
	i := 0
	for b.Loop() {
		buf = append(buf[:0], cards[i%len(cards)]...)
		i++
		Check(buf, "", &Options{DataOwned: true, Arena: &arena, OtherCoresBusy: true})
		arena.Reset()
	}
}

// `oncard validate` of the 100,000-entry catalog (testcards.Catalog, 55
// MiB) without reading the file or starting a process: Check on a fresh
// copy of the bytes handed over, as validate does, with its collector
// settings. Streamed: the entries are checked as they are parsed (what
// validate does); WholeTree: the whole parse tree is built first (what it
// did before, and still does below streamMinBytes).
func BenchmarkCheckCatalog100kStreamed(b *testing.B)  { benchCheckCatalog(b, streamMinBytes) }
func BenchmarkCheckCatalog100kWholeTree(b *testing.B) { benchCheckCatalog(b, 1<<62) }

func benchCheckCatalog(b *testing.B, minBytes int) {
	old := streamMinBytes
	streamMinBytes = minBytes
	defer func() { streamMinBytes = old }()
	src := testcards.Catalog(100_000)
	defer gcpolicy.Apply(gcpolicy.For(int64(len(src))))()
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	var cpu time.Duration // of Check alone, not of the copies
	for b.Loop() {
		b.StopTimer()
		data := bytes.Clone(src)
		b.StartTimer()
		start := cputime.Process()
		res := Check(data, "", &Options{DataOwned: true, MaxBytes: len(data)})
		cpu += cputime.Process() - start
		if len(res.Diags) != 0 {
			b.Fatalf("the catalog has findings: %v", res.Diags[0])
		}
	}
	b.ReportMetric(float64(cpu)/float64(b.N)/1e6, "cpu-ms/op")
}

// BenchmarkSecurityLarge: the security/… family alone (checkSecurityProse
// and checkSecurityCard) on
// the parsed large card: its share of BenchmarkBytesLarge is the cost the
// family adds to `oncard validate` (docs/PERFORMANCE.md).
func BenchmarkSecurityLarge(b *testing.B) {
	data, doc := largeCard(b)
	root := doc.Root()
	r := newReport(doc, nil)
	checkSecurityProse(r, root)
	checkSecurityCard(r, root)
	if len(r.diags) != 0 {
		b.Fatalf("the benchmark card has %d security findings: %v", len(r.diags), r.diags[0])
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		r.diags = r.diags[:0]
		checkSecurityProse(r, root)
		checkSecurityCard(r, root)
	}
}

// BenchmarkScanPhrases: the prose scanner alone on the texts it reads in
// 16 different large cards (testcards.LargeVariant: names, descriptions
// and examples of 200 skills each, about 34 KB of prose a card); MB/s are
// of those texts.
func BenchmarkScanPhrases(b *testing.B) {
	var texts []string
	total := 0
	for i := range 16 {
		doc, err := model.Parse(testcards.LargeVariant(1, i))
		if err != nil {
			b.Fatal(err)
		}
		forEachProse(newReport(doc, nil), doc.Root(), func(_ proseAt, n *model.Node) {
			if s, ok := n.Str(); ok {
				texts = append(texts, s)
				total += len(s)
			}
		})
	}
	var ps proseScanner
	b.SetBytes(int64(total))
	for b.Loop() {
		for _, s := range texts {
			ps.scanPhrases(s)
		}
	}
}

// BenchmarkCheckProseVariants: the security review's prose checks alone
// (forEachProse and checkProse, as checkSecurityProse runs them: phrases,
// encoded payloads, floods) on the 64 LargeVariant cards in turn, parsed
// once; MB/s are of the cards' bytes.
func BenchmarkCheckProseVariants(b *testing.B) {
	cards, mean := variantCards()
	docs := make([]*model.Doc, len(cards))
	reports := make([]*report, len(cards))
	for i, data := range cards {
		doc, err := model.Parse(data)
		if err != nil {
			b.Fatal(err)
		}
		docs[i], reports[i] = doc, newReport(doc, nil)
	}
	b.SetBytes(int64(mean))
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		k := i % len(docs)
		i++
		r := reports[k]
		r.diags = r.diags[:0]
		var ps proseScanner
		forEachProse(r, docs[k].Root(), func(at proseAt, n *model.Node) {
			if s, ok := n.Str(); ok && s != "" {
				checkProse(r, &ps, at, s)
			}
		})
		if len(r.diags) != 0 {
			b.Fatalf("variant card %d has prose findings: %v", k, r.diags[0])
		}
	}
}

// BenchmarkCardShapedSkills: Card on the parsed tree of a card of 90,000
// short skills (testcards' skills-card shape, 13 MiB), with validate's
// collector settings for it: what the rules' walks cost when the skills
// are packed and each walk makes their nodes again (docs/PERFORMANCE.md).
func BenchmarkCardShapedSkills(b *testing.B) {
	data, ok := testcards.Shaped("skills-card", 13<<20)
	if !ok {
		b.Fatal("no skills-card shape")
	}
	data, doc := parsedForValidate(b, data)
	benchCard(b, data, doc)
}
