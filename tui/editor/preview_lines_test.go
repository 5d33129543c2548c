package editor

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/testcards"
)

// lineSpanOf is LineSpan on a fresh parse of json: what the preview shows
// once the check is back.
func lineSpanOf(t *testing.T, json []byte, ptr string) (int, int, bool) {
	t.Helper()
	doc, err := model.Parse(json)
	if err != nil {
		t.Fatal(err)
	}
	s := &State{JSON: json, view: doc}
	return s.LineSpan(ptr)
}

// TestPriorLinesAreTheNewParsesLines: over random edits of a card (typing
// in a field, values replaced by longer, shorter or multi-line ones,
// members added and removed, items inserted before the focus), whenever
// the previous encoding's parse vouches for a member's lines, they are
// the lines a parse of the new encoding gives; and typing in a field is
// always vouched for, so that the preview does not parse on the event
// loop.
func TestPriorLinesAreTheNewParsesLines(t *testing.T) {
	rnd := rand.New(rand.NewPCG(5, 6))
	doc, err := model.Parse(testcards.Large(12, 3, 2))
	if err != nil {
		t.Fatal(err)
	}
	json := doc.Encode()
	vouched, typed := 0, 0
	for step := range 400 {
		prev, err := model.Parse(json)
		if err != nil {
			t.Fatal(err)
		}
		i := rnd.IntN(doc.Find("/skills").Len())
		skill := "/skills/" + strconv.Itoa(i)
		focus := skill + "/description"
		typing := false
		switch rnd.IntN(7) {
		case 0, 1, 2: // a key typed into the description
			typing = true
			desc, _ := doc.Find(focus).Str()
			if rnd.IntN(2) == 0 || desc == "" {
				desc += string(rune('a' + rnd.IntN(26)))
			} else {
				desc = desc[:len(desc)-1]
			}
			err = doc.Set(focus, []byte(strconv.Quote(desc)))
		case 3: // the tags replaced, on several lines
			focus = skill + "/tags"
			err = doc.Set(focus, []byte(`["a", "b", "c"]`))
		case 4: // a skill inserted before the focus
			err = doc.Set("/skills/0", []byte(`{"id": "new`+strconv.Itoa(step)+`", "name": "N", "description": "d", "tags": ["t"]}`))
			if err == nil {
				err = doc.Set("/skills/-", []byte(`{"id": "end`+strconv.Itoa(step)+`", "name": "N", "description": "d", "tags": ["t"]}`))
			}
		case 5: // a member added to the skill
			focus = skill
			err = doc.Set(skill+"/examples", []byte(`["one", "two"]`))
		default: // a skill removed
			if doc.Find("/skills").Len() > 3 {
				err = doc.Delete(skill)
			}
		}
		if err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		next := doc.Encode()
		p := &priorView{view: prev}
		for _, ptr := range []string{focus, skill, skill + "/name", "/skills", "/name", "/skills/0/id"} {
			first, last, ok := p.priorLines(next, ptr)
			if !ok {
				if typing && ptr == focus {
					t.Fatalf("step %d: a key typed in %s is not vouched for", step, ptr)
				}
				continue
			}
			vouched++
			if typing && ptr == focus {
				typed++
			}
			wf, wl, wok := lineSpanOf(t, next, ptr)
			if !wok || wf != first || wl != last {
				t.Fatalf("step %d: %s at lines %d-%d from the previous encoding, %d-%d (%v) in the new one", step, ptr, first, last, wf, wl, wok)
			}
		}
		json = next
	}
	if typed == 0 || vouched == typed {
		t.Fatalf("vouched for %d spans, %d of them typing: the test does not exercise the other cases", vouched, typed)
	}
	t.Logf("%d spans vouched for, %d of them typing", vouched, typed)
}

// TestCommonPrefixAndSuffix holds the block-wise comparisons to a byte at
// a time, with the first difference at every place around the blocks'
// edges, and either text a prefix of the other.
func TestCommonPrefixAndSuffix(t *testing.T) {
	naivePrefix := func(a, b []byte) int {
		i := 0
		for i < len(a) && i < len(b) && a[i] == b[i] {
			i++
		}
		return i
	}
	naiveSuffix := func(a, b []byte, limit int) int {
		i := 0
		for i < limit && a[len(a)-1-i] == b[len(b)-1-i] {
			i++
		}
		return i
	}
	base := make([]byte, 300)
	for i := range base {
		base[i] = byte('a' + i%26)
	}
	for n := 0; n <= len(base); n += 7 {
		for at := 0; at <= n; at++ {
			a := base[:n]
			b := append([]byte(nil), a...)
			if at < n {
				b[at] = '#' // a differs from b at at
			} else {
				b = append(b, 'z') // a is a prefix of b
			}
			for _, pair := range [][2][]byte{{a, b}, {b, a}} {
				x, y := pair[0], pair[1]
				p := commonPrefix(x, y)
				if want := naivePrefix(x, y); p != want {
					t.Fatalf("len %d, difference at %d: commonPrefix %d, want %d", n, at, p, want)
				}
				limit := min(len(x), len(y)) - p
				if got, want := commonSuffix(x, y, limit), naiveSuffix(x, y, limit); got != want {
					t.Fatalf("len %d, difference at %d: commonSuffix %d, want %d", n, at, got, want)
				}
			}
		}
	}
}

// BenchmarkPriorLines5000Skills: the preview's lines of the member being
// edited, read from the previous encoding of a 5,000-skill card (3 MB)
// after a key typed in a skill's description: what a frame costs the
// event loop after each refresh until the check is back (the two
// encodings compared once, then the member found and parsed).
func BenchmarkPriorLines5000Skills(b *testing.B) {
	doc, err := model.Parse(testcards.Large(5000, 50, 20))
	if err != nil {
		b.Fatal(err)
	}
	before := doc.Encode()
	prev, err := model.Parse(before)
	if err != nil {
		b.Fatal(err)
	}
	const focus = "/skills/2500/description"
	desc, _ := doc.Find(focus).Str()
	if err := doc.Set(focus, []byte(strconv.Quote(desc+"x"))); err != nil {
		b.Fatal(err)
	}
	after := doc.Encode()
	b.SetBytes(int64(len(after)))
	for b.Loop() {
		p := &priorView{view: prev}
		if _, _, ok := p.priorLines(after, focus); !ok {
			b.Fatal("the key typed is not vouched for")
		}
	}
}
