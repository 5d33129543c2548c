package tui

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/model"
)

// catalogDriver opens minimalCard on the Catalog step, the card to be saved
// in a temporary directory (returned).
func catalogDriver(t *testing.T) (*driver, string) {
	t.Helper()
	dir := t.TempDir()
	d := newDriverJSON(t, minimalCard)
	d.m.steps[stepReview].(*reviewStep).path = filepath.Join(dir, "agent-card.json")
	d.m.goTo(stepCatalog)
	return d, dir
}

func (d *driver) catalog() *catalogStep { return d.m.steps[stepCatalog].(*catalogStep) }

// chooseWrite moves to the Write choice and picks option n (0 = nothing),
// then focuses the File field and types path when given.
func (d *driver) chooseWrite(n int, path string) {
	d.t.Helper()
	d.catalog().f.idx = 0
	d.press("tab", "tab")
	if got := d.catalog().f.focused().label(); got != lblCatalogWrite {
		d.t.Fatalf("focus on %q, want the write choice", got)
	}
	for i := 0; i < n; i++ {
		d.press("right")
	}
	if path != "" {
		d.press("tab")
		d.typ(path)
	}
}

// saveAll goes to Review and saves (ctrl+s twice).
func (d *driver) saveAll() { d.press("ctrl+s", "ctrl+s") }

// catalogPreview is the preview pane's text on the current step, wide
// enough not to wrap.
func (d *driver) catalogPreview() string {
	return ansi.Strip(d.m.previewInner(300, 200))
}

