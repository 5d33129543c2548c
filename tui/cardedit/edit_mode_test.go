package cardedit

import (
	"context"
	"crypto/ed25519"
	"crypto/x509"
	"encoding/pem"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/oncard/oncard/internal/cardsig"
	"github.com/oncard/oncard/internal/edit"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/oasf"
	"github.com/oncard/oncard/tui/cardsteps"
	"github.com/oncard/oncard/tui/editor"
	"github.com/oncard/oncard/tui/widgets"
	"github.com/oncard/oncard/validate"
)

// editTestdata is the package's testdata, found before a test moves to a
// temporary directory.
var editTestdata, _ = filepath.Abs("testdata")

// openEdit copies testdata/<fixture> to a temporary file (mode 0640, to
// see that a save keeps it) and opens the editor on it.
func openEdit(t *testing.T, fixture string) (*driver, string, []byte) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(editTestdata, fixture))
	if err != nil {
		t.Fatal(err)
	}
	// A short relative path keeps the screens readable.
	t.Chdir(t.TempDir())
	path := "card.json"
	if err := os.WriteFile(path, data, 0o640); err != nil {
		t.Fatal(err)
	}
	return openEditPath(t, path), path, data
}

func openEditPath(t *testing.T, path string) *driver {
	t.Helper()
	es, err := edit.OpenMax(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	es.Prepare(func(d *model.Doc) { model.NewCard(d) })
	return newDriver(t, Options{Edit: es})
}

func (d *driver) review() *editReviewStep {
	return d.m.steps[d.m.editStepIndex()].(*editReviewStep)
}

// chooseAction moves the Review cursor to the action whose label starts
// with label and runs it.
func (d *driver) chooseAction(label string) *driver {
	d.T.Helper()
	rv := d.review()
	for i, a := range rv.actions() {
		if strings.HasPrefix(a.Label, label) {
			for rv.Cursor < i {
				d.Press("tab")
			}
			for rv.Cursor > i {
				d.Press("shift+tab")
			}
			return d.Press("enter")
		}
	}
	d.T.Fatalf("no action %q on Review:\n%s", label, d.Screen())
	return d
}

// editPersonEntry opens the first skill on the On Request step and adds
// suffix to its personEntry.
func (d *driver) editPersonEntry(suffix string) *driver {
	d.T.Helper()
	d.goStep(cardsteps.StepOnRequest).Press("enter").Typ(suffix)
	return d
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestEditEveryScreenShowsTheFileAndChangesNothing(t *testing.T) {
	d, path, data := openEdit(t, "edit-v10.json")
	if d.m.cur != at(cardsteps.StepAgent) {
		t.Fatalf("starts on step %d, want the Agent step", d.m.cur)
	}
	d.MustContain("oncard edit", "card.json", "[v1.0 card]", "Example Bank Assistant", "1.0.0", "bank.example")
	d.goStep(cardsteps.StepInterfaces).MustContain("https://bank.example/a2a/v1")
	d.goStep(cardsteps.StepSkills).MustContain("Dispute a card charge", "Branch opening hours")
	d.goStep(cardsteps.StepOnRequest).MustContain("[x] Dispute a card charge", "[x] Branch opening hours", "tel:+1-555-0")
	d.Press("enter").MustContain("Person entry", "https://bank.example/support/disputes")
	d.Press("esc")
	d.goStep(cardsteps.StepStart).MustContain("Editing", "Kept as is", "/x-internal-owner", "/capabilities/extensions/1")
	for _, sp := range cardsteps.Flow {
		d.goStep(sp.ID)
	}
	if d.m.edit.s.Changed() {
		t.Fatalf("visiting every screen changed the card:\n%s", d.m.edit.s.Diff())
	}
	d.Press("ctrl+s").MustContain("Review & save", "Kept as is", "/x-internal-owner", "/capabilities/extensions/1",
		"No changes yet")
	if kept := strings.Join(d.m.keptAsIs(), " "); strings.Contains(kept, "/skills") || strings.Contains(kept, "/name") {
		t.Fatalf("members a screen edits are listed as kept: %s", kept)
	}
	d.Press("ctrl+s") // nothing to write
	if d.m.dialog != nil || !strings.Contains(d.m.Status, "no changes") {
		t.Fatalf("saving no change: dialog %v, status %q", d.m.dialog, d.m.Status)
	}
	if readFile(t, path) != string(data) {
		t.Fatal("the file changed")
	}
}

func TestEditSaveWritesOnlyTheChangedLine(t *testing.T) {
	d, path, data := openEdit(t, "edit-v10.json")
	d.editPersonEntry("/new")
	d.Press("ctrl+s")
	d.MustContain("Review & save", `-                        {"id": "dispute-charge"`, `+                        {"id": "dispute-charge"`,
		"diff (lines", "+", "disputes/new")
	if d.m.dialog != nil {
		t.Fatal("the first ctrl+s must show the diff, not ask yet")
	}
	d.Press("ctrl+s")
	if d.m.dialog == nil || !strings.Contains(d.m.dialog.Question, "adds 1 line and removes 1") {
		t.Fatalf("no confirmation with the diff's size: %+v", d.m.dialog)
	}
	if readFile(t, path) != string(data) {
		t.Fatal("written before the confirmation")
	}
	d.Press("y")
	if !d.m.quitting || !d.m.Result().Saved || d.m.Result().Path != path {
		t.Fatalf("not saved: result %+v, status %q", d.m.Result(), d.m.Status)
	}
	want := strings.Replace(string(data), "support/disputes\"", "support/disputes/new\"", 1)
	if got := readFile(t, path); got != want {
		t.Fatalf("the file is not the original with one change:\n%s", edit.UnifiedDiff("card.json", []byte(want), []byte(got)))
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o640 {
		t.Fatalf("mode %v, want 0640 kept", fi.Mode().Perm())
	}
}

func TestEditRefusesAnEditThatAddsAnError(t *testing.T) {
	d, path, data := openEdit(t, "edit-v10.json")
	d.goStep(cardsteps.StepOnRequest).Press("enter", "ctrl+u").Typ("ftp://bank.example/help")
	d.Press("ctrl+s", "ctrl+s")
	if d.m.dialog != nil || !strings.Contains(d.m.Status, "the edits add 1 error") {
		t.Fatalf("not refused: dialog %v, status %q", d.m.dialog, d.m.Status)
	}
	d.MustContain("The edits add 1 error", "onrequest/")
	if readFile(t, path) != string(data) {
		t.Fatal("the file was written")
	}
}

// A file with an error of its own stays editable: only new errors refuse.
func TestEditKeepsOldErrorsEditable(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "edit-v10.json"))
	if err != nil {
		t.Fatal(err)
	}
	broken := strings.Replace(string(data), `"tags": ["banking", "branches"]`, `"tags": []`, 1)
	path := filepath.Join(t.TempDir(), "card.json")
	if err := os.WriteFile(path, []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	d := openEditPath(t, path)
	if e, _, _ := validate.Counts(d.m.edit.ed.Before()); e == 0 {
		t.Skip("an empty tags array is no error for the validator any more; the test needs a file with an error")
	}
	d.editPersonEntry("/x").Press("ctrl+s")
	d.MustContain("already had")
	d.Press("ctrl+s", "y")
	if !d.m.Result().Saved {
		t.Fatalf("an edit adding no error was refused: %q", d.m.Status)
	}
}

// changeOnDisk makes someone else's edit to the file.
func changeOnDisk(t *testing.T, path, old, new string) {
	t.Helper()
	data := readFile(t, path)
	if !strings.Contains(data, old) {
		t.Fatalf("%q not in the file", old)
	}
	if err := os.WriteFile(path, []byte(strings.Replace(data, old, new, 1)), 0o640); err != nil {
		t.Fatal(err)
	}
}

func TestEditChangedOnDiskReloadReappliesTheEdits(t *testing.T) {
	d, path, _ := openEdit(t, "edit-v10.json")
	d.editPersonEntry("/new")
	changeOnDisk(t, path, `"version": "1.0.0"`, `"version": "1.0.1"`)
	d.Press("ctrl+s", "ctrl+s", "y")
	if d.m.quitting {
		t.Fatal("saved over a file that changed on disk")
	}
	d.MustContain("changed on disk since it was opened", "Reload the file and re-apply my edits", "Save my version to another file")
	if strings.Contains(readFile(t, path), "disputes/new") {
		t.Fatal("written despite the change on disk")
	}
	d.chooseAction("Reload")
	d.MustContain("Reloaded the file from disk", "disputes/new")
	if v := d.m.s.Text("/version"); v != "1.0.1" {
		t.Fatalf("version after the reload %q, want the one on disk", v)
	}
	d.Press("ctrl+s", "y")
	if !d.m.Result().Saved {
		t.Fatalf("not saved after the reload: %q", d.m.Status)
	}
	got := readFile(t, path)
	if !strings.Contains(got, `"version": "1.0.1"`) || !strings.Contains(got, "support/disputes/new") {
		t.Fatalf("one of the two changes is lost:\n%s", got)
	}
}

func TestEditChangedOnDiskReloadListsConflicts(t *testing.T) {
	d, path, _ := openEdit(t, "edit-v10.json")
	d.editPersonEntry("/mine")
	changeOnDisk(t, path, "support/disputes\"", "support/theirs\"")
	d.Press("ctrl+s", "ctrl+s", "y")
	d.chooseAction("Reload")
	d.MustContain("1 edit conflicted and was dropped", "changed on disk")
	if d.m.edit.s.Changed() {
		t.Fatalf("the conflicting edit was kept:\n%s", d.m.edit.s.Diff())
	}
}

func TestEditChangedOnDiskSaveElsewhereKeepsBothVersions(t *testing.T) {
	d, path, _ := openEdit(t, "edit-v10.json")
	d.editPersonEntry("/new")
	changeOnDisk(t, path, `"version": "1.0.0"`, `"version": "1.0.1"`)
	d.Press("ctrl+s", "ctrl+s", "y")
	d.chooseAction("Save my version")
	d.MustContain("Save your version to", "card.json.mine")
	d.Press("enter")
	mine := path + ".mine"
	if r := d.m.Result(); !r.Saved || r.Path != mine {
		t.Fatalf("result %+v, status %q", r, d.m.Status)
	}
	theirs, ours := readFile(t, path), readFile(t, mine)
	if !strings.Contains(theirs, "1.0.1") || strings.Contains(theirs, "disputes/new") {
		t.Fatalf("the file lost the other change or got ours:\n%s", theirs)
	}
	if !strings.Contains(ours, "disputes/new") {
		t.Fatalf("our version lacks our edit:\n%s", ours)
	}
}

func TestEditSaveElsewhereNeverOverwrites(t *testing.T) {
	d, path, _ := openEdit(t, "edit-v10.json")
	d.editPersonEntry("/new")
	changeOnDisk(t, path, `"version": "1.0.0"`, `"version": "1.0.1"`)
	if err := os.WriteFile(path+".mine", []byte("keep me"), 0o644); err != nil {
		t.Fatal(err)
	}
	d.Press("ctrl+s", "ctrl+s", "y")
	d.chooseAction("Save my version").Press("enter")
	if d.m.quitting || !strings.Contains(d.m.Status, "not written") {
		t.Fatalf("quitting %v, status %q", d.m.quitting, d.m.Status)
	}
	if readFile(t, path+".mine") != "keep me" {
		t.Fatal("an existing file was replaced")
	}
}

func TestEditV03BannerAndUpgradeShownAsDiffFirst(t *testing.T) {
	d, path, data := openEdit(t, "edit-v03.json")
	d.MustContain("[v0.3 card: upgrade on Review]", "Legacy Helper")
	d.Press("ctrl+s").MustContain("Upgrade to v1.0", "Upgrade to a dual card", "Kept as is", "/url")
	d.chooseAction("Upgrade to v1.0")
	d.MustContain("Upgrade preview: nothing is applied yet", "+", "supportedInterfaces", "Apply the upgrade")
	if d.m.edit.s.Changed() {
		t.Fatal("the upgrade was applied before it was confirmed")
	}
	d.chooseAction("Apply the upgrade")
	if sh := d.m.shape(); sh != model.ShapeV10 {
		t.Fatalf("shape after the upgrade %v", sh)
	}
	d.MustContain("[v1.0 card]", "Upgraded:")
	d.Press("ctrl+s", "y")
	if !d.m.Result().Saved {
		t.Fatalf("not saved: %q", d.m.Status)
	}
	got := readFile(t, path)
	if got == string(data) || !strings.Contains(got, "supportedInterfaces") || strings.Contains(got, `"preferredTransport"`) {
		t.Fatalf("not upgraded:\n%s", got)
	}
}

func TestEditV03UpgradeCanKeepDualOrBeCancelled(t *testing.T) {
	d, _, _ := openEdit(t, "edit-v03.json")
	d.Press("ctrl+s").chooseAction("Upgrade to a dual card")
	d.chooseAction("Cancel")
	if d.m.edit.s.Changed() {
		t.Fatal("a cancelled upgrade changed the card")
	}
	d.chooseAction("Upgrade to a dual card").chooseAction("Apply the upgrade")
	if sh := d.m.shape(); sh != model.ShapeDual {
		t.Fatalf("shape %v, want dual", sh)
	}
	d.MustContain("dual card v1.0 + v0.3", "Upgrade to v1.0 only")
}

func TestEditSignedCardWarnsAndRemovesSignatures(t *testing.T) {
	d, path, _ := openEdit(t, "edit-signed.json")
	d.goStep(cardsteps.StepStart).MustContain("Signed (1 signature)")
	d.goStep(cardsteps.StepAgent).Press("tab").Typ(" Now better.")
	d.Press("ctrl+s").MustContain("longer verify", "Remove the signatures")
	d.Press("ctrl+s")
	if d.m.dialog == nil || !strings.Contains(d.m.dialog.Question, "signatures will no longer verify") {
		t.Fatalf("the confirmation does not warn about the signatures: %+v", d.m.dialog)
	}
	d.Press("n")
	d.chooseAction("Remove the signatures")
	d.MustContain("Signatures removed", "-  \"signatures\"")
	if strings.Contains(d.Screen(), "its signatures no") {
		t.Fatal("still warns after the signatures were removed")
	}
	d.Press("ctrl+s", "y")
	if got := readFile(t, path); strings.Contains(got, "signatures") || !strings.Contains(got, "Now better.") {
		t.Fatalf("saved:\n%s", got)
	}
}

func TestEditQuitAsksOnlyWithChanges(t *testing.T) {
	d, _, _ := openEdit(t, "edit-v10.json")
	d.Press("ctrl+c")
	if !d.m.quitting || d.m.dialog != nil {
		t.Fatal("quitting an unchanged file asks")
	}
	d, path, data := openEdit(t, "edit-v10.json")
	d.editPersonEntry("/x").Press("ctrl+c")
	if d.m.quitting || d.m.dialog == nil || !strings.Contains(d.m.dialog.Question, "are lost") {
		t.Fatalf("quitting with changes does not ask: %+v", d.m.dialog)
	}
	d.Press("n")
	if d.m.quitting {
		t.Fatal("n quit")
	}
	d.Press("ctrl+c", "y")
	if !d.m.quitting || !d.m.Result().Interrupted || readFile(t, path) != string(data) {
		t.Fatal("y did not quit without writing")
	}
}

// TestEditOddCardsNeverPanic: the editor over files of the wrong shape
// (what validate.Detect may still call a card) walks every screen, the
// Review actions and the save without a panic, and writes only on a yes.
func TestEditOddCardsNeverPanic(t *testing.T) {
	odd := []string{
		`{}`,
		`{"url": 5, "skills": {"0": {"id": "x"}}, "supportedInterfaces": "none", "capabilities": [], "signatures": "x"}`,
		`{"protocolVersion": "0.3.0", "url": "https://a.example", "skills": [1, "two", null, {"id": 3}], "capabilities": {"extensions": {"uri": 1}}}`,
		`{"supportedInterfaces": [], "url": "https://a.example", "signatures": [1], "capabilities": {"extensions": [{"uri": "https://agent-capability.org/ext/on-request/v1", "params": {"skills": "all"}}]}}`,
	}
	keys := []string{"a", "x", "tab", "right", "space", "enter", "tab", "left", "d", "esc", "down", "enter", "space", "backspace", "esc"}
	dir := t.TempDir()
	for i, card := range odd {
		path := filepath.Join(dir, fmt.Sprintf("odd-%d.json", i))
		if err := os.WriteFile(path, []byte(card), 0o644); err != nil {
			t.Fatal(err)
		}
		d := openEditPath(t, path)
		for _, sp := range cardsteps.Flow {
			d.goStep(sp.ID)
			d.Press(keys...)
			_ = d.Screen()
		}
		d.Press("ctrl+s")
		for range 6 { // every Review action, then back
			d.Press("enter", "esc", "tab")
			_ = d.Screen()
		}
		d.Press("ctrl+s", "n", "pgdown", "pgup")
		d.Send(teaSize(60, 15))
		_ = d.Screen()
		if got := readFile(t, path); got != card && !d.m.Result().Saved {
			t.Fatalf("%s written without a yes:\n%s", card, got)
		}
	}
}

// TestOddCardsNeverPanic walks every step over documents of the wrong shape
// and presses the keys that edit, add, remove and move.
func TestOddCardsNeverPanic(t *testing.T) {
	odd := []string{
		`[]`, `"text"`, `null`, `{}`,
		`{"skills": {"0": {"id": "x"}}, "supportedInterfaces": "none", "capabilities": []}`,
		`{"skills": [1, "two", null, {"id": 3, "name": []}], "capabilities": {"extensions": {"uri": 1}}}`,
		`{"capabilities": {"extensions": [{"uri": "https://agent-capability.org/ext/on-request/v1", "params": {"skills": "all"}},
		  {"uri": "https://schema.oasf.outshift.com/9.9.9/objects/discovery", "params": {"schema_version": 7, "skills": [{"id": "x"}, 5]}}]},
		  "skills": [{"id": "a", "name": "A", "securityRequirements": []}, {"id": "b"}]}`,
	}
	keys := []string{"a", "x", "tab", "right", "space", "enter", "tab", "y", "left", "shift+up", "shift+down", "d", "esc", "down", "enter", "space", "backspace", "esc"}
	for _, card := range odd {
		d := newDriverJSON(t, card)
		for _, sp := range cardsteps.Flow {
			d.goStep(sp.ID)
			d.Press(keys...)
			_ = d.Screen()
		}
		d.Press("ctrl+g", "down", "enter")
		d.Send(teaSize(60, 15))
		_ = d.Screen()
	}
}

// openSigned writes a card signed with a fresh Ed25519 key (kid "k1") and
// opens the editor on it, with key as the signing key (nil: none).
func openSigned(t *testing.T, withKey bool) (*driver, string, *cardsig.SigningKey) {
	t.Helper()
	der, err := x509.MarshalPKCS8PrivateKey(ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize)))
	if err != nil {
		t.Fatal(err)
	}
	key, err := cardsig.ParseSigningKey(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}))
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(editTestdata, "edit-signed.json"))
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	path := "card.json"
	doc, err := model.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if err := doc.Delete("/signatures"); err != nil {
		t.Fatal(err)
	}
	if _, err := cardsig.Sign(doc, key, cardsig.SignOptions{KeyID: "k1"}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, doc.Encode(), 0o640); err != nil {
		t.Fatal(err)
	}
	es, err := edit.OpenMax(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	es.Prepare(func(d *model.Doc) { model.NewCard(d) })
	opts := Options{Edit: es}
	if withKey {
		opts.SigningKey = key
	}
	return newDriver(t, opts), path, key
}

