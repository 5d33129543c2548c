package report

import (
	"encoding/json"
	"maps"
	"testing"

	"github.com/oncard/oncard/validate"
)

// TestReadingsInJSONAndSARIF: a signature's verdict under each reading is
// a member of its JSON finding and a property of its SARIF result; other
// findings carry none.
func TestReadingsInJSONAndSARIF(t *testing.T) {
	files := []File{{Arg: "card.json", Kind: validate.KindCard, Diags: []validate.Diagnostic{
		{Pointer: "/signatures/0", Line: 3, Column: 5, Severity: validate.Warning, Code: "signature/some-readers-reject",
			Message: "signature 0 verifies under literal only", Readings: validate.ReadingVerdicts{Checked: 7, Valid: 1}},
		{Pointer: "/name", Line: 2, Column: 3, Severity: validate.Info, Code: "a2a/note", Message: "other"},
	}}}
	want := map[string]string{"literal": "valid", "a2a-8.4.1": "rejected", "a2a-js": "rejected"}

	var j struct {
		Files []struct {
			Diagnostics []struct {
				Readings map[string]string `json:"readings"`
			} `json:"diagnostics"`
		} `json:"files"`
	}
	if err := json.Unmarshal([]byte(render(t, "json", files)), &j); err != nil {
		t.Fatal(err)
	}
	d := j.Files[0].Diagnostics
	if !maps.Equal(d[0].Readings, want) || d[1].Readings != nil {
		t.Errorf("JSON readings: %v, %v; want %v and none", d[0].Readings, d[1].Readings, want)
	}

	var s struct {
		Runs []struct {
			Results []struct {
				Properties *struct {
					Readings map[string]string `json:"readings"`
				} `json:"properties"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(render(t, "sarif", files)), &s); err != nil {
		t.Fatal(err)
	}
	r := s.Runs[0].Results
	if r[0].Properties == nil || !maps.Equal(r[0].Properties.Readings, want) || r[1].Properties != nil {
		t.Errorf("SARIF properties: %+v, %+v", r[0].Properties, r[1].Properties)
	}
}
