package validate

import (
	"math/rand/v2"
	"testing"
	"unicode/utf8"
)

// TestAnyRepeated: anyRepeated agrees with counting in a map, for lists
// of every size around the on-stack table's, with hashes that collide in
// the table's low bits and runs just under and at the threshold.
func TestAnyRepeated(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 9, 10, 11, 63, 200, 256, 257, 300, 1000, 5000} {
		for round := range 20 {
			items := make([]uint64, n)
			distinct := 1 + rng.IntN(max(n, 1))
			for i := range items {
				// Multiples of 4096 share every bit the table indexes by.
				items[i] = uint64(rng.IntN(distinct)) << (12 * (round % 2))
			}
			counts := map[uint64]int{}
			want := false
			for _, h := range items {
				if counts[h]++; counts[h] >= minDuplicateSkills {
					want = true
				}
			}
			if got := anyRepeated(items, minDuplicateSkills); got != want {
				t.Fatalf("%d items of %d distinct hashes (round %d): anyRepeated %v, want %v", n, distinct, round, got, want)
			}
		}
	}
}

// lettersHashByCase is lettersHash as the rule defines it, a byte at a
// time with a test of each byte's kind: upper-case ASCII letters put in
// lower case, lower-case ones and bytes outside ASCII as they are, every
// other byte left out.
func lettersHashByCase(h uint64, s string) uint64 {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'A' && c <= 'Z':
			c += 'a' - 'A'
		case c >= 'a' && c <= 'z', c >= utf8.RuneSelf:
		default:
			continue
		}
		h = (h ^ uint64(c)) * fnvPrime
	}
	return (h ^ 0xff) * fnvPrime
}

// TestLettersHash: the table-driven lettersHash is the rule's hash, for
// every byte value alone and among letters; names that differ only in
// case, digits and punctuation hash alike, others do not.
func TestLettersHash(t *testing.T) {
	for c := range 256 {
		for _, s := range []string{string(rune(0)) + string(byte(c)), "Route " + string(byte(c)) + " 7", string(byte(c))} {
			if got, want := lettersHash(fnvOffset, s), lettersHashByCase(fnvOffset, s); got != want {
				t.Fatalf("byte %#x in %q: %#x, want %#x", c, s, got, want)
			}
		}
	}
	same := []string{"Route 1", "route-2", "ROUTE (3)", "Ro_ute"}
	for _, s := range same[1:] {
		if lettersHash(fnvOffset, s) != lettersHash(fnvOffset, same[0]) {
			t.Errorf("%q and %q hash apart", s, same[0])
		}
	}
	for _, s := range []string{"Router 1", "Rout 1", "Routé 1", ""} {
		if lettersHash(fnvOffset, s) == lettersHash(fnvOffset, same[0]) {
			t.Errorf("%q and %q hash alike", s, same[0])
		}
	}
}

// FuzzLettersHash: lettersHash agrees with the rule's hash on any text.
func FuzzLettersHash(f *testing.F) {
	for _, s := range []string{"Route 1", "Ünïcode Ñame", "\x00\xff\x80A-z"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := lettersHash(fnvOffset, s), lettersHashByCase(fnvOffset, s); got != want {
			t.Fatalf("%q: %#x, want %#x", s, got, want)
		}
	})
}
