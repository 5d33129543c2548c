package edit

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	udiff "github.com/aymanbagabas/go-udiff"
)

func TestUnifiedDiffRoundTrips(t *testing.T) {
	cases := []struct{ name, old, new string }{
		{"equal", "a\nb\n", "a\nb\n"},
		{"first line", "a\nb\nc\n", "x\nb\nc\n"},
		{"last line", "a\nb\nc\n", "a\nb\nx\n"},
		{"last line without newline", "a\nb\nc", "a\nb\nx"},
		{"newline added at the end", "a\nb", "a\nb\n"},
		{"newline removed at the end", "a\nb\n", "a\nb"},
		{"common bytes across a line start", "ab\ncd\nxy\n", "ab\nzcd\nxy\n"},
		{"line inserted", "a\nb\n", "a\nnew\nb\n"},
		{"line deleted", "a\nb\nc\n", "a\nc\n"},
		{"repeated lines", "x\nx\nx\n", "x\nx\nx\nx\n"},
		{"crlf", "a\r\nb\r\nc\r\n", "a\r\nB\r\nc\r\n"},
		{"from empty", "", "a\n"},
		{"to empty", "a\n", ""},
		{"one line no newline", "a", "b"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { checkDiff(t, c.old, c.new) })
	}
}

// TestUnifiedDiffRandomEdits checks the head/tail trimming against many
// random line edits: the diff must always turn old into new.
func TestUnifiedDiffRandomEdits(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	words := []string{"a", "b", "c", "{", "}", "  \"k\": 1,", ""}
	for i := 0; i < 2000; i++ {
		n := r.IntN(12)
		lines := make([]string, n)
		for j := range lines {
			lines[j] = words[r.IntN(len(words))]
		}
		old := strings.Join(lines, "\n")
		if r.IntN(2) == 0 {
			old += "\n"
		}
		newLines := append([]string(nil), lines...)
		for k := r.IntN(3) + 1; k > 0; k-- {
			switch p := r.IntN(len(newLines) + 1); r.IntN(3) {
			case 0:
				newLines = append(newLines[:p], append([]string{words[r.IntN(len(words))]}, newLines[p:]...)...)
			case 1:
				if p < len(newLines) {
					newLines = append(newLines[:p], newLines[p+1:]...)
				}
			case 2:
				if p < len(newLines) {
					newLines[p] += words[r.IntN(len(words))]
				}
			}
		}
		new := strings.Join(newLines, "\n")
		if r.IntN(2) == 0 {
			new += "\n"
		}
		if !checkDiff(t, old, new) {
			return
		}
	}
}

func checkDiff(t *testing.T, old, new string) bool {
	t.Helper()
	diff := UnifiedDiff("card.json", []byte(old), []byte(new))
	if old == new {
		if diff != "" {
			t.Errorf("diff of equal texts: %q", diff)
			return false
		}
		return true
	}
	if !strings.HasPrefix(diff, "--- card.json\n+++ card.json\n") {
		t.Errorf("diff headers: %q", diff)
		return false
	}
	got, err := applyUnified(diff, old)
	if err != nil || got != new {
		t.Errorf("applying the diff of %q -> %q gives %q (%v)\n%s", old, new, got, err, diff)
		return false
	}
	return true
}

