package app

import (
	"strconv"

	"github.com/oncard/oncard/model"
)

// ApplyDefaults fills in the members the screens would propose when a card
// built without prompting (`oncard new --from partial.json --yes`) lacks
// them: the agent's version, empty capabilities, text/plain modes and the
// interfaces' protocolVersion. What only the author can say (name,
// description, interfaces, skills) is never invented. It returns the
// pointers it added.
func ApplyDefaults(doc *model.Doc) []string {
	root := doc.Root()
	if root == nil || root.Kind != model.Object {
		return nil
	}
	var added []string
	add := func(ptr string, v any) {
		if doc.Find(ptr) == nil && doc.SetValue(ptr, v) == nil {
			added = append(added, ptr)
		}
	}
	add("/version", "1.0.0")
	add("/capabilities", map[string]any{})
	add("/defaultInputModes", []string{"text/plain"})
	add("/defaultOutputModes", []string{"text/plain"})
	ifs := doc.Find("/supportedInterfaces")
	if ifs != nil && ifs.Kind == model.Array {
		for i := 0; i < ifs.Len(); i++ {
			if ifs.Index(i).Kind == model.Object {
				add(model.Pointer("supportedInterfaces", strconv.Itoa(i), "protocolVersion"), "1.0")
			}
		}
	}
	return added
}
