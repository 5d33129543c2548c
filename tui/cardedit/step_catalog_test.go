package cardedit

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/oncard/oncard/internal/docfile"

	"github.com/charmbracelet/x/ansi"
	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/cardsteps"
)

// catalogDriver opens minimalCard on the Catalog step, the card to be saved
// in a temporary directory (returned).
func catalogDriver(t *testing.T) (*driver, string) {
	t.Helper()
	dir := t.TempDir()
	d := newDriver(t, Options{Doc: mustParse(t, minimalCard), Output: filepath.Join(dir, "agent-card.json")})
	d.m.goTo(at(cardsteps.StepCatalog))
	return d, dir
}

func (d *driver) catalog() *cardsteps.CatalogStep {
	return d.m.steps[at(cardsteps.StepCatalog)].(*cardsteps.CatalogStep)
}

// chooseWrite moves to the Write choice and picks option n (0 = nothing),
// then focuses the File field and types path when given.
func (d *driver) chooseWrite(n int, path string) {
	d.T.Helper()
	d.catalog().F.Idx = 0
	d.Press("tab", "tab")
	if got := d.catalog().F.Focused().Label(); got != cardsteps.LblCatalogWrite {
		d.T.Fatalf("focus on %q, want the write choice", got)
	}
	for i := 0; i < n; i++ {
		d.Press("right")
	}
	if path != "" {
		d.Press("tab")
		d.Typ(path)
	}
}

// saveAll goes to Review and saves (ctrl+s twice).
func (d *driver) saveAll() { d.Press("ctrl+s", "ctrl+s") }

// catalogPreview is the preview pane's text on the current step, wide
// enough not to wrap.
func (d *driver) catalogPreview() string {
	d.m.Prev.Sync(d.m.previewContent(), 300, 200)
	return ansi.Strip(d.m.previewInner(300, 200))
}

// previewPane is the preview pane's content as the screen draws it, once
// the model has settled (as it does after each message: a test that calls
// goTo directly has sent none).
func (d *driver) previewPane() string {
	d.m.Settle(d.m.previewContent(), len(d.m.s.Diags))
	w, h := d.m.PreviewSize()
	return d.m.previewInner(w, h)
}

// entryFor is the entry model.EntryFromCard makes for the saved card.
func entryFor(t *testing.T, cardPath string, o model.EntryOptions) []byte {
	t.Helper()
	card, err := docfile.OpenFile(cardPath)
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
	d.Send(teaSize(200, 40)) // the suggestions fit
	d.MustContain("step 9/10", "Catalog", "suggested: "+derivedID,
		"suggested: https://weather.example/.well-known/agent-card.json", "On save: the card only")
	pv := d.catalogPreview()
	for _, want := range []string{`"identifier": "` + derivedID + `"`, `"type": "application/a2a-agent-card+json"`, `"version": "1.0.0"`} {
		if !strings.Contains(pv, want) {
			t.Fatalf("preview lacks %s:\n%s", want, pv)
		}
	}
	// Typing an identifier shows in the preview at once.
	d.Typ("urn:example:agents:wx")
	if pv := d.catalogPreview(); !strings.Contains(pv, `"identifier": "urn:example:agents:wx"`) {
		t.Fatalf("preview does not follow the identifier:\n%s", pv)
	}
	d.Press("tab")
	d.Typ("https://cards.example/wx.json")
	if pv := d.catalogPreview(); !strings.Contains(pv, `"url": "https://cards.example/wx.json"`) {
		t.Fatalf("preview does not follow the url:\n%s", pv)
	}
	// New catalog: specVersion and host name appear and reach the preview.
	d.Press("tab", "right", "right")
	d.MustContain(cardsteps.LblCatalogPath, cardsteps.LblCatalogSpec, cardsteps.LblCatalogHost)
	d.Press("tab", "tab", "right", "tab")
	d.Typ("Weather Co")
	pv = d.catalogPreview()
	if !strings.Contains(pv, `"specVersion": "0.9"`) || !strings.Contains(pv, `"displayName": "Weather Co"`) {
		t.Fatalf("new catalog preview lacks specVersion 0.9 / host:\n%s", pv)
	}
	// None of this is a card edit.
	if d.json() != cardBefore || d.m.s.Edits != editsBefore {
		t.Fatalf("the Catalog step changed the card (edits %d -> %d)", editsBefore, d.m.s.Edits)
	}
	// Going back to another step shows the card again.
	d.Press("ctrl+p")
	if pv := d.catalogPreview(); !strings.Contains(pv, `"supportedInterfaces"`) {
		t.Fatalf("the preview did not return to the card:\n%s", pv)
	}
}

