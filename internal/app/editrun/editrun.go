// Package editrun is `oncard edit FILE` with edits from flags (for scripts
// and CI): apply --upgrade, --set/--delete in order and
// --remove-signatures, re-sign with the signing key, judge the findings
// the edits add (app.Edit), show the diff, confirm, save; and, when the
// file changed on disk meanwhile, re-apply or save elsewhere.
package editrun

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/oncard/oncard/internal/docfile"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/app/findings"
	"github.com/oncard/oncard/internal/edit"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
)

// Options are the options of `oncard edit`.
type Options struct {
	Ops              []edit.Op // --set and --delete, in the order given
	Upgrade          bool
	KeepDual         bool
	RemoveSignatures bool
	SignKey          string // "" for the configured signing_key
	Yes              bool
	DryRun           bool
	Force            bool
	MaxSize          int  // --max-size in bytes; 0 for the per-kind caps
	CanPrompt        bool // a terminal to ask on (stdin and stderr)
	// BeforeSave, when set, runs right before each save (tests change the
	// file on disk there at the worst moment).
	BeforeSave func(path string)
}

// HasEdits reports whether the options ask for any change.
func (o *Options) HasEdits() bool {
	return len(o.Ops) > 0 || o.Upgrade || o.RemoveSignatures
}

func usage(format string, a ...any) error { return app.UsageError{Msg: fmt.Sprintf(format, a...)} }

// Run is `oncard edit path` as o says. Without edits in o (on a terminal)
// it opens the file and hands it to screens, the interactive editor (nil
// when there is none).
func Run(ctx context.Context, con app.Console, path string, o Options, screens func(*app.Edit) error) error {
	f := &o
	interactive := !f.Yes && !f.DryRun && f.CanPrompt
	switch {
	case path == "-":
		return usage("oncard edit changes a file in place; give its path (to check a card from stdin, use oncard validate -)")
	case f.KeepDual && !f.Upgrade:
		return usage("--keep-dual says how to --upgrade; add --upgrade")
	case f.Yes && f.DryRun:
		return usage("--dry-run writes nothing, so --yes has nothing to confirm; use one")
	case !f.HasEdits() && !interactive:
		return usage("nothing to do: give the edits with --set POINTER=JSON and --delete POINTER (with --yes or --dry-run), or run oncard edit on a terminal")
	case !f.Yes && !f.DryRun && !interactive:
		return usage("no terminal to confirm the change on: pass --yes to write %s, or --dry-run to see the diff", model.SafeText(path))
	}

	if !f.HasEdits() {
		if screens == nil {
			return usage("the interactive editor is not available in this build; give the edits with --set and --delete")
		}
	}
	var vopts *validate.Options
	if !f.HasEdits() {
		hosts, err := app.AcceptedSchemaHosts(nil)
		if err != nil {
			return err
		}
		vopts = &validate.Options{SchemaHosts: hosts}
	}
	ed, err := app.OpenMax(path, f.MaxSize, vopts)
	if err != nil {
		fmt.Fprintf(con.Err, "oncard: %s\n", model.SafeText(err.Error()))
		return app.ErrReported
	}
	if ed.Kind == validate.KindCard && ed.Signatures() > 0 && !f.RemoveSignatures {
		// The key that re-signs the card's signatures it made on saving.
		if ed.SigningKey, _, err = app.SigningKey("--sign-key", f.SignKey); err != nil {
			fmt.Fprintf(con.Err, "oncard: %s; nothing written\n", err)
			return app.ErrReported
		}
	}
	if f.SignKey != "" && ed.SigningKey == nil && !f.RemoveSignatures {
		fmt.Fprintf(con.Err, "oncard: %s has no signatures; --sign-key re-signs nothing (to sign it, use oncard sign)\n", model.SafeText(path))
	}
	if !f.HasEdits() {
		ed.Session.AllowReadOnly(f.Force) // the screens' save, as the flags' one
		return screens(ed)
	}
	e := &editRun{ctx: ctx, con: con, f: f, ed: ed, s: ed.Session, path: path, name: model.SafeText(path),
		stderr: con.Err, interactive: interactive}
	return e.run()
}

// editRun is one non-interactive `oncard edit`: apply the flags' edits,
// check them (app.Edit), show the diff, confirm, save.
type editRun struct {
	ctx         context.Context
	con         app.Console
	f           *Options
	ed          *app.Edit
	s           *edit.Session
	path, name  string // name is path made safe for the terminal
	stderr      io.Writer
	interactive bool
	dropped     int // edits dropped as conflicting by a re-apply
}

