package tui

import (
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/oncard/oncard/model/testcards"
	"github.com/oncard/oncard/tui/cardedit"
	"github.com/oncard/oncard/tui/internal/keydrive"
)

// BenchmarkUndo200Skills and 5MB: ctrl+z and ctrl+y in turn after a key
// typed into skill 150's description: restore the Doc from the kept
// encoding, re-validate, return to the field and render the frame.
func BenchmarkUndo200Skills(b *testing.B) { benchUndo(b, testcards.Large(200, 50, 20)) }
func BenchmarkUndoCard5MB(b *testing.B)   { benchUndo(b, testcards.OfSize(5<<20)) }

func benchUndo(b *testing.B, data []byte) {
	m, restore := openEditor(b, data)
	defer restore()
	m.goTo(stepSkills)
	m.steps[stepSkills].(*cardedit.ListStep).Cursor = 150
	for _, k := range []string{"enter", "tab", "tab", "x"} { // description, one key typed
		m.Update(keydrive.KeyMsg(k))
	}
	if !m.s.CanUndo() {
		b.Fatal("the key typed is not undoable")
	}
	keys := []tea.KeyPressMsg{keydrive.KeyMsg("ctrl+z"), keydrive.KeyMsg("ctrl+y")}
	b.ReportAllocs()
	b.ResetTimer()
	med := newMedian(b.N)
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		m.Update(keys[i%2])
		_ = m.Render()
		med.add(time.Since(t0))
	}
	med.report(b)
}
