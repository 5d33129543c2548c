package editor

import (
	"fmt"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/oncard/oncard/model"
)

func historyState(t *testing.T) *State {
	t.Helper()
	doc, err := model.Parse([]byte(`{"name": "A", "description": "x"}`))
	if err != nil {
		t.Fatal(err)
	}
	return NewState(doc, nil)
}

// edit sets ptr to v as one action of the editor at place at, as the
// editors drive the State: Prepare with the key, the edit, Record. The
// State is not refreshed in between (a burst of keys), unless refreshing.
func edit(t *testing.T, s *State, ptr, v string, typed bool, at Place) {
	t.Helper()
	var key tea.Msg = tea.KeyPressMsg{Code: tea.KeyEnter}
	if typed {
		key = tea.KeyPressMsg{Code: 'x', Text: "x"}
	}
	s.Prepare(key)
	if typed {
		s.Typed(ptr)
	}
	s.Note(s.SetValue(ptr, v))
	s.Changed()
	s.Record(at)
	if refreshing {
		s.Prepare(RefreshMsg{})
		s.Refreshed()
		s.Record(at)
	}
}

// refreshing makes edit refresh the State after each action (the
// RefreshMsg an editor gets once the keys waiting are handled).
var refreshing bool

// bothWays runs test with and without a refresh after each action.
func bothWays(t *testing.T, test func(t *testing.T)) {
	for _, r := range []bool{false, true} {
		refreshing = r
		t.Run(map[bool]string{false: "burst", true: "refreshed"}[r], test)
	}
	refreshing = false
}

func TestHistoryTypingInOneFieldIsOneStep(t *testing.T) {
	bothWays(t, func(t *testing.T) {
		s := historyState(t)
		name := Place{Focus: "/name"}
		s.Record(name) // the editor records where it is after every message
		for _, v := range []string{"AB", "ABC", "ABCD"} {
			edit(t, s, "/name", v, true, name)
		}
		// Another field: a step of its own.
		s.Record(Place{Focus: "/description"})
		edit(t, s, "/description", "xy", true, Place{Focus: "/description"})
		// Back in the first field: typing there again is a new step.
		s.Record(name)
		edit(t, s, "/name", "ABCDE", true, name)

		want := []struct{ name, desc string }{{"ABCD", "xy"}, {"ABCD", "x"}, {"A", "x"}}
		for i, w := range want {
			if _, ok := s.Undo(); !ok {
				t.Fatalf("undo %d: nothing to undo", i+1)
			}
			if s.Text("/name") != w.name || s.Text("/description") != w.desc {
				t.Fatalf("after undo %d: name %q description %q, want %q %q", i+1, s.Text("/name"), s.Text("/description"), w.name, w.desc)
			}
		}
		if _, ok := s.Undo(); ok {
			t.Fatal("undo past the first card")
		}
		at, ok := s.Redo()
		if !ok || s.Text("/name") != "ABCD" || at.Focus != "/name" {
			t.Fatalf("redo: ok %v, name %q, place %+v", ok, s.Text("/name"), at)
		}
	})
}

func TestHistoryNewEditDropsRedo(t *testing.T) {
	bothWays(t, func(t *testing.T) {
		s := historyState(t)
		edit(t, s, "/name", "B", false, Place{})
		edit(t, s, "/name", "C", false, Place{})
		s.Undo()
		edit(t, s, "/description", "y", false, Place{})
		if s.CanRedo() {
			t.Fatal("redo kept after a new edit")
		}
		s.Undo()
		if s.Text("/name") != "B" || s.Text("/description") != "x" {
			t.Fatalf("undo after a new edit: %s", s.JSON)
		}
	})
}

// An undo is an edit: drafts and the edit count see it.
func TestHistoryUndoCountsAsEdit(t *testing.T) {
	bothWays(t, func(t *testing.T) {
		s := historyState(t)
		edit(t, s, "/name", "B", false, Place{})
		n := s.Edits
		s.Undo()
		if s.Edits != n+1 {
			t.Fatalf("Edits %d after undo, want %d", s.Edits, n+1)
		}
		s.Record(Place{})
		if s.CanUndo() || !s.CanRedo() {
			t.Fatal("the undo itself was recorded as a step")
		}
	})
}

func TestHistoryIsBounded(t *testing.T) {
	bothWays(t, func(t *testing.T) {
		s := historyState(t)
		s.hist.maxSteps = 5
		for i := range 20 {
			edit(t, s, "/name", fmt.Sprint("n", i), false, Place{})
		}
		if n := len(s.hist.undo); n != 5 {
			t.Fatalf("%d undo steps kept, want 5", n)
		}
		for s.CanUndo() {
			s.Undo()
		}
		if got := s.Text("/name"); got != "n14" {
			t.Fatalf("the oldest step kept is %q, want n14", got)
		}

		s = historyState(t)
		s.hist.maxBytes = 3 * len(s.JSON)
		for i := range 20 {
			edit(t, s, "/name", fmt.Sprint("n", i), false, Place{})
		}
		if s.hist.bytes > s.hist.maxBytes || len(s.hist.undo) == 0 {
			t.Fatalf("%d bytes in %d steps, bound %d", s.hist.bytes, len(s.hist.undo), s.hist.maxBytes)
		}
		total := 0
		for _, u := range s.hist.undo {
			total += len(u.json)
		}
		if total != s.hist.bytes {
			t.Fatalf("byte count %d, steps hold %d", s.hist.bytes, total)
		}
	})
}

// A key that writes what was there is no step to undo.
func TestHistoryNoOpEditIsNoStep(t *testing.T) {
	bothWays(t, func(t *testing.T) {
		s := historyState(t)
		edit(t, s, "/name", "B", false, Place{})
		edit(t, s, "/name", "B", false, Place{})
		if _, ok := s.Undo(); !ok || s.Text("/name") != "A" {
			t.Fatalf("one undo after a change and a no-op: name %q", s.Text("/name"))
		}
	})
}
