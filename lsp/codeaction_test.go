package lsp

import (
	"strings"
	"testing"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
)

// withFix gives a rule a fix for the length of a test. No rule declares a
// fix yet (validate.Rule.Fix); this one is what a2a/protocol-version's
// FixText says to do: write "1.0", through model's edits.
func withFix(t *testing.T, code string, fix *validate.Fix) {
	t.Helper()
	r := validate.RuleOf(code)
	if r == nil {
		t.Fatalf("no rule %s", code)
	}
	old := r.Fix
	r.Fix = fix
	t.Cleanup(func() { r.Fix = old })
}

var protocolVersionFix = &validate.Fix{
	Title: "Write protocolVersion \"1.0\"",
	Apply: func(doc *model.Doc, d validate.Diagnostic) error {
		return doc.Set(d.Pointer, []byte(`"1.0"`))
	},
}

func TestQuickFix(t *testing.T) {
	withFix(t, "a2a/protocol-version", protocolVersionFix)
	c := newClient(t, nil)
	uri, _ := fileURI(t, "agent-card.json")
	card := strings.Replace(testCard, `"protocolVersion": "1.0"`, `"protocolVersion": "1.0.0"`, 1)
	c.open(uri, card)
	diags := c.diagnosticsFor(uri, 1)
	pv := find(diags, "a2a/protocol-version")
	if pv == nil {
		t.Fatalf("no a2a/protocol-version among %+v", diags)
	}
	actions := c.codeActions(uri, rng{pv.Range.Start, pv.Range.Start})
	if len(actions) != 1 {
		t.Fatalf("actions %+v, want one", actions)
	}
	a := actions[0]
	if a.Title != protocolVersionFix.Title || a.Kind != "quickfix" || len(a.Diagnostics) != 1 || a.Diagnostics[0].Code != "a2a/protocol-version" {
		t.Errorf("action %+v", a)
	}
	edits := a.Edit.Changes[uri]
	// The smallest edit: ".0" removed, nothing else touched.
	if len(edits) != 1 || edits[0].NewText != "" || edits[0].Range.End.Character-edits[0].Range.Start.Character != 2 {
		t.Fatalf("edits %+v, want one deleting two characters", edits)
	}
	// Applied by the editor, the text is the card as it was.
	lines := strings.Split(card, "\n")
	e := edits[0]
	l := lines[e.Range.Start.Line]
	lines[e.Range.Start.Line] = l[:e.Range.Start.Character] + e.NewText + l[e.Range.End.Character:]
	if got := strings.Join(lines, "\n"); got != testCard {
		t.Errorf("after the fix:\n%s", got)
	}
	// Elsewhere, no action.
	if a := c.codeActions(uri, rng{pos{1, 3}, pos{1, 4}}); len(a) != 0 {
		t.Errorf("actions on the name: %+v", a)
	}
	if err := c.shutdown(); err != nil {
		t.Error(err)
	}
}
