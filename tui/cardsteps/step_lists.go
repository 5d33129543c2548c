package cardsteps

import (
	"fmt"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/editor"
	"github.com/oncard/oncard/tui/widgets"
)

// newInterfacesStep edits supportedInterfaces (the first is preferred).
func newInterfacesStep(sp StepSpec) Step {
	arr := sp.List
	return &ListStep{
		name:     sp.Title,
		arrayPtr: arr,
		noun:     sp.Noun,
		// The first interface is the preferred one (A2A-AGENT-CARD.md).
		firstPreferred: true,
		fields:         itemMembers(sp.Fields),
		row: func(s *editor.State, i int) string {
			p := editor.Item(arr, i)
			url := s.Text(p + "/url")
			if url == "" {
				url = "(no url)"
			}
			return fmt.Sprintf("%s  %s %s", url, s.Text(p+"/protocolBinding"), s.Text(p+"/protocolVersion"))
		},
		// The binding and version are read whole; a long URL is cut.
		tail: func(s *editor.State, i int) string {
			p := editor.Item(arr, i)
			return s.Text(p+"/protocolBinding") + " " + s.Text(p+"/protocolVersion")
		},
		newItem: func(*editor.State) any {
			return editor.Object("url", "", "protocolBinding", "JSONRPC", "protocolVersion", "1.0")
		},
		whenEmpty: v03Interfaces,
		ItemForm: func(s *editor.State, i int) *widgets.Form {
			return specForm(sp.Fields, editor.Item(arr, i))
		},
	}
}

// itemMembers are the names of the item members specs edit ("/url" is
// url).
func itemMembers(specs []FieldSpec) []string {
	out := specMembers(specs)
	for i, m := range out {
		out[i] = m[1:]
	}
	return out
}

// newSkillsStep edits skills; the id follows the name (as a unique slug)
// until the user edits it.
func newSkillsStep(sp StepSpec) Step {
	arr := sp.List
	st := &ListStep{
		name:     sp.Title,
		arrayPtr: arr,
		noun:     sp.Noun,
		fields:   itemMembers(sp.Fields),
		row: func(s *editor.State, i int) string {
			p := editor.Item(arr, i)
			name := s.Text(p + "/name")
			if name == "" {
				name = "(unnamed)"
			}
			return fmt.Sprintf("%s  [%s]", name, s.Text(p+"/id"))
		},
		newItem: func(s *editor.State) any {
			return editor.Object("id", "", "name", "", "description", "", "tags", []string{})
		},
		onRemove: func(s *editor.State, i int) {
			removeOnRequestSkill(s, s.Text(editor.Item(arr, i)+"/id"))
		},
	}
	st.ItemForm = func(s *editor.State, i int) *widgets.Form { return skillForm(s, sp, i) }
	return st
}

func skillForm(s *editor.State, sp StepSpec, i int) *widgets.Form {
	arr := sp.List
	p := editor.Item(arr, i)
	f := specForm(sp.Fields, p)
	name := fieldFor(f, sp.Fields, "/name").(*widgets.TextField)
	id := fieldFor(f, sp.Fields, "/id").(*widgets.TextField)
	// The id follows the name while it is empty or still the suggestion.
	others := func(s *editor.State) map[string]bool {
		used := map[string]bool{}
		for j := 0; j < s.ArrayLen(arr); j++ {
			if j != i {
				used[s.Text(editor.Item(arr, j)+"/id")] = true
			}
		}
		return used
	}
	auto := func(s *editor.State) bool {
		cur := s.Text(p + "/id")
		return cur == "" || cur == uniqueSlug(slugify(s.Text(p+"/name")), others(s))
	}
	wasAuto := auto(s)
	prevID := s.Text(p + "/id")
	// A skill with a name but no id (a card written elsewhere) is offered
	// the id its name gives.
	if prevID == "" && s.Text(p+"/name") != "" {
		id.Suggested = uniqueSlug(slugify(s.Text(p+"/name")), others(s))
		id.Input.Placeholder = "suggested: " + model.SafeText(id.Suggested) + " (enter takes it)"
	}
	name.OnApply = func(s *editor.State, v string) {
		if !wasAuto {
			return
		}
		next := uniqueSlug(slugify(v), others(s))
		if next != prevID {
			s.Note(s.SetValue(p+"/id", next))
			id.SetValue(next)
			renameOnRequestSkill(s, prevID, next)
			prevID = next
		}
	}
	id.OnApply = func(s *editor.State, v string) {
		wasAuto = auto(s)
		if v == "" {
			return // an id being retyped: keep references until it has a value
		}
		renameOnRequestSkill(s, prevID, v)
		prevID = v
	}
	return f
}

// slugify turns a skill name into an id (the model's rule).
func slugify(name string) string { return model.Slug(name) }

// uniqueSlug appends -2, -3 … until the id is not used.
func uniqueSlug(base string, used map[string]bool) string {
	if base == "" {
		return ""
	}
	if !used[base] {
		return base
	}
	for n := 2; ; n++ {
		if c := fmt.Sprintf("%s-%d", base, n); !used[c] {
			return c
		}
	}
}
