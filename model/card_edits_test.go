package model

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func editCard(t *testing.T, src string) *Card {
	t.Helper()
	d, err := Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return NewCard(d)
}

func compact(t *testing.T, c *Card) string {
	t.Helper()
	var b bytes.Buffer
	if err := json.Compact(&b, c.Doc.Encode()); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

const twoSkills = `{"name": "A", "skills": [{"id": "one"}, {"id": "two"}]}`

func TestAddOnRequestSkillDeclaresTheExtensionOnce(t *testing.T) {
	c := editCard(t, twoSkills)
	j, err := c.AddOnRequestSkill("one", "https://a.example/desk")
	if err != nil || j != 0 {
		t.Fatalf("first entry: %d %v", j, err)
	}
	if j, err = c.AddOnRequestSkill("two", "tel:+15550100"); err != nil || j != 1 {
		t.Fatalf("second entry: %d %v", j, err)
	}
	// Listing a skill again keeps its entry as it is.
	if j, err = c.AddOnRequestSkill("one", "https://other.example"); err != nil || j != 0 {
		t.Fatalf("again: %d %v", j, err)
	}
	got := compact(t, c)
	if n := strings.Count(got, OnRequestURI); n != 1 {
		t.Fatalf("%d declarations:\n%s", n, got)
	}
	want := `"params":{"skills":[{"id":"one","personEntry":"https://a.example/desk"},{"id":"two","personEntry":"tel:+15550100"}]}`
	// "required": false is the proto default of a plain bool: not written.
	if !strings.Contains(got, want) || !strings.Contains(got, `"description":"`+OnRequestDescription+`","params"`) {
		t.Fatalf("card:\n%s", got)
	}
}

func TestRemoveOnRequestSkillDropsTheExtensionWithItsLastEntry(t *testing.T) {
	c := editCard(t, twoSkills)
	must(t, firstErr(c.AddOnRequestSkill("one", "https://a.example")))
	must(t, firstErr(c.AddOnRequestSkill("two", "https://b.example")))
	must(t, c.RemoveOnRequestSkill("one"))
	if got := compact(t, c); strings.Contains(got, `"id":"one","personEntry"`) || !strings.Contains(got, OnRequestURI) {
		t.Fatalf("after removing one:\n%s", got)
	}
	must(t, c.RemoveOnRequestSkill("nobody")) // nothing listed: nothing to do
	must(t, c.RemoveOnRequestSkill("two"))
	if got := compact(t, c); strings.Contains(got, "extensions") {
		t.Fatalf("an empty extension list is left:\n%s", got)
	}
}

func TestRemoveOnRequestSkillKeepsOtherExtensions(t *testing.T) {
	c := editCard(t, `{"skills": [{"id": "one"}], "capabilities": {"extensions": [{"uri": "https://x.example/ext"}]}}`)
	must(t, firstErr(c.AddOnRequestSkill("one", "https://a.example")))
	must(t, c.RemoveOnRequestSkill("one"))
	if got := compact(t, c); got != `{"skills":[{"id":"one"}],"capabilities":{"extensions":[{"uri":"https://x.example/ext"}]}}` {
		t.Fatalf("card:\n%s", got)
	}
}

func TestRenameOnRequestSkill(t *testing.T) {
	c := editCard(t, twoSkills)
	must(t, firstErr(c.AddOnRequestSkill("one", "https://a.example")))
	must(t, c.RenameOnRequestSkill("one", "uno"))
	must(t, c.RenameOnRequestSkill("two", "dos")) // not listed: nothing
	if got := compact(t, c); !strings.Contains(got, `{"id":"uno","personEntry":"https://a.example"}`) || strings.Contains(got, `"dos"`) {
		t.Fatalf("card:\n%s", got)
	}
}

func TestSetDiscoveryWritesUpdatesAndRemoves(t *testing.T) {
	c := editCard(t, `{"name": "A"}`)
	uri := "https://schema.oasf.outshift.com/1.1.0/objects/discovery"
	skills := ClassRefs([]ClassRef{{Name: "a/b", ID: 101}})
	must(t, c.SetDiscovery(uri, "1.1.0", skills, nil))
	got := compact(t, c)
	want := `"extensions":[{"uri":"` + uri + `","description":"` + DiscoveryDescription + `","params":{"schema_version":"1.1.0","skills":[{"name":"a/b","id":101}]}}]`
	if !strings.Contains(got, want) {
		t.Fatalf("declared:\n%s\nwant %s", got, want)
	}
	// A reference the taxonomy does not know is written as it was found.
	odd := []any{ClassRef{ID: 7}, "kept as is"}
	uri2 := "https://schema.oasf.outshift.com/1.0.0/objects/discovery"
	must(t, c.SetDiscovery(uri2, "1.0.0", skills, odd))
	got = compact(t, c)
	if !strings.Contains(got, `"uri":"`+uri2+`"`) || !strings.Contains(got, `"schema_version":"1.0.0"`) || !strings.Contains(got, `"domains":[{"id":7},"kept as is"]`) {
		t.Fatalf("updated:\n%s", got)
	}
	must(t, c.SetDiscovery(uri2, "1.0.0", skills, nil))
	if got = compact(t, c); strings.Contains(got, `"domains":`) {
		t.Fatalf("no domains left, member kept:\n%s", got)
	}
	must(t, c.SetDiscovery(uri2, "1.0.0", nil, nil))
	if got = compact(t, c); got != `{"name":"A","capabilities":{}}` && got != `{"name":"A"}` {
		t.Fatalf("removed:\n%s", got)
	}
}

func firstErr(_ int, err error) error { return err }
