package cardedit

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/oncard/oncard/internal/oasfclient"
	"github.com/oncard/oncard/internal/oasfclient/servertest"
	"github.com/oncard/oncard/model/oasf"
	"github.com/oncard/oncard/tui/cardsteps"
	"github.com/oncard/oncard/tui/internal/keydrive"
	"github.com/oncard/oncard/tui/style"
	"github.com/oncard/oncard/tui/widgets"
)

// The OASF step's traps, each driven key by key through the card editor.

// oasfCard is minimalCard declaring OASF at version with the given skill
// and domain references (JSON arrays).
func oasfCard(version, skills, domains string) string {
	return strings.Replace(minimalCard, `"capabilities": {}`, `"capabilities": {"extensions": [
	  {"uri": "https://schema.oasf.outshift.com/`+version+`/objects/discovery",
	   "params": {"schema_version": "`+version+`", "skills": `+skills+`, "domains": `+domains+`}}]}`, 1)
}

const (
	oasfParams         = "/capabilities/extensions/0/params"
	errorHandling      = `{"name": "software_engineering/code_debugging/error_handling", "id": 60602}`
	errorHandlingName  = "software_engineering/code_debugging/error_handling"
	networkSecurityRef = `{"name": "technology/networking/network_security", "id": 10305}`
)

func needBothTaxonomies(t *testing.T) {
	t.Helper()
	if oasf.Get("1.0.0") == nil || oasf.Get("1.1.0") == nil {
		t.Skip("the embedded taxonomies 1.0.0 and 1.1.0 are needed")
	}
}

// skillRefs counts the skill references that name the class name.
func (d *driver) skillRefs(name string) int {
	n := 0
	for i := range d.m.s.ArrayLen(oasfParams + "/skills") {
		if d.m.s.Doc.Find(oasfParams+"/skills").Index(i).Get("name").Text() == name {
			n++
		}
	}
	return n
}

// 1.1.0 → 1.0.0 → 1.1.0 used to leave error_handling (1.1.0 only) as a
// stale reference: unticked in the picker under "Chosen (0)", added a
// second time by enter. Now the switch says first that it drops the
// reference, and after the round trip the class is chosen once.
func TestOASFVersionRoundTripNeverDuplicates(t *testing.T) {
	needBothTaxonomies(t)
	d := newDriverJSON(t, oasfCard("1.1.0", "["+errorHandling+"]", "["+networkSecurityRef+"]"))
	orig := d.json()
	d.m.goTo(at(cardsteps.StepOASF))
	d.Press("right") // the version field has the focus: 1.0.0
	d.MustContain("OASF 1.1.0 → 1.0.0?", "dropped (1)", "#60602", "no such class", "kept (1)", "#10305")
	if d.json() != orig {
		t.Fatalf("the card changed before the switch was confirmed:\n%s", d.json())
	}
	d.Press("n")
	if d.json() != orig || d.m.s.Text(oasfParams+"/schema_version") != "1.1.0" {
		t.Fatalf("declining changed the card:\n%s", d.json())
	}
	d.MustContain("[1.1.0]")
	d.Press("right", "y")
	if v := d.m.s.Text(oasfParams + "/schema_version"); v != "1.0.0" {
		t.Fatalf("schema_version %q after the switch", v)
	}
	if n := d.skillRefs(errorHandlingName); n != 0 {
		t.Fatalf("the dropped skill is still referenced:\n%s", d.json())
	}
	d.Press("left") // back to 1.1.0: the domain is the same class, nothing to ask
	if v := d.m.s.Text(oasfParams + "/schema_version"); v != "1.1.0" {
		t.Fatalf("schema_version %q after switching back", v)
	}
	d.Press("tab", "tab", "enter").Typ("error handling")
	d.MustContain("Chosen (0)", "[ ] Error Handling")
	d.Press("enter")
	d.MustContain("Chosen (1)", "[x] Error Handling")
	if n := d.skillRefs(errorHandlingName); n != 1 {
		t.Fatalf("error_handling referenced %d times:\n%s", n, d.json())
	}
	d.Press("enter")
	if n := d.skillRefs(errorHandlingName); n != 0 {
		t.Fatalf("unticking left %d references:\n%s", n, d.json())
	}
}

