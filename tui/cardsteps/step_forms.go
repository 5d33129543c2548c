package cardsteps

import (
	"github.com/oncard/oncard/tui/editor"
	"github.com/oncard/oncard/tui/widgets"
)

// newAgentStep edits who the agent is: name, description, version, provider
// and links.
func newAgentStep(sp StepSpec) Step {
	return &FormStep{
		name: sp.Title,
		members: editor.MemberSet{
			// Other members of provider are kept, not edited.
			Containers: []string{"/provider"},
			Trees:      specMembers(sp.Fields),
		},
		Build: func(s *editor.State) *widgets.Form {
			f := specForm(sp.Fields, "")
			// An empty provider object is worse than none.
			tidy := func(s *editor.State, _ string) { s.DeleteIfEmpty("/provider") }
			fieldFor(f, sp.Fields, "/provider/organization").(*widgets.TextField).OnApply = tidy
			fieldFor(f, sp.Fields, "/provider/url").(*widgets.TextField).OnApply = tidy
			return f
		},
	}
}

// newCapabilitiesStep edits capabilities and the default modes.
func newCapabilitiesStep(sp StepSpec) Step {
	return &FormStep{
		name: sp.Title,
		members: editor.MemberSet{
			// The extensions under /capabilities belong to their own
			// steps; other members of capabilities are kept.
			Containers: []string{"/capabilities"},
			Trees:      specMembers(sp.Fields),
		},
		Build: func(s *editor.State) *widgets.Form { return specForm(sp.Fields, "") },
	}
}

// specForm is the form of specs over the item at item ("" for the card's
// own members).
func specForm(specs []FieldSpec, item string) *widgets.Form {
	fields := make([]widgets.Field, len(specs))
	for i, sp := range specs {
		fields[i] = sp.Build(item)
	}
	return widgets.NewForm(fields...)
}

// specMembers are the members specs edit (relative to their item).
func specMembers(specs []FieldSpec) []string {
	out := make([]string, len(specs))
	for i, sp := range specs {
		out[i] = sp.Member
	}
	return out
}
