package validate

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/oncard/oncard/model/testcards"
)

// largeFixtureCards returns every card fixture of the rules, each grown past
// parallelMinBytes with the skills of a large generated card, so that its
// text rules run beside the others: the fixtures' findings, and what the
// added skills bring, on cards large enough for the helper.
func largeFixtureCards(t *testing.T) map[string][]byte {
	t.Helper()
	var filler map[string]any
	if err := json.Unmarshal(testcards.LargeVariant(7, 3), &filler); err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob("testdata/rules/*/*/*.json")
	if err != nil {
		t.Fatal(err)
	}
	cards := map[string][]byte{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var card map[string]any
		if json.Unmarshal(data, &card) != nil || card["skills"] == nil && card["supportedInterfaces"] == nil && card["url"] == nil {
			continue // not a card, or not an object
		}
		skills, _ := card["skills"].([]any)
		card["skills"] = append(skills, filler["skills"].([]any)...)
		grown, err := json.Marshal(card)
		if err != nil {
			t.Fatal(err)
		}
		if len(grown) < parallelMinBytes {
			t.Fatalf("%s grew to %d bytes only", f, len(grown))
		}
		cards[f] = grown
	}
	if len(cards) < 20 {
		t.Fatalf("found %d card fixtures, expected the rules' dozens", len(cards))
	}
	return cards
}

// TestTextRulesBesideSameAsInLine: a large card's findings are the same
// whether its text rules run on Check's helper, on a goroutine started
// after the parse (Document), or in line (OtherCoresBusy).
func TestTextRulesBesideSameAsInLine(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one processor: the text rules always run in line")
	}
	for name, data := range largeFixtureCards(t) {
		if !wantsTextHelper(data, "", nil) {
			t.Fatalf("%s: Check would start no helper for %d bytes", name, len(data))
		}
		inLine := Check(data, "", &Options{OtherCoresBusy: true})
		helped := Check(data, "", nil)
		if !reflect.DeepEqual(helped.Diags, inLine.Diags) {
			t.Errorf("%s: with the helper\n%v\nin line\n%v", name, helped.Diags, inLine.Diags)
		}
		started := Document(inLine.Doc, inLine.Kind, nil)
		if !reflect.DeepEqual(started, inLine.Diags) {
			t.Errorf("%s: with a goroutine started after the parse\n%v\nin line\n%v", name, started, inLine.Diags)
		}
	}
}

// TestTextRulesFromPrescanSameAsInLine: a large card's findings are the
// same when its helper took the secrets from its prescan of the bytes
// (the helper made sure to have begun it before the tree is handed over)
// as in line.
func TestTextRulesFromPrescanSameAsInLine(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one processor: the text rules always run in line")
	}
	for name, data := range largeFixtureCards(t) {
		inLine := Check(data, "", &Options{OtherCoresBusy: true})
		h := startTextHelper(data)
		for round := 0; h.stage.Load() == prescanOpen; round++ {
			if round == 1_000_000 {
				t.Fatal("the helper never began its prescan")
			}
			runtime.Gosched()
		}
		opts := &Options{textHelper: h}
		doc, err := parse(data, KindCard, opts)
		if err != nil {
			t.Fatal(err)
		}
		h.doc = doc
		got := Document(doc, inLine.Kind, opts)
		h.release()
		// A fixture that is no card (a catalog with inline cards) has
		// its prescan stopped, and the tree read.
		if inLine.Kind == KindCard && !h.secrets.complete {
			t.Fatalf("%s: the prescan was not used", name)
		}
		if !reflect.DeepEqual(got, inLine.Diags) {
			t.Errorf("%s: from the prescan\n%v\nin line\n%v", name, got, inLine.Diags)
		}
	}
}