// A reference the taxonomy does not know (here error_handling in a 1.0.0
// card) is listed under Chosen and removed there.
func TestOASFUnknownReferenceCanBeRemovedInThePicker(t *testing.T) {
	needBothTaxonomies(t)
	d := newDriverJSON(t, oasfCard("1.0.0", "["+errorHandling+"]", "["+networkSecurityRef+"]"))
	d.m.goTo(at(cardsteps.StepOASF))
	d.Press("tab", "tab", "enter") // skills picker
	d.MustContain("Chosen (1)", "not in 1.0.0", "60602")
	d.Press("tab") // the Chosen list
	d.MustContain("› Chosen (1)", "enter or d removes")
	d.Press("enter")
	if n := d.m.s.ArrayLen(oasfParams + "/skills"); n != 0 {
		t.Fatalf("%d skill references left:\n%s", n, d.json())
	}
	d.MustContain("Chosen (0)")
	if got := d.m.s.Text(oasfParams + "/domains/0/name"); got != "technology/networking/network_security" {
		t.Fatalf("the domain was touched:\n%s", d.json())
	}
}

// A reference whose id and name name different classes (id 10302 is
// summarization) is one the taxonomy cannot place: choosing the class its
// name gives puts that class in its place, never beside it.
func TestOASFChoosingAClassAlreadyReferencedByNameReplacesIt(t *testing.T) {
	needBothTaxonomies(t)
	d := newDriverJSON(t, oasfCard("1.1.0", `[{"name": "`+errorHandlingName+`", "id": 10302}]`, "[]"))
	d.m.goTo(at(cardsteps.StepOASF))
	d.Press("tab", "tab", "enter").Typ("error handling")
	d.MustContain("Chosen (1)", "[x] Error Handling")
	d.Press("enter")
	if n := d.m.s.ArrayLen(oasfParams + "/skills"); n != 1 {
		t.Fatalf("%d skill references, want 1:\n%s", n, d.json())
	}
	if id := string(d.m.s.Doc.Find(oasfParams + "/skills/0/id").Raw()); id != "60602" {
		t.Fatalf("id %s, want 60602:\n%s", id, d.json())
	}
	if n := d.skillRefs(errorHandlingName); n != 1 {
		t.Fatalf("error_handling referenced %d times:\n%s", n, d.json())
	}
}

// Space in the search box types a space, browsing or searching; it never
// ticks the class under the cursor.
func TestOASFPickerSpaceTypesASpace(t *testing.T) {
	d := newDriverJSON(t, minimalCard)
	d.m.goTo(at(cardsteps.StepOASF))
	d.Press("tab", "tab", "enter", "enter") // skills picker, first category opened: a class under the cursor
	d.Press("space")
	if d.m.s.Doc.Find("/capabilities/extensions") != nil {
		t.Fatalf("space chose a class:\n%s", d.json())
	}
	d.Typ("error handling")
	d.MustContain("search:  error handling", "[ ] Error Handling", "enter ticks/unticks")
	d.Press("enter")
	if n := d.skillRefs(errorHandlingName); n != 1 {
		t.Fatalf("enter did not tick error_handling:\n%s", d.json())
	}
}

// A search that finds no skill says so and offers the domains it finds and
// caption words close to it; enter on a word searches it, enter on a
// domain opens the domain picker on the same query.
func TestOASFSearchOffersDomainsAndWords(t *testing.T) {
	d := newDriverJSON(t, minimalCard)
	d.m.goTo(at(cardsteps.StepOASF))
	d.Press("tab", "tab", "enter").Typ("translate")
	d.MustContain("no skills match “translate” in 1.1.0", `search “translation” instead`)
	d.Press("enter")
	d.MustContain("[ ] Translation")
	d.Press("esc").Typ("travel")
	d.MustContain("no skills match “travel”", "domain: Travel Services")
	for i := 0; i < 10 && !strings.Contains(d.Screen(), "› domain: Travel Services"); i++ {
		d.Press("down")
	}
	d.Press("enter")
	d.MustContain("OASF domains (1.1.0)", "[ ] Travel Services")
	d.Press("enter")
	if got := d.m.s.Text(oasfParams + "/domains/0/name"); got != "hospitality_and_tourism/travel_services" {
		t.Fatalf("domain not chosen:\n%s", d.json())
	}
}

// syncChildEnv marks the child process that runs the body of
// TestOASFSyncedVersionInPicker.
const syncChildEnv = "ONCARD_TUI_SYNC_CHILD"

