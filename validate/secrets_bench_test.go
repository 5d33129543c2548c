package validate

import (
	"sync/atomic"
	"testing"

	"github.com/oncard/oncard/model"
)

// BenchmarkSecretsVariants: the a2a/possible-secret check alone on the 64
// cards of BenchmarkCheckVsJSONValid (testcards.LargeVariant, about 89 KiB
// minified each: skill URLs, On Request entries with their personEntry
// URLs, OASF picks), one card per iteration. As in Check, the card has
// just been parsed (untimed) when the check reads it: its bytes and nodes
// are in the cache, not in memory as 64 cards held at once would be.
func BenchmarkSecretsVariants(b *testing.B) {
	cards, mean := variantCards()
	b.SetBytes(int64(mean))
	i := 0
	for b.Loop() {
		b.StopTimer()
		doc, err := model.Parse(cards[i%len(cards)])
		if err != nil {
			b.Fatal(err)
		}
		i++
		r := newReport(doc, nil)
		b.StartTimer()
		checkSecrets(r, doc.Root())
	}
}

// BenchmarkPrescanSecretsVariants: the text rules' helper reading a large
// card's bytes for secrets while the card is parsed (prescanSecrets), on
// the cards of BenchmarkSecretsVariants.
func BenchmarkPrescanSecretsVariants(b *testing.B) {
	cards, mean := variantCards()
	b.SetBytes(int64(mean))
	var stop atomic.Bool
	i := 0
	for b.Loop() {
		if p := prescanSecrets(cards[i%len(cards)], &stop); !p.complete || len(p.hits) > 0 {
			b.Fatal("the prescan stopped, or found a secret in a card without any")
		}
		i++
	}
}