// entryFor is the entry model.EntryFromCard makes for the saved card.
func entryFor(t *testing.T, cardPath string, o model.EntryOptions) []byte {
	t.Helper()
	card, err := model.OpenFile(cardPath)
	if err != nil {
		t.Fatal(err)
	}
	e, _, err := model.EntryFromCard(card.Doc, o)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func readBytes(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

const derivedID = "urn:air:weather.example:agents:weather-helper"

func TestCatalogStepSuggestsAndPreviewsEntryLive(t *testing.T) {
	d, _ := catalogDriver(t)
	cardBefore, editsBefore := d.json(), d.m.s.Edits
	d.send(teaSize(200, 40)) // the suggestions fit
	d.mustContain("step 8/9", "Catalog", "suggested: "+derivedID,
		"suggested: https://weather.example/.well-known/agent-card.json", "On save: the card only")
	pv := d.catalogPreview()
	for _, want := range []string{`"identifier": "` + derivedID + `"`, `"type": "application/a2a-agent-card+json"`, `"version": "1.0.0"`} {
		if !strings.Contains(pv, want) {
			t.Fatalf("preview lacks %s:\n%s", want, pv)
		}
	}
	// Typing an identifier shows in the preview at once.
	d.typ("urn:example:agents:wx")
	if pv := d.catalogPreview(); !strings.Contains(pv, `"identifier": "urn:example:agents:wx"`) {
		t.Fatalf("preview does not follow the identifier:\n%s", pv)
	}
	d.press("tab")
	d.typ("https://cards.example/wx.json")
	if pv := d.catalogPreview(); !strings.Contains(pv, `"url": "https://cards.example/wx.json"`) {
		t.Fatalf("preview does not follow the url:\n%s", pv)
	}
	// New catalog: specVersion and host name appear and reach the preview.
	d.press("tab", "right", "right")
	d.mustContain(lblCatalogPath, lblCatalogSpec, lblCatalogHost)
	d.press("tab", "tab", "right", "tab")
	d.typ("Weather Co")
	pv = d.catalogPreview()
	if !strings.Contains(pv, `"specVersion": "0.9"`) || !strings.Contains(pv, `"displayName": "Weather Co"`) {
		t.Fatalf("new catalog preview lacks specVersion 0.9 / host:\n%s", pv)
	}
	// None of this is a card edit.
	if d.json() != cardBefore || d.m.s.Edits != editsBefore {
		t.Fatalf("the Catalog step changed the card (edits %d -> %d)", editsBefore, d.m.s.Edits)
	}
	// Going back to another step shows the card again.
	d.press("ctrl+p")
	if pv := ansi.Strip(d.m.previewInner(300, 200)); !strings.Contains(pv, `"supportedInterfaces"`) {
		t.Fatalf("the preview did not return to the card:\n%s", pv)
	}
}

func TestCatalogStepWritesNothingByDefault(t *testing.T) {
	d, dir := catalogDriver(t)
	d.saveAll()
	if !d.m.result.Saved || d.m.result.Catalog != "" {
		t.Fatalf("result %+v, status %q", d.m.result, d.m.status)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "*")); len(files) != 1 {
		t.Fatalf("files written: %v, want the card only", files)
	}
}

func TestCatalogStepWritesEntryAlone(t *testing.T) {
	d, dir := catalogDriver(t)
	d.typ("urn:example:agents:wx")
	out := filepath.Join(dir, "entry.json")
	d.chooseWrite(1, out)
	d.saveAll()
	if !d.m.result.Saved {
		t.Fatalf("not saved: %q", d.m.status)
	}
	want := append(entryFor(t, d.m.result.Path, model.EntryOptions{Identifier: "urn:example:agents:wx"}), '\n')
	if got := readBytes(t, out); !bytes.Equal(got, want) {
		t.Fatalf("entry file:\n%s\nwant:\n%s", got, want)
	}
	if !strings.Contains(d.m.result.Catalog, "Wrote the catalog entry to "+out) {
		t.Fatalf("Result.Catalog = %q", d.m.result.Catalog)
	}
}

func TestCatalogStepWritesNewCatalog(t *testing.T) {
	d, dir := catalogDriver(t)
	out := filepath.Join(dir, "ai-catalog.json")
	d.chooseWrite(2, out)
	d.press("tab", "right", "tab") // specVersion 0.9, host name
	d.typ("Weather Co")
	d.saveAll()
	if !d.m.result.Saved {
		t.Fatalf("not saved: %q", d.m.status)
	}
	card, err := model.OpenFile(d.m.result.Path)
	if err != nil {
		t.Fatal(err)
	}
	want, _, err := model.CatalogFromCards([]model.CardSource{{Card: card.Doc}},
		model.CatalogOptions{SpecVersion: "0.9", HostDisplayName: "Weather Co"})
	if err != nil {
		t.Fatal(err)
	}
	if got := readBytes(t, out); !bytes.Equal(got, want) {
		t.Fatalf("catalog file:\n%s\nwant:\n%s", got, want)
	}
	if !strings.Contains(d.m.result.Catalog, "new AI Catalog") {
		t.Fatalf("Result.Catalog = %q", d.m.result.Catalog)
	}
}

func TestCatalogStepOverwriteNeedsYes(t *testing.T) {
	d, dir := catalogDriver(t)
	out := filepath.Join(dir, "entry.json")
	if err := os.WriteFile(out, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	d.chooseWrite(1, out)
	d.saveAll()
	d.mustContain("already exists", "Overwrite it")
	d.press("n")
	if d.m.result.Saved || string(readBytes(t, out)) != "old\n" {
		t.Fatalf("saved after no: %+v", d.m.result)
	}
	// The card is not written either: the save stopped before it.
	if _, err := os.Stat(filepath.Join(dir, "agent-card.json")); err == nil {
		t.Fatal("the card was written although the catalog question was answered no")
	}
	d.press("ctrl+s")
	d.mustContain("already exists")
	d.press("y")
	if !d.m.result.Saved {
		t.Fatalf("not saved after yes: %q", d.m.status)
	}
	want := append(entryFor(t, d.m.result.Path, model.EntryOptions{}), '\n')
	if got := readBytes(t, out); !bytes.Equal(got, want) {
		t.Fatalf("entry file after yes:\n%s", got)
	}
}

func TestCatalogStepMergeKeepsOtherBytes(t *testing.T) {
	d, dir := catalogDriver(t)
	odd := readBytes(t, filepath.Join("testdata", "catalog_odd.json"))
	out := filepath.Join(dir, "catalog.json")
	if err := os.WriteFile(out, odd, 0o600); err != nil {
		t.Fatal(err)
	}
	d.chooseWrite(3, out)
	if got := d.catalog().onSave(); got != "On save: the entry is added to "+out+"." {
		t.Fatalf("onSave = %q", got)
	}
	if pv := d.catalogPreview(); !strings.Contains(pv, `"x-note" :"kept as is"`) || !strings.Contains(pv, derivedID) {
		t.Fatalf("merge preview:\n%s", pv)
	}
	d.saveAll()
	if !d.m.result.Saved {
		t.Fatalf("not saved: %q", d.m.status)
	}
	got := readBytes(t, out)
	// The expected bytes are the model's merge of the same entry.
	orig, err := model.Parse(odd)
	if err != nil {
		t.Fatal(err)
	}
	merged, err := model.MergeEntries(orig, [][]byte{entryFor(t, d.m.result.Path, model.EntryOptions{})})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, merged.Text) {
		t.Fatalf("merged catalog:\n%s\nwant:\n%s", got, merged.Text)
	}
	// Every line of the odd catalog but the entries' closing bracket is
	// still there, byte for byte.
	for _, line := range strings.Split(string(odd), "\n") {
		if !strings.Contains(string(got), line) {
			t.Fatalf("line %q of the original catalog is lost:\n%s", line, got)
		}
	}
	if fi, _ := os.Stat(out); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want the file's own 0600", fi.Mode().Perm())
	}
	if want := "Added " + derivedID + " 1.0.0 to " + out + " as /entries/1."; d.m.result.Catalog != want {
		t.Fatalf("Result.Catalog = %q, want %q", d.m.result.Catalog, want)
	}
}

