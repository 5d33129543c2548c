package cardedit

import (
	"fmt"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/component"
)

// newInterfacesStep edits supportedInterfaces (the first is preferred).
func NewInterfacesStep() Step {
	const arr = "/supportedInterfaces"
	return &ListStep{
		name:     "Interfaces",
		arrayPtr: arr,
		noun:     "interface",
		// The first interface is the preferred one (A2A-AGENT-CARD.md).
		firstPreferred: true,
		fields:         []string{"url", "protocolBinding", "protocolVersion", "tenant"},
		row: func(s *component.Session, i int) string {
			p := component.Item(arr, i)
			url := s.Text(p + "/url")
			if url == "" {
				url = "(no url)"
			}
			return fmt.Sprintf("%s  %s %s", url, s.Text(p+"/protocolBinding"), s.Text(p+"/protocolVersion"))
		},
		newItem: func(*component.Session) any {
			return component.Object("url", "", "protocolBinding", "JSONRPC", "protocolVersion", "1.0")
		},
		whenEmpty: v03Interfaces,
		ItemForm: func(s *component.Session, i int) *component.Form {
			p := component.Item(arr, i)
			url := component.NewTextField("URL", p+"/url", component.TextRequired, "https://agent.example.com/a2a")
			url.Hint = "absolute; https in production; gRPC may be host:port"
			binding := component.NewChoiceField("Protocol binding", p+"/protocolBinding",
				[]string{"JSONRPC", "GRPC", "HTTP+JSON", "custom URI"},
				[]any{"JSONRPC", "GRPC", "HTTP+JSON", nil})
			binding.Custom = component.NewTextField("Custom binding", p+"/protocolBinding", component.TextRequired, "https://example.com/bindings/x")
			ver := component.NewTextField("Protocol version", p+"/protocolVersion", component.TextRequired, "1.0")
			ver.DefaultValue = "1.0"
			ver.Hint = `"Major.Minor", no patch number`
			tenant := component.NewTextField("Tenant", p+"/tenant", component.TextString, "(optional)")
			return component.NewForm(url, binding, ver, tenant)
		},
	}
}

// newSkillsStep edits skills; the id follows the name (as a unique slug)
// until the user edits it.
func NewSkillsStep() Step {
	const arr = "/skills"
	st := &ListStep{
		name:     "Skills",
		arrayPtr: arr,
		noun:     "skill",
		fields:   []string{"name", "id", "description", "tags", "examples", "inputModes", "outputModes"},
		row: func(s *component.Session, i int) string {
			p := component.Item(arr, i)
			name := s.Text(p + "/name")
			if name == "" {
				name = "(unnamed)"
			}
			return fmt.Sprintf("%s  [%s]", name, s.Text(p+"/id"))
		},
		newItem: func(s *component.Session) any {
			return component.Object("id", "", "name", "", "description", "", "tags", []string{})
		},
		onRemove: func(s *component.Session, i int) {
			removeOnRequestSkill(s, s.Text(component.Item(arr, i)+"/id"))
		},
	}
	st.ItemForm = func(s *component.Session, i int) *component.Form { return skillForm(s, arr, i) }
	return st
}

func skillForm(s *component.Session, arr string, i int) *component.Form {
	p := component.Item(arr, i)
	name := component.NewTextField("Name", p+"/name", component.TextRequired, "Track an order")
	id := component.NewTextField("Id", p+"/id", component.TextRequired, "track-order")
	id.Hint = "suggested from the name; unique in the card"
	// The id follows the name while it is empty or still the suggestion.
	others := func(s *component.Session) map[string]bool {
		used := map[string]bool{}
		for j := 0; j < s.ArrayLen(arr); j++ {
			if j != i {
				used[s.Text(component.Item(arr, j)+"/id")] = true
			}
		}
		return used
	}
	auto := func(s *component.Session) bool {
		cur := s.Text(p + "/id")
		return cur == "" || cur == uniqueSlug(slugify(s.Text(p+"/name")), others(s))
	}
	wasAuto := auto(s)
	prevID := s.Text(p + "/id")
	name.OnApply = func(s *component.Session, v string) {
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
	id.OnApply = func(s *component.Session, v string) {
		wasAuto = auto(s)
		if v == "" {
			return // an id being retyped: keep references until it has a value
		}
		renameOnRequestSkill(s, prevID, v)
		prevID = v
	}
	desc := component.NewTextField("Description", p+"/description", component.TextRequired, "What the skill does")
	tags := component.NewTextField("Tags", p+"/tags", component.TextList, "orders, tracking")
	tags.Hint = "comma separated; at least one"
	examples := component.NewTextField("Examples", p+"/examples", component.TextList, "Where is my order 1234? | Track my parcel")
	examples.Sep = "|"
	examples.Hint = "separated by |"
	in := component.NewModesField("Input modes", p+"/inputModes", true)
	in.Hint = "overrides the card's defaults"
	out := component.NewModesField("Output modes", p+"/outputModes", true)
	out.Hint = in.Hint
	return component.NewForm(name, id, desc, tags, examples, in, out)
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
