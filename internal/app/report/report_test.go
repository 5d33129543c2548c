package report

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/oncard/oncard/validate"
)

// sampleResults are two files' worth of findings, including card text with
// a terminal escape and a bidi override, as a hostile card would carry.
func sampleResults() []File {
	return []File{
		{Arg: "cards/a.json", Kind: validate.KindCard, Diags: []validate.Diagnostic{
			{Pointer: "/skills/1/id", Line: 12, Column: 7, Severity: validate.Error, Code: "a2a/duplicate-skill-id",
				Message: "skill id \"x\x1b[2J\" is used twice", Hint: "give each skill its own id"},
			{Pointer: "/provider/url", Line: 4, Column: 5, Severity: validate.Warning, Code: "a2a/insecure-url",
				Message: "http URL"},
			{Pointer: "", Line: 0, Column: 0, Severity: validate.Info, Code: "a2a/note", Message: "no position"},
		}, Ends: []Position{{12, 17}, {}, {}}},
		{Arg: "b\u202e.json", Kind: validate.KindCatalog},
	}
}

func render(t *testing.T, format string, results []File) string {
	t.Helper()
	var out bytes.Buffer
	r := New(format, &out, "test")
	var s Summary
	for _, fr := range results {
		s.Add(fr.Diags)
		if e, _, _ := validate.Counts(fr.Diags); e > 0 || fr.Unread {
			s.Failed++
		}
		if err := r.File(fr); err != nil {
			t.Fatal(err)
		}
	}
	s.Files = len(results)
	if err := r.Finish(s); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

func TestTextReport(t *testing.T) {
	got := render(t, "text", sampleResults())
	want := `cards/a.json:12:7: error a2a/duplicate-skill-id: skill id "x\x1b[2J" is used twice
  hint: give each skill its own id
cards/a.json:4:5: warning a2a/insecure-url: http URL
cards/a.json: info a2a/note: no position
2 files: 1 error, 1 warning, 1 info
1 of 2 files failed
`
	if got != want {
		t.Errorf("text report:\n%s\nwant:\n%s", got, want)
	}
	if strings.ContainsAny(got, "\x1b\u202e") {
		t.Error("text report passes control or bidi characters to the terminal")
	}
}

func TestTextSummaryPlurals(t *testing.T) {
	got := render(t, "text", nil)
	if got != "0 files: 0 errors, 0 warnings, 0 infos\n0 of 0 files failed\n" {
		t.Errorf("empty run: %q", got)
	}
}

func TestJSONReport(t *testing.T) {
	got := render(t, "json", sampleResults())
	var doc struct {
		Files []struct {
			Path        string           `json:"path"`
			Kind        string           `json:"kind"`
			Diagnostics []map[string]any `json:"diagnostics"`
		} `json:"files"`
		Summary map[string]int `json:"summary"`
	}
	dec := json.NewDecoder(strings.NewReader(got))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&doc); err != nil {
		t.Fatalf("json output does not decode into the documented shape: %v\n%s", err, got)
	}
	if len(doc.Files) != 2 || doc.Files[0].Path != "cards/a.json" || doc.Files[1].Kind != "catalog" {
		t.Fatalf("files: %+v", doc.Files)
	}
	if d := doc.Files[1].Diagnostics; d == nil || len(d) != 0 {
		t.Errorf("a clean file must have \"diagnostics\": [], got %v", d)
	}
	wantKeys := []string{"code", "column", "hint", "line", "message", "pointer", "severity"}
	for _, d := range doc.Files[0].Diagnostics {
		keys := make([]string, 0, len(d))
		for k := range d {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		if !reflect.DeepEqual(keys, wantKeys) {
			t.Errorf("diagnostic keys %v, want %v", keys, wantKeys)
		}
	}
	first := doc.Files[0].Diagnostics[0]
	if first["severity"] != "error" || first["line"] != 12.0 || first["pointer"] != "/skills/1/id" {
		t.Errorf("first diagnostic: %v", first)
	}
	if !reflect.DeepEqual(doc.Summary, map[string]int{"errors": 1, "warnings": 1, "infos": 1, "failed": 1}) {
		t.Errorf("summary %v", doc.Summary)
	}
	if !strings.Contains(got, `\u001b`) {
		t.Error("escape character must be JSON-escaped")
	}
}

func TestJSONReportEmptyRun(t *testing.T) {
	var v map[string]any
	got := render(t, "json", nil)
	if err := json.Unmarshal([]byte(got), &v); err != nil {
		t.Fatalf("%v\n%s", err, got)
	}
	if files, ok := v["files"].([]any); !ok || len(files) != 0 {
		t.Errorf("files = %v", v["files"])
	}
}

// TestSARIFShape checks the members GitHub code scanning reads
// (docs.github.com, "SARIF support for code scanning").
func TestSARIFShape(t *testing.T) {
	got := render(t, "sarif", sampleResults())
	var log struct {
		Version string `json:"version"`
		Schema  string `json:"$schema"`
		Runs    []struct {
			ColumnKind string `json:"columnKind"`
			Tool       struct {
				Driver struct {
					Name           string `json:"name"`
					InformationURI string `json:"informationUri"`
					Version        string `json:"version"`
					Rules          []struct {
						ID               string            `json:"id"`
						ShortDescription map[string]string `json:"shortDescription"`
						FullDescription  map[string]string `json:"fullDescription"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID    string            `json:"ruleId"`
				RuleIndex int               `json:"ruleIndex"`
				Level     string            `json:"level"`
				Message   map[string]string `json:"message"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI string `json:"uri"`
						} `json:"artifactLocation"`
						Region map[string]int `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(got), &log); err != nil {
		t.Fatalf("%v\n%s", err, got)
	}
	if log.Version != "2.1.0" || !strings.Contains(log.Schema, "sarif-2.1.0") || len(log.Runs) != 1 {
		t.Fatalf("header: version %q schema %q runs %d", log.Version, log.Schema, len(log.Runs))
	}
	run := log.Runs[0]
	if run.ColumnKind != "unicodeCodePoints" {
		t.Errorf("columnKind %q", run.ColumnKind)
	}
	d := run.Tool.Driver
	if d.Name != "oncard" || d.InformationURI == "" || d.Version == "" {
		t.Errorf("driver %+v", d)
	}
	if len(d.Rules) != 3 {
		t.Fatalf("want 3 rules (one per code), got %d", len(d.Rules))
	}
	for _, r := range d.Rules {
		if r.ID == "" || r.ShortDescription["text"] == "" || r.FullDescription["text"] == "" {
			t.Errorf("rule %+v lacks id or descriptions", r)
		}
	}
	if len(run.Results) != 3 {
		t.Fatalf("want 3 results, got %d", len(run.Results))
	}
	levels := []string{"error", "warning", "note"}
	for i, r := range run.Results {
		if r.Level != levels[i] {
			t.Errorf("result %d level %q, want %q", i, r.Level, levels[i])
		}
		if d.Rules[r.RuleIndex].ID != r.RuleID {
			t.Errorf("result %d: ruleIndex %d names %q, not %q", i, r.RuleIndex, d.Rules[r.RuleIndex].ID, r.RuleID)
		}
		if r.Message["text"] == "" || len(r.Locations) != 1 {
			t.Errorf("result %d: message or location missing", i)
		}
		loc := r.Locations[0].PhysicalLocation
		if loc.ArtifactLocation.URI != "cards/a.json" {
			t.Errorf("result %d uri %q", i, loc.ArtifactLocation.URI)
		}
		if loc.Region["startLine"] < 1 || loc.Region["startColumn"] < 1 {
			t.Errorf("result %d region %v: GitHub needs startLine >= 1", i, loc.Region)
		}
	}
	if reg := run.Results[0].Locations[0].PhysicalLocation.Region; reg["endLine"] != 12 || reg["endColumn"] != 17 {
		t.Errorf("first region %v, want it to end at 12:17", reg)
	}
	if !strings.Contains(run.Results[0].Message["text"], "Hint: give each skill") {
		t.Errorf("hint missing from message: %q", run.Results[0].Message["text"])
	}
}

func TestSARIFArtifactURI(t *testing.T) {
	cwd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	s := newSARIFReporter(nil, "test")
	tests := map[string]string{
		"card.json":                              "card.json",
		"./cards/../cards/a.json":                "cards/a.json",
		filepath.Join(cwd, "sub", "b c.json"):    "sub/b%20c.json",
		"-":                                      "stdin",
		"a:b.json":                               "./a:b.json",
		filepath.Join(cwd, "..", "outside.json"): "file://" + filepath.ToSlash(filepath.Join(filepath.Dir(cwd), "outside.json")),
	}
	for in, want := range tests {
		if got := s.artifactURI(in); got != want {
			t.Errorf("artifactURI(%q) = %q, want %q", in, got, want)
		}
	}
}

// A rule tagged security carries its tags and its security-severity in
// SARIF, so that GitHub code scanning ranks its alerts; other rules carry
// no properties. An excerpt (--show-text) ends the message.
func TestSARIFSecurityProperties(t *testing.T) {
	results := []File{{Arg: "a.json", Kind: validate.KindCard, Diags: []validate.Diagnostic{
		{Pointer: "/description", Line: 3, Column: 3, Severity: validate.Warning, Code: "security/model-instruction",
			Message: "an instruction", Excerpt: `Ignore all\n…`},
		{Pointer: "/provider/url", Line: 4, Column: 5, Severity: validate.Warning, Code: "a2a/insecure-url", Message: "http URL"},
		{Pointer: "/skills/1/id", Line: 12, Column: 7, Severity: validate.Error, Code: "a2a/duplicate-skill-id", Message: "twice"},
	}}}
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID         string          `json:"id"`
						Properties json.RawMessage `json:"properties"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				Message map[string]string `json:"message"`
			} `json:"results"`
		} `json:"runs"`
	}
	got := render(t, "sarif", results)
	if err := json.Unmarshal([]byte(got), &log); err != nil {
		t.Fatal(err)
	}
	props := map[string]string{}
	for _, r := range log.Runs[0].Tool.Driver.Rules {
		props[r.ID] = string(r.Properties)
	}
	want := map[string]string{
		"security/model-instruction": `{"tags":["security"],"security-severity":"8.0"}`,
		"a2a/insecure-url":           `{"tags":["security"],"security-severity":"5.0"}`,
		"a2a/duplicate-skill-id":     "",
	}
	for id, w := range want {
		var compact bytes.Buffer
		if props[id] != "" {
			if err := json.Compact(&compact, []byte(props[id])); err != nil {
				t.Fatal(err)
			}
		}
		if compact.String() != w {
			t.Errorf("%s: properties %s, want %s", id, compact.String(), w)
		}
	}
	if msg := log.Runs[0].Results[0].Message["text"]; !strings.HasSuffix(msg, "\nText: Ignore all\\n…") {
		t.Errorf("message %q does not end with the excerpt", msg)
	}
	text := render(t, "text", results)
	if !strings.Contains(text, "  text: Ignore all\\n…\n") {
		t.Errorf("the text report lacks the excerpt line:\n%s", text)
	}
}