// TestTextHelperEndsUnused: a helper Check started for a large document
// that turns out no card, or does not parse, ends with the check.
func TestTextHelperEndsUnused(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one processor: Check starts no helper")
	}
	numbers := []byte("[0")
	for len(numbers) < 2*parallelMinBytes {
		numbers = append(numbers, ",12345"...)
	}
	docs := map[string][]byte{
		"numbers":        append(numbers, ']'),
		"broken card":    append([]byte(`{"name": "x", "skills": [`), numbers...),
		"large catalog":  testcards.Catalog(300),
		"card as a kind": testcards.LargeVariant(1, 1),
		// Parsed to its end before the parse fails, the prescan of its
		// strings still under way.
		"card with a byte after it": append(testcards.LargeVariant(1, 2), 'x'),
	}
	before := liveHelpers.Load()
	for name, data := range docs {
		if !wantsTextHelper(data, "", nil) {
			t.Fatalf("%s: Check would start no helper", name)
		}
		Check(data, "", &Options{DataOwned: true})
	}
	// Each helper ends once released or done: count scheduling rounds,
	// never time them.
	for round := 0; liveHelpers.Load() > before; round++ {
		if round == 100000 {
			t.Fatalf("%d helpers left after the checks, %d before: one kept waiting", liveHelpers.Load(), before)
		}
		runtime.Gosched()
	}
}

// TestTextHelperReleaseEndsThePrescan: release returns only once the
// helper's prescan of the document has ended (the bytes are the caller's
// again when Check returns: validate reads the next file into the same
// buffer). The document is long enough that a prescan merely told to stop
// would still be under way.
func TestTextHelperReleaseEndsThePrescan(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one processor: Check starts no helper")
	}
	data := testcards.Catalog(3000)
	stopped := 0
	for range 20 {
		h := startTextHelper(data)
		for round := 0; h.stage.Load() == prescanOpen; round++ {
			if round == 1_000_000 {
				t.Fatal("the helper never began its prescan")
			}
			runtime.Gosched()
		}
		h.release()
		select {
		case <-h.scanned:
		default:
			t.Fatal("release returned with the prescan under way")
		}
		if !h.secrets.complete {
			stopped++
		}
	}
	if stopped == 0 {
		t.Fatal("each prescan of a released helper read to the end: none was stopped")
	}
}

// TestTextHelperJoinSeesTheWork: join returns only once the work handed
// to the helper has run, and what the work wrote is then seen (the race
// detector checks it), whether join caught the helper spinning or slept
// until it was done (work that outlasts helperSpin).
func TestTextHelperJoinSeesTheWork(t *testing.T) {
	for _, slow := range []bool{false, true} {
		release := make(chan struct{})
		written := 0
		h := startTextHelper(nil)
		if !h.hand(func() {
			<-release
			written = 1
		}) {
			t.Fatal("a fresh helper refused its work")
		}
		if slow {
			go func() {
				time.Sleep(3 * helperSpin) // past join's spin: it sleeps on done
				close(release)
			}()
		} else {
			close(release)
		}
		h.join()
		if written != 1 {
			t.Fatalf("slow %v: join returned before the work had run", slow)
		}
	}
}

// BenchmarkTextHelperStart: how long after it is started a helper begins
// to run, on a processor left idle while the caller works (json.Valid of
// a large card, about as long as the parse a helper is started before),
// against a goroutine started with a plain go statement, timed alternately
// in one run. helper-start-µs and plain-start-µs are their medians.
func BenchmarkTextHelperStart(b *testing.B) {
	if runtime.GOMAXPROCS(0) < 2 {
		b.Skip("one processor: nothing starts beside the caller")
	}
	cards, _ := variantCards()
	var helper, plain []time.Duration
	i := 0
	for b.Loop() {
		json.Valid(cards[i%len(cards)])
		started := make(chan time.Duration, 1)
		t0 := time.Now()
		if i%2 == 0 {
			h := startTextHelper(nil)
			h.hand(func() { started <- time.Since(t0) })
			json.Valid(cards[(i+1)%len(cards)])
			h.join()
			helper = append(helper, <-started)
		} else {
			go func() { started <- time.Since(t0) }()
			json.Valid(cards[(i+1)%len(cards)])
			plain = append(plain, <-started)
		}
		i++
	}
	median := func(d []time.Duration) float64 {
		if len(d) == 0 {
			return 0
		}
		slices.Sort(d)
		return float64(d[len(d)/2].Microseconds())
	}
	b.ReportMetric(median(helper), "helper-start-µs")
	b.ReportMetric(median(plain), "plain-start-µs")
}