func verifyFile(t *testing.T, path string, key *cardsig.SigningKey) cardsig.Status {
	t.Helper()
	doc, err := model.Parse([]byte(readFile(t, path)))
	if err != nil {
		t.Fatal(err)
	}
	res := cardsig.Verify(context.Background(), doc, cardsig.Options{Keys: key.PublicKeySet("k1", "")})
	if len(res) != 1 {
		t.Fatalf("%d signatures", len(res))
	}
	return res[0].Status
}

// TestEditReviewResignsWithTheSigningKey: Review shows each signature's
// status; after an edit the signing key's signature is invalid and Review
// offers to sign it again; re-signed, it verifies, and so does the file
// saved.
func TestEditReviewResignsWithTheSigningKey(t *testing.T) {
	d, path, key := openSigned(t, true)
	d.Press("ctrl+s").MustContain(`signature 0 (kid "k1", EdDSA): verified`)
	d.goStep(cardsteps.StepAgent).Press("tab").Typ(" Now better.")
	d.Press("ctrl+s").MustContain(`signature 0 (kid "k1", EdDSA): invalid:`,
		"longer verify", "Re-sign with the signing key")
	d.chooseAction("Re-sign with the signing key")
	d.MustContain("Re-signed 1 signature", `signature 0 (kid "k1", EdDSA): verified`)
	if strings.Contains(d.Screen(), "after this edit its") || strings.Contains(d.Screen(), "Re-sign with") {
		t.Fatalf("still warns or offers after re-signing:\n%s", d.Screen())
	}
	// A further edit makes it stale again, and it can be signed again.
	d.goStep(cardsteps.StepAgent).Typ(" Even.")
	d.Press("ctrl+s").MustContain(`EdDSA): invalid:`)
	d.chooseAction("Re-sign with the signing key").MustContain(`: verified`)
	d.Press("ctrl+s", "y")
	if got := readFile(t, path); !strings.Contains(got, "Now better. Even.") || strings.Count(got, `"protected"`) != 1 {
		t.Fatalf("saved:\n%s", got)
	}
	if st := verifyFile(t, path, key); st != cardsig.Verified {
		t.Errorf("the saved card's signature is %s", st)
	}
}

