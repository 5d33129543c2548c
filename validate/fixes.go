package validate

import (
	"errors"
	"fmt"
	"path"
	"strconv"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/oasf"
)

// The fixes rules offer: edits a tool may make for a finding without asking
// the author anything (`oncard validate --fix`, the language server's quick
// fixes). Each works on the Doc the finding was made on, through model's
// edits (every untouched byte kept), and refuses when the document no longer
// looks as the finding says.

func init() {
	ruleA2ASnakeCaseName.Fix = &Fix{Title: "Rename the member to its camelCase JSON name", Apply: renameToCamelCase}
	ruleA2AV03Requirement.Fix = &Fix{Title: "Write the requirement in the v1.0 form", Apply: requirementToV1}
	ruleA2ARequiredMissing.Fix = &Fix{Title: "Add the member with a placeholder value", Apply: addPlaceholder}
	ruleOASFIDNameMismatch.Fix = &Fix{Title: "Take the name of the class the id names", Apply: oasfNameFromID}
	ruleOASFNameUnknown.Fix = &Fix{Title: "Take the name of the class the id names", Apply: oasfNameFromID}
}

// errNoFix is a finding a fix cannot mend after all.
var errNoFix = errors.New("this finding has no mechanical fix")

// splitParent splits a pointer into its parent and its last token.
func splitParent(ptr string) (parent, last string, err error) {
	toks, err := model.SplitPointer(ptr)
	if err != nil || len(toks) == 0 {
		return "", "", errNoFix
	}
	return model.Pointer(toks[:len(toks)-1]...), toks[len(toks)-1], nil
}

// renameToCamelCase moves a member written under its proto name
// (supported_interfaces) to its JSON name, value unchanged.
func renameToCamelCase(doc *model.Doc, d Diagnostic) error {
	parent, key, err := splitParent(d.Pointer)
	if err != nil {
		return err
	}
	n := doc.Find(d.Pointer)
	camel := camelCase(key)
	if n == nil || camel == key || doc.Find(parent+"/"+escapePointerToken(camel)) != nil {
		return errNoFix
	}
	value := doc.Source()[n.Start():n.End()]
	if doc.Changed() || n.Start() < 0 {
		value = n.Raw()
	}
	if err := doc.Set(parent+"/"+escapePointerToken(camel), append([]byte(nil), value...)); err != nil {
		return err
	}
	return doc.Delete(d.Pointer)
}

// requirementToV1 rewrites a security requirement in v0.3's map form
// ({"bearer": [], "oauth": ["read"]}) as v1.0 writes it
// ({"schemes": {"bearer": {"list": []}, "oauth": {"list": ["read"]}}}).
func requirementToV1(doc *model.Doc, d Diagnostic) error {
	n := doc.Find(d.Pointer)
	if n == nil || n.Kind != model.Object || n.Get("schemes") != nil {
		return errNoFix
	}
	schemes := map[string]any{}
	for _, m := range n.Members() {
		scopes := []any{}
		switch m.Value.Kind {
		case model.Array:
			for _, it := range m.Value.All() {
				s, ok := it.Str()
				if !ok {
					return errNoFix
				}
				scopes = append(scopes, s)
			}
		case model.Null:
		default:
			return errNoFix
		}
		schemes[m.Key()] = map[string]any{"list": scopes}
	}
	return doc.SetValue(d.Pointer, map[string]any{"schemes": schemes})
}

// placeholders are the values addPlaceholder writes for a required member
// of a card that has an obvious neutral value; the others (name,
// interfaces, skills) need the author.
var placeholders = map[string]string{
	"capabilities":       `{}`,
	"defaultInputModes":  `["text/plain"]`,
	"defaultOutputModes": `["text/plain"]`,
	"version":            `"0.1.0"`,
	"description":        `"TODO: what this agent does"`,
	"tags":               `["TODO"]`,
}

// addPlaceholder adds a required member that is missing with a neutral
// value the author then adjusts.
func addPlaceholder(doc *model.Doc, d Diagnostic) error {
	parent, key, err := splitParent(d.Pointer)
	if err != nil {
		return err
	}
	value, ok := placeholders[key]
	if !ok || doc.Find(d.Pointer) != nil {
		return errNoFix
	}
	if p := doc.Find(parent); p == nil || p.Kind != model.Object {
		return errNoFix
	}
	return doc.Set(d.Pointer, []byte(value))
}

// oasfNameFromID sets an OASF reference's name to that of the class its id
// names in the payload's schema_version.
func oasfNameFromID(doc *model.Doc, d Diagnostic) error {
	ref := d.Pointer
	if path.Base(ref) == "name" || path.Base(ref) == "id" {
		ref = path.Dir(ref)
	}
	list := path.Dir(ref) // …/skills or …/domains
	payload := path.Dir(list)
	if payload == "/" || payload == "." {
		payload = ""
	}
	kind := oasf.Skills
	switch path.Base(list) {
	case "skills":
	case "domains":
		kind = oasf.Domains
	default:
		return errNoFix
	}
	version, _ := doc.Find(payload + "/schema_version").Str()
	tax := oasf.Get(version)
	idNode := doc.Find(ref + "/id")
	if tax == nil || idNode == nil || idNode.Kind != model.Number {
		return errNoFix
	}
	id, err := strconv.Atoi(string(idNode.Raw()))
	if err != nil {
		return errNoFix
	}
	class := tax.Tree(kind).ByID(id)
	if class == nil || class.Category {
		return errNoFix
	}
	if err := doc.SetValue(ref+"/name", class.Name); err != nil {
		return fmt.Errorf("set the name: %w", err)
	}
	return nil
}
