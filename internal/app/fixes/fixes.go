// Package fixes applies the fixes rules offer (validate.Rule.Fix) to a
// document's bytes, for the language server's quick fixes and `oncard
// validate --fix`: the document is parsed anew, each fix edits it through
// model's edits (every untouched byte is kept), and the result is encoded.
package fixes

import (
	"cmp"
	"errors"
	"fmt"
	"slices"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
)

// Fixable are the findings whose rule offers a fix.
func Fixable(diags []validate.Diagnostic) []validate.Diagnostic {
	var out []validate.Diagnostic
	for _, d := range diags {
		if r := validate.RuleOf(d.Code); r != nil && r.Fix != nil {
			out = append(out, d)
		}
	}
	return out
}

// Title is the name of the fix of a finding ("" when its rule has none).
func Title(d validate.Diagnostic) string {
	if r := validate.RuleOf(d.Code); r != nil && r.Fix != nil {
		return r.Fix.Title
	}
	return ""
}

// Failure is a fix that could not be applied, and why.
type Failure struct {
	Finding validate.Diagnostic
	Err     error
}

func (f Failure) Error() string {
	return fmt.Sprintf("%s at %s: %v", f.Finding.Code, f.Finding.Pointer, f.Err)
}

// Result is what Apply did.
type Result struct {
	// Data is the fixed document (the bytes given when nothing was fixed).
	Data []byte
	// Fixed are the findings whose fix was applied; Failed those whose fix
	// refused (the finding stays as it was).
	Fixed  []validate.Diagnostic
	Failed []Failure
}

// ErrNotJSON is returned for bytes that do not parse: nothing can be
// fixed in them.
var ErrNotJSON = errors.New("the document is not JSON: nothing to fix")

// Apply fixes the findings of data that have a fix, the last in the
// document first (so that a fix that removes or moves a member leaves the
// pointers of those before it as they were). Each fix is given the
// document as the fixes before it left it, parsed anew: a fix sees a
// document as read from a file, which is what it was written for.
// A member a fix adds goes where the spec order of kind puts it
// (model.InstallKindOrder), as in the editors; a value it writes anew is
// laid out in the document's style. Findings without a fix are passed
// over.
func Apply(data []byte, kind validate.Kind, diags []validate.Diagnostic) (Result, error) {
	res := Result{Data: data}
	todo := Fixable(diags)
	if len(todo) == 0 {
		return res, nil
	}
	lim := model.DefaultLimits
	lim.MaxBytes = max(len(data), lim.MaxBytes) // judged already, under its kind's cap
	doc, err := model.ParseLimits(data, lim)
	if err != nil {
		return res, ErrNotJSON
	}
	model.InstallKindOrder(doc, kind)
	slices.SortStableFunc(todo, func(a, b validate.Diagnostic) int {
		return cmp.Or(cmp.Compare(b.Line, a.Line), cmp.Compare(b.Column, a.Column))
	})
	for _, d := range todo {
		if err := validate.RuleOf(d.Code).Fix.Apply(doc, d); err != nil {
			res.Failed = append(res.Failed, Failure{Finding: d, Err: err})
			continue
		}
		res.Fixed = append(res.Fixed, d)
		res.Data = doc.Encode()
		lim.MaxBytes = max(len(res.Data), lim.MaxBytes)
		if doc, err = model.ParseLimits(res.Data, lim); err != nil {
			return res, fmt.Errorf("the fix of %s made a document that does not parse: %w", d.Code, err)
		}
		model.InstallKindOrder(doc, kind)
	}
	return res, nil
}
