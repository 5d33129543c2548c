package lsp

import (
	"sort"
	"strings"
	"testing"
)

// applyEdits applies an action's edits to text as an editor does (the
// edits do not overlap; the last is applied first).
func applyEdits(t *testing.T, src string, a wireAction, uri string) string {
	t.Helper()
	tx := newText([]byte(src))
	edits := a.Edit.Changes[uri]
	sort.Slice(edits, func(i, j int) bool { return before2(edits[j].Range.Start, edits[i].Range.Start) })
	out := src
	for _, e := range edits {
		start := tx.offset(toProtocol(e.Range.Start))
		end := tx.offset(toProtocol(e.Range.End))
		out = out[:start] + e.NewText + out[end:]
	}
	return out
}

func before2(a, b pos) bool { return a.Line < b.Line || a.Line == b.Line && a.Character < b.Character }

func TestQuickFix(t *testing.T) {
	c := newClient(t, nil)
	uri, _ := fileURI(t, "agent-card.json")
	card := strings.Replace(testCard, `"defaultInputModes"`, `"default_input_modes"`, 1)
	c.open(uri, card)
	diags := c.diagnosticsFor(uri, 1)
	snake := find(diags, "a2a/snake-case-name")
	if snake == nil {
		t.Fatalf("no a2a/snake-case-name among %+v", diags)
	}
	actions := c.codeActions(uri, rng{snake.Range.Start, snake.Range.Start})
	if len(actions) != 1 {
		t.Fatalf("actions %+v, want one", actions)
	}
	a := actions[0]
	if a.Title != "Rename the member to its camelCase JSON name" || a.Kind != "quickfix" ||
		len(a.Diagnostics) != 1 || a.Diagnostics[0].Code != "a2a/snake-case-name" {
		t.Errorf("action %+v", a)
	}
	// Applied by the editor: the member has its JSON name, in its place
	// (its value laid out anew), and nothing else changed.
	fixed := applyEdits(t, card, a, uri)
	in, out := strings.Index(fixed, `"defaultInputModes": [`), strings.Index(fixed, `"defaultOutputModes"`)
	if strings.Contains(fixed, "default_input_modes") || in < strings.Index(fixed, `"capabilities"`) || out < in {
		t.Errorf("after the fix:\n%s", fixed)
	}
	head := testCard[:strings.Index(testCard, `  "defaultInputModes"`)]
	tail := testCard[strings.Index(testCard, `  "defaultOutputModes"`):]
	if !strings.HasPrefix(fixed, head) || !strings.HasSuffix(fixed, tail) {
		t.Errorf("the fix changed more than the member:\n%s", fixed)
	}
	// Elsewhere, no action.
	if a := c.codeActions(uri, rng{pos{1, 3}, pos{1, 4}}); len(a) != 0 {
		t.Errorf("actions on the name: %+v", a)
	}
	if err := c.shutdown(); err != nil {
		t.Error(err)
	}
}

func TestQuickFixAll(t *testing.T) {
	c := newClient(t, nil)
	uri, _ := fileURI(t, "agent-card.json")
	card := strings.Replace(strings.Replace(testCard, `"defaultInputModes"`, `"default_input_modes"`, 1),
		`"defaultOutputModes"`, `"default_output_modes"`, 1)
	c.open(uri, card)
	snake := find(c.diagnosticsFor(uri, 1), "a2a/snake-case-name")
	actions := c.codeActions(uri, snake.Range)
	if len(actions) != 2 || actions[1].Title != "Fix all 2 oncard findings that have a fix" {
		t.Fatalf("actions %+v", actions)
	}
	// Applied by the editor: neither finding is left, and the skills the
	// fixes had no business with are as they were.
	fixed := applyEdits(t, card, actions[1], uri)
	c.notifyServer("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": uri, "version": 2},
		"contentChanges": []any{map[string]any{"text": fixed}},
	})
	if d := find(c.diagnosticsFor(uri, 2), "a2a/snake-case-name"); d != nil {
		t.Errorf("after fixing all: %+v\n%s", d, fixed)
	}
	skills := testCard[strings.Index(testCard, "\n  \"skills\": ["):]
	if !strings.HasSuffix(fixed, skills) {
		t.Errorf("fixing all changed the skills:\n%s", fixed)
	}
	if err := c.shutdown(); err != nil {
		t.Error(err)
	}
}
