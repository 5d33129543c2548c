package catedit

import "testing"

// The entries list pages, jumps to its ends and filters; pgup/pgdn are the
// list's, the preview scrolls with shift+pgup/pgdn.
func TestCatEditEntriesPageJumpFilter(t *testing.T) {
	d := openCatEdit(t)
	d.Press("end")
	if d.c.entry != 2 {
		t.Fatalf("end: entry %d, want 2", d.c.entry)
	}
	d.Press("pgup")
	if d.c.entry != 0 {
		t.Fatalf("pgup: entry %d, want 0", d.c.entry)
	}
	d.Press("pgdown")
	if d.c.entry != 2 || !d.c.Prev.Follow {
		t.Fatalf("pgdn: entry %d (preview scrolled by hand: %v)", d.c.entry, !d.c.Prev.Follow)
	}
	d.Press("home", "/")
	d.Typ("trip")
	d.MustContain("/ trip", "1 of 3", "2. urn:air:agents.example.com:agents:trip-planner")
	if d.c.entry != 1 {
		t.Fatalf("filtered to trip: entry %d, want 1", d.c.entry)
	}
	// Letters went to the filter: a did not ask for a card path.
	if d.c.screens[d.c.cur].Busy() != true {
		t.Fatal("typing the filter: the screen is not busy")
	}
	d.Press("enter", "esc")
	d.MustContain("3 entries")
}
