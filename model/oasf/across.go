package oasf

// VersionedClass is what a reference means in one schema_version.
type VersionedClass struct {
	Version string
	Class   *Class
}

// Across returns what id means in every known version (oldest first),
// skipping versions where it is unknown: "60101 is …/indexing in 1.0.0 but
// …/text_to_code in 1.1.0".
func Across(k Kind, id int) []VersionedClass {
	var out []VersionedClass
	versions := Versions()
	Preload(versions...) // synced versions load in parallel, not one by one
	for _, v := range versions {
		if t := Get(v); t != nil {
			if c := t.Tree(k).ByID(id); c != nil {
				out = append(out, VersionedClass{v, c})
			}
		}
	}
	return out
}

// AcrossName returns the class a name denotes in every known version:
// the class with that full name, else the one whose last segment matches
// (how the schema server resolves names). Versions where neither exists are
// skipped.
func AcrossName(k Kind, name string) []VersionedClass {
	var out []VersionedClass
	versions := Versions()
	Preload(versions...)
	for _, v := range versions {
		t := Get(v)
		if t == nil {
			continue
		}
		tree := t.Tree(k)
		if c := tree.ByName(name); c != nil {
			out = append(out, VersionedClass{v, c})
			continue
		}
		if cs := tree.ByLeaf(Leaf(name)); len(cs) > 0 {
			out = append(out, VersionedClass{v, cs[0]})
		}
	}
	return out
}