func TestCatalogStepRefusesInvalidCatalog(t *testing.T) {
	d, dir := catalogDriver(t)
	bad := readBytes(t, filepath.Join("testdata", "catalog_invalid.json"))
	out := filepath.Join(dir, "catalog.json")
	if err := os.WriteFile(out, bad, 0o644); err != nil {
		t.Fatal(err)
	}
	d.chooseWrite(3, out)
	d.mustContain("catalog/entry-artifact-source")
	d.saveAll()
	if d.m.result.Saved || !strings.Contains(d.m.status, "catalog would have 1 error") {
		t.Fatalf("saved over an invalid catalog: %+v, status %q", d.m.result, d.m.status)
	}
	if d.m.cur != stepCatalog {
		t.Fatalf("the refusal went to step %d, want the Catalog step", d.m.cur)
	}
	if !bytes.Equal(readBytes(t, out), bad) {
		t.Fatal("the invalid catalog was written")
	}
	if _, err := os.Stat(filepath.Join(dir, "agent-card.json")); err == nil {
		t.Fatal("the card was written although the catalog was refused")
	}
	// A missing catalog is refused too, with a way out named.
	d.chooseWrite(0, "")
	d.press("tab")
	d.typ(".missing")
	if !strings.Contains(d.screen(), "does not exist") {
		t.Fatalf("no message about the missing catalog:\n%s", d.screen())
	}
}

func TestCatalogStepRefusesMergeChangedOnDisk(t *testing.T) {
	d, dir := catalogDriver(t)
	out := filepath.Join(dir, "catalog.json")
	odd := readBytes(t, filepath.Join("testdata", "catalog_odd.json"))
	if err := os.WriteFile(out, odd, 0o644); err != nil {
		t.Fatal(err)
	}
	d.chooseWrite(3, out)
	d.press("ctrl+s") // Review
	// The plan is made on save; change the file between the plan and the
	// write by planning, then editing, then writing by hand.
	d.m.catalogBeforeSave(d.m.steps[stepReview].(*reviewStep).path, false)
	if err := os.WriteFile(out, append(odd, ' '), 0o644); err != nil {
		t.Fatal(err)
	}
	d.m.writeCatalogAfterCard()
	if !strings.Contains(d.m.result.Catalog, "changed on disk") {
		t.Fatalf("Result.Catalog = %q", d.m.result.Catalog)
	}
	if got := readBytes(t, out); !bytes.Equal(got, append(odd, ' ')) {
		t.Fatal("the catalog changed on disk was overwritten")
	}
}

