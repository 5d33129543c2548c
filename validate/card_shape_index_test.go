package validate

import (
	"strings"
	"testing"
)

// TestMemberIndexFindsWhatPropsHold: the index of every shape the card's
// walk reaches finds each known member's shape and required bit, as a
// lookup in props and required would, and no other name.
func TestMemberIndexFindsWhatPropsHold(t *testing.T) {
	shapes := reachableShapes(cardShapeRoots...)
	if len(shapes) < 20 {
		t.Fatalf("reached %d shapes, expected the card's dozens", len(shapes))
	}
	for _, s := range shapes {
		x := s.index()
		if s.members == nil {
			t.Errorf("shape %q has no index made at init", s.name)
		}
		for name, want := range s.props {
			got, bit := x.lookup(name)
			if got != want {
				t.Errorf("shape %q: lookup(%q) is not its props entry", s.name, name)
			}
			var wantBit uint64
			for i, req := range s.required {
				if req == name {
					wantBit = 1 << i
				}
			}
			if bit != wantBit {
				t.Errorf("shape %q: lookup(%q) bit %b, want %b", s.name, name, bit, wantBit)
			}
			for _, other := range []string{name + "x", "x" + name, strings.ToUpper(name), name[:len(name)-1], ""} {
				if _, known := s.props[other]; known {
					continue
				}
				if got, bit := x.lookup(other); got != nil || bit != 0 {
					t.Errorf("shape %q: lookup(%q) found a member it does not have", s.name, other)
				}
			}
		}
	}
}
