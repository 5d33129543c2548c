package validate

import (
	"strings"
	"testing"
	"unicode"
)

func TestPrintableASCIIPrefix(t *testing.T) {
	slow := func(s string) int {
		i := 0
		for i < len(s) && s[i] >= 0x20 && s[i] < 0x7f {
			i++
		}
		return i
	}
	base := "The quick brown fox jumps over the lazy dog, twice over!"
	for at := 0; at < len(base); at++ {
		for _, c := range []byte{0x00, 0x09, 0x1f, 0x7f, 0x80, 0xc3, 0xff, 0x20, 0x7e} {
			s := []byte(base)
			s[at] = c
			if got, want := printableASCIIPrefix(string(s)), slow(string(s)); got != want {
				t.Fatalf("byte %#x at %d: got %d, want %d", c, at, got, want)
			}
		}
	}
	if printableASCIIPrefix("") != 0 {
		t.Fatal("empty string")
	}
}

func FuzzPrintableASCIIPrefix(f *testing.F) {
	f.Add("plain text with a tab\tand more")
	f.Fuzz(func(t *testing.T, s string) {
		i := 0
		for i < len(s) && s[i] >= 0x20 && s[i] < 0x7f {
			i++
		}
		if got := printableASCIIPrefix(s); got != i {
			t.Fatalf("%q: got %d, want %d", s, got, i)
		}
	})
}

// naiveLongRun is longRun without its skips: the first run of at least
// min bytes of class starting at i or later.
func naiveLongRun(s string, i, min int, class *[256]bool) (int, int, bool) {
	for i < len(s) {
		if !class[s[i]] {
			i++
			continue
		}
		j := i
		for j < len(s) && class[s[j]] {
			j++
		}
		if j-i >= min {
			return i, j, true
		}
		i = j
	}
	return 0, 0, false
}

func FuzzLongRun(f *testing.F) {
	f.Add("the key is sk_live_0123456789abcdefghij and more", 0)
	f.Add("short words only, nothing long here at all; none", 3)
	f.Add("aaaaaaaaaaaaaaaaaaa aaaaaaaaaaaaaaaaaaaa", 0)
	f.Fuzz(func(t *testing.T, s string, from int) {
		if from < 0 || from > len(s) {
			return
		}
		for _, c := range []struct {
			min   int
			class *[256]bool
		}{{minSecretRun, &tokenByte}, {minBase64Run, &base64Byte}, {8, &tokenByte}} {
			gs, ge, gok := longRun(s, from, c.min, c.class)
			ws, we, wok := naiveLongRun(s, from, c.min, c.class)
			if gs != ws || ge != we || gok != wok {
				t.Fatalf("%q from %d min %d: got %d,%d,%v want %d,%d,%v", s, from, c.min, gs, ge, gok, ws, we, wok)
			}
		}
	})
}

func FuzzContainsFoldASCII(f *testing.F) {
	f.Add("Call us at Support.Example.com/help today", "support.example.com/help")
	f.Add("nothing here", "bank")
	f.Add("see .x.y", ".x.y")
	f.Fuzz(func(t *testing.T, text, needle string) {
		needle = strings.ToLower(needle)
		for i := 0; i < len(needle); i++ {
			if needle[i] >= 0x80 {
				return // needles are lower-cased ASCII hosts and paths
			}
		}
		want := strings.Contains(asciiLower(text), needle)
		if got := containsFoldASCII([]byte(text), needle); got != want {
			t.Fatalf("%q in %q: got %v, want %v", needle, text, got, want)
		}
	})
}

func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// FuzzHiddenCharacter: hiddenCharacter, which passes over printable ASCII
// eight bytes at a time around the other characters, says what a look at
// every character says. Run: go test -run '^$' -fuzz FuzzHiddenCharacter
// -fuzztime 30s ./validate
func FuzzHiddenCharacter(f *testing.F) {
	for _, s := range []string{"plain text", "one’s records and \u202eevil", "tab\there", "a\u200bb", "\xff\xfe bad", "x\u00ad" + strings.Repeat("y", 20) + "\ue000"} {
		f.Add(s, true)
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, s string, multiline bool) {
		what, r := hiddenCharacter(s, multiline)
		wantWhat, wantR := "", rune(0)
		for _, c := range s {
			switch {
			case multiline && (c == '\n' || c == '\t' || c == '\r'):
				continue
			case c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0):
				wantWhat = "a control character"
			case c >= 0x202a && c <= 0x202e, c >= 0x2066 && c <= 0x2069, c == 0x200e, c == 0x200f, c == 0x061c:
				wantWhat = "a bidi control"
			case c == 0x200b, c == 0x200c, c == 0x2060, c >= 0x2061 && c <= 0x2064, c == 0xfeff, c == 0x00ad,
				c == 0x180e, c == 0x115f, c == 0x1160, c == 0x3164, c == 0xffa0, c >= 0xe0000 && c <= 0xe007f:
				wantWhat = "an invisible character"
			case unicode.Is(unicode.Co, c):
				wantWhat = "a private-use character"
			default:
				continue
			}
			wantR = c
			break
		}
		if what != wantWhat || r != wantR {
			t.Fatalf("hiddenCharacter(%q, %v) = %q %U, a look at every character says %q %U", s, multiline, what, r, wantWhat, wantR)
		}
	})
}
