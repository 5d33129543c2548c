package lsp

import (
	"fmt"
	"unicode/utf8"

	udiff "github.com/aymanbagabas/go-udiff"
	"github.com/oncard/oncard/internal/app/fixes"
	"github.com/oncard/oncard/validate"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// codeAction offers the fixes the rules declare (validate.Rule.Fix) for
// the findings in the range asked about: one quick fix each, as the
// smallest text edits that turn the document into what the fix makes of
// it (every other byte kept), and one that fixes them all when there are
// several. Only findings of the current text are offered: a fix computed
// on an older one would edit the wrong bytes.
func (s *server) codeAction(gc *glsp.Context, p *protocol.CodeActionParams) (any, error) {
	v, ok := s.viewOf(p.TextDocument.URI)
	if !ok || !v.current {
		return nil, nil
	}
	if !wants(p.Context.Only, protocol.CodeActionKindQuickFix) {
		return nil, nil
	}
	var actions []protocol.CodeAction
	var inRange []validate.Diagnostic
	for _, d := range fixes.Fixable(v.last.verdict.Diags) {
		r := findingRange(v.text, v.doc(), d)
		if !overlaps(r, p.Range) {
			continue
		}
		inRange = append(inRange, d)
		edits, ok := fixEdits(v.text, v.last.verdict.Kind, []validate.Diagnostic{d})
		if !ok {
			continue
		}
		pd := diagnostics(p.TextDocument.URI, &checked{text: v.text, verdict: fileVerdict{
			Doc: v.doc(), Kind: v.last.verdict.Kind, Diags: []validate.Diagnostic{d}, FailOn: v.last.verdict.FailOn}})
		actions = append(actions, protocol.CodeAction{
			Title:       fixes.Title(d),
			Kind:        ptr(protocol.CodeActionKindQuickFix),
			Diagnostics: pd,
			IsPreferred: ptr(true),
			Edit:        &protocol.WorkspaceEdit{Changes: map[protocol.DocumentUri][]protocol.TextEdit{p.TextDocument.URI: edits}},
		})
	}
	if all := fixes.Fixable(v.last.verdict.Diags); len(inRange) > 0 && len(all) > 1 {
		if edits, ok := fixEdits(v.text, v.last.verdict.Kind, all); ok {
			actions = append(actions, protocol.CodeAction{
				Title: fmt.Sprintf("Fix all %d oncard findings that have a fix", len(all)),
				Kind:  ptr(protocol.CodeActionKindQuickFix),
				Edit:  &protocol.WorkspaceEdit{Changes: map[protocol.DocumentUri][]protocol.TextEdit{p.TextDocument.URI: edits}},
			})
		}
	}
	return actions, nil
}

// fixEdits applies the fixes of diags to the text and returns the edits
// from the text to the result; false when no fix applied.
func fixEdits(t *text, kind validate.Kind, diags []validate.Diagnostic) ([]protocol.TextEdit, bool) {
	res, err := fixes.Apply(t.src, kind, diags)
	if err != nil || len(res.Fixed) == 0 {
		return nil, false
	}
	// Only the bytes between the common head and tail are compared: a fix
	// of a 5 MB card costs a scan of it, not a diff of it.
	old, new := t.src, res.Data
	head := 0
	for head < len(old) && head < len(new) && old[head] == new[head] {
		head++
	}
	tail := 0
	for tail < len(old)-head && tail < len(new)-head && old[len(old)-1-tail] == new[len(new)-1-tail] {
		tail++
	}
	for head > 0 && head < len(old) && !utf8.RuneStart(old[head]) { // never inside a character
		head--
	}
	for tail > 0 && !utf8.RuneStart(old[len(old)-tail]) {
		tail--
	}
	var out []protocol.TextEdit
	for _, e := range udiff.Bytes(old[head:len(old)-tail], new[head:len(new)-tail]) {
		out = append(out, protocol.TextEdit{Range: t.span(head+e.Start, head+e.End), NewText: e.New})
	}
	return out, len(out) > 0
}

// wants tells whether a request limited to kinds (none: any) takes kind.
func wants(only []protocol.CodeActionKind, kind protocol.CodeActionKind) bool {
	if len(only) == 0 {
		return true
	}
	for _, k := range only {
		if k == kind || k == protocol.CodeActionKindEmpty {
			return true
		}
	}
	return false
}

// overlaps tells whether two ranges share a position (an empty range, a
// cursor, overlaps the range it touches).
func overlaps(a, b protocol.Range) bool {
	return !before(a.End, b.Start) && !before(b.End, a.Start)
}

func before(p, q protocol.Position) bool {
	return p.Line < q.Line || p.Line == q.Line && p.Character < q.Character
}
