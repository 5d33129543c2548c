package tui

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/oncard/oncard/internal/app"
)

// The Catalog step keeps the catalog file it read between keystrokes and
// reads it again when the file's size or modification time changes; the
// save still refuses a file changed after the last plan, whatever the
// cache saw.
func TestCatalogStepRereadsCatalogChangedOnDisk(t *testing.T) {
	d, dir := catalogDriver(t)
	out := filepath.Join(dir, "catalog.json")
	odd := readBytes(t, filepath.Join("testdata", "catalog_odd.json"))
	if err := os.WriteFile(out, odd, 0o644); err != nil {
		t.Fatal(err)
	}
	d.chooseWrite(3, out)
	st := d.catalog()
	if pv := d.catalogPreview(); !strings.Contains(pv, "Odd   Host") {
		t.Fatalf("merge preview:\n%s", pv)
	}
	read := st.planner.Readings()

	// Keystrokes in the identifier field merge again without reading.
	d.press("shift+tab", "shift+tab", "shift+tab")
	if got := st.f.focused().label(); got != lblCatalogID {
		t.Fatalf("focus on %q, want the identifier", got)
	}
	d.typ("urn:example:agents:wx")
	if pv := d.catalogPreview(); !strings.Contains(pv, `"urn:example:agents:wx"`) {
		t.Fatalf("the merge preview does not follow the identifier:\n%s", pv)
	}
	if st.planner.Readings() != read {
		t.Fatalf("the unchanged catalog was read again (reading %d, then %d)", read, st.planner.Readings())
	}

	// Another size: the next keystroke reads the file again.
	bigger := bytes.Replace(odd, []byte("Odd   Host"), []byte("Bigger Odd Host"), 1)
	if err := os.WriteFile(out, bigger, 0o644); err != nil {
		t.Fatal(err)
	}
	d.typ("x")
	if pv := d.catalogPreview(); !strings.Contains(pv, "Bigger Odd Host") {
		t.Fatalf("the preview kept the catalog as first read:\n%s", pv)
	}

	// Same size, other bytes, another modification time: read again too.
	same := bytes.Replace(bigger, []byte("Bigger Odd Host"), []byte("Sized Odd Hosts"), 1)
	if len(same) != len(bigger) {
		t.Fatal("the test's two catalogs must have the same size")
	}
	if err := os.WriteFile(out, same, 0o644); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(out, later, later); err != nil {
		t.Fatal(err)
	}
	d.press("backspace")
	if pv := d.catalogPreview(); !strings.Contains(pv, "Sized Odd Hosts") {
		t.Fatalf("the preview missed a change of the modification time:\n%s", pv)
	}

	// A change after the last plan that the cache cannot see (same size,
	// modification time put back) is still refused by the write.
	sneaky := bytes.Replace(same, []byte("Sized Odd Hosts"), []byte("Later Odd Hosts"), 1)
	if err := os.WriteFile(out, sneaky, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(out, later, later); err != nil {
		t.Fatal(err)
	}
	if _, err := app.WriteCatalogPlan(st.plan, false); err == nil || !strings.Contains(err.Error(), "changed on disk") {
		t.Fatalf("writeCatalogPlan over a file changed after the plan: %v", err)
	}
	if got := readBytes(t, out); !bytes.Equal(got, sneaky) {
		t.Fatal("the catalog changed on disk was overwritten")
	}
}