// TestOASFSyncedVersionInPicker is the demonstration: after
// `oncard oasf sync`, the TUI offers a version that exists only on the
// server, finds its new skill and shows the skill's description.
//
// Syncing registers taxonomies in a process-global registry that has no way
// back, and other tests here (the goldens) draw the version choice as it is
// without synced versions. So the body runs in a child process of the test
// binary, which keeps every other test independent of test order.
func TestOASFSyncedVersionInPicker(t *testing.T) {
	if os.Getenv(syncChildEnv) == "1" {
		syncedVersionInPicker(t)
		return
	}
	if servertest.ReferenceAPIDir() == "" {
		t.Skip(servertest.ErrNoFixtures.Error())
	}
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	name := "TestOASFSyncedVersionInPicker"
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^"+name+"$", "-test.v", "-test.count=1")
	cmd.Env = append(os.Environ(), syncChildEnv+"=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the child process failed: %v\n%s", err, out)
	}
	// A child that ran nothing (a wrong -test.run) must not pass for one
	// that ran the test.
	if !strings.Contains(string(out), "--- PASS: "+name) {
		t.Fatalf("the child process did not run %s:\n%s", name, out)
	}
}

func syncedVersionInPicker(t *testing.T) {
	srv := servertest.New(t)
	cache := t.TempDir()
	// os.UserCacheDir reads XDG_CACHE_HOME on Linux and BSD, HOME on macOS,
	// LocalAppData on Windows: point them all at the temp dir.
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("HOME", cache)
	t.Setenv("LocalAppData", cache)

	c, err := oasfclient.New(srv.URL, oasfclient.Options{})
	if err != nil {
		t.Fatal(err)
	}
	synced, err := c.Sync(t.Context(), "") // what `oncard oasf sync --server URL` does
	if err != nil {
		t.Fatalf("sync: %v", err)
	}
	var stored bool
	for _, s := range synced {
		if s.Version == servertest.ServerOnlyVersion {
			stored = strings.HasPrefix(s.Dir, cache)
		}
	}
	if !stored {
		t.Fatalf("sync did not store %s in the cache dir %s: %+v", servertest.ServerOnlyVersion, cache, synced)
	}
	if oasf.Embedded(servertest.ServerOnlyVersion) != nil {
		t.Fatalf("%s is embedded: it no longer proves that synced versions reach the TUI", servertest.ServerOnlyVersion)
	}

	d := newDriverJSON(t, minimalCard)
	d.m.goTo(at(cardsteps.StepOASF))
	st := d.m.steps[at(cardsteps.StepOASF)].(*cardsteps.OasfStep)
	// The synced version is offered, but a newer version is no reason to
	// change the default a new payload gets.
	if st.Version != oasf.DefaultVersion {
		t.Fatalf("default version = %q after syncing %s, want %s", st.Version, servertest.ServerOnlyVersion, oasf.DefaultVersion)
	}
	d.MustContain("Schema version", servertest.ServerOnlyVersion+" ["+oasf.DefaultVersion+"]",
		// the URI, cut where the form wraps it
		cardsteps.DefaultSchemaServer+"/"+oasf.DefaultVersion+"/objects/")

	// The versions are listed newest first: ← from the default is 1.2.0.
	d.Press("left")
	if st.Version != servertest.ServerOnlyVersion {
		t.Fatalf("version after ← = %q, want %s", st.Version, servertest.ServerOnlyVersion)
	}
	wantURI := cardsteps.DefaultSchemaServer + "/" + servertest.ServerOnlyVersion + widgets.DiscoverySuffix
	// The form wraps the URI after "objects/".
	d.MustContain("["+servertest.ServerOnlyVersion+"]", wantURI[:len(wantURI)-len("discovery")])

	d.Press("tab", "tab", "enter") // skills picker
	if st.Picker == nil {
		t.Fatal("the skills picker did not open")
	}
	d.MustContain("OASF skills (" + servertest.ServerOnlyVersion + ")")
	d.Typ("crash dump analysis")
	// Bring the new skill under the cursor (it should be first; search
	// ranking is not what this test is about).
	for i := 0; i < 10; i++ {
		if cur, ok := st.Picker.Current(); ok && cur.ID == servertest.NewSkillID {
			break
		}
		d.Press("down")
	}
	cur, ok := st.Picker.Current()
	if !ok || cur.ID != servertest.NewSkillID || cur.Name != servertest.NewSkillName {
		t.Fatalf("searching %q did not find the server-only skill %s #%d:\n%s", "crash dump analysis",
			servertest.NewSkillName, servertest.NewSkillID, d.Screen())
	}
	d.MustContain(servertest.NewSkillCaption, "#"+strconv.Itoa(servertest.NewSkillID))
	// The description is shown under the list; on a wide terminal it fits
	// on one line (wrapping is TestPickerDescriptionIsSafeWrappedAndCut's).
	d.Send(teaSize(220, 40))
	d.MustContain(servertest.NewSkillDesc)
	d.Send(teaSize(120, 40))

	d.Press("enter")      // choose it
	d.Press("esc", "esc") // clear the query, leave the picker
	ext := "/capabilities/extensions/0"
	if got := d.m.s.Text(ext + "/params/schema_version"); got != servertest.ServerOnlyVersion {
		t.Fatalf("schema_version = %q, want %s:\n%s", got, servertest.ServerOnlyVersion, d.json())
	}
	if got := d.m.s.Text(ext + "/uri"); got != wantURI {
		t.Fatalf("uri = %q, want %q", got, wantURI)
	}
	if got := d.m.s.Text(ext + "/params/skills/0/name"); got != servertest.NewSkillName {
		t.Fatalf("skill name = %q, want %q:\n%s", got, servertest.NewSkillName, d.json())
	}
	if got := d.m.s.Doc.Find(ext + "/params/skills/0/id").Interface(); got != json.Number(strconv.Itoa(servertest.NewSkillID)) {
		t.Fatalf("skill id = %v, want %d:\n%s", got, servertest.NewSkillID, d.json())
	}
	// The card is valid for the synced version: the validator knows it too.
	if n := d.errorsCount(); n != 0 {
		t.Fatalf("%d error(s) after choosing a synced skill: %v", n, d.diagCodes())
	}
}

