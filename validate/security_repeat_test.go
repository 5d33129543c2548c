package validate

import (
	"math/rand/v2"
	"testing"
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
