package validate

import (
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// The keywords our explainer leaves to jsonschema's own wording (minimum,
// maximum, multipleOf, not ...) must be explained, not panic.
func TestExplainerWordsNumericAndNotKeywords(t *testing.T) {
	c := jsonschema.NewCompiler()
	schemaDoc := map[string]any{
		"type": "object",
		"properties": map[string]any{
			"a": map[string]any{"minimum": 1},
			"b": map[string]any{"maximum": 1},
			"c": map[string]any{"exclusiveMinimum": 1},
			"d": map[string]any{"multipleOf": 2},
			"e": map[string]any{"not": map[string]any{"type": "string"}},
		},
	}
	if err := c.AddResource("mem://t.json", schemaDoc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("mem://t.json")
	if err != nil {
		t.Fatal(err)
	}
	doc := mustParse(t, `{"a": 0, "b": 2, "c": 1, "d": 3, "e": "x"}`)
	r := newReport(doc, nil)
	checkSchema(r, &schema{name: "t.json", label: "test document", compiled: s, raw: schemaDoc}, doc.Root(), "", &Rule{Code: "test/schema", Severity: Error})
	for _, ptr := range []string{"/a", "/b", "/c", "/d", "/e"} {
		found := false
		for _, d := range r.diags {
			if d.Pointer == ptr && strings.Contains(d.Message, "must") {
				found = true
			}
		}
		if !found {
			t.Errorf("no finding worded for %s: %+v", ptr, r.diags)
		}
	}
}
