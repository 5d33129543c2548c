package validate

import (
	"reflect"
	"testing"

	"github.com/oncard/oncard/model"
)

func diag(sev Severity, code, ptr, msg string, line int) Diagnostic {
	return Diagnostic{Pointer: ptr, Line: line, Column: 3, Severity: sev, Code: code, Message: msg}
}

func TestNewFindings(t *testing.T) {
	oldErr := diag(Error, "a2a/required", "/skills/2/tags", "tags is required", 40)
	tests := []struct {
		name          string
		before, after []Diagnostic
		want          []Diagnostic
	}{
		{
			name:   "nothing before, nothing after",
			before: nil, after: nil, want: nil,
		},
		{
			name:   "an old error that moved down keeps its identity",
			before: []Diagnostic{oldErr},
			after:  []Diagnostic{diag(Error, "a2a/required", "/skills/2/tags", "tags is required", 47)},
			want:   nil,
		},
		{
			name:   "a new error is reported",
			before: []Diagnostic{oldErr},
			after:  []Diagnostic{oldErr, diag(Error, "a2a/required", "/name", "name is required", 2)},
			want:   []Diagnostic{diag(Error, "a2a/required", "/name", "name is required", 2)},
		},
		{
			name:   "warnings and infos are never new findings",
			before: nil,
			after:  []Diagnostic{diag(Warning, "a2a/signed", "/signatures", "no longer verify", 9), diag(Info, "x", "", "y", 1)},
			want:   nil,
		},
		{
			name:   "a warning that became an error is new",
			before: []Diagnostic{diag(Warning, "a2a/url", "/url", "not https", 3)},
			after:  []Diagnostic{diag(Error, "a2a/url", "/url", "not https", 3)},
			want:   []Diagnostic{diag(Error, "a2a/url", "/url", "not https", 3)},
		},
		{
			name:   "a second copy of an old error is new",
			before: []Diagnostic{diag(Error, "c", "/a", "m", 1)},
			after:  []Diagnostic{diag(Error, "c", "/a", "m", 1), diag(Error, "c", "/a", "m", 5)},
			want:   []Diagnostic{diag(Error, "c", "/a", "m", 5)},
		},
		{
			name:   "a finding that moved with its value is not new",
			before: []Diagnostic{diag(Error, "a2a/invalid-url", "/url", `"foo" is not an absolute URL`, 3)},
			after:  []Diagnostic{diag(Error, "a2a/invalid-url", "/supportedInterfaces/0/url", `"foo" is not an absolute URL`, 5)},
			want:   nil,
		},
		{
			name:   "a moved finding is matched once: a second copy elsewhere is new",
			before: []Diagnostic{diag(Error, "a2a/invalid-url", "/url", `"foo" is not an absolute URL`, 3)},
			after: []Diagnostic{
				diag(Error, "a2a/invalid-url", "/supportedInterfaces/0/url", `"foo" is not an absolute URL`, 5),
				diag(Error, "a2a/invalid-url", "/supportedInterfaces/1/url", `"foo" is not an absolute URL`, 9),
			},
			want: []Diagnostic{diag(Error, "a2a/invalid-url", "/supportedInterfaces/1/url", `"foo" is not an absolute URL`, 9)},
		},
		{
			name:   "a different message at the same place is new",
			before: []Diagnostic{diag(Error, "c", "/a", "m1", 1)},
			after:  []Diagnostic{diag(Error, "c", "/a", "m2", 1)},
			want:   []Diagnostic{diag(Error, "c", "/a", "m2", 1)},
		},
		{
			name:   "deleting an item shifts the old errors after it without making them new",
			before: []Diagnostic{diag(Error, "c", "/skills/3/id", "m", 30), diag(Error, "c", "/skills/5/id", "m", 50)},
			after:  []Diagnostic{diag(Error, "c", "/skills/2/id", "m", 20), diag(Error, "c", "/skills/4/id", "m", 40)},
			want:   nil,
		},
		{
			name:   "a shifted match never hides an error whose count grew",
			before: []Diagnostic{diag(Error, "c", "/skills/3/id", "m", 30)},
			after:  []Diagnostic{diag(Error, "c", "/skills/2/id", "m", 20), diag(Error, "c", "/skills/7/id", "m", 70)},
			want:   []Diagnostic{diag(Error, "c", "/skills/7/id", "m", 70)},
		},
		{
			name:   "an exact match is preferred over a shifted one",
			before: []Diagnostic{diag(Error, "c", "/skills/3/id", "m", 30)},
			after:  []Diagnostic{diag(Error, "c", "/skills/1/id", "m", 10), diag(Error, "c", "/skills/3/id", "m", 30)},
			want:   []Diagnostic{diag(Error, "c", "/skills/1/id", "m", 10)},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := NewFindings(tt.before, tt.after)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("NewFindings =\n%v\nwant\n%v", got, tt.want)
			}
		})
	}
}

// TestNewFindingsOnRealEdit validates a card before and after an edit that
// moves every line and adds one error: only that error is new.
func TestNewFindingsOnRealEdit(t *testing.T) {
	src := []byte(`{
  "name": "Legacy agent",
  "description": "",
  "supportedInterfaces": [{"url": "https://a.example/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
  "version": "1.0.0",
  "capabilities": {},
  "defaultInputModes": ["text/plain"],
  "defaultOutputModes": ["text/plain"],
  "skills": [{"id": "s1", "name": "One", "description": "d", "tags": ["t"]}]
}
`)
	doc, err := model.Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	before := Document(doc, KindCard, nil)
	if e, _, _ := Counts(before); e == 0 {
		t.Fatalf("the fixture should have an old error (empty description); got %v", before)
	}
	// Insert a member so the lines below it move, and add a new error.
	edited := doc.Clone()
	model.NewCard(edited)
	if err := edited.Set("/iconUrl", []byte(`"https://a.example/icon.png"`)); err != nil {
		t.Fatal(err)
	}
	if err := edited.Set("/skills/0/tags", []byte(`[]`)); err != nil {
		t.Fatal(err)
	}
	reparsed, err := model.Parse(edited.Encode())
	if err != nil {
		t.Fatal(err)
	}
	after := Document(reparsed, KindCard, nil)
	added := NewFindings(before, after)
	if len(added) != 1 || added[0].Pointer != "/skills/0/tags" {
		t.Fatalf("new findings = %v, want exactly one at /skills/0/tags\nbefore: %v\nafter: %v", added, before, after)
	}
}

func TestAdded(t *testing.T) {
	oldWarn := diag(Warning, "a2a/insecure-url", "/provider/url", `"http://x" does not use https`, 5)
	newWarn := diag(Warning, "a2a/media-type", "/defaultInputModes/0", `"text" is not a media type`, 9)
	newErr := diag(Error, "a2a/empty-required", "/skills/0/tags", "tags is required", 12)
	oldErr := diag(Error, "a2a/empty-required", "/description", "description is required", 3)
	got := Added([]Diagnostic{oldWarn, oldErr}, []Diagnostic{oldErr, oldWarn, newWarn, newErr})
	if !reflect.DeepEqual(got, []Diagnostic{newWarn, newErr}) {
		t.Errorf("Added = %+v", got)
	}
	// A warning that became an error is added.
	up := oldWarn
	up.Severity = Error
	if got := Added([]Diagnostic{oldWarn}, []Diagnostic{up}); len(got) != 1 {
		t.Errorf("severity change not added: %+v", got)
	}
}
