package tui

import (
	"strings"
	"testing"

	"github.com/oncard/oncard/model/oasf"
)

// The OASF step's traps, each driven key by key through the card editor.

// oasfCard is minimalCard declaring OASF at version with the given skill
// and domain references (JSON arrays).
func oasfCard(version, skills, domains string) string {
	return strings.Replace(minimalCard, `"capabilities": {}`, `"capabilities": {"extensions": [
	  {"uri": "https://schema.oasf.outshift.com/`+version+`/objects/discovery",
	   "params": {"schema_version": "`+version+`", "skills": `+skills+`, "domains": `+domains+`}}]}`, 1)
}

const (
	oasfParams         = "/capabilities/extensions/0/params"
	errorHandling      = `{"name": "software_engineering/code_debugging/error_handling", "id": 60602}`
	errorHandlingName  = "software_engineering/code_debugging/error_handling"
	networkSecurityRef = `{"name": "technology/networking/network_security", "id": 10305}`
)

func needBothTaxonomies(t *testing.T) {
	t.Helper()
	if oasf.Get("1.0.0") == nil || oasf.Get("1.1.0") == nil {
		t.Skip("the embedded taxonomies 1.0.0 and 1.1.0 are needed")
	}
}

// skillRefs counts the skill references that name the class name.
func (d *driver) skillRefs(name string) int {
	n := 0
	for i := range d.m.s.ArrayLen(oasfParams + "/skills") {
		if d.m.s.Doc.Find(oasfParams+"/skills").Index(i).Get("name").Text() == name {
			n++
		}
	}
	return n
}

// 1.1.0 → 1.0.0 → 1.1.0 used to leave error_handling (1.1.0 only) as a
// stale reference: unticked in the picker under "Chosen (0)", added a
// second time by enter. Now the switch says first that it drops the
// reference, and after the round trip the class is chosen once.
func TestOASFVersionRoundTripNeverDuplicates(t *testing.T) {
	needBothTaxonomies(t)
	d := newDriverJSON(t, oasfCard("1.1.0", "["+errorHandling+"]", "["+networkSecurityRef+"]"))
	orig := d.json()
	d.m.goTo(stepOASF)
	d.Press("right") // the version field has the focus: 1.0.0
	d.MustContain("OASF 1.1.0 → 1.0.0?", "dropped (1)", "#60602", "no such class", "kept (1)", "#10305")
	if d.json() != orig {
		t.Fatalf("the card changed before the switch was confirmed:\n%s", d.json())
	}
	d.Press("n")
	if d.json() != orig || d.m.s.Text(oasfParams+"/schema_version") != "1.1.0" {
		t.Fatalf("declining changed the card:\n%s", d.json())
	}
	d.MustContain("[1.1.0]")
	d.Press("right", "y")
	if v := d.m.s.Text(oasfParams + "/schema_version"); v != "1.0.0" {
		t.Fatalf("schema_version %q after the switch", v)
	}
	if n := d.skillRefs(errorHandlingName); n != 0 {
		t.Fatalf("the dropped skill is still referenced:\n%s", d.json())
	}
	d.Press("left") // back to 1.1.0: the domain is the same class, nothing to ask
	if v := d.m.s.Text(oasfParams + "/schema_version"); v != "1.1.0" {
		t.Fatalf("schema_version %q after switching back", v)
	}
	d.Press("tab", "tab", "enter").Typ("error handling")
	d.MustContain("Chosen (0)", "[ ] Error Handling")
	d.Press("enter")
	d.MustContain("Chosen (1)", "[x] Error Handling")
	if n := d.skillRefs(errorHandlingName); n != 1 {
		t.Fatalf("error_handling referenced %d times:\n%s", n, d.json())
	}
	d.Press("enter")
	if n := d.skillRefs(errorHandlingName); n != 0 {
		t.Fatalf("unticking left %d references:\n%s", n, d.json())
	}
}

