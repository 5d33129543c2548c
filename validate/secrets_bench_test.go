package validate

import (
	"testing"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/testcards"
)

// BenchmarkSecretsVariants: the a2a/possible-secret check alone on the 64
// parsed cards of BenchmarkCheckVsJSONValid (testcards.LargeVariant, about
// 89 KiB minified each: skill URLs, On Request entries with their
// personEntry URLs, OASF picks), one card per iteration.
func BenchmarkSecretsVariants(b *testing.B) {
	docs := make([]*model.Doc, 64)
	size := 0
	for i := range docs {
		data := testcards.LargeVariant(1, i)
		size += len(data)
		doc, err := model.Parse(data)
		if err != nil {
			b.Fatal(err)
		}
		docs[i] = doc
	}
	b.SetBytes(int64(size / len(docs)))
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		doc := docs[i%len(docs)]
		i++
		checkSecrets(newReport(doc, nil), doc.Root())
	}
}
