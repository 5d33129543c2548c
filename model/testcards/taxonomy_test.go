package testcards

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/oncard/oncard/internal/reference"
)

// TestRefsAreRealOASF checks every hardcoded reference against the OASF
// 1.1.0 taxonomy in ../shared/reference: the name and id must match a
// non-category entry.
func TestRefsAreRealOASF(t *testing.T) {
	data, err := os.ReadFile(reference.Dir(t, "oasf", "taxonomy-1.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	var tax struct {
		Skills, Domains []struct {
			Name     string
			ID       int
			Category bool
		}
	}
	if err := json.Unmarshal(data, &tax); err != nil {
		t.Fatal(err)
	}
	for _, set := range []struct {
		kind    string
		refs    []ref
		entries []struct {
			Name     string
			ID       int
			Category bool
		}
	}{{"skill", oasfSkillRefs, tax.Skills}, {"domain", oasfDomainRefs, tax.Domains}} {
		known := map[string]int{}
		for _, e := range set.entries {
			if !e.Category {
				known[e.Name] = e.ID
			}
		}
		for _, r := range set.refs {
			if id, ok := known[r.Name]; !ok || id != r.ID {
				t.Errorf("%s %s (%d) is not a non-category OASF 1.1.0 entry", set.kind, r.Name, r.ID)
			}
		}
	}
	if len(oasfSkillRefs) < 60 || len(oasfDomainRefs) < 25 {
		t.Errorf("%d skill and %d domain refs, want at least 60 and 25", len(oasfSkillRefs), len(oasfDomainRefs))
	}
}