// TestEditReviewSignatureStatusWithoutKey: without a signing key the
// status says there is no key, and nothing offers to re-sign.
func TestEditReviewSignatureStatusWithoutKey(t *testing.T) {
	d, path, key := openSigned(t, false)
	d.goStep(cardsteps.StepAgent).Press("tab").Typ(" Now better.")
	d.Press("ctrl+s").MustContain(`signature 0 (kid "k1", EdDSA): unverified:`, "longer verify")
	for _, a := range d.review().actions() {
		if strings.HasPrefix(a.Label, "Re-sign") {
			t.Fatalf("offers %q without a key", a.Label)
		}
	}
	d.Press("ctrl+s", "y")
	if st := verifyFile(t, path, key); st != cardsig.PayloadMismatch {
		t.Errorf("saved without re-signing, the signature is %s", st)
	}
}

// keptCard has members no screen edits at every level.
var keptCard = fmt.Sprintf(`{
  "name": "Kept Agent",
  "description": "Has unknown members everywhere.",
  "x-root": 1,
  "provider": {"organization": "Example", "url": "https://example.com", "x-provider": true},
  "supportedInterfaces": [
    {"url": "https://a.example/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0", "x-iface": "k"}
  ],
  "version": "1.0.0",
  "capabilities": {
    "streaming": true,
    "x-caps": {"deep": [1, 2]},
    "extensions": [
      {
        "uri": "https://agent-capability.org/ext/on-request/v1",
        "required": false,
        "x-ext": 1,
        "params": {
          "skills": [{"id": "faq", "personEntry": "https://a.example/help", "x-entry": 2}],
          "x-params": "p"
        }
      },
      {
        "uri": "%s",
        "params": {"schema_version": "%s", "skills": [{"name": "x", "id": 1}], "x-oasf": 3}
      }
    ]
  },
  "defaultInputModes": ["text/plain"],
  "defaultOutputModes": ["text/plain"],
  "skills": [
    {"id": "faq", "name": "FAQ", "description": "Answers.", "tags": ["faq"], "x-skill": {"a": 1}}
  ]
}
`, widgets.DiscoveryURI(cardsteps.DefaultSchemaServer, oasf.DefaultVersion), oasf.DefaultVersion)