// A reference the taxonomy does not know (here error_handling in a 1.0.0
// card) is listed under Chosen and removed there.
func TestOASFUnknownReferenceCanBeRemovedInThePicker(t *testing.T) {
	needBothTaxonomies(t)
	d := newDriverJSON(t, oasfCard("1.0.0", "["+errorHandling+"]", "["+networkSecurityRef+"]"))
	d.m.goTo(stepOASF)
	d.Press("tab", "tab", "enter") // skills picker
	d.MustContain("Chosen (1)", "not in 1.0.0", "60602")
	d.Press("tab") // the Chosen list
	d.MustContain("› Chosen (1)", "enter or d removes")
	d.Press("enter")
	if n := d.m.s.ArrayLen(oasfParams + "/skills"); n != 0 {
		t.Fatalf("%d skill references left:\n%s", n, d.json())
	}
	d.MustContain("Chosen (0)")
	if got := d.m.s.Text(oasfParams + "/domains/0/name"); got != "technology/networking/network_security" {
		t.Fatalf("the domain was touched:\n%s", d.json())
	}
}

// A reference whose id and name name different classes (id 10302 is
// summarization) is one the taxonomy cannot place: choosing the class its
// name gives puts that class in its place, never beside it.
func TestOASFChoosingAClassAlreadyReferencedByNameReplacesIt(t *testing.T) {
	needBothTaxonomies(t)
	d := newDriverJSON(t, oasfCard("1.1.0", `[{"name": "`+errorHandlingName+`", "id": 10302}]`, "[]"))
	d.m.goTo(stepOASF)
	d.Press("tab", "tab", "enter").Typ("error handling")
	d.MustContain("Chosen (1)", "[x] Error Handling")
	d.Press("enter")
	if n := d.m.s.ArrayLen(oasfParams + "/skills"); n != 1 {
		t.Fatalf("%d skill references, want 1:\n%s", n, d.json())
	}
	if id := string(d.m.s.Doc.Find(oasfParams + "/skills/0/id").Raw()); id != "60602" {
		t.Fatalf("id %s, want 60602:\n%s", id, d.json())
	}
	if n := d.skillRefs(errorHandlingName); n != 1 {
		t.Fatalf("error_handling referenced %d times:\n%s", n, d.json())
	}
}

// Space in the search box types a space, browsing or searching; it never
// ticks the class under the cursor.
func TestOASFPickerSpaceTypesASpace(t *testing.T) {
	d := newDriverJSON(t, minimalCard)
	d.m.goTo(stepOASF)
	d.Press("tab", "tab", "enter", "enter") // skills picker, first category opened: a class under the cursor
	d.Press("space")
	if d.m.s.Doc.Find("/capabilities/extensions") != nil {
		t.Fatalf("space chose a class:\n%s", d.json())
	}
	d.Typ("error handling")
	d.MustContain("search:  error handling", "[ ] Error Handling", "enter ticks/unticks")
	d.Press("enter")
	if n := d.skillRefs(errorHandlingName); n != 1 {
		t.Fatalf("enter did not tick error_handling:\n%s", d.json())
	}
}

// A search that finds no skill says so and offers the domains it finds and
// caption words close to it; enter on a word searches it, enter on a
// domain opens the domain picker on the same query.
func TestOASFSearchOffersDomainsAndWords(t *testing.T) {
	d := newDriverJSON(t, minimalCard)
	d.m.goTo(stepOASF)
	d.Press("tab", "tab", "enter").Typ("translate")
	d.MustContain("no skills match “translate” in 1.1.0", `search “translation” instead`)
	d.Press("enter")
	d.MustContain("[ ] Translation")
	d.Press("esc").Typ("travel")
	d.MustContain("no skills match “travel”", "domain: Travel Services")
	for i := 0; i < 10 && !strings.Contains(d.Screen(), "› domain: Travel Services"); i++ {
		d.Press("down")
	}
	d.Press("enter")
	d.MustContain("OASF domains (1.1.0)", "[ ] Travel Services")
	d.Press("enter")
	if got := d.m.s.Text(oasfParams + "/domains/0/name"); got != "hospitality_and_tourism/travel_services" {
		t.Fatalf("domain not chosen:\n%s", d.json())
	}
}
