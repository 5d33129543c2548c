package tui

import (
	"os"
	"path/filepath"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/edit"
	"github.com/oncard/oncard/tui/internal/keydrive"
	"github.com/oncard/oncard/tui/style"
)

// BenchmarkEditReviewFrame200Skills: one frame of the edit Review screen
// (diff, errors the edits add, members kept as is) on a 200-skill card
// with one change: what every key on that screen costs.
func BenchmarkEditReviewFrame200Skills(b *testing.B) {
	m := openBigCardEdit(b, 200)
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	m.handleKey(keydrive.KeyMsg("x")) // the Agent step's name: one change
	m.handleKey(keydrive.KeyMsg("ctrl+s"))
	if _, ok := m.steps[m.cur].(*editReviewStep); !ok {
		b.Fatal("not on Review")
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = m.Render()
	}
}

// BenchmarkKeptAsIsWalk200Skills: the "kept as is" walk after a change
// (every member asked of every step's owns), on a 200-skill card. It runs
// once per change of the card, not per frame.
func BenchmarkKeptAsIsWalk200Skills(b *testing.B) {
	m := openBigCardEdit(b, 200)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m.edit.keptDoc = nil // as after a change
		_ = m.keptAsIs()
	}
}

// openBigCardEdit opens `oncard edit` on a card with n skills.
func openBigCardEdit(b *testing.B, n int) *Model {
	b.Helper()
	path := filepath.Join(b.TempDir(), "card.json")
	if err := os.WriteFile(path, []byte(bigCard(n)), 0o644); err != nil {
		b.Fatal(err)
	}
	es, err := edit.OpenMax(path, 0)
	if err != nil {
		b.Fatal(err)
	}
	es.Prepare(func(d *model.Doc) { model.NewCard(d) })
	return New(Options{Edit: es, Theme: style.NewTheme(true)})
}
