package tui

import (
	"fmt"

	"github.com/oncard/oncard/model"
)

// newInterfacesStep edits supportedInterfaces (the first is preferred).
func newInterfacesStep() step {
	const arr = "/supportedInterfaces"
	return &listStep{
		name:     "Interfaces",
		arrayPtr: arr,
		noun:     "interface",
		// The first interface is the preferred one (A2A-AGENT-CARD.md).
		firstPreferred: true,
		fields:         []string{"url", "protocolBinding", "protocolVersion", "tenant"},
		row: func(s *Session, i int) string {
			p := item(arr, i)
			url := s.text(p + "/url")
			if url == "" {
				url = "(no url)"
			}
			return fmt.Sprintf("%s  %s %s", url, s.text(p+"/protocolBinding"), s.text(p+"/protocolVersion"))
		},
		newItem: func(*Session) any {
			return object("url", "", "protocolBinding", "JSONRPC", "protocolVersion", "1.0")
		},
		itemForm: func(s *Session, i int) *form {
			p := item(arr, i)
			url := newTextField("URL", p+"/url", textRequired, "https://agent.example.com/a2a")
			url.hint = "absolute; https in production; gRPC may be host:port"
			binding := newChoiceField("Protocol binding", p+"/protocolBinding",
				[]string{"JSONRPC", "GRPC", "HTTP+JSON", "custom URI"},
				[]any{"JSONRPC", "GRPC", "HTTP+JSON", nil})
			binding.custom = newTextField("Custom binding", p+"/protocolBinding", textRequired, "https://example.com/bindings/x")
			ver := newTextField("Protocol version", p+"/protocolVersion", textRequired, "1.0")
			ver.defaultValue = "1.0"
			ver.hint = `"Major.Minor", no patch number`
			tenant := newTextField("Tenant", p+"/tenant", textString, "(optional)")
			return newForm(url, binding, ver, tenant)
		},
	}
}

// newSkillsStep edits skills; the id follows the name (as a unique slug)
// until the user edits it.
func newSkillsStep() step {
	const arr = "/skills"
	st := &listStep{
		name:     "Skills",
		arrayPtr: arr,
		noun:     "skill",
		fields:   []string{"name", "id", "description", "tags", "examples", "inputModes", "outputModes"},
		row: func(s *Session, i int) string {
			p := item(arr, i)
			name := s.text(p + "/name")
			if name == "" {
				name = "(unnamed)"
			}
			return fmt.Sprintf("%s  [%s]", name, s.text(p+"/id"))
		},
		newItem: func(s *Session) any {
			return object("id", "", "name", "", "description", "", "tags", []string{})
		},
		onRemove: func(s *Session, i int) {
			removeOnRequestSkill(s, s.text(item(arr, i)+"/id"))
		},
	}
	st.itemForm = func(s *Session, i int) *form { return skillForm(s, arr, i) }
	return st
}

func skillForm(s *Session, arr string, i int) *form {
	p := item(arr, i)
	name := newTextField("Name", p+"/name", textRequired, "Track an order")
	id := newTextField("Id", p+"/id", textRequired, "track-order")
	id.hint = "suggested from the name; unique in the card"
	// The id follows the name while it is empty or still the suggestion.
	others := func(s *Session) map[string]bool {
		used := map[string]bool{}
		for j := 0; j < s.arrayLen(arr); j++ {
			if j != i {
				used[s.text(item(arr, j)+"/id")] = true
			}
		}
		return used
	}
	auto := func(s *Session) bool {
		cur := s.text(p + "/id")
		return cur == "" || cur == uniqueSlug(slugify(s.text(p+"/name")), others(s))
	}
	wasAuto := auto(s)
	prevID := s.text(p + "/id")
	name.onApply = func(s *Session, v string) {
		if !wasAuto {
			return
		}
		next := uniqueSlug(slugify(v), others(s))
		if next != prevID {
			s.note(s.setValue(p+"/id", next))
			id.setValue(next)
			renameOnRequestSkill(s, prevID, next)
			prevID = next
		}
	}
	id.onApply = func(s *Session, v string) {
		wasAuto = auto(s)
		if v == "" {
			return // an id being retyped: keep references until it has a value
		}
		renameOnRequestSkill(s, prevID, v)
		prevID = v
	}
	desc := newTextField("Description", p+"/description", textRequired, "What the skill does")
	tags := newTextField("Tags", p+"/tags", textList, "orders, tracking")
	tags.hint = "comma separated; at least one"
	examples := newTextField("Examples", p+"/examples", textList, "Where is my order 1234? | Track my parcel")
	examples.sep = "|"
	examples.hint = "separated by |"
	in := newModesField("Input modes", p+"/inputModes", true)
	in.hint = "overrides the card's defaults"
	out := newModesField("Output modes", p+"/outputModes", true)
	out.hint = in.hint
	return newForm(name, id, desc, tags, examples, in, out)
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