func TestCatalogStepWritesNothingByDefault(t *testing.T) {
	d, dir := catalogDriver(t)
	d.saveAll()
	if !d.m.result.Saved || d.m.result.Catalog != "" {
		t.Fatalf("result %+v, status %q", d.m.result, d.m.Status)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "*")); len(files) != 1 {
		t.Fatalf("files written: %v, want the card only", files)
	}
}

func TestCatalogStepWritesEntryAlone(t *testing.T) {
	d, dir := catalogDriver(t)
	d.Typ("urn:example:agents:wx")
	out := filepath.Join(dir, "entry.json")
	d.chooseWrite(1, out)
	d.saveAll()
	if !d.m.result.Saved {
		t.Fatalf("not saved: %q", d.m.Status)
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
	d.Press("tab", "right", "tab") // specVersion 0.9, host name
	d.Typ("Weather Co")
	d.saveAll()
	if !d.m.result.Saved {
		t.Fatalf("not saved: %q", d.m.Status)
	}
	card, err := docfile.OpenFile(d.m.result.Path)
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
	d.MustContain("already exists", "Overwrite it")
	d.Press("n")
	if d.m.result.Saved || string(readBytes(t, out)) != "old\n" {
		t.Fatalf("saved after no: %+v", d.m.result)
	}
	// The card is not written either: the save stopped before it.
	if _, err := os.Stat(filepath.Join(dir, "agent-card.json")); err == nil {
		t.Fatal("the card was written although the catalog question was answered no")
	}
	d.Press("ctrl+s")
	d.MustContain("already exists")
	d.Press("y")
	if !d.m.result.Saved {
		t.Fatalf("not saved after yes: %q", d.m.Status)
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
	if got := d.catalog().OnSave(); got != "On save: the entry is added to "+out+"." {
		t.Fatalf("onSave = %q", got)
	}
	if pv := d.catalogPreview(); !strings.Contains(pv, `"x-note" :"kept as is"`) || !strings.Contains(pv, derivedID) {
		t.Fatalf("merge preview:\n%s", pv)
	}
	d.saveAll()
	if !d.m.result.Saved {
		t.Fatalf("not saved: %q", d.m.Status)
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
	d.MustContain("catalog/entry-artifact-source")
	d.saveAll()
	if d.m.result.Saved || !strings.Contains(d.m.Status, "catalog would have 1 error") {
		t.Fatalf("saved over an invalid catalog: %+v, status %q", d.m.result, d.m.Status)
	}
	if d.m.cur != at(cardsteps.StepCatalog) {
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
	d.Press("tab")
	d.Typ(".missing")
	if !strings.Contains(d.Screen(), "does not exist") {
		t.Fatalf("no message about the missing catalog:\n%s", d.Screen())
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
	d.Press("ctrl+s") // Review
	// The plan is made on save; change the file between the plan and the
	// write by planning, then editing, then writing by hand.
	d.m.catalogBeforeSave(d.m.output, false)
	if err := os.WriteFile(out, append(odd, ' '), 0o644); err != nil {
		t.Fatal(err)
	}
	if said := d.m.catalogWork()(); !strings.Contains(said, "changed on disk") {
		t.Fatalf("the catalog write said %q", said)
	}
	if got := readBytes(t, out); !bytes.Equal(got, append(odd, ' ')) {
		t.Fatal("the catalog changed on disk was overwritten")
	}
}

// TestCatalogStepView is the golden of the step's screen (new catalog
// chosen). Regenerate with go test ./tui/cardedit -run TestCatalogStepView -update.
func TestCatalogStepView(t *testing.T) {
	d, _ := catalogDriver(t)
	d.chooseWrite(2, "")
	d.Press("tab", "tab", "tab")
	d.Typ("Weather Co")
	requireCatalogGolden(t, "catalog_step_view.golden", d.Screen())
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
	first, last, ok := app.EntryLines(d.catalog().Plan)
	if !ok || first < 300 || last <= first {
		t.Fatalf("entry lines %d-%d ok=%v in a 300-entry catalog", first, last, ok)
	}
	d.Send(teaSize(300, 20))
	pv := ansi.Strip(d.previewPane())
	if !strings.Contains(pv, derivedID) {
		t.Fatalf("the preview does not show the added entry:\n%s", pv)
	}
	if strings.Contains(pv, `"specVersion"`) {
		t.Fatalf("the preview stayed at the top of the catalog:\n%s", pv)
	}
}

func TestCatalogStepNarrowShowsEntryOnCtrlT(t *testing.T) {
	d, _ := catalogDriver(t)
	d.Send(teaSize(80, 24))
	d.MustContain(cardsteps.LblCatalogID, "suggested: urn:air:")
	d.Press("ctrl+t")
	d.MustContain(`"identifier": "urn:air:weather.example:agents:weather-h`, `"type": "application/a2a-agent-card+json"`)
	for _, line := range strings.Split(d.Screen(), "\n") {
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
	if d.m.dialog == nil || !strings.HasPrefix(d.m.dialog.Question, out+" already exists") {
		t.Fatalf("no question about the catalog first: %+v", d.m.dialog)
	}
	d.Press("y")
	if d.m.dialog == nil || !strings.HasPrefix(d.m.dialog.Question, card+" already exists") {
		t.Fatalf("no question about the card next: %+v", d.m.dialog)
	}
	if string(readBytes(t, out)) != "old\n" {
		t.Fatal("the catalog was written before the card")
	}
	d.Press("y")
	if !d.m.result.Saved || string(readBytes(t, card)) == "old\n" || string(readBytes(t, out)) == "old\n" {
		t.Fatalf("not both written: %+v %q", d.m.result, d.m.Status)
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

// The Catalog step's settings travel with the draft: --resume restores
// what to write besides the card.
func TestDraftKeepsCatalogSettingsForResume(t *testing.T) {
	dir := t.TempDir()
	d := newDriver(t, Options{Doc: mustParse(t, minimalCard), DraftDir: dir})
	d.m.goTo(at(cardsteps.StepCatalog))
	d.Typ("urn:example:agents:wx")
	d.chooseWrite(2, "wx-catalog.json")
	d.Press("tab", "right", "tab").Typ("Weather Co")
	if d.m.s.Edits != 0 {
		t.Fatalf("the settings counted as %d card edits", d.m.s.Edits)
	}
	// Leaving the step saves the draft although the card did not change.
	d.Press("ctrl+n")
	dr, err := latestNewDraft(dir)
	if err != nil {
		t.Fatalf("no draft after changing only catalog settings: %v", err)
	}
	want := app.DraftCatalog{Identifier: "urn:example:agents:wx", SpecVersion: "0.9", HostName: "Weather Co",
		Write: "new-catalog", Path: "wx-catalog.json"}
	if dr.Catalog == nil || *dr.Catalog != want {
		t.Fatalf("draft catalog %+v, want %+v", dr.Catalog, want)
	}

	r := newDriver(t, Options{Doc: mustParse(t, dr.Card), Draft: dr, DraftDir: dir})
	if got := r.catalog().Cfg; got != dr.Catalog.Settings() || got.Write != app.WriteNewCatalog {
		t.Fatalf("resumed settings %+v", got)
	}
	r.m.goTo(at(cardsteps.StepReview))
	r.Send(teaSize(220, 50))
	r.MustContain("Also writes: a new AI Catalog listing the card to wx-catalog.json")
	r.m.goTo(at(cardsteps.StepCatalog))
	r.MustContain("urn:example:agents:wx", "new catalog", "wx-catalog.json", "Weather Co")
	if pv := r.catalogPreview(); !strings.Contains(pv, `"specVersion": "0.9"`) {
		t.Fatalf("the resumed plan lost the specVersion:\n%s", pv)
	}
}

// The Review step of `new` says what the save writes besides the card, and
// why the save would stop at the catalog.
func TestReviewAnnouncesTheCatalogWrite(t *testing.T) {
	d, dir := catalogDriver(t)
	d.Send(teaSize(220, 50))
	d.m.goTo(at(cardsteps.StepReview))
	if strings.Contains(d.Screen(), "Also writes") {
		t.Fatal("announces a write while the Catalog step writes nothing")
	}
	d.m.goTo(at(cardsteps.StepCatalog))
	d.chooseWrite(1, "")
	d.m.goTo(at(cardsteps.StepReview))
	d.MustContain("Also writes: the catalog entry to ./ai-catalog-entry.json (after the card).")

	// A catalog over the card's own file is announced as a stop.
	card := d.m.output
	d.m.goTo(at(cardsteps.StepCatalog))
	d.chooseWrite(0, card) // still "entry alone", now at the card's path
	d.m.goTo(at(cardsteps.StepReview))
	d.MustContain("The save stops at the catalog: the catalog file is the card's own file")
	d.Press("enter")
	if !strings.Contains(d.m.Status, "not saved: the catalog file is the card's own file") {
		t.Fatalf("status %q", d.m.Status)
	}
	if _, err := os.Stat(filepath.Join(dir, "agent-card.json")); err == nil {
		t.Fatal("the card was written")
	}
}

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
	read := st.Planner.Readings()

	// Keystrokes in the identifier field merge again without reading.
	d.Press("shift+tab", "shift+tab", "shift+tab")
	if got := st.F.Focused().Label(); got != cardsteps.LblCatalogID {
		t.Fatalf("focus on %q, want the identifier", got)
	}
	d.Typ("urn:example:agents:wx")
	if pv := d.catalogPreview(); !strings.Contains(pv, `"urn:example:agents:wx"`) {
		t.Fatalf("the merge preview does not follow the identifier:\n%s", pv)
	}
	if st.Planner.Readings() != read {
		t.Fatalf("the unchanged catalog was read again (reading %d, then %d)", read, st.Planner.Readings())
	}

	// Another size: the next keystroke reads the file again.
	bigger := bytes.Replace(odd, []byte("Odd   Host"), []byte("Bigger Odd Host"), 1)
	if err := os.WriteFile(out, bigger, 0o644); err != nil {
		t.Fatal(err)
	}
	d.Typ("x")
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
	d.Press("backspace")
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
	if _, err := app.WriteCatalogPlan(st.Plan, false); err == nil || !strings.Contains(err.Error(), "changed on disk") {
		t.Fatalf("writeCatalogPlan over a file changed after the plan: %v", err)
	}
	if got := readBytes(t, out); !bytes.Equal(got, sneaky) {
		t.Fatal("the catalog changed on disk was overwritten")
	}
}

// Review shows what the catalog write does to its file before the save:
// the merge's diff, with the card's entry in it.
func TestReviewShowsTheCatalogDiff(t *testing.T) {
	d, dir := catalogDriver(t)
	out := filepath.Join(dir, "catalog.json")
	if err := os.WriteFile(out, readBytes(t, filepath.Join("testdata", "catalog_odd.json")), 0o644); err != nil {
		t.Fatal(err)
	}
	d.chooseWrite(3, out)
	d.Send(teaSize(220, 60))
	d.Press("ctrl+s") // Review
	d.MustContain("The catalog's diff (adds 7 lines and removes 1)", `"identifier": "`+derivedID+`"`)
	// Writing nothing: no catalog diff.
	d.m.goTo(at(cardsteps.StepCatalog))
	d.chooseWrite(0, "")
	for range 3 {
		d.Press("left")
	}
	d.Press("ctrl+s")
	if strings.Contains(d.Screen(), "The catalog's diff") {
		t.Fatalf("a catalog diff while the step writes nothing:\n%s", d.Screen())
	}
}

// In edit mode the Catalog step writes with the card's save, as in `new`.

func TestEditCatalogEntryAloneWrittenAfterTheCard(t *testing.T) {
	d, path, data := openEdit(t, "edit-v10.json")
	d.Send(teaSize(220, 50)) // the announcements fit on one line
	d.editPersonEntry("/new").Press("esc")
	diff := d.m.edit.s.Diff()

	d.goStep(cardsteps.StepCatalog).MustContain("Catalog", "Nothing here changes the card")
	d.chooseWrite(1, "")
	d.MustContain("On save: the entry is written to ./ai-catalog-entry.json")
	if got := d.m.edit.s.Diff(); got != diff {
		t.Fatalf("the catalog settings changed the card's diff:\n%s", got)
	}

	d.Press("ctrl+s").MustContain("Review & save", "Also writes: the catalog entry to ./ai-catalog-entry.json (after the card).")
	d.Press("ctrl+s")
	if d.m.dialog == nil || !strings.Contains(d.m.dialog.Question, "Also writes: the catalog entry to ./ai-catalog-entry.json") {
		t.Fatalf("the confirmation does not announce the catalog write: %+v", d.m.dialog)
	}
	if _, err := os.Stat("ai-catalog-entry.json"); err == nil {
		t.Fatal("the entry was written before the yes")
	}
	d.Press("y")
	r := d.m.Result()
	if !r.Saved || !strings.Contains(r.Catalog, "Wrote the catalog entry to ./ai-catalog-entry.json") {
		t.Fatalf("result %+v, status %q", r, d.m.Status)
	}
	want := strings.Replace(string(data), "support/disputes\"", "support/disputes/new\"", 1)
	if got := readFile(t, path); got != want {
		t.Fatalf("the card is not the original with one change:\n%s", got)
	}
	// The entry is the saved card's (the edit included).
	if got, want := string(readBytes(t, "ai-catalog-entry.json")), string(entryFor(t, path, model.EntryOptions{}))+"\n"; got != want {
		t.Fatalf("entry:\n%s\nwant:\n%s", got, want)
	}
}

// The Catalog step writes what Review announces even when the card is
// unchanged (as `oncard catalog add` does for an unchanged card): the save
// asks about the catalog alone, and the card's file is not touched.
func TestEditCatalogSettingsDoNotChangeTheCard(t *testing.T) {
	d, path, data := openEdit(t, "edit-v10.json")
	d.Send(teaSize(220, 50))
	d.goStep(cardsteps.StepCatalog).Typ("urn:example:agents:bank")
	d.chooseWrite(2, "catalog.json")
	d.Press("tab", "right", "tab").Typ("Example Bank")
	if d.m.edit.s.Changed() || d.m.edit.s.Diff() != "" {
		t.Fatalf("the Catalog step edited the card:\n%s", d.m.edit.s.Diff())
	}
	d.Press("ctrl+s").MustContain("Also writes: a new AI Catalog listing the card to catalog.json", "No changes yet",
		"The catalog's diff (adds", "+++ catalog.json")
	d.Press("ctrl+s")
	if d.m.dialog == nil || !strings.Contains(d.m.dialog.Question, "Write the catalog?") {
		t.Fatalf("dialog %v, status %q", d.m.dialog, d.m.Status)
	}
	d.Press("n")
	if _, err := os.Stat("catalog.json"); err == nil {
		t.Fatal("a catalog was written after a no")
	}
	d.Press("ctrl+s", "y")
	r := d.m.Result()
	if r.Saved || !strings.Contains(r.Catalog, "Wrote a new AI Catalog listing the card to catalog.json") {
		t.Fatalf("result %+v, status %q", r, d.m.Status)
	}
	if !strings.Contains(readFile(t, "catalog.json"), "urn:example:agents:bank") {
		t.Fatal("the catalog does not list the card")
	}
	if got := readFile(t, path); got != string(data) {
		t.Fatalf("the unchanged card was rewritten:\n%s", got)
	}
}

func TestEditCatalogRefusalStopsTheSave(t *testing.T) {
	d, path, data := openEdit(t, "edit-v10.json")
	d.Send(teaSize(220, 50)) // the announcements fit on one line
	d.editPersonEntry("/new").Press("esc")
	d.goStep(cardsteps.StepCatalog)
	d.chooseWrite(1, path) // the card's own file
	d.Press("ctrl+s").MustContain("The save stops at the catalog: the catalog file is the card's own file")
	d.Press("ctrl+s")
	if d.m.dialog != nil || !strings.Contains(d.m.Status, "not saved: the catalog file is the card's own file") {
		t.Fatalf("dialog %v, status %q", d.m.dialog, d.m.Status)
	}
	if d.m.cur != at(cardsteps.StepCatalog) {
		t.Fatalf("on step %d, want the Catalog step", d.m.cur)
	}
	if readFile(t, path) != string(data) {
		t.Fatal("the card was written")
	}
}

func TestEditCatalogExistingFileAsksBeforeTheCardQuestion(t *testing.T) {
	d, path, _ := openEdit(t, "edit-v10.json")
	if err := os.WriteFile("ai-catalog-entry.json", []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	d.editPersonEntry("/new").Press("esc")
	d.goStep(cardsteps.StepCatalog)
	d.chooseWrite(1, "")
	d.Press("ctrl+s", "ctrl+s")
	if d.m.dialog == nil || !strings.Contains(d.m.dialog.Question, "ai-catalog-entry.json already exists") {
		t.Fatalf("no question about the existing entry: %+v", d.m.dialog)
	}
	d.Press("y")
	if d.m.dialog == nil || !strings.Contains(d.m.dialog.Question, "Write card.json?") {
		t.Fatalf("the card's own question did not follow: %+v", d.m.dialog)
	}
	d.Press("y")
	if !d.m.Result().Saved {
		t.Fatalf("not saved: %q", d.m.Status)
	}
	if got := readFile(t, "ai-catalog-entry.json"); got != string(entryFor(t, path, model.EntryOptions{}))+"\n" {
		t.Fatalf("the entry was not replaced:\n%s", got)
	}
}

func TestEditCatalogSaveAsWritesTheEntryToo(t *testing.T) {
	d, path, _ := openEdit(t, "edit-v10.json")
	d.editPersonEntry("/new").Press("esc")
	d.goStep(cardsteps.StepCatalog)
	d.chooseWrite(1, "")
	changeOnDisk(t, path, `"version": "1.0.0"`, `"version": "1.0.1"`)
	d.Press("ctrl+s", "ctrl+s", "y")
	d.chooseAction("Save my version").Press("enter")
	mine := path + ".mine"
	if r := d.m.Result(); !r.Saved || r.Path != mine || r.Catalog == "" {
		t.Fatalf("result %+v, status %q", r, d.m.Status)
	}
	if got := readFile(t, "ai-catalog-entry.json"); got != string(entryFor(t, mine, model.EntryOptions{}))+"\n" {
		t.Fatalf("the entry is not the saved version's:\n%s", got)
	}
}

// The focused Catalog identifier shows the whole suggestion, wrapped, at
// 100 columns (the input's placeholder cut it).
func TestCatalogSuggestionWholeOnFocus(t *testing.T) {
	card := strings.Replace(minimalCard, "https://weather.example/a2a", "https://permits.springfield.example/a2a", 1)
	card = strings.Replace(card, `"name": "Weather Helper"`, `"name": "City Permits Office"`, 1)
	d := newDriverJSON(t, card)
	d.m.Update(teaSize(100, 30))
	d.goStep(cardsteps.StepCatalog)
	id := d.m.catalogStep.Plan.SuggestedID
	if len(id) < 50 || d.m.catalogStep.F.Focused().Label() != cardsteps.LblCatalogID {
		t.Fatalf("suggested %q, focus %q", id, d.m.catalogStep.F.Focused().Label())
	}
	// The form pane's text, its wrapped lines joined.
	var form strings.Builder
	for _, ln := range strings.Split(d.Screen(), "\n") {
		r := []rune(ln)
		if len(r) > 55 { // at 100 columns the form is the first 55
			form.WriteString(strings.TrimSpace(string(r[:55])))
		}
	}
	if !strings.Contains(form.String(), id) {
		t.Fatalf("the focused identifier does not show %q whole:\n%s", id, d.Screen())
	}
}