func (e *editRun) run() error {
	e.describe()
	if err := e.applyAll(); err != nil {
		return err
	}
	e.s.AllowReadOnly(e.f.Force)
	for attempt := 1; ; attempt++ {
		done, err := e.review()
		if done || err != nil {
			return err
		}
		if e.f.BeforeSave != nil {
			e.f.BeforeSave(e.path)
		}
		err = e.s.SaveContext(e.ctx)
		if err == nil {
			for _, w := range e.s.Warnings() {
				fmt.Fprintf(e.stderr, "oncard: warning: %s\n", model.SafeText(w))
			}
			fmt.Fprintf(e.stderr, "oncard: wrote %s\n", e.name)
			return nil
		}
		if errors.Is(err, context.Canceled) {
			return err
		}
		if errors.Is(err, docfile.ErrReadOnly) {
			fmt.Fprintf(e.stderr, "oncard: %s is read-only; nothing written (pass --force to replace it anyway)\n", e.name)
			return app.ErrReported
		}
		if !errors.Is(err, docfile.ErrChangedOnDisk) {
			fmt.Fprintf(e.stderr, "oncard: %s; nothing written\n", model.SafeText(err.Error()))
			return app.ErrReported
		}
		if again, err := e.changedOnDisk(attempt); !again {
			return err
		}
	}
}

// maxReapply bounds how often `edit --yes` re-applies its edits to a file
// that keeps changing under it.
const maxReapply = 10

// describe notes the shape of a card that the flags do not upgrade.
func (e *editRun) describe() {
	if e.ed.Kind != validate.KindCard || e.f.Upgrade {
		return
	}
	switch app.CardShape(e.s.Doc()) {
	case model.ShapeV03:
		fmt.Fprintf(e.stderr, "oncard: %s is a v0.3 card; --upgrade converts it to v1.0 (shown as a diff first)\n", e.name)
	case model.ShapeDual:
		fmt.Fprintf(e.stderr, "oncard: %s is a dual card (v1.0 + v0.3) and stays dual; --upgrade drops the v0.3 fields\n", e.name)
	}
}

// applyAll applies --upgrade, then --set/--delete in order, then
// --remove-signatures. The first edit that cannot apply stops the run.
func (e *editRun) applyAll() error {
	if e.f.Upgrade {
		if err := e.applyUpgrade(); err != nil {
			return err
		}
	}
	for _, op := range e.f.Ops {
		if err := e.s.Do(op); err != nil {
			return e.opFailed(op, err)
		}
	}
	if e.f.RemoveSignatures {
		err := e.ed.RemoveSignatures()
		switch {
		case errors.Is(err, app.ErrNoSignatures):
			fmt.Fprintf(e.stderr, "oncard: %s has no signatures to remove\n", e.name)
		case err != nil:
			return e.opFailed(edit.Op{Kind: edit.OpDelete, Ptr: "/signatures"}, err)
		}
	}
	return nil
}

func (e *editRun) applyUpgrade() error {
	plan, err := e.ed.PlanUpgrade(e.f.KeepDual)
	switch {
	case errors.Is(err, app.ErrUpgradeNotCard):
		fmt.Fprintf(e.stderr, "oncard: --upgrade converts Agent Cards; %s is %s; nothing written\n", e.name, app.KindArticle(e.ed.Kind))
		return app.ErrReported
	case errors.Is(err, model.ErrNotV03):
		fmt.Fprintf(e.stderr, "oncard: %s has no v0.3 members; nothing to upgrade\n", e.name)
		return nil
	case err != nil:
		fmt.Fprintf(e.stderr, "oncard: --upgrade: %s; nothing written\n", model.SafeText(err.Error()))
		return app.ErrReported
	}
	for _, ed := range plan {
		what := "set"
		if ed.Value == nil {
			what = "delete"
		}
		fmt.Fprintf(e.stderr, "oncard: upgrade: %s %s: %s\n", what, model.SafeText(ed.Ptr), model.SafeText(ed.Reason))
	}
	if err := e.s.Apply(plan); err != nil {
		fmt.Fprintf(e.stderr, "oncard: --upgrade: %s; nothing written\n", model.SafeText(err.Error()))
		return app.ErrReported
	}
	return nil
}

