package validate

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/oncard/oncard/model"
)

// TestFixesMendTheirFindings applies each rule's fix to the findings of its
// fixture, one at a time, and checks that every finding it mends goes away
// without a new error taking its place, and that the result parses again.
func TestFixesMendTheirFindings(t *testing.T) {
	fixed := 0
	for _, rule := range Rules() {
		if rule.Fix == nil {
			continue
		}
		family, name, _ := strings.Cut(rule.Code, "/")
		path := filepath.Join(rulesFixtures, family, name, "invalid.json")
		t.Run(rule.Code, func(t *testing.T) {
			opts := Options{Path: path, Resolve: readIn(filepath.Dir(path))}
			doc := readDoc(t, filepath.Join("rules", family, name, "invalid.json"))
			before := Document(doc, "", &opts)
			applied := 0
			for range 50 {
				diags := Document(doc, "", &opts)
				done := true
				for _, d := range diags {
					if d.Code != rule.Code {
						continue
					}
					trial := doc.Clone()
					if err := rule.Fix.Apply(trial, d); err != nil {
						continue
					}
					again, err := model.Parse(trial.Encode())
					if err != nil {
						t.Fatalf("the fix of %s at %s wrote JSON that does not parse: %v", d.Code, d.Pointer, err)
					}
					doc, done = again, false
					applied++
					break
				}
				if done {
					break
				}
			}
			if applied == 0 {
				t.Fatalf("the fix mended none of the %s findings of its fixture", rule.Code)
			}
			after := Document(doc, "", &opts)
			if count(after, rule.Code) != count(before, rule.Code)-applied {
				t.Errorf("%d fixes applied, but %s went from %d to %d findings", applied, rule.Code, count(before, rule.Code), count(after, rule.Code))
			}
			if errorsOtherThan(after, rule.Code) > errorsOtherThan(before, rule.Code) {
				t.Errorf("the fixes added errors: %v", after)
			}
			fixed++
		})
	}
	if fixed < 4 {
		t.Errorf("only %d rules have a fix that mends their fixture", fixed)
	}
}

func count(diags []Diagnostic, code string) int {
	n := 0
	for _, d := range diags {
		if d.Code == code {
			n++
		}
	}
	return n
}

func errorsOtherThan(diags []Diagnostic, code string) int {
	n := 0
	for _, d := range diags {
		if d.Severity == Error && d.Code != code {
			n++
		}
	}
	return n
}
