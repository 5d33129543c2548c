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

// Counterpart finds in t the class that c, a class of the same kind in
// another schema_version, stands for, or nil when t has none:
//   - the class with the same full name (its id may differ);
//   - else the class with the same id, but only when it is still the same
//     class (same last segment or caption): ids are reused for other classes
//     between versions (10302 is question_answering in 1.0.0 and
//     summarization in 1.1.0), so an id alone never carries a reference over;
//   - else the class with the same last segment, the way the schema server
//     resolves a name (1.0.0's natural_language_processing/
//     natural_language_generation/text_completion is 1.1.0's
//     language_processing/language_generation/text_completion).
func (t *Tree) Counterpart(c *Class) *Class {
	if t == nil || c == nil {
		return nil
	}
	if n := t.ByName(c.Name); n != nil {
		return n
	}
	leaf := Leaf(c.Name)
	if n := t.ByID(c.ID); n != nil && (Leaf(n.Name) == leaf || n.Caption == c.Caption) {
		return n
	}
	if cs := t.ByLeaf(leaf); len(cs) > 0 {
		return cs[0]
	}
	return nil
}

// Resolve finds the class a reference {"name": name, "id": id} denotes in t
// (hasID and hasName say which halves the reference has). A name is a full
// name or, as the schema server resolves it, a last segment. When the
// reference has both halves they must denote the same class; otherwise (or
// when a half is unknown) Resolve returns nil: such a reference means
// nothing certain in t.
func (t *Tree) Resolve(id int, hasID bool, name string, hasName bool) *Class {
	if t == nil || !hasID && !hasName {
		return nil
	}
	var byID, byName *Class
	if hasID {
		if byID = t.ByID(id); byID == nil {
			return nil
		}
	}
	if hasName {
		if byName = t.ByName(name); byName == nil {
			if cs := t.ByLeaf(Leaf(name)); len(cs) > 0 {
				byName = cs[0]
			}
		}
		if byName == nil {
			return nil
		}
	}
	switch {
	case byID == nil:
		return byName
	case byName == nil || byName == byID:
		return byID
	}
	return nil
}
