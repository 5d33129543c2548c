package fixes

import (
	"errors"
	"strings"
	"testing"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
)

// withFix gives a rule a fix for the length of a test: no rule declares
// one yet.
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

func TestApplyKeepsEveryOtherByte(t *testing.T) {
	withFix(t, "a2a/protocol-version", &validate.Fix{Title: "1.0", Apply: func(doc *model.Doc, d validate.Diagnostic) error {
		if strings.HasSuffix(doc.Find(d.Pointer).Text(), ".1") {
			return errors.New("not a patch of 1.0.0")
		}
		return doc.Set(d.Pointer, []byte(`"1.0"`))
	}})
	_, _, diags := validate.Bytes([]byte(card), "", nil)
	res, err := Apply([]byte(card), diags)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Replace(card, `"1.0.0"`, `"1.0"`, 1)
	if string(res.Data) != want {
		t.Errorf("fixed:\n%s\nwant\n%s", res.Data, want)
	}
	if len(res.Fixed) != 1 || len(res.Failed) != 1 || !strings.Contains(res.Failed[0].Error(), "not a patch") {
		t.Errorf("fixed %v, failed %v", res.Fixed, res.Failed)
	}
	if Title(res.Fixed[0]) != "1.0" {
		t.Error("no title")
	}
}

func TestApplyWithoutFixes(t *testing.T) {
	_, _, diags := validate.Bytes([]byte(card), "", nil)
	res, err := Apply([]byte(card), diags)
	if err != nil || string(res.Data) != card || len(res.Fixed) != 0 {
		t.Errorf("without fixes: %v %q %v", err, res.Data, res.Fixed)
	}
	withFix(t, "json/syntax", &validate.Fix{Title: "x", Apply: func(*model.Doc, validate.Diagnostic) error { return nil }})
	if _, err := Apply([]byte(`{"a": `), []validate.Diagnostic{{Code: "json/syntax"}}); !errors.Is(err, ErrNotJSON) {
		t.Errorf("bytes that do not parse: %v", err)
	}
}