// TestEditKeptAsIsListsUnknownMembersAtEveryLevel: a member no field edits
// is listed wherever it is, even inside an item a screen edits.
func TestEditKeptAsIsListsUnknownMembersAtEveryLevel(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.WriteFile("card.json", []byte(keptCard), 0o644); err != nil {
		t.Fatal(err)
	}
	d := openEditPath(t, "card.json")
	d.goStep(cardsteps.StepReview) // where the list is shown (and made)
	got := d.m.keptAsIs()
	want := []string{
		"/x-root",
		"/provider/x-provider",
		"/supportedInterfaces/0/x-iface",
		"/capabilities/x-caps",
		"/capabilities/extensions/0/x-ext",
		"/capabilities/extensions/0/params/skills/0/x-entry",
		"/capabilities/extensions/0/params/x-params",
		"/capabilities/extensions/1/params/x-oasf",
		"/skills/0/x-skill",
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("kept as is:\n got %q\nwant %q", got, want)
	}
	d.Send(teaSize(240, 50))
	d.Press("ctrl+s").MustContain("Kept as is", "/skills/0/x-skill", "/capabilities/extensions/1/params/x-oasf")
}

// TestStepsOwnWhatTheirFieldsEdit keeps the steps' member lists in step
// with their forms: every field's pointer is owned by its step (or a
// diagnostic there would not jump to it, and it would be listed as kept).
func TestStepsOwnWhatTheirFieldsEdit(t *testing.T) {
	d := newDriverJSON(t, keptCard)
	s := d.m.s
	for _, st := range d.m.steps {
		var fields []widgets.Field
		switch st := st.(type) {
		case *cardsteps.FormStep:
			fields = st.Build(s).Fields
		case *cardsteps.ListStep:
			fields = st.ItemForm(s, 0).Fields
		case *cardsteps.OnRequestStep:
			fields = st.EntryForm(s, editor.Item(cardsteps.OnRequestSkillsPtr(s), 0)).Fields
		}
		for _, f := range fields {
			if p := f.Pointer(); p != "" && !st.Owns(p, s) {
				t.Errorf("%s: the field %q edits %s, which the step does not own", st.Title(), f.Label(), p)
			}
		}
	}
	// And nothing outside them: an unknown member is owned by no step.
	for _, st := range d.m.steps {
		for _, p := range []string{"/x-root", "/skills/0/x-skill", "/provider/x-provider", "/capabilities/extensions/0/params/x-params"} {
			if st.Owns(p, s) {
				t.Errorf("%s owns the unknown member %s", st.Title(), p)
			}
		}
	}
}

