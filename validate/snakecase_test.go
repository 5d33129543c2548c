package validate

import (
	"testing"

	"github.com/oncard/oncard/model"
)

// A member under its proto name is one warning at its own line: it stands
// in for its camelCase twin (no "required member missing" at 1:1), and its
// contents are still checked with the twin's shape.
func TestSnakeCaseMemberIsOneFinding(t *testing.T) {
	doc, err := model.Parse([]byte(`{
  "name": "A", "description": "d", "version": "1",
  "supported_interfaces": [{"url": "https://a.example.com", "protocol_version": "1.0"}],
  "capabilities": {},
  "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
  "skills": [{"id": "s", "name": "S", "description": "d", "tags": ["t"]}]
}`))
	if err != nil {
		t.Fatal(err)
	}
	diags := Card(doc, nil)
	var snake, missing int
	for _, d := range diags {
		switch {
		case d.Code == ruleA2ASnakeCaseName.Code && d.Pointer == "/supported_interfaces":
			snake++
			if d.Line != 3 || d.Severity != Warning {
				t.Errorf("snake-case finding at line %d (%s), want line 3, warning", d.Line, d.Severity)
			}
		case d.Code == ruleA2ARequiredMissing.Code && d.Pointer == "/supportedInterfaces":
			t.Errorf("required-missing reported although supported_interfaces is there: %+v", d)
		case d.Code == ruleA2ARequiredMissing.Code && d.Pointer == "/supported_interfaces/0/protocolBinding":
			missing++
		}
	}
	if snake != 1 {
		t.Errorf("want one a2a/snake-case-name at /supported_interfaces, got %d:\n%s", snake, cardListDiags(diags))
	}
	if missing != 1 {
		t.Errorf("the contents of supported_interfaces were not checked (protocolBinding missing):\n%s", cardListDiags(diags))
	}
}
