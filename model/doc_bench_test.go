package model

import (
	"encoding/json"
	"sync"
	"testing"

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

func BenchmarkParseEncodeLarge(b *testing.B) {
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
	d, err := Parse(largeCard)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = d.Clone()
	}
}
