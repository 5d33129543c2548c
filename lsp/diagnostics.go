package lsp

import (
	"strings"

	"github.com/oncard/oncard/internal/verdict"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// diagnosticSource names oncard in the editor's list of problems.
const diagnosticSource = "oncard"

// diagnostics turns a check into what publishDiagnostics carries: each
// finding at the member or value it is about, with its code, the link to
// the code's row of docs/DIAGNOSTICS.md, and the other places it names.
// A document that is none of oncard's gets an empty list.
func diagnostics(uri protocol.DocumentUri, c *checked) []protocol.Diagnostic {
	v := c.verdict
	out := []protocol.Diagnostic{}
	if !ours(v) {
		return out
	}
	if v.ConfigErr != nil {
		out = append(out, protocol.Diagnostic{
			Range:    c.text.span(0, 0),
			Severity: ptr(protocol.DiagnosticSeverityError),
			Source:   ptr(diagnosticSource),
			Message:  v.ConfigErr.Error() + " (its ignore rules and failOn are not applied)",
		})
	}
	for _, d := range v.Diags {
		rule := validate.RuleFor(d.Code)
		msg := d.Message
		if d.Hint != "" {
			msg += "\n" + d.Hint
		}
		pd := protocol.Diagnostic{
			Range:           findingRange(c.text, v.Doc, d),
			Severity:        ptr(severity(d.Severity, v.FailOn)),
			Code:            &protocol.IntegerOrString{Value: d.Code},
			CodeDescription: &protocol.CodeDescription{HRef: rule.HelpURI()},
			Source:          ptr(diagnosticSource),
			Message:         msg,
			Data:            map[string]string{"pointer": d.Pointer, "severity": d.Severity.String()},
		}
		pd.RelatedInformation = related(uri, c.text, v.Doc, d)
		out = append(out, pd)
	}
	return out
}

// severity is how the editor marks a finding: one that fails the file
// under the fail-on in force is an error, as it would fail CI; the others
// keep their own severity.
func severity(s validate.Severity, failOn verdict.FailOn) protocol.DiagnosticSeverity {
	switch {
	case failOn.Fails(s):
		return protocol.DiagnosticSeverityError
	case s == validate.Warning:
		return protocol.DiagnosticSeverityWarning
	}
	return protocol.DiagnosticSeverityInformation
}

// findingRange is where a finding is shown: a scalar's whole token; a
// member whose value is an object or an array by its key (a whole card
// underlined says nothing); a missing member at the key of the object
// that lacks it. A document that did not parse has only the parser's
// line and column.
func findingRange(t *text, doc *model.Doc, d validate.Diagnostic) protocol.Range {
	if doc != nil {
		if start, end, ok := nodeSpan(t, doc, d.Pointer); ok {
			return t.span(start, end)
		}
		if parent, ok := parentPointer(d.Pointer); ok {
			if start, end, ok := nodeSpan(t, doc, parent); ok {
				return t.span(start, end)
			}
		}
	}
	if d.Line == 0 {
		return t.span(0, 0)
	}
	off := t.lineColOffset(d.Line, d.Column)
	return t.span(off, off+tokenLen(t.src, off))
}

// nodeSpan is the byte span nodeRange describes for the node at ptr.
func nodeSpan(t *text, doc *model.Doc, ptr string) (start, end int, ok bool) {
	n := doc.Find(ptr)
	if n == nil || n.Start() < 0 {
		return 0, 0, false
	}
	if n.Kind != model.Object && n.Kind != model.Array {
		return n.Start(), n.End(), true
	}
	if ptr != "" {
		line, col := doc.KeyPosition(ptr)
		if k := t.lineColOffset(line, col); k < n.Start() && k < len(t.src) && t.src[k] == '"' {
			return k, stringEnd(t.src, k), true
		}
	}
	return n.Start(), n.Start() + 1, true // the bracket
}

// parentPointer drops the last token of ptr; false for the root.
func parentPointer(ptr string) (string, bool) {
	i := strings.LastIndexByte(ptr, '/')
	if i < 0 {
		return "", false
	}
	return ptr[:i], true
}

// tokenLen is the length of the token at off: a string to its closing
// quote, anything else to a delimiter; at least one byte where there is
// one, so that the editor shows a mark.
func tokenLen(src []byte, off int) int {
	if off >= len(src) {
		return 0
	}
	if src[off] == '"' {
		return stringEnd(src, off) - off
	}
	n := 1
	for off+n < len(src) && !delimiter(src[off+n]) {
		n++
	}
	return n
}

// related are the other places a finding names: the JSON pointers in its
// message and hint that exist in the document (the first skill with the
// same id, the extension declared before).
func related(uri protocol.DocumentUri, t *text, doc *model.Doc, d validate.Diagnostic) []protocol.DiagnosticRelatedInformation {
	if doc == nil {
		return nil
	}
	var out []protocol.DiagnosticRelatedInformation
	seen := map[string]bool{d.Pointer: true}
	for _, p := range pointersIn(d.Message + " " + d.Hint) {
		if seen[p] || doc.Find(p) == nil {
			continue
		}
		seen[p] = true
		start, end, ok := nodeSpan(t, doc, p)
		if !ok {
			continue
		}
		out = append(out, protocol.DiagnosticRelatedInformation{
			Location: protocol.Location{URI: uri, Range: t.span(start, end)},
			Message:  p,
		})
	}
	return out
}

// pointersIn finds the words of s that are JSON pointers ("/skills/0"),
// without the punctuation that ends a sentence.
func pointersIn(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(s, func(r rune) bool {
		return r == ' ' || r == '\n' || r == '(' || r == ')' || r == '"' || r == '\'' || r == '`'
	}) {
		w = strings.TrimRight(w, ".,;:")
		if len(w) > 1 && w[0] == '/' && !strings.Contains(w, "//") {
			out = append(out, w)
		}
	}
	return out
}
