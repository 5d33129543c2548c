package edit

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oncard/oncard/model"
)

// TestRebaseRandomEdits: the session and another writer each change a
// random set of members. After Rebase, exactly the members both changed
// (to different values) conflict, and the saved file is the other
// writer's version plus the session's other changes.
func TestRebaseRandomEdits(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	const n = 8
	var b strings.Builder
	b.WriteString("{\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "  \"m%d\": {\"v\": %d, \"keep\": \"as is\"},\n", i, i)
	}
	b.WriteString("  \"end\": true\n}\n")
	base := b.String()
	dir := t.TempDir()
	for iter := 0; iter < 200; iter++ {
		path := filepath.Join(dir, fmt.Sprintf("f%d.json", iter))
		if err := os.WriteFile(path, []byte(base), 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := OpenMax(path, 0)
		if err != nil {
			t.Fatal(err)
		}
		mine, theirs := r.Perm(n)[:r.IntN(n)], r.Perm(n)[:r.IntN(n)]
		for _, i := range mine {
			if err := s.Set(fmt.Sprintf("/m%d/v", i), []byte(fmt.Sprintf(`"mine %d"`, i))); err != nil {
				t.Fatal(err)
			}
		}
		disk, _ := model.Parse([]byte(base))
		for _, i := range theirs {
			if err := disk.Set(fmt.Sprintf("/m%d/v", i), []byte(fmt.Sprintf(`"theirs %d"`, i))); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.WriteFile(path, disk.Encode(), 0o644); err != nil {
			t.Fatal(err)
		}
		want, _ := model.Parse(disk.Encode())
		inTheirs := map[int]bool{}
		for _, i := range theirs {
			inTheirs[i] = true
		}
		wantConflicts := 0
		for _, i := range mine {
			if inTheirs[i] {
				wantConflicts++
				continue
			}
			want.Set(fmt.Sprintf("/m%d/v", i), []byte(fmt.Sprintf(`"mine %d"`, i)))
		}
		if len(theirs) > 0 && len(mine) > 0 { // with no edits, Save writes nothing
			if err := s.Save(); err == nil {
				t.Fatalf("iteration %d: Save over a changed file succeeded", iter)
			}
		}
		conflicts, err := s.Rebase()
		if err != nil {
			t.Fatal(err)
		}
		if len(conflicts) != wantConflicts {
			t.Fatalf("iteration %d: mine %v theirs %v: %d conflicts %v, want %d", iter, mine, theirs, len(conflicts), conflicts, wantConflicts)
		}
		if err := s.Save(); err != nil {
			t.Fatal(err)
		}
		got, _ := os.ReadFile(path)
		if string(got) != string(want.Encode()) {
			t.Fatalf("iteration %d: saved\n%s\nwant\n%s", iter, got, want.Encode())
		}
	}
}
