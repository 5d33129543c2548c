package validate

import (
	"encoding/json"
	"testing"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/testcards"
)

// The figure that matters: re-validating a large card that is already
// parsed (what the TUI does on every keystroke) must take well under a
// millisecond, and stay within a few times json.Unmarshal of the same bytes.
// Results and the command are in docs/PERFORMANCE.md.

func largeCard(b *testing.B) ([]byte, *model.Doc) {
	b.Helper()
	data := testcards.Large(200, 50, 20)
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
		w := walker{r: r, ptr: make([]byte, 0, 64)}
		w.check(root, shapeCardV10)
		checkV03Leftovers(r, root)
		checkInterfaces(r, root)
		checkCardRules(r, root)
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
		Bytes(data, "", nil)
	}
}
