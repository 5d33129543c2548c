package model

import "testing"

// TestGetFindsWhatMembersHold: Get finds each member by its decoded key,
// whether the key is written plain, with escapes, or was added by an edit,
// and finds nothing for a name no member has; the first of two equal
// decoded keys cannot happen (the parser refuses duplicates).
func TestGetFindsWhatMembersHold(t *testing.T) {
	d, err := Parse([]byte(`{"a": 1, "\u0062": 2, "": 3, "d\"q": 4, "é": 5, "\u00e9x": 6, "ab": 7}`))
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Set("/new", []byte(`8`)); err != nil {
		t.Fatal(err)
	}
	root := d.Root()
	for _, m := range root.Members() {
		if got := root.Get(m.Key()); got != m.Value {
			t.Errorf("Get(%q) is not the member's value", m.Key())
		}
	}
	if root.Len() != 8 {
		t.Fatalf("%d members, want 8", root.Len())
	}
	for _, absent := range []string{"c", "B", "b ", "d", "éx ", "A", "abc", "\\u0062", "ne"} {
		if got := root.Get(absent); got != nil {
			t.Errorf("Get(%q) found %s", absent, got.Raw())
		}
	}
}
