package fixes

import (
	"errors"
	"strings"
	"testing"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
)

// withFix gives a rule a fix for the length of a test: a fix that refuses,
// or one that breaks the document, to hold the guards against them.
func withFix(t *testing.T, code string, fix *validate.Fix) {
	t.Helper()
	r := validate.RuleOf(code)
	old := r.Fix
	r.Fix = fix
	t.Cleanup(func() { r.Fix = old })
}

const card = `{
  "name": "A", "description": "B", "version": "1",
  "supportedInterfaces": [
    {"url": "https://a.example/1", "protocolBinding": "JSONRPC", "protocolVersion": "1.0.0"},
    {"url": "https://a.example/2", "protocolBinding": "GRPC",    "protocolVersion": "1.0.1"}
  ],
  "capabilities": {}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
  "skills": [{"id": "s", "name": "S", "description": "D", "tags": ["t"]}]
}
`

// snakeCard writes the modes under their proto names: two
// a2a/snake-case-name findings, whose fix renames each member.
var snakeCard = strings.Replace(strings.Replace(card, `"defaultInputModes"`, `"default_input_modes"`, 1),
	`"defaultOutputModes"`, `"default_output_modes"`, 1)

func TestApplyTheRulesFixes(t *testing.T) {
	_, _, diags := findingsOf([]byte(snakeCard), "", nil)
	res, err := Apply([]byte(snakeCard), validate.KindCard, diags)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Fixed) != 2 || len(res.Failed) != 0 {
		t.Fatalf("fixed %v, failed %v", res.Fixed, res.Failed)
	}
	_, _, after := findingsOf(res.Data, "", nil)
	for _, d := range after {
		if d.Code == "a2a/snake-case-name" {
			t.Errorf("still %s at %s after the fixes", d.Code, d.Pointer)
		}
	}
	// The members are where the spec order puts them, and the lines the
	// fixes had no business with are as they were.
	got := string(res.Data)
	if i, j := strings.Index(got, `"defaultInputModes"`), strings.Index(got, `"defaultOutputModes"`); i < 0 || j < i {
		t.Errorf("the renamed members are out of order:\n%s", got)
	}
	for _, line := range append(strings.Split(card, "\n")[:6], strings.Split(card, "\n")[8:]...) {
		if !strings.Contains(got, line) {
			t.Errorf("the line %q changed", line)
		}
	}
	if Title(res.Fixed[0]) != "Rename the member to its camelCase JSON name" {
		t.Errorf("title %q", Title(res.Fixed[0]))
	}
}

func TestApplyKeepsGoingPastAFixThatRefuses(t *testing.T) {
	withFix(t, "a2a/protocol-version", &validate.Fix{Title: "1.0", Apply: func(doc *model.Doc, d validate.Diagnostic) error {
		return errors.New("refused")
	}})
	_, _, diags := findingsOf([]byte(snakeCard), "", nil)
	res, err := Apply([]byte(snakeCard), validate.KindCard, diags)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Fixed) != 2 || len(res.Failed) != 2 || !strings.Contains(res.Failed[0].Error(), "a2a/protocol-version at /supportedInterfaces/1/protocolVersion: refused") {
		t.Errorf("fixed %v, failed %v", res.Fixed, res.Failed)
	}
}

func TestApplyWithoutFixes(t *testing.T) {
	_, _, diags := findingsOf([]byte(card), "", nil)
	res, err := Apply([]byte(card), validate.KindCard, diags)
	if err != nil || string(res.Data) != card || len(res.Fixed) != 0 {
		t.Errorf("without fixes: %v %q %v", err, res.Data, res.Fixed)
	}
	withFix(t, "json/syntax", &validate.Fix{Title: "x", Apply: func(*model.Doc, validate.Diagnostic) error { return nil }})
	if _, err := Apply([]byte(`{"a": `), "", []validate.Diagnostic{{Code: "json/syntax"}}); !errors.Is(err, ErrNotJSON) {
		t.Errorf("bytes that do not parse: %v", err)
	}
}

// findingsOf parses and checks data, detecting its kind.
func findingsOf(data []byte, kind validate.Kind, opts *validate.Options) (*model.Doc, validate.Kind, []validate.Diagnostic) {
	res := validate.Check(data, kind, opts)
	return res.Doc, res.Kind, res.Diags
}