// applyUnified applies a unified diff with context to old, checking every
// context and removed line (go-udiff's ApplyUnified handles only diffs
// without context).
func applyUnified(diff, old string) (string, error) {
	type rec struct {
		op   byte
		text string // with its newline, unless "\ No newline" followed
	}
	var recs []rec
	for line := range strings.Lines(diff) {
		switch {
		case strings.HasPrefix(line, "--- "), strings.HasPrefix(line, "+++ "):
		case strings.HasPrefix(line, "\\"):
			if len(recs) == 0 {
				return "", fmt.Errorf("%q without a line before it", line)
			}
			recs[len(recs)-1].text = strings.TrimSuffix(recs[len(recs)-1].text, "\n")
		default:
			recs = append(recs, rec{line[0], line[1:]})
		}
	}
	oldLines := strings.SplitAfter(old, "\n")
	if oldLines[len(oldLines)-1] == "" {
		oldLines = oldLines[:len(oldLines)-1]
	}
	var out strings.Builder
	next := 0 // index of the next old line not yet used
	for _, r := range recs {
		switch r.op {
		case '@':
			var from, n int
			if _, err := fmt.Sscanf(r.text, "@ -%d", &from); err != nil {
				return "", fmt.Errorf("bad hunk header %q", r.text)
			}
			if _, err := fmt.Sscanf(r.text, "@ -%d,%d", &from, &n); err == nil && n == 0 {
				from++ // "-k,0" names the line after which the hunk goes
			}
			for ; next < from-1; next++ {
				out.WriteString(oldLines[next])
			}
		case ' ', '-':
			if next >= len(oldLines) || oldLines[next] != r.text {
				return "", fmt.Errorf("line %d is not %q", next+1, r.text)
			}
			if r.op == ' ' {
				out.WriteString(r.text)
			}
			next++
		case '+':
			out.WriteString(r.text)
		default:
			return "", fmt.Errorf("unexpected diff line %q", r.text)
		}
	}
	for ; next < len(oldLines); next++ {
		out.WriteString(oldLines[next])
	}
	return out.String(), nil
}

// TestApplyUnifiedIsStrict makes sure the checker above can fail.
func TestApplyUnifiedIsStrict(t *testing.T) {
	diff := UnifiedDiff("f", []byte("a\nb\nc\n"), []byte("a\nB\nc\n"))
	if _, err := applyUnified(diff, "a\nX\nc\n"); err == nil {
		t.Fatal("a diff applied to the wrong text")
	}
}

// TestUnifiedDiffMatchesWholeFileDiff: cutting a window around the change
// gives the same text as diffing the whole files.
func TestUnifiedDiffMatchesWholeFileDiff(t *testing.T) {
	var old strings.Builder
	for i := 0; i < 200; i++ {
		fmt.Fprintf(&old, "line %d\n", i)
	}
	o := old.String()
	for _, at := range []int{0, 1, 2, 3, 4, 50, 196, 197, 198, 199} {
		n := strings.Replace(o, fmt.Sprintf("line %d\n", at), fmt.Sprintf("changed %d\n", at), 1)
		if at == 50 { // two hunks
			n = strings.Replace(n, "line 120\n", "", 1)
		}
		got := UnifiedDiff("f", []byte(o), []byte(n))
		want := udiff.Unified("f", "f", o, n)
		if got != want {
			t.Errorf("change at line %d:\n%s\nwant:\n%s", at, got, want)
		}
	}
}

// The common head and tail are whole lines of both texts.
func TestCommonHeadTail(t *testing.T) {
	tests := []struct {
		a, b       string
		head, tail int
	}{
		{"a\nb\nc\n", "a\nx\nc\n", 2, 2},
		{"ab\n", "ac\n", 0, 0},
		{"a\nb", "a\nc", 2, 0},
		{"x\nend\n", "yy\nend\n", 0, 4},
		{"", "a\n", 0, 0},
		{"a\n", "b\na\n", 0, 2},
	}
	for _, tt := range tests {
		if got := commonHead([]byte(tt.a), []byte(tt.b)); got != tt.head {
			t.Errorf("commonHead(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.head)
		}
		if got := commonTail([]byte(tt.a), []byte(tt.b)); got != tt.tail {
			t.Errorf("commonTail(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.tail)
		}
	}
}

func TestLabelledDiffNewFile(t *testing.T) {
	got := LabelledDiff("/dev/null", "c.json", nil, []byte("x\n"))
	if want := "--- /dev/null\n+++ c.json\n@@ -0,0 +1 @@\n+x\n"; got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}