// opFailed reports an edit that does not apply to this file (a missing
// parent, a missing member, an index out of range).
func (e *editRun) opFailed(op edit.Op, err error) error {
	flag := "--set"
	if op.Kind == edit.OpDelete {
		flag = "--delete"
	}
	msg := err.Error()
	// The flag and pointer are said once, here.
	if ee := (*model.EditError)(nil); errors.As(err, &ee) {
		msg = ee.Err.Error()
	}
	fmt.Fprintf(e.stderr, "oncard: %s %s: %s; nothing written\n", flag, model.SafeText(op.Ptr), model.SafeText(msg))
	if parent, ok := app.MissingParent(e.s.Doc(), op.Ptr); ok && op.Kind == edit.OpSet {
		if arr, n, isItem := app.MissingArrayItem(e.s.Doc(), parent); isItem {
			// "{}" at an index past the end would fail the same way: an
			// array grows only at its end.
			fmt.Fprintf(e.stderr, "  hint: %s has %d item(s); append one with --set '%s/-=...' before this --set\n", model.SafeText(arr), n, model.SafeText(arr))
		} else {
			fmt.Fprintf(e.stderr, "  hint: create %s first, e.g. --set '%s={}' before this --set\n", model.SafeText(parent), model.SafeText(parent))
		}
	}
	return app.ErrReported
}

// review validates the edited document, prints its findings and the diff,
// and decides: done (nothing to write, refused, dry run or declined, with
// the error to return) or go on and save.
func (e *editRun) review() (done bool, err error) {
	if !e.s.Changed() {
		fmt.Fprintf(e.stderr, "oncard: no changes; %s not written\n", e.name)
		if e.dropped > 0 { // the edits asked for were not made: not a success
			return true, app.ErrReported
		}
		return true, nil
	}
	if err := e.resign(); err != nil {
		return true, err
	}
	if e.ed.BreaksSignatures() {
		what := "its signature no longer verifies"
		if n := e.ed.StaleSignatures(); n > 1 {
			what = fmt.Sprintf("its %d signatures no longer verify", n)
		} else if len(e.ed.Resigned()) > 0 {
			what = "its other signature no longer verifies"
		}
		fmt.Fprintf(e.stderr, "oncard: warning: %s is signed; after this edit %s: re-sign the card, or pass --remove-signatures\n", e.name, what)
	}
	refused, err := e.checkFindings()
	if err != nil {
		return true, err
	}
	diff := e.s.Diff()
	switch {
	case e.f.DryRun:
		if err := e.con.Diff(e.con.Out, diff); err != nil {
			return true, err
		}
		fmt.Fprintf(e.stderr, "oncard: dry run: %s not written\n", e.name)
		if refused {
			return true, app.ErrReported
		}
		return true, nil
	case refused:
		fmt.Fprintf(e.stderr, "oncard: %s not written; fix the edits, or pass --force to write anyway\n", e.name)
		return true, app.ErrReported
	}
	if err := e.con.Diff(e.stderr, diff); err != nil {
		return true, err
	}
	if e.interactive {
		ok, err := e.con.Confirm(fmt.Sprintf("Write %s?", e.name))
		if err != nil {
			return true, err
		}
		if !ok {
			fmt.Fprintf(e.stderr, "oncard: %s not written\n", e.name)
			return true, app.ErrReported
		}
	}
	return false, nil
}

// resign signs again, with the --sign-key (or configured) key, the
// signatures that key made, over the card as it would be written; it says
// so, or that the key made none of them.
func (e *editRun) resign() error {
	if e.ed.SigningKey == nil {
		return nil
	}
	done, err := e.ed.Resign(e.ctx, e.ed.SigningKey)
	if err != nil {
		fmt.Fprintf(e.stderr, "oncard: cannot re-sign: %s; nothing written\n", model.SafeText(err.Error()))
		return app.ErrReported
	}
	for _, s := range done {
		fmt.Fprintf(e.stderr, "oncard: re-signed signature %d (kid %s, %s)\n", s.Index, app.Quote(s.KeyID), s.Algorithm)
	}
	if len(done) == 0 && e.ed.BreaksSignatures() {
		fmt.Fprintf(e.stderr, "oncard: none of the signatures of %s was made by the signing key; nothing re-signed\n", e.name)
	}
	return nil
}

