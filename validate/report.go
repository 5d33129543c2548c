package validate

import (
	"sort"

	"github.com/oncard/oncard/model"
)

// report collects the diagnostics of one document. Every check writes
// through it, so that line and column always come from the Doc and pointers
// always name the file as written.
type report struct {
	doc   *model.Doc
	opts  *Options
	diags []Diagnostic
	// unplaced: the findings get no line and column, because they are
	// added again elsewhere (r.add) under another pointer; their pointers
	// need not even exist in the Doc.
	unplaced bool
}

func newReport(doc *model.Doc, opts *Options) *report {
	if opts == nil {
		opts = &Options{}
	}
	return &report{doc: doc, opts: opts}
}

// add records a finding at ptr. For a member that is missing, pass the
// pointer of the member anyway: the position falls back to its parent.
func (r *report) add(ptr string, sev Severity, code, msg, hint string) {
	var line, col int
	if !r.unplaced {
		line, col = r.doc.KeyPosition(ptr)
	}
	r.diags = append(r.diags, Diagnostic{
		Pointer: ptr, Line: line, Column: col,
		Severity: sev, Code: code, Message: msg, Hint: hint,
	})
}

func (r *report) fail(ptr, code, msg, hint string) { r.add(ptr, Error, code, msg, hint) }
func (r *report) warn(ptr, code, msg, hint string) { r.add(ptr, Warning, code, msg, hint) }
func (r *report) note(ptr, code, msg, hint string) { r.add(ptr, Info, code, msg, hint) }

// sorted returns the diagnostics ordered by position, then code, so output
// is stable.
func (r *report) sorted() []Diagnostic {
	sortDiagnostics(r.diags)
	return r.diags
}

func sortDiagnostics(d []Diagnostic) {
	sort.SliceStable(d, func(i, j int) bool {
		a, b := d[i], d[j]
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Column != b.Column {
			return a.Column < b.Column
		}
		if a.Pointer != b.Pointer {
			return a.Pointer < b.Pointer
		}
		return a.Code < b.Code
	})
}