// describedTaxonomy is a small synced-looking taxonomy whose one skill has
// a long description with line breaks and terminal escapes in it.
func describedTaxonomy(t *testing.T, desc string) *oasf.Taxonomy {
	t.Helper()
	node := func(name string, id int, caption, desc string, category bool, classes map[string]any) map[string]any {
		n := map[string]any{"name": name, "id": id, "caption": caption, "description": desc, "classes": classes}
		if category {
			n["category"] = true
		}
		return n
	}
	skills, _ := json.Marshal(map[string]any{
		"analysis": node("analysis", 1, "Analysis", "Top heading.", true, map[string]any{
			"crash": node("analysis/crash", 101, "Crash Reading", desc, false, nil),
			"plain": node("analysis/plain", 102, "No Description", "", false, nil),
		}),
	})
	domains, _ := json.Marshal(map[string]any{
		"tech": node("tech", 2, "Technology", "", true, nil),
	})
	tax, err := oasf.ParseCategories("9.9.9", "http://127.0.0.1:1", skills, domains)
	if err != nil {
		t.Fatal(err)
	}
	return tax
}

// TestPickerDescriptionIsSafeWrappedAndCut: a description from a server is
// shown under the list, escapes made visible, line breaks folded, wrapped
// to the pane and cut after two lines; a class without one leaves the rows
// blank (the list does not jump).
func TestPickerDescriptionIsSafeWrappedAndCut(t *testing.T) {
	long := "Reads \x1b[31mcrash\x1b[0m dumps.\nThen " + strings.Repeat("explains the stack frame by frame ", 8) + "LASTWORD"
	tax := describedTaxonomy(t, long)
	p := widgets.NewPicker(tax.Skills, style.NewTheme(false), nil)
	if !p.Described {
		t.Fatal("a tree with descriptions is not marked described")
	}
	p.Query.SetValue("crash")
	p.Refresh()
	if cur, ok := p.Current(); !ok || cur.ID != 101 {
		t.Fatalf("current = %+v, want #101", cur)
	}
	const width, height = 60, 20
	view := ansi.Strip(p.View(width, height))
	if strings.Contains(view, "\x1b") {
		t.Fatalf("a raw escape reached the screen: %q", view)
	}
	if !strings.Contains(view, `Reads \x1b[31mcrash\x1b[0m dumps. Then explains`) {
		t.Fatalf("the description is not shown made safe, breaks folded:\n%s", view)
	}
	if strings.Contains(view, "LASTWORD") {
		t.Fatalf("a long description is not cut to %d lines:\n%s", widgets.DescriptionRows, view)
	}
	lines := p.DescriptionLines(width - 2)
	if len(lines) != widgets.DescriptionRows || !strings.HasSuffix(lines[widgets.DescriptionRows-1], "…") {
		t.Fatalf("description lines = %q, want %d ending in …", lines, widgets.DescriptionRows)
	}
	for _, l := range strings.Split(view, "\n") {
		if w := ansi.StringWidth(l); w > width {
			t.Fatalf("line wider than the pane (%d > %d): %q", w, width, l)
		}
	}
	withDesc := strings.Count(view, "\n")

	// A class without a description: the rows stay, blank.
	p.Query.SetValue("no description")
	p.List.Select(0)
	p.Refresh()
	if cur, ok := p.Current(); !ok || cur.ID != 102 {
		t.Fatalf("current = %+v, want #102", cur)
	}
	if got := p.DescriptionLines(width - 2); got != nil {
		t.Fatalf("description lines of a class without one = %q", got)
	}
	view = ansi.Strip(p.View(width, height))
	if strings.Contains(view, "Reads") {
		t.Fatalf("the previous description is still shown:\n%s", view)
	}
	if n := strings.Count(view, "\n"); n != withDesc {
		t.Fatalf("the picker is %d lines high without a description, %d with one", n, withDesc)
	}
}

