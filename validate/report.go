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
	// inc is the incremental check under way (Options.Incremental), nil
	// for a whole one: the per-member loops reuse what it remembers.
	inc *incrCheck
}

// textIsPlainASCII reports whether every string of the document is plain
// ASCII written without escapes (model.Doc.TextIsPlainASCII): the checks
// for characters a reader cannot see have nothing to find in it.
func (r *report) textIsPlainASCII() bool { return r.doc != nil && r.doc.TextIsPlainASCII() }

func newReport(doc *model.Doc, opts *Options) *report {
	if opts == nil {
		opts = &Options{}
	}
	return &report{doc: doc, opts: opts}
}

// emit records a finding of rule at ptr, at the rule's severity. For a
// member that is missing, pass the pointer of the member anyway: the
// position falls back to its parent.
func (r *report) emit(rule *Rule, ptr, msg, hint string) {
	r.emitAs(rule, rule.Severity, ptr, msg, hint)
}

// emitAs records a finding of rule at ptr at one of the other severities
// the rule declares (Rule.Also).
func (r *report) emitAs(rule *Rule, sev Severity, ptr, msg, hint string) {
	rule.checkSeverity(sev)
	var line, col int
	if !r.unplaced {
		line, col = r.doc.KeyPosition(ptr)
	}
	r.diags = append(r.diags, Diagnostic{
		Pointer: ptr, Line: line, Column: col,
		Severity: sev, Code: rule.Code, Message: msg, Hint: hint,
	})
}

// emitExcerpt is emit with an excerpt of the text the finding is about
// (Diagnostic.Excerpt).
func (r *report) emitExcerpt(rule *Rule, ptr, msg, hint, excerpt string) {
	r.emit(rule, ptr, msg, hint)
	r.diags[len(r.diags)-1].Excerpt = excerpt
}

// again records d, a finding of a check run on a part of the document (a
// nested catalog, an inline card, a dual card's v0.3 reading), again at ptr
// with msg, under its own rule and severity.
func (r *report) again(d Diagnostic, ptr, msg string) {
	r.emitAs(RuleFor(d.Code), d.Severity, ptr, msg, d.Hint)
	r.diags[len(r.diags)-1].Excerpt = d.Excerpt
}

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
