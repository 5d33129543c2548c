package model

import (
	"fmt"
	"strconv"
)

// Edits of a card that span several members: what both editors (the
// full-screen one and the accessible one) do when a skill is chosen as On
// Request or OASF classes are picked, written once here so that the two
// faces cannot disagree on the JSON they produce.

// OnRequestDescription is the description of an On Request extension that
// oncard declares.
const OnRequestDescription = "Skills that a person handles on request"

// DiscoveryDescription is the description of an OASF discovery extension
// that oncard declares.
const DiscoveryDescription = "OASF skills and domains"

// AddOnRequestSkill lists skill id as handled on request, reached at
// personEntry, declaring the On Request extension first when the card has
// none. It returns the entry's index: the existing one when id is listed
// already (its entry is left as it is).
func (c *Card) AddOnRequestSkill(id, personEntry string) (int, error) {
	params, declared := c.OnRequest()
	if !declared {
		if _, err := c.AddExtension(OnRequestURI, OnRequestDescription, TriFalse, []byte(`{"skills":[]}`)); err != nil {
			return -1, err
		}
		params, _ = c.OnRequest()
	}
	if j := params.EntryIndex(id); j >= 0 {
		return j, nil
	}
	if c.Doc.Find(params.skillsPtr()) == nil {
		if err := setDeep(c.Doc, params.skillsPtr(), []byte("[]")); err != nil {
			return -1, err
		}
	}
	return params.AddEntry(OnRequestEntry{ID: id, PersonEntry: personEntry})
}

// RemoveOnRequestSkill drops the entry of skill id (nothing when it has
// none). With its last entry the extension goes too, and with the last
// extension the extensions member: an empty list says nothing.
func (c *Card) RemoveOnRequestSkill(id string) error {
	params, declared := c.OnRequest()
	if !declared {
		return nil
	}
	j := params.EntryIndex(id)
	if j < 0 {
		return nil
	}
	if err := params.DeleteEntry(j); err != nil {
		return err
	}
	if c.Doc.Find(params.skillsPtr()).Len() > 0 {
		return nil
	}
	return c.deleteExtensionAndEmptyList(c.OnRequestIndex())
}

// RenameOnRequestSkill keeps the entry of a skill whose id changed from
// old to next (nothing when old has no entry).
func (c *Card) RenameOnRequestSkill(old, next string) error {
	if old == "" || old == next {
		return nil
	}
	params, declared := c.OnRequest()
	if !declared {
		return nil
	}
	if j := params.EntryIndex(old); j >= 0 {
		return c.Doc.SetValue(params.EntryPtr(j)+"/id", next)
	}
	return nil
}

// SetDiscovery writes the card's OASF discovery extension: declared with
// uri when the card has none, its uri and schema_version brought up to
// date when it has one, its skills and domains replaced by the references
// given. Each reference is written as given: a ClassRef, or a reference
// kept as it was found (one the taxonomy does not know). Domains are left
// out when there are none; with neither skills nor domains the extension
// goes (and the extensions member with its last extension).
func (c *Card) SetDiscovery(uri, version string, skills, domains []any) error {
	i := c.DiscoveryIndex()
	if len(skills) == 0 && len(domains) == 0 {
		if i < 0 {
			return nil
		}
		return c.deleteExtensionAndEmptyList(i)
	}
	if skills == nil {
		skills = []any{}
	}
	if i < 0 {
		params := []byte(`{"schema_version":` + strconv.Quote(version) + `}`)
		var err error
		if i, err = c.AddExtension(uri, DiscoveryDescription, TriUnset, params); err != nil {
			return err
		}
	}
	ptr := ExtensionPtr(i)
	if c.Doc.Find(ptr+"/uri").Text() != uri {
		if err := setValueDeep(c.Doc, ptr+"/uri", uri); err != nil {
			return err
		}
	}
	if c.Doc.Find(ptr+"/params/schema_version").Text() != version {
		if err := setValueDeep(c.Doc, ptr+"/params/schema_version", version); err != nil {
			return err
		}
	}
	if err := setValueDeep(c.Doc, ptr+"/params/skills", skills); err != nil {
		return err
	}
	if len(domains) == 0 {
		return deleteIfPresent(c.Doc, ptr+"/params/domains")
	}
	return setValueDeep(c.Doc, ptr+"/params/domains", domains)
}

// deleteExtensionAndEmptyList removes extension i, and the extensions
// member when it was the last.
func (c *Card) deleteExtensionAndEmptyList(i int) error {
	if i < 0 {
		return fmt.Errorf("%s: no such extension", ExtensionPtr(i))
	}
	if err := c.DeleteExtension(i); err != nil {
		return err
	}
	if c.Doc.Find("/capabilities/extensions").Len() == 0 {
		return deleteIfPresent(c.Doc, "/capabilities/extensions")
	}
	return nil
}

// ClassRefs turns references into the values SetDiscovery writes.
func ClassRefs(refs []ClassRef) []any {
	out := make([]any, len(refs))
	for i, r := range refs {
		out[i] = r
	}
	return out
}
