package model

import (
	"bytes"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"github.com/oncard/oncard/internal/gcpolicy"
	"github.com/oncard/oncard/model/testcards"
)

var (
	largeCard = testcards.Large(200, 50, 20)

	megaOnce sync.Once
	megaCard []byte
)

// megabyteCard is a card of about 1 MB (more skills than On Request allows,
// which does not matter to the Doc).
func megabyteCard() []byte {
	megaOnce.Do(func() {
		per := len(testcards.Large(100, 0, 0)) / 100
		megaCard = testcards.Large((1<<20)/per, 60, 25)
	})
	return megaCard
}

// asOncard sets the collector as oncard does for a document of size bytes
// (internal/gcpolicy), for the rest of the benchmark.
func asOncard(b *testing.B, size int) {
	b.Cleanup(gcpolicy.Apply(gcpolicy.For(int64(size))))
}

func BenchmarkParseEncodeLarge(b *testing.B) {
	asOncard(b, len(largeCard))
	b.SetBytes(int64(len(largeCard)))
	b.ReportAllocs()
	for b.Loop() {
		d, err := Parse(largeCard)
		if err != nil {
			b.Fatal(err)
		}
		_ = d.Encode()
	}
}

func BenchmarkParseLarge(b *testing.B) {
	asOncard(b, len(largeCard))
	b.SetBytes(int64(len(largeCard)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(largeCard); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStdUnmarshalLarge is the comparison: encoding/json into any.
func BenchmarkStdUnmarshalLarge(b *testing.B) {
	asOncard(b, len(largeCard))
	b.SetBytes(int64(len(largeCard)))
	b.ReportAllocs()
	for b.Loop() {
		var v any
		if err := json.Unmarshal(largeCard, &v); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkInterfaceLarge(b *testing.B) {
	asOncard(b, len(largeCard))
	d, err := Parse(largeCard)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = d.Root().Interface()
	}
}

// BenchmarkEditEncodeMegabyte opens a 1 MB card, changes one skill name and
// encodes it: what a save from the editor costs.
func BenchmarkEditEncodeMegabyte(b *testing.B) {
	asOncard(b, len(megabyteCard()))
	data := megabyteCard()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		d, err := Parse(data)
		if err != nil {
			b.Fatal(err)
		}
		if err := d.SetValue("/skills/500/name", "Renamed skill"); err != nil {
			b.Fatal(err)
		}
		_ = d.Encode()
	}
}

// BenchmarkEncodeAfterEditMegabyte is the encode alone, after an edit (the
// editor's preview on every keystroke).
func BenchmarkEncodeAfterEditMegabyte(b *testing.B) {
	asOncard(b, len(megabyteCard()))
	d, err := Parse(megabyteCard())
	if err != nil {
		b.Fatal(err)
	}
	if err := d.SetValue("/skills/500/name", "Renamed skill"); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = d.Encode()
	}
}

func BenchmarkCloneLarge(b *testing.B) {
	asOncard(b, len(largeCard))
	d, err := Parse(largeCard)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = d.Clone()
	}
}

var (
	catalogOnce sync.Once
	catalog100k []byte
)

// catalog100kBytes is testcards.Catalog(100_000): 55 MiB.
func catalog100kBytes() []byte {
	catalogOnce.Do(func() { catalog100k = testcards.Catalog(100_000) })
	return catalog100k
}

// BenchmarkParseCatalog100k parses the 100,000-entry catalog into a whole
// tree (ParseOwned on a fresh copy, as validate reads a file), with the
// collector settings of `oncard validate` on it.
func BenchmarkParseCatalog100k(b *testing.B) {
	benchParseCatalog(b, func(data []byte) error {
		_, err := ParseOwned(data, Limits{MaxBytes: len(data)})
		return err
	})
}

// BenchmarkParseEachCatalog100k parses it streaming the entries
// (ParseOwnedEach, as validate does for large catalogs), handing each to a
// callback that only reads its identifier.
func BenchmarkParseEachCatalog100k(b *testing.B) {
	benchParseCatalog(b, func(data []byte) error {
		n := 0
		_, err := ParseOwnedEach(data, Limits{MaxBytes: len(data)}, "entries", func(_ *Doc, _ int, item *Node) {
			n += len(item.Get("identifier").Text())
		})
		if n == 0 {
			b.Fatal("no entries")
		}
		return err
	})
}

func benchParseCatalog(b *testing.B, parse func([]byte) error) {
	src := catalog100kBytes()
	defer gcpolicy.Apply(gcpolicy.For(int64(len(src))))()
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		data := bytes.Clone(src)
		b.StartTimer()
		if err := parse(data); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseVsValid times ParseOwned of the large card (what validate
// does with a file it has read) against json.Valid over the same bytes, in
// the same run and alternately, so that both see the same load; it reports
// each one's time and the ratio parse/valid (the budget: at most 0.5, so
// that parsing and every rule together stay within json.Valid's time).
func BenchmarkParseVsValid(b *testing.B) {
	data := bytes.Clone(largeCard)
	asOncard(b, len(data))
	b.SetBytes(int64(len(data)))
	parseVsValid(b, [][]byte{data})
}

// BenchmarkParseVsValidVariants is BenchmarkParseVsValid over 64 distinct
// minified cards (testcards.LargeVariant(1, i), about 89 KiB each), the
// shape `oncard validate` meets on a directory of real cards: each
// iteration takes the next card.
func BenchmarkParseVsValidVariants(b *testing.B) {
	cards := make([][]byte, 64)
	size := 0
	for i := range cards {
		cards[i] = testcards.LargeVariant(1, i)
		size = max(size, len(cards[i]))
	}
	asOncard(b, size)
	parseVsValid(b, cards)
}

// parseVsValid scans each iteration's card (the next of cards) with
// json.Valid and parses it with ParseOwned, alternately, and reports the
// times of both and the ratio parse/valid.
func parseVsValid(b *testing.B, cards [][]byte) {
	b.ReportAllocs()
	var parse, valid time.Duration
	var bytesRead int64
	i := 0
	for b.Loop() {
		data := cards[i%len(cards)]
		i++
		t0 := time.Now()
		if !json.Valid(data) {
			b.Fatal("invalid")
		}
		t1 := time.Now()
		if _, err := ParseOwned(data, Limits{}); err != nil {
			b.Fatal(err)
		}
		t2 := time.Now()
		valid += t1.Sub(t0)
		parse += t2.Sub(t1)
		bytesRead += int64(len(data))
	}
	n := float64(b.N)
	b.ReportMetric(float64(parse.Nanoseconds())/n, "parse-ns/op")
	b.ReportMetric(float64(valid.Nanoseconds())/n, "valid-ns/op")
	b.ReportMetric(float64(bytesRead)/parse.Seconds()/1e6, "parse-MB/s")
	b.ReportMetric(parse.Seconds()/valid.Seconds(), "parse/valid")
}
