package tui

import "testing"

// TestOddCardsNeverPanic walks every step over documents of the wrong shape
// and presses the keys that edit, add, remove and move.
func TestOddCardsNeverPanic(t *testing.T) {
	odd := []string{
		`[]`, `"text"`, `null`, `{}`,
		`{"skills": {"0": {"id": "x"}}, "supportedInterfaces": "none", "capabilities": []}`,
		`{"skills": [1, "two", null, {"id": 3, "name": []}], "capabilities": {"extensions": {"uri": 1}}}`,
		`{"capabilities": {"extensions": [{"uri": "https://agent-capability.org/ext/on-request/v1", "params": {"skills": "all"}},
		  {"uri": "https://schema.oasf.outshift.com/9.9.9/objects/discovery", "params": {"schema_version": 7, "skills": [{"id": "x"}, 5]}}]},
		  "skills": [{"id": "a", "name": "A", "securityRequirements": []}, {"id": "b"}]}`,
	}
	keys := []string{"a", "x", "tab", "right", "space", "enter", "tab", "y", "left", "shift+up", "shift+down", "d", "esc", "down", "enter", "space", "backspace", "esc"}
	for _, card := range odd {
		d := newDriverJSON(t, card)
		for st := range d.m.steps {
			d.press("alt+" + string(rune('1'+st)))
			d.press(keys...)
			_ = d.screen()
		}
		d.press("ctrl+g", "down", "enter")
		d.send(teaSize(60, 15))
		_ = d.screen()
	}
}
