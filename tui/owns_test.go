package tui

import (
	"fmt"
	"os"
	"slices"
	"testing"

	"github.com/oncard/oncard/model/oasf"
	"github.com/oncard/oncard/tui/cardedit"
	"github.com/oncard/oncard/tui/component"
)

// keptCard has members no screen edits at every level.
var keptCard = fmt.Sprintf(`{
  "name": "Kept Agent",
  "description": "Has unknown members everywhere.",
  "x-root": 1,
  "provider": {"organization": "Example", "url": "https://example.com", "x-provider": true},
  "supportedInterfaces": [
    {"url": "https://a.example/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0", "x-iface": "k"}
  ],
  "version": "1.0.0",
  "capabilities": {
    "streaming": true,
    "x-caps": {"deep": [1, 2]},
    "extensions": [
      {
        "uri": "https://agent-capability.org/ext/on-request/v1",
        "required": false,
        "x-ext": 1,
        "params": {
          "skills": [{"id": "faq", "personEntry": "https://a.example/help", "x-entry": 2}],
          "x-params": "p"
        }
      },
      {
        "uri": "%s",
        "params": {"schema_version": "%s", "skills": [{"name": "x", "id": 1}], "x-oasf": 3}
      }
    ]
  },
  "defaultInputModes": ["text/plain"],
  "defaultOutputModes": ["text/plain"],
  "skills": [
    {"id": "faq", "name": "FAQ", "description": "Answers.", "tags": ["faq"], "x-skill": {"a": 1}}
  ]
}
`, component.DiscoveryURI(cardedit.DefaultSchemaServer, oasf.DefaultVersion), oasf.DefaultVersion)

// TestEditKeptAsIsListsUnknownMembersAtEveryLevel: a member no field edits
// is listed wherever it is, even inside an item a screen edits.
func TestEditKeptAsIsListsUnknownMembersAtEveryLevel(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.WriteFile("card.json", []byte(keptCard), 0o644); err != nil {
		t.Fatal(err)
	}
	d := openEditPath(t, "card.json")
	got := d.m.keptAsIs()
	want := []string{
		"/x-root",
		"/provider/x-provider",
		"/supportedInterfaces/0/x-iface",
		"/capabilities/x-caps",
		"/capabilities/extensions/0/x-ext",
		"/capabilities/extensions/0/params/skills/0/x-entry",
		"/capabilities/extensions/0/params/x-params",
		"/capabilities/extensions/1/params/x-oasf",
		"/skills/0/x-skill",
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("kept as is:\n got %q\nwant %q", got, want)
	}
	d.Send(teaSize(240, 50))
	d.Press("ctrl+s").MustContain("Kept as is", "/skills/0/x-skill", "/capabilities/extensions/1/params/x-oasf")
}

// TestStepsOwnWhatTheirFieldsEdit keeps the steps' member lists in step
// with their forms: every field's pointer is owned by its step (or a
// diagnostic there would not jump to it, and it would be listed as kept).
func TestStepsOwnWhatTheirFieldsEdit(t *testing.T) {
	d := newDriverJSON(t, keptCard)
	s := d.m.s
	for _, st := range d.m.steps {
		var fields []component.Field
		switch st := st.(type) {
		case *cardedit.FormStep:
			fields = st.Build(s).Fields
		case *cardedit.ListStep:
			fields = st.ItemForm(s, 0).Fields
		case *cardedit.OnRequestStep:
			fields = st.EntryForm(s, component.Item(cardedit.OnRequestSkillsPtr(s), 0)).Fields
		}
		for _, f := range fields {
			if p := f.Pointer(); p != "" && !st.Owns(p, s) {
				t.Errorf("%s: the field %q edits %s, which the step does not own", st.Title(), f.Label(), p)
			}
		}
	}
	// And nothing outside them: an unknown member is owned by no step.
	for _, st := range d.m.steps {
		for _, p := range []string{"/x-root", "/skills/0/x-skill", "/provider/x-provider", "/capabilities/extensions/0/params/x-params"} {
			if st.Owns(p, s) {
				t.Errorf("%s owns the unknown member %s", st.Title(), p)
			}
		}
	}
}

// A diagnostic on a member no field edits opens the screen of the item
// that holds it.
func TestJumpToUnownedMemberOpensItsItem(t *testing.T) {
	d := newDriverJSON(t, keptCard)
	d.m.jumpTo("/skills/0/x-skill")
	if d.m.cur != stepSkills || !d.m.steps[stepSkills].(*cardedit.ListStep).Editing {
		t.Fatalf("on step %d (editing %v), want the first skill open", d.m.cur, d.m.steps[stepSkills].(*cardedit.ListStep).Editing)
	}
	if d.m.s.Focus != "/skills/0/x-skill" {
		t.Fatalf("focus %q", d.m.s.Focus)
	}
	d.m.jumpTo("/x-root")
	if d.m.s.Focus != "/x-root" || d.m.Status == "" {
		t.Fatalf("a root member: focus %q, status %q", d.m.s.Focus, d.m.Status)
	}
}
