package tui

import (
	"path/filepath"
	"strings"
	"testing"
)

// fillMinimalCard drives a blank card to a minimal valid one, as a person
// would: Start (blank), Agent, Interfaces, Skills.
func fillMinimalCard(d *driver) {
	d.T.Helper()
	d.Press("enter") // blank card
	d.Typ("Weather Helper").Press("tab")
	d.Typ("Gives forecasts for any city.").Press("tab")
	d.Press("ctrl+n") // Interfaces
	d.Press("a")
	d.Typ("https://weather.example/a2a").Press("esc")
	d.Press("ctrl+n", "ctrl+n") // Capabilities, Skills
	d.Press("a")
	d.Typ("City forecast").Press("tab", "tab")
	d.Typ("Forecast for a city, by day.").Press("tab")
	d.Typ("weather, forecast").Press("esc")
}

func TestBlankToMinimalValidCardSaved(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "agent-card.json")
	d := newDriver(t, Options{Output: out, DraftDir: filepath.Join(dir, "drafts")})
	fillMinimalCard(d)
	if n := d.errorsCount(); n != 0 {
		t.Fatalf("%d errors after filling the card: %v\n%s", n, d.diagCodes(), d.json())
	}
	if got := d.m.s.Text("/skills/0/id"); got != "city-forecast" {
		t.Errorf("skill id = %q, want the slug city-forecast", got)
	}
	d.Press("ctrl+s") // review
	d.MustContain("Review & save", "Save to")
	d.Press("ctrl+s") // save
	if !d.m.result.Saved || !d.m.quitting {
		t.Fatalf("not saved: %+v, status %q", d.m.result, d.m.Status)
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
