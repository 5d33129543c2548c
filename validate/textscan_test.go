package validate

import (
	"strings"
	"testing"
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