// A diagnostic on a member no field edits opens the screen of the item
// that holds it.
func TestJumpToUnownedMemberOpensItsItem(t *testing.T) {
	d := newDriverJSON(t, keptCard)
	d.m.jumpTo("/skills/0/x-skill")
	if d.m.cur != at(cardsteps.StepSkills) || !d.m.steps[at(cardsteps.StepSkills)].(*cardsteps.ListStep).Editing {
		t.Fatalf("on step %d (editing %v), want the first skill open", d.m.cur, d.m.steps[at(cardsteps.StepSkills)].(*cardsteps.ListStep).Editing)
	}
	if d.m.s.Focus != "/skills/0/x-skill" {
		t.Fatalf("focus %q", d.m.s.Focus)
	}
	d.m.jumpTo("/x-root")
	if d.m.s.Focus != "/x-root" || d.m.Status == "" {
		t.Fatalf("a root member: focus %q, status %q", d.m.s.Focus, d.m.Status)
	}
}

// At 100 columns Review's buttons run past the pane: a button is cut with
// an ellipsis, and the focused one is read whole, wrapped.
func TestReviewButtonsCutWithEllipsisWholeOnFocus(t *testing.T) {
	d, _, _ := openEdit(t, "edit-v03.json")
	d.m.Update(teaSize(100, 30))
	d.goStep(cardsteps.StepReview)
	d.MustContain("[ Upgrade to a dual card (v1.0 +")
	sc := d.Screen()
	if !strings.Contains(sc, "…") || strings.Contains(sc, "old clients) ]") {
		t.Fatalf("the unfocused dual-card button is not cut with an ellipsis:\n%s", sc)
	}
	d.Press("tab", "tab")
	d.MustContain("› [ Upgrade to a dual card", "clients) ]")
}
