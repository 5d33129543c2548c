package validate

import (
	"os"
	"path/filepath"
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

// TestNoMemberIndexMadeInTheWalk: checking every card fixture (scope
// lists in the map form and in the list form among them) makes no
// memberIndex after init: every shape the walk is handed is reached from
// cardShapeRoots, whose indexes init makes once.
func TestNoMemberIndexMadeInTheWalk(t *testing.T) {
	files, err := filepath.Glob("testdata/rules/*/*/*.json")
	if err != nil || len(files) < 50 {
		t.Fatalf("found %d rule fixtures (%v)", len(files), err)
	}
	before := lateIndexes.Load()
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		Check(data, "", nil)
	}
	// A security requirement's scopes in the map form: shapeStringList.
	Check([]byte(`{"securityRequirements":[{"schemes":{"oauth":{"list":["read"]}}}]}`), KindCard, nil)
	if n := lateIndexes.Load() - before; n != 0 {
		t.Errorf("%d memberIndexes made while checking the fixtures: a shape the walk is handed is missing from cardShapeRoots", n)
	}
}
