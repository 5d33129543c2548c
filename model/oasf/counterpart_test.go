package oasf

import "testing"

// Counterpart over the released taxonomies: a reference survives a version
// switch only as the same class, never as another class that happens to
// have its id.
func TestCounterpartAcrossReleasedVersions(t *testing.T) {
	v10, v11 := Get("1.0.0"), Get("1.1.0")
	if v10 == nil || v11 == nil {
		t.Skip("the embedded taxonomies 1.0.0 and 1.1.0 are needed")
	}
	for _, tc := range []struct {
		from, to *Taxonomy
		kind     Kind
		id       int
		want     string // "" : no counterpart
		wantID   int
	}{
		// Same id, same last segment, parent renamed.
		{v10, v11, Skills, 10101, "language_processing/language_understanding/contextual_comprehension", 10101},
		// Id reused: 10302 is summarization in 1.1.0 but question_answering
		// in 1.0.0, where summarization is 10202 (found by its last segment).
		{v11, v10, Skills, 10302, "natural_language_processing/natural_language_generation/summarization", 10202},
		// Same last segment, new id and parents.
		{v10, v11, Skills, 10201, "language_processing/language_generation/text_completion", 10301},
		// 1.1.0 only.
		{v11, v10, Skills, 60602, "", 0},
		// Domains are the same class in both.
		{v11, v10, Domains, 10305, "technology/networking/network_security", 10305},
	} {
		c := tc.from.Tree(tc.kind).ByID(tc.id)
		if c == nil {
			t.Fatalf("%s %s has no %d", tc.from.Version, tc.kind, tc.id)
		}
		got := tc.to.Tree(tc.kind).Counterpart(c)
		switch {
		case tc.want == "" && got != nil:
			t.Errorf("%s %d (%s) in %s: got %d %s, want none", tc.kind, tc.id, c.Name, tc.to.Version, got.ID, got.Name)
		case tc.want != "" && (got == nil || got.Name != tc.want || got.ID != tc.wantID):
			t.Errorf("%s %d (%s) in %s: got %+v, want %d %s", tc.kind, tc.id, c.Name, tc.to.Version, got, tc.wantID, tc.want)
		}
	}
	// No class ever maps to a class with another last segment and caption
	// (that would be an id reused for something else).
	for _, pair := range [][2]*Taxonomy{{v10, v11}, {v11, v10}} {
		for _, k := range []Kind{Skills, Domains} {
			for _, c := range pair[0].Tree(k).All() {
				n := pair[1].Tree(k).Counterpart(c)
				if n != nil && n.Name != c.Name && Leaf(n.Name) != Leaf(c.Name) && n.Caption != c.Caption {
					t.Errorf("%s %s → %s: a different class", k, c.Name, n.Name)
				}
			}
		}
	}
}

func TestResolveNeedsBothHalvesToAgree(t *testing.T) {
	tree := Get("1.1.0").Skills
	eh := tree.ByID(60602)
	for _, tc := range []struct {
		id      int
		hasID   bool
		name    string
		hasName bool
		want    *Class
	}{
		{60602, true, "software_engineering/code_debugging/error_handling", true, eh},
		{60602, true, "error_handling", true, eh}, // a last segment, as the server resolves it
		{60602, true, "", false, eh},
		{0, false, "error_handling", true, eh},
		{10302, true, "software_engineering/code_debugging/error_handling", true, nil}, // two classes
		{999999, true, "", false, nil},
		{0, false, "no_such_skill", true, nil},
		{0, false, "", false, nil},
	} {
		if got := tree.Resolve(tc.id, tc.hasID, tc.name, tc.hasName); got != tc.want {
			t.Errorf("Resolve(%d, %v, %q, %v) = %+v, want %+v", tc.id, tc.hasID, tc.name, tc.hasName, got, tc.want)
		}
	}
}