// TestCatalogStepView is the golden of the step's screen (new catalog
// chosen). Regenerate with go test ./tui -run TestCatalogStepView -update.
func TestCatalogStepView(t *testing.T) {
	d, _ := catalogDriver(t)
	d.chooseWrite(2, "")
	d.press("tab", "tab", "tab")
	d.typ("Weather Co")
	requireCatalogGolden(t, "catalog_step_view.golden", d.screen())
}

func requireCatalogGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if f := flag.Lookup("update"); f != nil && f.Value.String() == "true" {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update)", err)
	}
	if string(want) != got {
		t.Fatalf("screen differs from %s (run with -update to accept):\n%s", path, got)
	}
}

func TestCatalogPreviewFollowsEntryInLongCatalog(t *testing.T) {
	d, _ := catalogDriver(t)
	d.chooseWrite(3, writeBigCatalog(t, 300))
	first, last, ok := app.EntryLines(d.catalog().plan)
	if !ok || first < 300 || last <= first {
		t.Fatalf("entry lines %d-%d ok=%v in a 300-entry catalog", first, last, ok)
	}
	pv := ansi.Strip(d.m.previewInner(300, 12))
	if !strings.Contains(pv, derivedID) {
		t.Fatalf("the preview does not show the added entry:\n%s", pv)
	}
	if strings.Contains(pv, `"specVersion"`) {
		t.Fatalf("the preview stayed at the top of the catalog:\n%s", pv)
	}
}

func TestCatalogStepNarrowShowsEntryOnCtrlT(t *testing.T) {
	d, _ := catalogDriver(t)
	d.send(teaSize(80, 24))
	d.mustContain(lblCatalogID, "suggested: urn:air:")
	d.press("ctrl+t")
	d.mustContain(`"identifier": "urn:air:weather.example:agents:weather-h`, `"type": "application/a2a-agent-card+json"`)
	for _, line := range strings.Split(d.screen(), "\n") {
		if w := ansi.StringWidth(line); w > 80 {
			t.Fatalf("line wider than 80: %d %q", w, line)
		}
	}
}

func TestCatalogStepAsksForCatalogThenCard(t *testing.T) {
	d, dir := catalogDriver(t)
	card, out := filepath.Join(dir, "agent-card.json"), filepath.Join(dir, "ai-catalog.json")
	for _, p := range []string{card, out} {
		if err := os.WriteFile(p, []byte("old\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	d.chooseWrite(2, out)
	d.saveAll()
	if d.m.dialog == nil || !strings.HasPrefix(d.m.dialog.question, out+" already exists") {
		t.Fatalf("no question about the catalog first: %+v", d.m.dialog)
	}
	d.press("y")
	if d.m.dialog == nil || !strings.HasPrefix(d.m.dialog.question, card+" already exists") {
		t.Fatalf("no question about the card next: %+v", d.m.dialog)
	}
	if string(readBytes(t, out)) != "old\n" {
		t.Fatal("the catalog was written before the card")
	}
	d.press("y")
	if !d.m.result.Saved || string(readBytes(t, card)) == "old\n" || string(readBytes(t, out)) == "old\n" {
		t.Fatalf("not both written: %+v %q", d.m.result, d.m.status)
	}
}

// writeBigCatalog writes a valid catalog of n other entries and returns its
// path.
func writeBigCatalog(tb testing.TB, n int) string {
	tb.Helper()
	entries := make([]string, n)
	for i := range entries {
		entries[i] = fmt.Sprintf(`    {"identifier": "urn:air:other.example:agents:a%d", "type": "application/a2a-agent-card+json", "version": "1.%d.0", "url": "https://other.example/a%d/agent-card.json"}`, i, i, i)
	}
	path := filepath.Join(tb.TempDir(), "catalog.json")
	data := "{\n  \"specVersion\": \"1.0\",\n  \"entries\": [\n" + strings.Join(entries, ",\n") + "\n  ]\n}\n"
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		tb.Fatal(err)
	}
	return path
}
