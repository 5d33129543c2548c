package validate

import (
	"slices"
	"testing"

	"github.com/oncard/oncard/model"
)

// SecuredSkillMembers is the rule onrequest/secured-skill reports, and
// what the editor asks: an empty list or null requires nothing.
func TestSecuredSkillMembers(t *testing.T) {
	for _, c := range []struct {
		skill string
		want  []string
	}{
		{`{"id": "a"}`, nil},
		{`{"id": "a", "securityRequirements": []}`, nil},
		{`{"id": "a", "securityRequirements": null, "security": []}`, nil},
		{`{"id": "a", "securityRequirements": [{"schemes": {"k": {"list": []}}}]}`, []string{"securityRequirements"}},
		{`{"id": "a", "security": [{"k": []}]}`, []string{"security"}},
		{`{"id": "a", "security": [{"k": []}], "securityRequirements": [{}]}`, []string{"securityRequirements", "security"}},
	} {
		doc, err := model.Parse([]byte(c.skill))
		if err != nil {
			t.Fatal(err)
		}
		if got := SecuredSkillMembers(doc.Root()); !slices.Equal(got, c.want) {
			t.Errorf("%s: %q, want %q", c.skill, got, c.want)
		}
	}
}
