package safefile

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// foreignWrites is how many versions the program that ignores oncard's lock
// writes in TestNoForeignWriteLost.
const foreignWrites = 1200

// TestNoForeignWriteLost races oncard's locked read-modify-write against a
// program that replaces the file by rename without any lock, as editors and
// generators do. Version i of that program is the line "F<i>"; oncard
// appends "O" to what it read, so every version oncard writes starts with
// the foreign version it was based on. Before writing version i+1, the test
// looks at what followed version i (asking the oncard loop, between two of
// its writes): version i itself or oncard's versions based on it. Anything
// starting with an older version means oncard wrote over version i without
// having read it: a lost foreign write. The test counts those (none may
// be), not how long anything takes.
func TestNoForeignWriteLost(t *testing.T) {
	if testing.Short() {
		t.Skip("1,200 rounds")
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "card.json")
	writeFile(t, p, "F-1\n", 0o644)
	ctx := context.Background()
	// settled is the file between two oncard writes: the oncard loop below
	// answers, between its writes, the requests sent on look.
	look := make(chan chan []byte)
	settled := func() []byte {
		answer := make(chan []byte)
		look <- answer
		return <-answer
	}
	done := make(chan struct{})
	lost := 0
	go func() {
		defer close(done)
		for i := range foreignWrites {
			if !bytes.HasPrefix(settled(), fmt.Appendf(nil, "F%d\n", i-1)) {
				lost++
			}
			tmp := filepath.Join(dir, fmt.Sprintf("foreign-%d", i))
			if err := os.WriteFile(tmp, fmt.Appendf(nil, "F%d\n", i), 0o644); err != nil {
				t.Error(err)
				return
			}
			if err := os.Rename(tmp, p); err != nil {
				t.Error(err)
				return
			}
		}
		if !bytes.HasPrefix(settled(), fmt.Appendf(nil, "F%d\n", foreignWrites-1)) {
			lost++
		}
	}()
	ours, conflicts := 0, 0
	for running := true; running; {
		select {
		case <-done:
			running = false
			continue
		case answer := <-look:
			data, err := os.ReadFile(p)
			if err != nil {
				t.Error(err)
			}
			answer <- data
			continue
		default:
		}
		_, err := Update(ctx, p, Options{}, func(cur Current) ([]byte, error) {
			return append(cur.Data, "O\n"...), nil
		})
		switch {
		case errors.Is(err, ErrReplaced):
			conflicts++
		case err != nil:
			t.Fatal(err)
		default:
			ours++
		}
	}
	t.Logf("%d oncard writes, %d refused as conflicts", ours, conflicts)
	if lost != 0 {
		t.Errorf("%d of %d foreign versions lost", lost, foreignWrites)
	}
	if names := names(t, dir); len(names) != 1 {
		t.Errorf("left behind: %v", names)
	}
}

// The re-check that stands in for the exchange where there is none: a
// target replaced, created or removed since it was checked is not written
// over.
func TestRecheckBeforeRename(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "card.json")
	writeFile(t, p, "checked", 0o644)
	checked, err := os.Lstat(p)
	if err != nil {
		t.Fatal(err)
	}
	ours := filepath.Join(dir, "ours")
	writeFile(t, ours, "ours", 0o644)
	other := filepath.Join(dir, "other")
	writeFile(t, other, "foreign", 0o644)
	if err := os.Rename(other, p); err != nil {
		t.Fatal(err)
	}
	if leftover, err := recheckAndRename(ours, p, checked); !leftover || !errors.Is(err, ErrReplaced) || readString(t, p) != "foreign" {
		t.Errorf("over a replaced file: %v %v %q", leftover, err, readString(t, p))
	}
	if leftover, err := recheckAndRename(ours, p, nil); !leftover || !errors.Is(err, ErrReplaced) || readString(t, p) != "foreign" {
		t.Errorf("over a file created meanwhile: %v %v", leftover, err)
	}
	now, _ := os.Lstat(p)
	if leftover, err := recheckAndRename(ours, p, now); leftover || err != nil || readString(t, p) != "ours" {
		t.Errorf("over the file checked: %v %v", leftover, err)
	}
}
