// Package app is oncard's application layer: the workflows that both faces
// run, the command line (cmd/oncard) and the screens (tui). Opening a file
// for editing, refusing edits that add errors, saving with the on-disk
// check, upgrading a v0.3 card, planning and writing a catalog entry, the
// defaults of a new card and the drafts of an unfinished one live here
// once; each face only gathers input and shows the outcome. Nothing here
// knows about terminals or Charm: errors and findings are returned, never
// printed.
package app

import (
	"context"
	"errors"
	"fmt"

	"github.com/oncard/oncard/internal/docfile"

	"github.com/oncard/oncard/internal/cardsig"
	"github.com/oncard/oncard/internal/edit"
	"github.com/oncard/oncard/internal/verdict"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
)

// Edit is one file opened for editing: the session that records the edits,
// what the file is, and the findings of the file as on disk, against which
// the edits are judged (a legacy file with old defects stays editable; only
// errors the edits add refuse the save).
type Edit struct {
	Session *edit.Session
	Kind    validate.Kind
	// Opts are the validation options of every check (Path set to the file).
	Opts *validate.Options
	// SigningKey, when set, is the key the faces offer to re-sign the
	// card's signatures with on saving (Resign): --sign-key, or the config
	// file's signing_key.
	SigningKey *cardsig.SigningKey
	// KeepDefaults: Resign signs the card with the default-valued members
	// readers treat differently, instead of dropping them first
	// (cardsig.DroppedMembers); the readers that will reject the new
	// signature are then ResignRejecting.
	KeepDefaults bool

	before     []validate.Diagnostic
	signatures int

	resigned   []cardsig.Signed // what the last Resign signed
	resignedAt []byte           // the document's bytes right after it
	dropped    []string         // the members the last Resign dropped
}

// OpenMax opens path for editing (see NewEdit), within the size cap max
// (--max-size) when it is positive, else the cap of its kind
// (internal/sizecap).
func OpenMax(path string, max int, opts *validate.Options) (*Edit, error) {
	s, err := edit.OpenMax(path, max)
	if err != nil {
		return nil, err
	}
	return NewEdit(s, opts), nil
}

// NewEdit wraps an open session: it detects what the document is, installs
// that document's member order (so that new members land where its spec
// puts them) and validates the file as it is on disk. opts may be nil; its
// Path is set to the session's file.
func NewEdit(s *edit.Session, opts *validate.Options) *Edit {
	o := validate.Options{}
	if opts != nil {
		o = *opts
	}
	o.Path = s.Path()
	e := &Edit{Session: s, Kind: PrepareSession(s), Opts: &o}
	e.loadBaseline()
	return e
}

// PrepareSession detects what the session's document is and installs its
// member order. It returns the kind.
func PrepareSession(s *edit.Session) validate.Kind {
	kind := validate.Detect(s.Doc())
	s.Prepare(func(d *model.Doc) { model.InstallKindOrder(d, kind) })
	return kind
}

// loadBaseline validates the file as on disk and counts its signatures.
// Only the findings are kept: on opening, the document read is the edited
// one before any edit (Session.Baseline), so a large file is not held twice.
func (e *Edit) loadBaseline() {
	e.before, e.signatures = nil, 0
	e.resigned, e.resignedAt = nil, nil
	orig, err := e.Session.Baseline()
	if err != nil {
		return
	}
	e.before = e.verdict(orig)
	if e.Kind == validate.KindCard {
		e.signatures = orig.Root().Get("signatures").Len()
	}
}

// verdict is the findings of doc, a version of the file, through the one
// pipeline (Judge): its rules, its signatures as far as they can be
// checked without keys, the .oncard.json governing the file.
func (e *Edit) verdict(doc *model.Doc) []validate.Diagnostic {
	j := Judge{Options: *e.Opts, Configs: verdict.NewFinder()}
	return j.CheckParsed(context.Background(), doc, e.Kind, e.Opts.Path).Diags
}

// Before are the findings of the file as on disk.
func (e *Edit) Before() []validate.Diagnostic { return e.before }

// Signatures is how many signatures the file carried when opened (or
// reloaded).
func (e *Edit) Signatures() int { return e.signatures }

// BreaksSignatures reports whether saving now would keep signatures that no
// longer verify: the file was signed, the signatures are still there, the
// document changed, and Resign did not sign them all again.
func (e *Edit) BreaksSignatures() bool {
	return e.StaleSignatures() > 0
}

// StaleSignatures is how many of the file's signatures saving now would
// keep although they no longer verify: 0 when the document is unchanged or
// has no signatures left; those Resign signed again do not count.
func (e *Edit) StaleSignatures() int {
	if e.signatures == 0 || !e.Session.Changed() {
		return 0
	}
	n := e.Session.Doc().Root().Get("signatures").Len()
	if n == 0 {
		return 0
	}
	return max(0, min(n, e.signatures)-len(e.Resigned()))
}

