package edit

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/testcards"
)

// BenchmarkEdit1MB is the budget (under 50 ms): open a 1 MB card,
// make one edit, compute the diff and save it (atomic write with fsync).
// Each iteration writes a different value so that every save really writes.
func BenchmarkEdit1MB(b *testing.B) {
	data := testcards.Large(1600, 60, 25) // 1.04 MB, 1,600 skills
	path := filepath.Join(b.TempDir(), "agent-card.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		b.Fatal(err)
	}
	values := [][]byte{[]byte(`"Edited once"`), []byte(`"Edited twice"`)}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		s, err := OpenMax(path, 0)
		if err != nil {
			b.Fatal(err)
		}
		s.Prepare(func(d *model.Doc) { model.NewCard(d) })
		if err := s.Set("/skills/800/description", values[i%2]); err != nil {
			b.Fatal(err)
		}
		if d := s.Diff(); len(d) == 0 {
			b.Fatal("no diff")
		}
		if err := s.Save(); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
