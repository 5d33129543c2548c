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
	// listed counts the findings of each rule and severity so far, when
	// the check lists only Options.MaxPerRule of each (nil otherwise).
	listed map[listKey]*listCount
	// skewed says a step that compares findings (a generic error dropped
	// where an extension's is at the same member, a dual card's v0.3
	// findings already made for v1.0) saw a rule past its cap: its
	// verdict could differ from the one on every finding, so the check
	// is made again listing all (exactly).
	skewed bool
}

// listKey is a rule and severity, the unit Options.MaxPerRule counts.
type listKey struct {
	code string
	sev  Severity
}

// listCount is how many findings of one listKey were made, and where
// the one that stands for those past the cap is (-1 before there is one).
type listCount struct {
	n, at int
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
func (r *report) emit(rule *Rule, ptr, msg, hint string) *Diagnostic {
	return r.emitAs(rule, rule.Severity, ptr, msg, hint)
}

// emitAs records a finding of rule at ptr at one of the other severities
// the rule declares (Rule.Also).
//
// It returns the finding, to be completed by the caller (an excerpt, a
// source), or nil when the finding is only counted: its rule is past the
// cap of Options.MaxPerRule.
func (r *report) emitAs(rule *Rule, sev Severity, ptr, msg, hint string) *Diagnostic {
	return r.record(rule, sev, ptr, msg, hint, 0)
}

// record adds a finding that stands for itself and more others of its rule
// and severity (Diagnostic.More), listed or, past the cap, only counted.
func (r *report) record(rule *Rule, sev Severity, ptr, msg, hint string, more int) *Diagnostic {
	rule.checkSeverity(sev)
	c := r.count(rule.Code, sev)
	if c != nil && c.at >= 0 {
		// Past the cap: the finding at c.at stands for this one too.
		c.n += 1 + more
		r.diags[c.at].More += 1 + more
		return nil
	}
	var line, col int
	if !r.unplaced {
		line, col = r.doc.KeyPosition(ptr)
	}
	r.diags = append(r.diags, Diagnostic{
		Pointer: ptr, Line: line, Column: col,
		Severity: sev, Code: rule.Code, Message: msg, Hint: hint, More: more,
	})
	if c != nil {
		c.n += 1 + more
		if c.n > r.opts.MaxPerRule && c.at < 0 {
			c.at = len(r.diags) - 1
		}
	}
	return &r.diags[len(r.diags)-1]
}

// lists tells whether a finding of rule, at its severity, would be listed
// rather than only counted (Options.MaxPerRule): what costs something to
// say about it is worth making.
func (r *report) lists(rule *Rule) bool {
	c := r.count(rule.Code, rule.Severity)
	return c == nil || c.at < 0
}

// emitLazy is emit for a finding whose pointer, message and hint cost
// something to make: say makes them only when the finding is listed.
func (r *report) emitLazy(rule *Rule, say func() (ptr, msg, hint string)) {
	if !r.lists(rule) {
		r.record(rule, rule.Severity, "", "", "", 0) // counted
		return
	}
	ptr, msg, hint := say()
	r.emit(rule, ptr, msg, hint)
}

// count is the tally of code at sev, nil when every finding is listed
// (no Options.MaxPerRule, or an incremental check, which keeps each
// member's findings from one check to the next).
func (r *report) count(code string, sev Severity) *listCount {
	if r.opts.MaxPerRule <= 0 || r.opts.Incremental != nil {
		return nil
	}
	k := listKey{code, sev}
	c := r.listed[k]
	if c == nil {
		if r.listed == nil {
			r.listed = map[listKey]*listCount{}
		}
		c = &listCount{at: -1}
		r.listed[k] = c
	}
	return c
}

// emitExcerpt is emit with an excerpt of the text the finding is about
// (Diagnostic.Excerpt).
func (r *report) emitExcerpt(rule *Rule, ptr, msg, hint, excerpt string) {
	if d := r.emit(rule, ptr, msg, hint); d != nil {
		d.Excerpt = excerpt
	}
}

// again records d, a finding of a check run on a part of the document (a
// nested catalog, an inline card, a dual card's v0.3 reading), again at ptr
// with msg, under its own rule and severity (with the findings it stands
// for).
func (r *report) again(d Diagnostic, ptr, msg string) {
	if n := r.record(RuleFor(d.Code), d.Severity, ptr, msg, d.Hint, d.More); n != nil {
		n.Excerpt = d.Excerpt
	}
}

// absorb adds the findings of sub, a report of the same document's other
// rules (the text rules run beside), with their tallies.
func (r *report) absorb(sub *report) {
	base := len(r.diags)
	r.diags = append(r.diags, sub.diags...)
	r.skewed = r.skewed || sub.skewed
	for k, sc := range sub.listed {
		c := r.count(k.code, k.sev)
		c.n += sc.n
		if c.at < 0 && sc.at >= 0 {
			c.at = base + sc.at
		}
	}
}

// overflowed tells whether a rule went past its cap: some findings are
// only counted.
func (r *report) overflowed() bool {
	for _, c := range r.listed {
		if c.at >= 0 {
			return true
		}
	}
	return false
}

// skewedGenericDrop tells whether dropGenericDuplicates could judge r's
// findings otherwise than it would with every one listed: a rule went past
// its cap, and r holds both a generic structural error it may drop and an
// extension's error that may drop one.
func (r *report) skewedGenericDrop() bool {
	if !r.overflowed() {
		return false
	}
	var generic, specific bool
	for k := range r.listed {
		generic = generic || structuralCode(k.code)
		specific = specific || dropsGeneric(k.code, k.sev)
	}
	return generic && specific
}

// ListAtMost keeps the first max findings of each rule and severity of
// diags and the next, which then stands for the rest (Diagnostic.More):
// the cap of Options.MaxPerRule on the findings of a check that listed
// all (one whose findings a later step compares, as Online does).
func ListAtMost(diags []Diagnostic, max int) []Diagnostic {
	if max <= 0 {
		return diags
	}
	r := report{opts: &Options{MaxPerRule: max}, unplaced: true}
	for _, d := range diags {
		if n := r.record(RuleFor(d.Code), d.Severity, d.Pointer, d.Message, d.Hint, d.More); n != nil {
			*n = d
		}
	}
	return r.diags
}

// exact reports whether r's verdict is the one a check listing every
// finding gives (see skewed).
func (r *report) exact() bool { return !r.skewed && !r.skewedGenericDrop() }

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
