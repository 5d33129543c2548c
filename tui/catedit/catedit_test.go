package catedit

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/oncard/oncard/internal/edit"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/oasf"
	"github.com/oncard/oncard/tui/editor"
	"github.com/oncard/oncard/tui/internal/keydrive"
	"github.com/oncard/oncard/tui/style"
)

// catEditDriver drives the catalog editor (keydriver_test.go).
type catEditDriver struct {
	keydrive.KeyDriver[*catEditDriver]
	c    *CatalogEditor
	path string
	orig []byte
	quit bool
}

// goScreen goes to the screen titled title by name, as a person would:
// the palette (ctrl+o), the title, enter. It fails the test unless that
// screen is then the current one.
func (d *catEditDriver) goScreen(title string) *catEditDriver {
	d.T.Helper()
	d.Press("ctrl+o").Typ(title).Press("enter")
	if got := d.c.screens[d.c.cur].Title(); got != title {
		d.T.Fatalf("the palette went to %q, not %q", got, title)
	}
	return d
}

// newCatEditDriver drives c, editing the file at path (orig as opened).
func newCatEditDriver(t *testing.T, c *CatalogEditor, path string, orig []byte) *catEditDriver {
	c.s.RefreshDelay = 0 // keys one at a time, each refresh run at once
	d := &catEditDriver{c: c, path: path, orig: orig}
	d.KeyDriver = keydrive.KeyDriver[*catEditDriver]{T: t, Self: d,
		Update: func(msg tea.Msg) tea.Cmd { _, cmd := c.Update(msg); return cmd },
		Render: c.Render,
		OnQuit: func() { d.quit = true },
		Follow: func(msg tea.Msg) bool {
			switch msg.(type) {
			case editor.Done[*CatalogEditor], editor.RefreshMsg, editor.CheckedMsg, editor.DraftSavedMsg[noExtra]:
				return true
			}
			return false
		},
	}
	return d
}

