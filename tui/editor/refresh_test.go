package editor

import (
	"strings"
	"testing"

	"github.com/oncard/oncard/model"
)

// After an edit the card is encoded when the refresh comes, and validated
// by the command it returns; one check runs at a time, and the findings
// of an encoding overtaken by a save's own refresh are dropped.
func TestRefreshChecksOffTheLoopOneAtATime(t *testing.T) {
	doc, err := model.Parse([]byte(`{"name": "A", "description": "d", "version": "1", "skills": []}`))
	if err != nil {
		t.Fatal(err)
	}
	s := NewState(doc, nil)
	s.RefreshDelay = 0
	before := len(s.Diags)
	s.Note(s.SetValue("/name", ""))
	s.Changed()
	if !s.Pending() || s.RefreshCmd() == nil {
		t.Fatal("an edit did not ask for a refresh")
	}
	check := s.Refreshed()
	if check == nil || s.Pending() || !s.Checking() || !strings.Contains(string(s.JSON), `"name": ""`) {
		t.Fatalf("after the refresh: check %v, pending %v, checking %v, JSON %s", check != nil, s.Pending(), s.Checking(), s.JSON)
	}
	// Another edit while the check runs: no second check is asked for.
	s.Note(s.SetValue("/version", "2"))
	s.Changed()
	if s.RefreshCmd() != nil {
		t.Fatal("a second refresh was asked for while a check runs")
	}
	s.Checked(check().(CheckedMsg))
	if s.Checking() || len(s.Diags) <= before {
		t.Fatalf("the findings of the empty name did not arrive: %d, had %d", len(s.Diags), before)
	}
	if s.RefreshCmd() == nil {
		t.Fatal("the edit made during the check is not refreshed after it")
	}
	// A save refreshes here and now: a check still on its way is dropped.
	stale := s.Refreshed()
	s.Refresh()
	diags := s.Diags
	s.Checked(stale().(CheckedMsg))
	if len(diags) == 0 || len(s.Diags) != len(diags) || &s.Diags[0] != &diags[0] || s.Checking() {
		t.Fatal("a check overtaken by a refresh changed the findings")
	}
}