// TestPickerEmbeddedVersionShowsNoDescriptionRows: embedded snapshots carry
// no descriptions, so the picker keeps its rows for the list.
func TestPickerEmbeddedVersionShowsNoDescriptionRows(t *testing.T) {
	tax := oasf.Embedded(oasf.DefaultVersion)
	if tax == nil {
		t.Fatalf("no embedded %s", oasf.DefaultVersion)
	}
	p := widgets.NewPicker(tax.Skills, style.NewTheme(false), nil)
	if p.Described {
		t.Fatal("an embedded tree is marked described")
	}
	if got := p.DescriptionLines(58); got != nil {
		t.Fatalf("description lines for an embedded class = %q", got)
	}
	view := p.View(60, 20)
	synced := widgets.NewPicker(describedTaxonomy(t, "Some text.").Skills, style.NewTheme(false), nil)
	if a, b := strings.Count(view, "\n"), strings.Count(synced.View(60, 20), "\n"); a != b {
		// Same total height either way: the rows go to the list instead.
		t.Fatalf("embedded picker is %d lines, synced one %d", a, b)
	}
}

// syncedSkills fetches 1.2.0 from the stand-in server and parses it the way
// Sync does, without registering it (benchmarks must not change the
// registry other code reads).
func syncedSkills(b *testing.B) *oasf.Tree {
	b.Helper()
	srv := servertest.New(b)
	c, err := oasfclient.New(srv.URL, oasfclient.Options{})
	if err != nil {
		b.Fatal(err)
	}
	v := servertest.ServerOnlyVersion
	skills, err := c.Categories(b.Context(), v, oasf.Skills)
	if err != nil {
		b.Fatal(err)
	}
	domains, err := c.Categories(b.Context(), v, oasf.Domains)
	if err != nil {
		b.Fatal(err)
	}
	tax, err := oasf.ParseCategories(v, c.URL(), skills, domains)
	if err != nil {
		b.Fatal(err)
	}
	return tax.Skills
}

// BenchmarkPickerKeystrokeSynced is BenchmarkPickerKeystroke on a synced
// tree: every frame also shows the highlighted class's description.
func BenchmarkPickerKeystrokeSynced(b *testing.B) {
	p := widgets.NewPicker(syncedSkills(b), style.NewTheme(true), nil)
	benchPickerKeys(b, p, searchKeys())
}

// BenchmarkPickerMoveSynced: moving the cursor on a synced tree, where each
// move wraps a new description.
func BenchmarkPickerMoveSynced(b *testing.B) {
	tree := syncedSkills(b)
	p := widgets.NewPicker(tree, style.NewTheme(true), nil)
	p.Open(tree.Children("")[0])
	benchPickerKeys(b, p, []tea.KeyPressMsg{keydrive.KeyMsg("down"), keydrive.KeyMsg("up")})
}
