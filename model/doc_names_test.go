package model

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// TestLargeObjectDuplicates: the duplicate check of large objects (the
// name table) finds the first repeated name that a map of the names finds,
// at the same place, over objects of 16 to 5,000 members with names that
// share their first and last bytes, escaped names, the empty name, and
// nested objects between the members or none (a packed object, whose names
// are read from where they start: doc_packed_members.go); and accepts
// every object without one.
func TestLargeObjectDuplicates(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for round := range 300 {
		n := 16 + rng.IntN(60)
		if round%10 == 0 {
			n = 1000 + rng.IntN(4000)
		}
		names := make([]string, n)
		for i := range names {
			names[i] = "k" + strconv.Itoa(i) + "z" // the same first and last byte
		}
		if round%3 == 0 {
			names[rng.IntN(n)] = ""
		}
		dupAt := -1
		if round%2 == 0 {
			dupAt = 1 + rng.IntN(n-1)
			names[dupAt] = names[rng.IntN(dupAt)]
		}
		var b strings.Builder
		b.WriteString("{")
		written := map[string]int{}
		wantAt := -1
		for i, name := range names {
			if i > 0 {
				b.WriteString(",")
			}
			key := strconv.Quote(name)
			if rng.IntN(7) == 0 && name != "" { // the same name, escaped
				key = `"\u00` + fmt.Sprintf("%02x", name[0]) + name[1:] + `"`
			}
			if _, seen := written[name]; seen && wantAt < 0 {
				wantAt = b.Len()
			}
			written[name] = i
			b.WriteString(key + ":")
			if round%3 != 1 && rng.IntN(9) == 0 { // a third of the objects all scalars: packed
				b.WriteString(`{"a":1,"b":[1,{"a":2}]}`)
			} else {
				b.WriteString(strconv.Itoa(i))
			}
		}
		b.WriteString("}")
		src := b.String()
		_, err := Parse([]byte(src))
		var pe *ParseError
		switch {
		case wantAt < 0 && err != nil:
			t.Fatalf("round %d (%d members, none repeated): %v", round, n, err)
		case wantAt >= 0 && (!errors.As(err, &pe) || pe.Code != "json/duplicate-key" || pe.Offset != wantAt):
			t.Fatalf("round %d (%d members, one repeated at byte %d): got %v", round, n, wantAt, err)
		}
	}
}