// Findings is the verdict on the edited document, as it would be written.
type Findings struct {
	// All are the findings of the bytes that would be written, located in
	// them.
	All []validate.Diagnostic
	// Added are the error-level findings the edits add to the file's own
	// (a subsequence of All); any one refuses the save unless forced.
	Added []validate.Diagnostic
	// Kept are All without Added: what the file had already, and every
	// warning and info.
	Kept []validate.Diagnostic
	// AddedOther are the warnings and infos the edits add (a finding that
	// moved with its value is not added): with Added, all that a scripted
	// edit prints.
	AddedOther []validate.Diagnostic
}

// OldErrors counts the errors the file already had and still has.
func (f Findings) OldErrors() int {
	e, _, _ := validate.Counts(f.All)
	return e - len(f.Added)
}

// Check validates the bytes that would be written (parsed afresh, so that
// lines are those of the new file) and sorts the findings into those the
// file had and the errors the edits add.
func (e *Edit) Check() (Findings, error) {
	// The parse becomes the session's Doc (Session.Reparse), so that a large
	// file's tree is held once: nodes of the Doc read before are stale.
	doc, err := e.Session.Reparse()
	if err != nil { // the encoder wrote JSON the parser refuses: a bug, said plainly
		return Findings{}, fmt.Errorf("internal error: %s", model.SafeText(err.Error()))
	}
	return e.judge(e.verdict(doc)), nil
}

// AddedErrors are the errors the edits add, judged from findings already
// computed on the live document (the screens validate on every keystroke;
// Check is for the moment of saving).
func (e *Edit) AddedErrors(current []validate.Diagnostic) []validate.Diagnostic {
	return validate.NewFindings(e.before, current)
}

func (e *Edit) judge(after []validate.Diagnostic) Findings {
	added := validate.NewFindings(e.before, after)
	return Findings{All: after, Added: added, Kept: Without(after, added),
		AddedOther: Without(validate.Added(e.before, after), added)}
}

// Without returns the diagnostics of all that are not in some (which is a
// subsequence of all, as validate.NewFindings returns it).
func Without(all, some []validate.Diagnostic) []validate.Diagnostic {
	out := make([]validate.Diagnostic, 0, len(all))
	j := 0
	for _, d := range all {
		if j < len(some) && d == some[j] {
			j++
			continue
		}
		out = append(out, d)
	}
	return out
}

// ErrUpgradeNotCard is returned by PlanUpgrade for a document that is not
// an Agent Card.
var ErrUpgradeNotCard = errors.New("--upgrade converts Agent Cards")

// PlanUpgrade plans the conversion of the card's v0.3 members to v1.0
// (model.ErrNotV03 when it has none). Nothing is applied.
func (e *Edit) PlanUpgrade(keepDual bool) ([]model.Edit, error) {
	if e.Kind != validate.KindCard {
		return nil, ErrUpgradeNotCard
	}
	return model.PlanUpgrade(e.Session.Doc(), model.UpgradeOptions{KeepDual: keepDual})
}

// ErrNoSignatures is returned by RemoveSignatures when there are none.
var ErrNoSignatures = errors.New("no signatures to remove")

// RemoveSignatures deletes the card's signatures (an edit makes them
// invalid anyway).
func (e *Edit) RemoveSignatures() error {
	if e.Session.Doc().Root().Get("signatures") == nil {
		return ErrNoSignatures
	}
	return e.Session.Delete("/signatures")
}

// Reload starts over from the file as it is on disk now and re-applies the
// edits that do not conflict; it returns the dropped ones and judges later
// edits against the new version.
func (e *Edit) Reload() ([]edit.Conflict, error) {
	conflicts, err := e.Session.Rebase()
	if err != nil {
		return nil, err
	}
	e.loadBaseline()
	return conflicts, nil
}

// ReloadFrom is Reload onto disk, the file as read again by the caller
// (an editor reads it in a command, off its event loop).
func (e *Edit) ReloadFrom(disk *docfile.File) ([]edit.Conflict, error) {
	conflicts, err := e.Session.RebaseOnto(disk)
	if err != nil {
		return nil, err
	}
	e.loadBaseline()
	return conflicts, nil
}

// CardShape is the A2A shape of a card (v1.0, v0.3, dual: both v1.0 and
// v0.3 members), the one definition both faces show.
func CardShape(doc *model.Doc) model.Shape { return (&model.Card{Doc: doc}).Shape() }

// MissingParent returns the first ancestor of ptr that does not exist in
// d: why a --set below it cannot apply.
func MissingParent(d *model.Doc, ptr string) (string, bool) {
	tokens, err := model.SplitPointer(ptr)
	if err != nil {
		return "", false
	}
	for k := 1; k < len(tokens); k++ {
		p := model.Pointer(tokens[:k]...)
		if d.Find(p) == nil {
			return p, true
		}
	}
	return "", false
}

// MissingArrayItem tells whether the missing pointer p is an item of an
// existing array, and returns that array's pointer and length.
func MissingArrayItem(d *model.Doc, p string) (string, int, bool) {
	tokens, err := model.SplitPointer(p)
	if err != nil || len(tokens) == 0 {
		return "", 0, false
	}
	arr := model.Pointer(tokens[:len(tokens)-1]...)
	n := d.Find(arr)
	if n == nil || n.Kind != model.Array {
		return "", 0, false
	}
	return arr, n.Len(), true
}
