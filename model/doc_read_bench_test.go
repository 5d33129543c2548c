package model

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/oncard/oncard/model/testcards"
	"unicode/utf8"
)

// BenchmarkLineCol*Findings* locate one finding at the start of each entry
// of an AI Catalog (testcards.Catalog: 10,000 entries are 5.5 MB, 100,000
// are 55 MB), as oncard validate does for a catalog whose every entry has a
// finding: the line index is built anew each round (once per document, as
// a fresh Doc does), then each position is asked for. Pretty is the
// catalog as generated (one member per line), Minified the same catalog on
// one line.
func BenchmarkLineCol10kFindingsPretty(b *testing.B)    { benchLineCol(b, 10_000, false) }
func BenchmarkLineCol10kFindingsMinified(b *testing.B)  { benchLineCol(b, 10_000, true) }
func BenchmarkLineCol100kFindingsPretty(b *testing.B)   { benchLineCol(b, 100_000, false) }
func BenchmarkLineCol100kFindingsMinified(b *testing.B) { benchLineCol(b, 100_000, true) }

func benchLineCol(b *testing.B, n int, minify bool) {
	src := catalog100kBytes()
	if n != 100_000 {
		src = testcards.Catalog(n)
	}
	if minify {
		var buf bytes.Buffer
		if err := json.Compact(&buf, src); err != nil {
			b.Fatal(err)
		}
		src = buf.Bytes()
	}
	d, err := ParseOwned(src, Limits{MaxBytes: len(src)})
	if err != nil {
		b.Fatal(err)
	}
	entries := d.Find("/entries")
	offsets := make([]int, 0, entries.Len())
	for i := range entries.Len() {
		offsets = append(offsets, entries.Index(i).Start())
	}
	if len(offsets) != n {
		b.Fatalf("%d entries", len(offsets))
	}
	b.ReportAllocs()
	for b.Loop() {
		d.lines = new(lineIndex)
		for _, off := range offsets {
			if line, _ := d.LineCol(off); line < 1 {
				b.Fatal(line)
			}
		}
	}
}

// naiveLineCol is LineCol by counting from the start of the source: what
// the index must agree with.
func naiveLineCol(src []byte, offset int) (line, col int) {
	offset = max(0, min(offset, len(src)))
	start := bytes.LastIndexByte(src[:offset], '\n') + 1
	if start == 0 && bytes.HasPrefix(src, utf8BOM) && offset >= len(utf8BOM) {
		start = len(utf8BOM)
	}
	return bytes.Count(src[:offset], []byte{'\n'}) + 1, utf8.RuneCount(src[start:offset]) + 1
}

// Columns from the index agree with counting from the line's start, on
// long lines of multi-byte text with and without a byte order mark, and a
// long line costs counting at most colMarkEvery bytes (plus one rune) from
// a mark: the marks of a line are never further apart.
func TestLineColMarks(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	words := []string{"ascii", "ünïcödé", "日本語", "😀", `\u00e9`, "\n", " "}
	for _, bom := range []bool{false, true} {
		var sb strings.Builder
		if bom {
			sb.Write(utf8BOM)
		}
		sb.WriteString(`["`)
		for sb.Len() < 200_000 {
			w := words[rng.IntN(len(words))]
			if w == "\n" && rng.IntN(50) != 0 {
				continue // mostly long lines
			}
			sb.WriteString(w)
		}
		sb.WriteString(`"]`)
		src := []byte(sb.String())
		d := &Doc{src: src, lines: new(lineIndex)}
		for range 5000 {
			off := rng.IntN(len(src) + 1)
			for off < len(src) && !utf8.RuneStart(src[off]) {
				off++
			}
			l, c := d.LineCol(off)
			wl, wc := naiveLineCol(src, off)
			if l != wl || c != wc {
				t.Fatalf("bom %v, offset %d: %d:%d, want %d:%d", bom, off, l, c, wl, wc)
			}
		}
		x := d.lines.get(src)
		if len(x.marks) == 0 {
			t.Fatal("no column marks in long lines")
		}
		for i, m := range x.marks {
			prev := 0
			if i > 0 {
				prev = int(x.marks[i-1].off)
			}
			// A line's start is the other point counting may begin from.
			li := sortSearchStarts(x.starts, int(m.off))
			if s := int(x.starts[li]); s > prev {
				prev = s
			}
			if gap := int(m.off) - prev; gap > colMarkEvery+utf8.UTFMax {
				t.Fatalf("mark %d is %d bytes after the previous point", i, gap)
			}
		}
	}
}

func sortSearchStarts(starts []int32, off int) int {
	i := len(starts) - 1
	for i > 0 && int(starts[i]) > off {
		i--
	}
	return i
}