// checkFindings prints the findings the edits add to the bytes that would
// be written (the file's old findings are `oncard validate`'s to list):
// warnings and infos first, then errors. refused is true when there are
// such errors and no --force.
func (e *editRun) checkFindings() (refused bool, err error) {
	f, err := e.ed.Check()
	if err != nil {
		return true, err
	}
	findings.Print(e.stderr, e.path, f.AddedOther)
	if len(f.Added) == 0 {
		if old := f.OldErrors(); old > 0 {
			fmt.Fprintf(e.stderr, "oncard: %s already had %s; the edits add none\n", e.name, app.Count(old, "error", "errors"))
		}
		return false, nil
	}
	fmt.Fprintf(e.stderr, "oncard: the edits add %s:\n", app.Count(len(f.Added), "error", "errors"))
	findings.Print(e.stderr, e.path, f.Added)
	if e.f.Force {
		fmt.Fprintf(e.stderr, "oncard: writing anyway because of --force\n")
		return false, nil
	}
	return true, nil
}

// changedOnDisk handles a save refused because the file changed since it
// was read. Without a terminal (--yes) the edits are re-applied to the new
// version when none of them conflicts with the other change, and the run
// stops otherwise (nothing written, the conflicts named). On a terminal it
// offers to re-apply the edits to the new version, or to save this version
// to another file; again is true to review and save once more.
func (e *editRun) changedOnDisk(attempt int) (again bool, err error) {
	if !e.interactive {
		return e.reapply(attempt)
	}
	fmt.Fprintf(e.stderr, "oncard: %s changed on disk since oncard read it; nothing written\n", e.name)
	for {
		answer, ok, err := e.con.Ask("Re-apply your edits to the new version (r), save yours to another file (s), or quit (q)? [r/s/Q] ")
		if err != nil {
			return false, err
		}
		switch strings.ToLower(answer) {
		case "r":
			return e.rebase()
		case "s":
			return false, e.saveElsewhere()
		case "", "q":
			fmt.Fprintf(e.stderr, "oncard: %s not written; it keeps the other version\n", e.name)
			return false, app.ErrReported
		}
		if !ok {
			return false, app.ErrReported
		}
	}
}

// reapply is changedOnDisk without a terminal: the edits given on the
// command line go onto the new version if they still mean the same there.
func (e *editRun) reapply(attempt int) (again bool, err error) {
	if attempt == maxReapply {
		fmt.Fprintf(e.stderr, "oncard: %s keeps changing on disk; nothing written (run the command again)\n", e.name)
		return false, app.ErrReported
	}
	fmt.Fprintf(e.stderr, "oncard: %s changed on disk since oncard read it; applying the edits to the new version\n", e.name)
	conflicts, err := e.ed.Reload()
	if err != nil {
		fmt.Fprintf(e.stderr, "oncard: cannot re-apply the edits: %s; nothing written\n", model.SafeText(err.Error()))
		return false, app.ErrReported
	}
	if len(conflicts) > 0 {
		for _, c := range conflicts {
			fmt.Fprintf(e.stderr, "oncard: conflict: %s\n", model.SafeText(c.String()))
		}
		fmt.Fprintf(e.stderr, "oncard: %s not written: the other change touched what the edits change; run the command again to apply them to the new version\n", e.name)
		return false, app.ErrReported
	}
	return true, nil
}

// rebase re-applies the pending edits to the file as it is now and says
// which conflicted.
func (e *editRun) rebase() (again bool, err error) {
	conflicts, err := e.ed.Reload()
	if err != nil {
		fmt.Fprintf(e.stderr, "oncard: cannot re-apply the edits: %s\n", model.SafeText(err.Error()))
		return false, e.saveElsewhere()
	}
	for _, c := range conflicts {
		fmt.Fprintf(e.stderr, "oncard: dropped %s\n", model.SafeText(c.String()))
	}
	e.dropped += len(conflicts)
	return true, nil
}

// saveElsewhere asks for a path and writes the edited document there (never
// over an existing file), so that nothing is lost.
func (e *editRun) saveElsewhere() error {
	def := e.path + ".mine"
	answer, _, err := e.con.Ask(fmt.Sprintf("Save your version as [%s]: ", model.SafeText(def)))
	if err != nil {
		return err
	}
	if answer == "" {
		answer = def
	}
	if err := e.s.SaveAs(answer, false); err != nil {
		fmt.Fprintf(e.stderr, "oncard: %s; nothing written\n", model.SafeText(err.Error()))
		return app.ErrReported
	}
	fmt.Fprintf(e.stderr, "oncard: wrote your version to %s; %s keeps the other version\n", model.SafeText(answer), e.name)
	return nil
}
