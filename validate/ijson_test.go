package validate

import (
	"strings"
	"testing"

	"github.com/oncard/oncard/model"
)

func TestSameDecimal(t *testing.T) {
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{"1", "1.0", true}, {"1e2", "100", true}, {"0.5", "5e-1", true}, {"-0", "0", true}, {"0e5", "0.000", true},
		{"1", "2", false}, {"1", "-1", false}, {"1e999999", "1e999998", false}, {"1e999999", "10e999998", true},
		{"12345678901234567891", "1.2345678901234567e+19", false},
	} {
		if got := sameDecimal(c.a, c.b); got != c.same {
			t.Errorf("sameDecimal(%s, %s) = %v", c.a, c.b, got)
		}
	}
}

func TestHasLoneSurrogate(t *testing.T) {
	for raw, want := range map[string]bool{
		`"\ud83d\ude00"`: false, `"plain"`: false, `"\\ud800"`: false, `"\n\u00e9"`: false,
		`"\ud800"`: true, `"\udc00"`: true, `"\ud800x"`: true, `"\ud800\u0041"`: true, `"a\ude00"`: true,
	} {
		if got := hasLoneSurrogate([]byte(raw)); got != want {
			t.Errorf("hasLoneSurrogate(%s) = %v, want %v", raw, got, want)
		}
	}
}

// Comparing numbers costs time linear in their text, not in their
// exponent: 1,000 pairs of huge numbers are compared by counting digits.
func TestNumbersWithHugeExponentsAreCheap(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"specVersion":"1.0","entries":[{"identifier":"urn:x:a","type":"application/a2a-agent-card+json","data":{"n":[`)
	for i := 0; i < 1000; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("1e999999")
	}
	b.WriteString(`]}}]}`)
	doc := mustParse(t, b.String())
	diags := Catalog(doc, nil)
	n := 0
	for _, d := range diags {
		if d.Code == ruleCatalogNotIJSON.Code {
			n++
		}
	}
	if n != 1000 {
		t.Errorf("want 1000 catalog/not-i-json findings, got %d", n)
	}
	if !sameJSON(doc.Root().Interface(), doc.Root().Interface()) {
		t.Error("a document is the same as itself")
	}
}

func TestLoneSurrogateInMemberName(t *testing.T) {
	doc := mustParse(t, `{"specVersion":"1.0","entries":[],"extensions":{"com.example":{"a\ud800b":1,"ok":2}}}`)
	diags := Catalog(doc, nil)
	if _, ok := cardFindDiag(diags, ruleCatalogNotIJSON.Code, "/extensions/com.example/a\ufffdb"); !ok {
		t.Errorf("no finding for the member name:\n%s", cardListDiags(diags))
	}
	n := 0
	for _, d := range diags {
		if d.Code == ruleCatalogNotIJSON.Code {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d not-i-json findings, want 1:\n%s", n, cardListDiags(diags))
	}
}

// TestMaybeNotIJSONMissesNothing: a document the parser clears
// (Doc.MaybeNotIJSON false) gets no I-JSON finding from the whole walk,
// on every fixture and on documents made to hold each kind of token.
func TestMaybeNotIJSONMissesNothing(t *testing.T) {
	var docs [][]byte
	for _, doc := range testdataDocs(t) {
		docs = append(docs, doc.data)
	}
	for _, s := range []string{`[9007199254740993]`, `[123456789012345]`, `[-123456789012345]`, `[1234567890123456]`,
		`[-1234567890123456]`, `[1e400]`, `[0.1]`, `["\ud800"]`, `{"\udfff": 1}`, `["\uD83D\uDE00"]`, `["\u00e9"]`, `[-0]`} {
		docs = append(docs, []byte(s))
	}
	cleared, flagged := 0, 0
	for _, data := range docs {
		doc, err := model.Parse(data)
		if err != nil {
			continue
		}
		r := newReport(doc, nil)
		newIJSONWalk(r, ruleJSONNotIJSON).check(doc.Root(), "")
		if doc.MaybeNotIJSON() {
			flagged++
			continue
		}
		cleared++
		if len(r.diags) > 0 {
			t.Errorf("%.80s: cleared by the parser, but the walk finds %v", data, r.diags)
		}
	}
	if cleared < 50 || flagged < 6 {
		t.Errorf("cleared %d, flagged %d documents", cleared, flagged)
	}
}
