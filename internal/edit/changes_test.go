package edit

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// Changes replays to the same document, whether the edits went through
// the session or straight to Doc.
func TestChangesReplayToTheSameBytes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "card.json")
	if err := os.WriteFile(path, []byte(`{"name": "a", "skills": [{"id": "x"}], "version": "1"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := OpenMax(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Set("/name", []byte(`"b"`)); err != nil {
		t.Fatal(err)
	}
	if err := s.Doc().Set("/version", []byte(`"2"`)); err != nil { // not recorded
		t.Fatal(err)
	}
	ops, err := s.Changes()
	if err != nil {
		t.Fatal(err)
	}
	again, err := OpenMax(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, op := range ops {
		if err := again.Do(op); err != nil {
			t.Fatalf("%s: %v", op, err)
		}
	}
	if !bytes.Equal(again.Bytes(), s.Bytes()) {
		t.Fatalf("replayed:\n%s\nwant:\n%s", again.Bytes(), s.Bytes())
	}
}
