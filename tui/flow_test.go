package tui

import (
	"path/filepath"
	"strings"
	"testing"
)

// fillMinimalCard drives a blank card to a minimal valid one, as a person
// would: Start (blank), Agent, Interfaces, Skills.
func fillMinimalCard(d *driver) {
	d.t.Helper()
	d.press("enter") // blank card
	d.typ("Weather Helper").press("tab")
	d.typ("Gives forecasts for any city.").press("tab")
	d.press("ctrl+n") // Interfaces
	d.press("a")
	d.typ("https://weather.example/a2a").press("esc")
	d.press("ctrl+n", "ctrl+n") // Capabilities, Skills
	d.press("a")
	d.typ("City forecast").press("tab", "tab")
	d.typ("Forecast for a city, by day.").press("tab")
	d.typ("weather, forecast").press("esc")
}

func TestBlankToMinimalValidCardSaved(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "agent-card.json")
	d := newDriver(t, Options{Output: out, DraftDir: filepath.Join(dir, "drafts")})
	fillMinimalCard(d)
	if n := d.errorsCount(); n != 0 {
		t.Fatalf("%d errors after filling the card: %v\n%s", n, d.diagCodes(), d.json())
	}
	if got := d.m.s.text("/skills/0/id"); got != "city-forecast" {
		t.Errorf("skill id = %q, want the slug city-forecast", got)
	}
	d.press("ctrl+s") // review
	d.mustContain("Review & save", "Save to")
	d.press("ctrl+s") // save
	if !d.m.result.Saved || !d.m.quitting {
		t.Fatalf("not saved: %+v, status %q", d.m.result, d.m.status)
	}
	data := readValidCard(t, out)
	if !strings.Contains(string(data), `"name": "Weather Helper"`) {
		t.Errorf("saved card lacks the name:\n%s", data)
	}
	// A saved card needs no draft any more.
	if left, _ := filepath.Glob(filepath.Join(dir, "drafts", "*.json")); len(left) != 0 {
		t.Errorf("drafts left after save: %v", left)
	}
}
