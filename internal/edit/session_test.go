package edit

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oncard/oncard/internal/docfile"
	"github.com/oncard/oncard/model"
)

const card = `{
  "name": "Travel agent",
  "description": "Books trips",
  "supportedInterfaces": [
    {"url": "https://travel.example/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}
  ],
  "version": "1.0.0",
  "capabilities": {"streaming": true},
  "defaultInputModes": ["text/plain"],
  "defaultOutputModes": ["text/plain"],
  "skills": [
    {"id": "book", "name": "Book", "description": "Books a trip", "tags": ["travel"]},
    {"id": "cancel", "name": "Cancel", "description": "Cancels a trip", "tags": ["travel"]}
  ],
  "x-unknown": {"kept": [1, 2.50, "\u00e9"]}
}
`

func writeCard(t *testing.T, text string, mode os.FileMode) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "agent-card.json")
	if err := os.WriteFile(path, []byte(text), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil { // the umask may have narrowed it
		t.Fatal(err)
	}
	return path
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func mustOpen(t *testing.T, path string) *Session {
	t.Helper()
	s, err := OpenMax(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	s.Prepare(func(d *model.Doc) { model.NewCard(d) })
	return s
}

func TestEditSaveChangesOneLineAndKeepsMode(t *testing.T) {
	path := writeCard(t, card, 0o640)
	s := mustOpen(t, path)
	if s.Changed() || s.Diff() != "" {
		t.Fatal("a session without edits reports changes")
	}
	if err := s.Set("/name", []byte(`"Trip agent"`)); err != nil {
		t.Fatal(err)
	}
	diff := s.Diff()
	if got := changedLines(diff); got != "-  \"name\": \"Travel agent\",\n+  \"name\": \"Trip agent\",\n" {
		t.Fatalf("diff changes other lines:\n%s", diff)
	}
	if err := s.Save(); err != nil {
		t.Fatal(err)
	}
	want := strings.Replace(card, `"Travel agent"`, `"Trip agent"`, 1)
	if got := readFile(t, path); got != want {
		t.Fatalf("saved:\n%s\nwant:\n%s", got, want)
	}
	fi, _ := os.Stat(path)
	if fi.Mode().Perm() != 0o640 {
		t.Errorf("mode %v after save, want 0640", fi.Mode().Perm())
	}
	if len(s.Pending()) != 0 || s.Changed() || s.Diff() != "" {
		t.Error("after a save the session still has pending edits")
	}
	// The session goes on: a second edit diffs against what was saved.
	if err := s.Delete("/x-unknown"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(s.Diff(), `-  "x-unknown"`) || strings.Contains(s.Diff(), "Travel") {
		t.Errorf("second diff is not against the saved file:\n%s", s.Diff())
	}
}

// changedLines keeps the -/+ lines of a unified diff (not the headers).
func changedLines(diff string) string {
	var b strings.Builder
	for line := range strings.Lines(diff) {
		if (line[0] == '-' || line[0] == '+') && !strings.HasPrefix(line, "---") && !strings.HasPrefix(line, "+++") {
			b.WriteString(line)
		}
	}
	return b.String()
}

func TestNewMembersLandInSpecOrder(t *testing.T) {
	s := mustOpen(t, writeCard(t, card, 0o644))
	if err := s.Set("/documentationUrl", []byte(`"https://travel.example/docs"`)); err != nil {
		t.Fatal(err)
	}
	out := string(s.Bytes())
	if !(strings.Index(out, `"version"`) < strings.Index(out, `"documentationUrl"`) &&
		strings.Index(out, `"documentationUrl"`) < strings.Index(out, `"capabilities"`)) {
		t.Errorf("documentationUrl not between version and capabilities:\n%s", out)
	}
}

func TestFailedEditIsNotRecorded(t *testing.T) {
	s := mustOpen(t, writeCard(t, card, 0o644))
	if err := s.Set("/provider/url", []byte(`"https://x.example"`)); err == nil {
		t.Fatal("set under a missing parent succeeded")
	}
	if err := s.Delete("/nothing"); err == nil {
		t.Fatal("delete of a missing member succeeded")
	}
	if len(s.Pending()) != 0 || s.Changed() {
		t.Fatal("failed edits were recorded or changed the document")
	}
}

// TestConcurrentModification is the "must show": the file changes
// on disk while it is open; the save is refused and both versions survive;
// Rebase re-applies the edits to the new version.
func TestConcurrentModification(t *testing.T) {
	path := writeCard(t, card, 0o600)
	s := mustOpen(t, path)
	if err := s.Set("/version", []byte(`"1.1.0"`)); err != nil {
		t.Fatal(err)
	}
	if err := s.Set("/skills/1/name", []byte(`"Cancel a booking"`)); err != nil {
		t.Fatal(err)
	}
	theirs := strings.Replace(card, `"Books trips"`, `"Books trips and hotels"`, 1)
	if err := os.WriteFile(path, []byte(theirs), 0o600); err != nil {
		t.Fatal(err)
	}

	err := s.Save()
	if !errors.Is(err, docfile.ErrChangedOnDisk) {
		t.Fatalf("Save = %v, want ErrChangedOnDisk", err)
	}
	if got := readFile(t, path); got != theirs {
		t.Fatal("the refused save touched the other writer's version")
	}
	mine := string(s.Bytes())
	if !strings.Contains(mine, `"1.1.0"`) || !strings.Contains(mine, `"Cancel a booking"`) || len(s.Pending()) != 2 {
		t.Fatal("the refused save lost the session's edits")
	}
	// Saving elsewhere keeps ours without touching theirs.
	elsewhere := filepath.Join(filepath.Dir(path), "mine.json")
	if err := s.SaveAs(elsewhere, false); err != nil {
		t.Fatal(err)
	}
	if readFile(t, elsewhere) != mine || readFile(t, path) != theirs {
		t.Fatal("SaveAs did not keep both versions")
	}

	conflicts, err := s.Rebase()
	if err != nil || len(conflicts) != 0 {
		t.Fatalf("Rebase = %v, %v; want no conflicts", conflicts, err)
	}
	if err := s.Save(); err != nil {
		t.Fatal(err)
	}
	want := strings.Replace(strings.Replace(theirs, `"1.0.0"`, `"1.1.0"`, 1), `"Cancel"`, `"Cancel a booking"`, 1)
	if got := readFile(t, path); got != want {
		t.Fatalf("after Rebase and Save:\n%s\nwant:\n%s", got, want)
	}
}

func TestRebaseConflicts(t *testing.T) {
	tests := []struct {
		name     string
		edit     func(s *Session) error
		theirs   string // the file as another writer left it
		conflict string // "" when the edit carries over
		want     string // the file after Rebase and Save ("" to skip)
	}{
		{
			name:     "the same member changed on disk",
			edit:     func(s *Session) error { return s.Set("/name", []byte(`"Mine"`)) },
			theirs:   strings.Replace(card, `"Travel agent"`, `"Theirs"`, 1),
			conflict: "set /name: /name changed on disk",
		},
		{
			name:   "the same change made on disk",
			edit:   func(s *Session) error { return s.Set("/name", []byte(`"Same"`)) },
			theirs: strings.Replace(card, `"Travel agent"`, `"Same"`, 1),
			want:   strings.Replace(card, `"Travel agent"`, `"Same"`, 1),
		},
		{
			name: "an array the pointer indexes changed length",
			edit: func(s *Session) error { return s.Set("/skills/1/name", []byte(`"Mine"`)) },
			theirs: strings.Replace(card, `"skills": [`,
				`"skills": [
    {"id": "new", "name": "New", "description": "Added on disk", "tags": ["travel"]},`, 1),
			conflict: "set /skills/1/name: /skills has 3 items on disk, 2 when loaded: its indices may name other items now",
		},
		{
			name:   "a member deleted on disk too",
			edit:   func(s *Session) error { return s.Delete("/x-unknown") },
			theirs: strings.Replace(card, ",\n  \"x-unknown\": {\"kept\": [1, 2.50, \"\\u00e9\"]}", "", 1),
			want:   strings.Replace(card, ",\n  \"x-unknown\": {\"kept\": [1, 2.50, \"\\u00e9\"]}", "", 1),
		},
		{
			name:     "the parent removed on disk",
			edit:     func(s *Session) error { return s.Set("/capabilities/pushNotifications", []byte(`true`)) },
			theirs:   strings.Replace(card, `"capabilities": {"streaming": true},`, ``, 1),
			conflict: "set /capabilities/pushNotifications: no longer applies: /capabilities does not exist",
		},
		{
			name:   "an edit elsewhere carries over",
			edit:   func(s *Session) error { return s.Set("/capabilities/streaming", []byte(`false`)) },
			theirs: strings.Replace(card, `"Books trips"`, `"Books trips!"`, 1),
			want: strings.Replace(strings.Replace(card, `"Books trips"`, `"Books trips!"`, 1),
				`{"streaming": true}`, `{"streaming": false}`, 1),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeCard(t, card, 0o644)
			s := mustOpen(t, path)
			if err := tt.edit(s); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(tt.theirs), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := s.Save(); !errors.Is(err, docfile.ErrChangedOnDisk) {
				t.Fatalf("Save = %v, want ErrChangedOnDisk", err)
			}
			conflicts, err := s.Rebase()
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, c := range conflicts {
				got = append(got, c.String())
			}
			if strings.Join(got, "\n") != tt.conflict {
				t.Fatalf("conflicts = %q, want %q", got, tt.conflict)
			}
			if tt.conflict != "" && (s.Changed() || len(s.Pending()) != 0) {
				t.Errorf("the conflicting edit stayed applied:\n%s", s.Diff())
			}
			if err := s.Save(); err != nil {
				t.Fatal(err)
			}
			if tt.want != "" && readFile(t, path) != tt.want {
				t.Errorf("saved:\n%s\nwant:\n%s", readFile(t, path), tt.want)
			}
		})
	}
}

func TestRebaseWhenTheFileIsGone(t *testing.T) {
	path := writeCard(t, card, 0o644)
	s := mustOpen(t, path)
	if err := s.Set("/name", []byte(`"Mine"`)); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if err := s.Save(); !errors.Is(err, docfile.ErrChangedOnDisk) {
		t.Fatalf("Save = %v, want ErrChangedOnDisk", err)
	}
	if _, err := s.Rebase(); err == nil {
		t.Fatal("Rebase of a removed file succeeded")
	}
	if !strings.Contains(string(s.Bytes()), `"Mine"`) || len(s.Pending()) != 1 {
		t.Fatal("a failed Rebase lost the edits")
	}
}

// TestRebaseCarriesUnrecordedChanges: changes made at pointers on Doc()
// (as the TUI's screens do) are carried over by Rebase too, and
// conflict like recorded ones.
func TestRebaseCarriesUnrecordedChanges(t *testing.T) {
	path := writeCard(t, card, 0o644)
	s := mustOpen(t, path)
	model.NewCard(s.Doc())
	if err := s.Doc().SetValue("/name", "Trip agent"); err != nil {
		t.Fatal(err)
	}
	if err := s.Doc().SetValue("/skills/0/tags", []string{"travel", "booking"}); err != nil {
		t.Fatal(err)
	}
	if err := s.Doc().Delete("/x-unknown"); err != nil {
		t.Fatal(err)
	}
	if err := s.Doc().SetValue("/version", "2.0.0"); err != nil {
		t.Fatal(err)
	}
	// The other writer changed the description and, conflicting, the version.
	theirs := strings.Replace(strings.Replace(card, `"Books trips"`, `"Books trips and hotels"`, 1), `"1.0.0"`, `"1.5.0"`, 1)
	if err := os.WriteFile(path, []byte(theirs), 0o644); err != nil {
		t.Fatal(err)
	}
	conflicts, err := s.Rebase()
	if err != nil {
		t.Fatal(err)
	}
	if len(conflicts) != 1 || conflicts[0].String() != "set /version: /version changed on disk" {
		t.Fatalf("conflicts = %v", conflicts)
	}
	if err := s.Save(); err != nil {
		t.Fatal(err)
	}
	want := strings.Replace(strings.Replace(theirs, `"Travel agent"`, `"Trip agent"`, 1),
		`"tags": ["travel"]}`+",\n    {\"id\": \"cancel\"", `"tags": ["travel", "booking"]}`+",\n    {\"id\": \"cancel\"", 1)
	want = strings.Replace(want, ",\n  \"x-unknown\": {\"kept\": [1, 2.50, \"\\u00e9\"]}", "", 1)
	if got := readFile(t, path); got != want {
		t.Fatalf("saved:\n%s\nwant:\n%s", got, want)
	}
}

func TestDeriveOpsReproducesTheDocument(t *testing.T) {
	orig, err := model.Parse([]byte(card))
	if err != nil {
		t.Fatal(err)
	}
	edits := []func(d *model.Doc) error{
		func(d *model.Doc) error { return d.Set("/name", []byte(`"N\u00e9w"`)) },
		func(d *model.Doc) error {
			return d.Set("/skills/-", []byte(`{"id":"x","name":"X","description":"D","tags":["t"]}`))
		},
		func(d *model.Doc) error { return d.Delete("/capabilities/streaming") },
		func(d *model.Doc) error { return d.Set("/x-unknown/kept/1", []byte(`3.0e1`)) },
		func(d *model.Doc) error { return d.Set("/x-new", []byte(`{"a\"b": [null, true, {}]}`)) },
	}
	for i, e := range edits {
		cur := orig.Clone()
		if err := e(cur); err != nil {
			t.Fatal(err)
		}
		replay := orig.Clone()
		for _, op := range deriveOps(orig, cur) {
			if err := op.apply(replay); err != nil {
				t.Fatalf("edit %d: %s: %v", i, op, err)
			}
		}
		if got, want := string(replay.Encode()), string(cur.Encode()); got != want {
			t.Errorf("edit %d: replayed\n%s\nwant\n%s", i, got, want)
		}
	}
}

func TestApplyUpgradePlan(t *testing.T) {
	v03 := `{
  "name": "Old agent",
  "description": "d",
  "url": "https://old.example/a2a",
  "protocolVersion": "0.3.0",
  "version": "1",
  "capabilities": {},
  "defaultInputModes": ["text/plain"],
  "defaultOutputModes": ["text/plain"],
  "skills": []
}
`
	path := writeCard(t, v03, 0o644)
	s := mustOpen(t, path)
	plan, err := model.PlanUpgrade(s.Doc(), model.UpgradeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Apply(plan); err != nil {
		t.Fatal(err)
	}
	if len(s.Pending()) != len(plan) {
		t.Fatalf("%d pending ops for a plan of %d edits", len(s.Pending()), len(plan))
	}
	if c := model.NewCard(s.Doc()).Shape(); c != model.ShapeV10 {
		t.Fatalf("shape after upgrade = %v", c)
	}
}