// openCatEdit copies testdata/catedit-catalog.json to a temporary file and
// opens the catalog editor on it.
func openCatEdit(t *testing.T) *catEditDriver {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(catEditTestdata, "catedit-catalog.json"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "catalog.json")
	if err := os.WriteFile(path, data, 0o640); err != nil {
		t.Fatal(err)
	}
	es, err := edit.OpenMax(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	c := NewCatalogEditor(CatalogEditorOptions{Edit: es, Theme: style.NewTheme(false)})
	c.Update(tea.WindowSizeMsg{Width: 220, Height: 50})
	return newCatEditDriver(t, c, path, data)
}

// save is ctrl+s twice (to Review, then the question) and y.
func (d *catEditDriver) save() []byte {
	d.T.Helper()
	d.Press("ctrl+s", "ctrl+s")
	if d.c.confirm == nil {
		d.T.Fatalf("no confirmation asked; status %q\n%s", d.c.Status, d.Screen())
	}
	d.Press("y")
	if !d.quit || !d.c.Result().Saved {
		d.T.Fatalf("not saved: quit %v, status %q", d.quit, d.c.Status)
	}
	data, err := os.ReadFile(d.path)
	if err != nil {
		d.T.Fatal(err)
	}
	return data
}

func (d *catEditDriver) entries() []*model.Entry {
	return (&model.Catalog{Doc: d.c.s.Doc}).Entries()
}

// entryDiscovery reads the entry's OASF discovery payload, if it has one.
func entryDiscovery(e *model.Entry) (*model.Discovery, bool) {
	ptr := e.Ptr + model.Pointer("extensions", model.DiscoveryCatalogKey)
	return &model.Discovery{Doc: e.Doc, Ptr: ptr}, e.Doc.Find(ptr) != nil
}

// changedLines lists the lines of a and b that differ, when both have the
// same number of lines (else it fails).
func changedLines(t *testing.T, a, b []byte) []string {
	t.Helper()
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	if len(la) != len(lb) {
		t.Fatalf("line count changed from %d to %d:\n%s", len(la), len(lb), b)
	}
	var out []string
	for i := range la {
		if la[i] != lb[i] {
			out = append(out, lb[i])
		}
	}
	return out
}

func TestCatEditListsEntries(t *testing.T) {
	d := openCatEdit(t)
	d.MustContain("[AI Catalog]", "1 Entries", "4 Review & save",
		"1. urn:air:agents.example.com:agents:network-debugger  v1.0.0  A2A card",
		"2. urn:air:agents.example.com:agents:trip-planner  v2.1.0",
		"3. urn:air:agents.example.com:servers:inline", "MCP server card", "3 entries", "no findings")
	// The preview highlights the selected entry.
	d.Press("down")
	if got := d.c.s.Focus; got != "/entries/1" {
		t.Fatalf("focus %q, want /entries/1", got)
	}
}

func TestCatEditEditURLChangesOnlyThatLine(t *testing.T) {
	d := openCatEdit(t)
	d.Press("down", "enter") // entry 2
	d.MustContain("entry 2 of 3", "Identifier", "URL", "Tags")
	d.Press("tab", "tab", "tab") // identifier, type, version, url
	if got := d.c.s.Focus; got != "/entries/1/url" {
		t.Fatalf("focus %q, want /entries/1/url", got)
	}
	d.Press("ctrl+u").Typ("https://trips.example.com/.well-known/agent-card.json")
	saved := d.save()
	lines := changedLines(t, d.orig, saved)
	want := `            "url": "https://trips.example.com/.well-known/agent-card.json"`
	if len(lines) != 1 || lines[0] != want {
		t.Fatalf("changed lines %q, want only %q", lines, want)
	}
}

func TestCatEditInlineDataIsReadOnly(t *testing.T) {
	d := openCatEdit(t)
	d.Press("down", "down", "enter")
	d.MustContain("Data (inline artifact, read-only here)", "an inline object (1 member)")
	if strings.Contains(d.Screen(), "URL") {
		t.Fatalf("an inline entry offers a URL field:\n%s", d.Screen())
	}
}

func TestCatEditAddFromCard(t *testing.T) {
	d := openCatEdit(t)
	card := filepath.Join(catEditTestdata, "..", "..", "cardedit", "testdata", "edit-v10.json") // the card editor's fixture
	d.Press("a").Typ(card).Press("enter")
	es := d.entries()
	if len(es) != 4 {
		t.Fatalf("%d entries after the add, want 4; status %q", len(es), d.c.Status)
	}
	if got := es[3].Identifier(); got != "urn:air:bank.example:agents:example-bank-assistant" {
		t.Fatalf("identifier %q", got)
	}
	if d.c.entry != 3 {
		t.Fatalf("selection %d, want the new entry", d.c.entry)
	}
	d.MustContain("Added entry 4", "4. urn:air:bank.example:agents:example-bank-assistant  v1.0.0  A2A card")
	saved := d.save()
	// Everything before the new entry is kept byte for byte.
	cut := bytes.LastIndex(d.orig, []byte("\n        }"))
	if !bytes.HasPrefix(saved, d.orig[:cut]) {
		t.Fatalf("the existing entries changed:\n%s", saved)
	}
	if !bytes.Contains(saved, []byte(`"url": "https://bank.example/.well-known/agent-card.json"`)) {
		t.Fatalf("the new entry has no url:\n%s", saved)
	}
}

func TestCatEditAddRefusesWhatIsNotACard(t *testing.T) {
	d := openCatEdit(t)
	d.Press("a").Typ(d.path).Press("enter") // the catalog itself
	if n := len(d.entries()); n != 3 {
		t.Fatalf("%d entries, want 3", n)
	}
	if !strings.Contains(d.c.Status, "not an Agent Card") {
		t.Fatalf("status %q", d.c.Status)
	}
	d.Press("esc")
	d.MustContain("3 entries")
}

// A card with errors is refused, as `oncard catalog add` refuses it: the
// status names the first finding.
func TestCatEditAddRefusesACardWithErrors(t *testing.T) {
	d := openCatEdit(t)
	data, err := os.ReadFile(filepath.Join(catEditTestdata, "..", "..", "cardedit", "testdata", "edit-v10.json"))
	if err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(t.TempDir(), "bad-card.json")
	broken := bytes.Replace(data, []byte(`"name": "Example Bank Assistant"`), []byte(`"name": ""`), 1)
	if bytes.Equal(broken, data) {
		t.Fatal("the fixture's name changed: the test breaks nothing")
	}
	if err := os.WriteFile(bad, broken, 0o644); err != nil {
		t.Fatal(err)
	}
	d.Press("a").Typ(bad).Press("enter")
	if n := len(d.entries()); n != 3 {
		t.Fatalf("%d entries after adding a card with errors, want 3", n)
	}
	if !strings.Contains(d.c.Status, "not added: ") || !strings.Contains(d.c.Status, "/name") {
		t.Fatalf("status %q", d.c.Status)
	}
}

func TestCatEditRemoveEntry(t *testing.T) {
	d := openCatEdit(t)
	d.Press("down", "d")
	d.MustContain("Remove entry 2 (urn:air:agents.example.com:agents:trip-planner)?")
	d.Press("n")
	if n := len(d.entries()); n != 3 {
		t.Fatalf("no removed an entry: %d left", n)
	}
	d.Press("d", "y")
	es := d.entries()
	if len(es) != 2 || es[1].Identifier() != "urn:air:agents.example.com:servers:inline" {
		t.Fatalf("entries after the remove: %d", len(es))
	}
	saved := d.save()
	if bytes.Contains(saved, []byte("trip-planner")) {
		t.Fatalf("the entry is still written:\n%s", saved)
	}
	if !bytes.Contains(saved, []byte(`"tags": ["networking",   "debugging"]`)) {
		t.Fatalf("the other entries were rewritten:\n%s", saved)
	}
}

func TestCatEditReorderEntries(t *testing.T) {
	d := openCatEdit(t)
	d.Press("shift+down")
	es := d.entries()
	if es[0].Identifier() != "urn:air:agents.example.com:agents:trip-planner" || d.c.entry != 1 {
		t.Fatalf("first entry %q, selection %d", es[0].Identifier(), d.c.entry)
	}
	d.Press("shift+up")
	if d.entries()[0].Identifier() != "urn:air:agents.example.com:agents:network-debugger" {
		t.Fatal("shift+up did not move it back")
	}
}

func TestCatEditPickSkillWritesPayload(t *testing.T) {
	if oasf.Get(oasf.DefaultVersion) == nil {
		t.Skip("no embedded taxonomy for the default version")
	}
	d := openCatEdit(t)
	d.Press("down").goScreen("Discovery") // trip-planner has no payload
	d.MustContain("The entry has no discovery payload", "Skills (0)")
	d.Press("tab", "enter") // Choose OASF skills
	if d.c.screens[catEditScreenDiscovery].(*catEditDiscovery).Picker == nil {
		t.Fatalf("the picker is not open:\n%s", d.Screen())
	}
	d.Typ("error handling").Press("enter") // toggles the best match
	disc, ok := entryDiscovery(d.entries()[1])
	if !ok {
		t.Fatalf("no payload written:\n%s", d.c.s.JSON)
	}
	skills := disc.Skills()
	if len(skills) != 1 || skills[0].Name == "" || skills[0].ID == 0 {
		t.Fatalf("skills %+v, want one with name and id", skills)
	}
	if v := disc.SchemaVersion(); v != oasf.DefaultVersion {
		t.Fatalf("schema_version %q", v)
	}
	tree := oasf.Get(oasf.DefaultVersion).Tree(oasf.Skills)
	if c := tree.ByID(int(skills[0].ID)); c == nil || c.Name != skills[0].Name {
		t.Fatalf("the reference %+v is not a class of the taxonomy", skills[0])
	}
	d.Press("esc", "esc") // clear the search, leave the picker
	d.MustContain("Skills (1)", "#"+strconv.Itoa(int(skills[0].ID)))
	saved := d.save()
	// The first entry's payload is untouched.
	if !bytes.Contains(saved, []byte(`"skills": [{"name": "software_engineering/code_debugging/error_handling", "id": 60602}]`)) {
		t.Fatalf("another payload changed:\n%s", saved)
	}
	if !bytes.Contains(saved, []byte(`"name": "`+skills[0].Name+`"`)) {
		t.Fatalf("the chosen skill is not in the file:\n%s", saved)
	}
}

func TestCatEditUnpickLastReferenceRemovesPayload(t *testing.T) {
	if oasf.Get(oasf.DefaultVersion) == nil {
		t.Skip("no embedded taxonomy for the default version")
	}
	d := openCatEdit(t)
	d.goScreen("Discovery")
	d.MustContain("Skills (1)", "Domains (1)", "#60602")
	// Drop the skill: the payload keeps its domain.
	d.Press("tab", "enter").Typ("error handling").Press("enter", "esc", "esc")
	disc, ok := entryDiscovery(d.entries()[0])
	if !ok || len(disc.Skills()) != 0 || len(disc.Domains()) != 1 {
		t.Fatalf("payload after dropping the skill:\n%s", d.c.s.JSON)
	}
	// Drop the domain too: the payload goes, the other extension stays.
	d.Press("tab", "enter").Typ("network security").Press("enter", "esc", "esc")
	if _, ok := entryDiscovery(d.entries()[0]); ok {
		t.Fatalf("an empty payload is kept:\n%s", d.c.s.JSON)
	}
	if keys := d.entries()[0].ExtensionKeys(); len(keys) != 1 || keys[0] != "com.example.kept" {
		t.Fatalf("extensions left: %v", keys)
	}
}

func TestCatEditReviewShowsDiff(t *testing.T) {
	d := openCatEdit(t)
	d.goScreen("Review & save")
	d.MustContain("No changes yet")
	d.goScreen("Entry").Press("tab", "tab", "ctrl+u").Typ("3.0.0").goScreen("Review & save")
	d.MustContain("[ Save (asks first) ]", "diff (lines", `-            "version": "1.0.0",`, `+            "version": "3.0.0",`)
	d.Press("ctrl+s")
	d.MustContain("Write ", "adds 1 line and removes 1")
	d.Press("n")
	if d.quit || d.c.Status != "not written" {
		t.Fatalf("quit %v, status %q", d.quit, d.c.Status)
	}
}

func TestCatEditRefusesNewErrors(t *testing.T) {
	d := openCatEdit(t)
	d.Press("enter", "ctrl+u") // the identifier, emptied
	d.Press("ctrl+s", "ctrl+s")
	if d.c.confirm != nil {
		t.Fatal("asked to write a catalog the edits broke")
	}
	if !strings.Contains(d.c.Status, "not saved: the edits add") {
		t.Fatalf("status %q", d.c.Status)
	}
	d.MustContain("The edits add", "/entries/0/identifier")
	data, _ := os.ReadFile(d.path)
	if !bytes.Equal(data, d.orig) {
		t.Fatal("the file was written")
	}
	// ctrl+g, enter jumps back to the field.
	d.Press("ctrl+g", "enter")
	if d.c.cur != catEditScreenEntry || d.c.s.Focus != "/entries/0/identifier" {
		t.Fatalf("jump: screen %d, focus %q", d.c.cur, d.c.s.Focus)
	}
}

func TestCatEditChangedOnDisk(t *testing.T) {
	d := openCatEdit(t)
	d.Press("down", "enter", "tab", "tab", "ctrl+u").Typ("2.2.0")
	other := bytes.Replace(d.orig, []byte(`"Example Networks"`), []byte(`"Example Networks Ltd"`), 1)
	if err := os.WriteFile(d.path, other, 0o640); err != nil {
		t.Fatal(err)
	}
	d.Press("ctrl+s", "ctrl+s", "y")
	if d.quit {
		t.Fatal("wrote over a file changed on disk")
	}
	d.MustContain("changed on disk", "Reload the file and re-apply my edits")
	d.Press("enter") // reload
	d.MustContain("Reloaded the file from disk")
	saved := d.save()
	if !bytes.Contains(saved, []byte("Example Networks Ltd")) || !bytes.Contains(saved, []byte(`"version": "2.2.0"`)) {
		t.Fatalf("the reload lost a change:\n%s", saved)
	}
}

func TestCatEditQuitAsksOnlyWithChanges(t *testing.T) {
	d := openCatEdit(t)
	d.Press("ctrl+c")
	if !d.quit || !d.c.Result().Interrupted {
		t.Fatal("ctrl+c without changes did not quit")
	}
	d = openCatEdit(t)
	d.Press("shift+down", "ctrl+c")
	if d.quit || d.c.confirm == nil {
		t.Fatal("ctrl+c with changes did not ask")
	}
	d.Press("y")
	if !d.quit {
		t.Fatal("y did not quit")
	}
}

func TestCatEditNarrowAndEmpty(t *testing.T) {
	d := openCatEdit(t)
	d.c.Update(tea.WindowSizeMsg{Width: 60, Height: 20})
	d.MustContain("ctrl+t preview")
	for range 3 {
		d.Press("d", "y")
	}
	d.MustContain("No entries yet")
	d.goScreen("Entry")
	d.MustContain("The catalog has no entries")
	d.goScreen("Discovery")
	d.MustContain("The catalog has no entries")
	d.Press("ctrl+t")
	d.MustContain("preview")
}

// Catalogs of the wrong shape never make the editor panic, whatever is
// pressed on every screen.
func TestCatEditOddCatalogsNeverPanic(t *testing.T) {
	odd := []string{
		`{"specVersion": "1.0", "entries": []}`,
		`{"specVersion": "1.0", "entries": {"0": {"identifier": "x"}}}`,
		`{"specVersion": "1.0", "entries": [1, "two", null, [], {"identifier": 3, "tags": "t", "extensions": []}]}`,
		`{"specVersion": "1.0", "entries": [{"identifier": "a", "type": "x", "url": "u",
		  "extensions": {"org.agntcy.oasf.discovery.v1": {"schema_version": 7, "skills": [{"id": "x"}, 5], "domains": "d"}}}]}`,
		`{"specVersion": "1.0", "entries": [{"identifier": "b", "type": "t", "data": "inline",
		  "extensions": {"org.agntcy.oasf.discovery.v1": {"schema_version": "9.9.9", "skills": [{"name": "n", "id": 1}]}}}]}`,
	}
	keys := []string{"a", "x", "enter", "esc", "tab", "right", "space", "enter", "tab", "y", "left", "x",
		"shift+up", "shift+down", "d", "y", "esc", "down", "enter", "space", "backspace", "esc", "tab", "enter", "x", "enter", "esc", "esc"}
	for _, text := range odd {
		path := filepath.Join(t.TempDir(), "catalog.json")
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		es, err := edit.OpenMax(path, 0)
		if err != nil {
			t.Fatal(err)
		}
		d := newCatEditDriver(t, NewCatalogEditor(CatalogEditorOptions{Edit: es, Theme: style.NewTheme(false)}), path, nil)
		for i := range d.c.screens {
			d.Press("alt+" + strconv.Itoa(i+1))
			d.Press(keys...)
			_ = d.Screen()
		}
		d.Send(tea.PasteMsg{Content: "pasted\x1b[31m"})
		d.Press("ctrl+g", "down", "enter")
		d.Send(tea.WindowSizeMsg{Width: 50, Height: 14})
		_ = d.Screen()
	}
}

// A version switch maps each reference into the new version's taxonomy and
// asks first when one is renamed or dropped: error_handling (60602) has no
// counterpart in 1.0.0, network_security (10305) is the same class there.
func TestCatEditSchemaVersionChoice(t *testing.T) {
	if oasf.Get("1.0.0") == nil || oasf.Get("1.1.0") == nil {
		t.Skip("the embedded taxonomies 1.0.0 and 1.1.0 are needed")
	}
	d := openCatEdit(t)
	d.goScreen("Discovery")
	d.MustContain("Schema version", "[1.1.0]", "#60602")
	d.Press("right") // 1.0.0
	d.MustContain("OASF 1.1.0 → 1.0.0?", "dropped (1)", "#60602", "kept (1)", "#10305")
	if !bytes.Equal(d.c.s.JSON, d.orig) {
		t.Fatalf("the catalog changed before the switch was confirmed:\n%s", d.c.s.JSON)
	}
	d.Press("n") // declined: nothing changes, the field shows 1.1.0 again
	d.MustContain("[1.1.0]", "#60602")
	if !bytes.Equal(d.c.s.JSON, d.orig) {
		t.Fatalf("declining changed the catalog:\n%s", d.c.s.JSON)
	}
	d.Press("right", "esc") // esc cancels too
	d.MustContain("[1.1.0]", "#60602")
	d.Press("right", "y")
	disc, _ := entryDiscovery(d.entries()[0])
	if v := disc.SchemaVersion(); v != "1.0.0" {
		t.Fatalf("schema_version %q after the switch", v)
	}
	if len(disc.Skills()) != 0 || len(disc.Domains()) != 1 {
		t.Fatalf("after the switch: skills %v, domains %v", disc.Skills(), disc.Domains())
	}
	d.MustContain("[1.0.0]", "Skills (0)", "#10305")
	d.Press("left") // back to 1.1.0: the domain is the same class, nothing to ask
	disc, _ = entryDiscovery(d.entries()[0])
	if v := disc.SchemaVersion(); v != "1.1.0" || len(disc.Domains()) != 1 {
		t.Fatalf("back to 1.1.0: %q, domains %v", v, disc.Domains())
	}
	d.MustContain("[1.1.0]", "#10305")
}

// catEditTestdata holds the catalog and card fixtures, found before a test
// moves to a temporary directory.
var catEditTestdata, _ = filepath.Abs("testdata")

// The catalog editor has the step palette too (the frame owns it).
func TestCatEditPaletteGoesToScreenByName(t *testing.T) {
	d := openCatEdit(t)
	d.Press("ctrl+o").Typ("review").Press("enter")
	if d.c.cur != len(d.c.screens)-1 {
		t.Fatalf("the palette went to screen %d", d.c.cur)
	}
	d.MustContain("Review & save")
}

// The Discovery screen's note is wrapped in the pane, not cut (here at
// 100 columns, where the form pane has 55).
func TestCatEditDiscoveryNoteWrapped(t *testing.T) {
	d := openCatEdit(t)
	d.c.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	d.Press("down", "ctrl+o").Typ("Discovery").Press("enter")
	d.MustContain("The entry has no discovery payload", "adds one.")
}
