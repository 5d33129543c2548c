package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/sizecap"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/edit"
	"github.com/oncard/oncard/validate"
)

func init() { register(newEditCmd) }

type editFlags struct {
	ops              editOps
	upgrade          bool
	keepDual         bool
	removeSignatures bool
	signKey          string
	yes              bool
	dryRun           bool
	force            bool
	maxSize          sizecap.Flag
}

// hasEdits reports whether the flags ask for any change.
func (f *editFlags) hasEdits() bool {
	return len(f.ops.ops) > 0 || f.upgrade || f.removeSignatures
}

func newEditCmd() *cobra.Command {
	f := &editFlags{}
	cmd := &cobra.Command{
		Use:   "edit FILE",
		Short: "Edit an existing Agent Card or AI Catalog, writing back only what changed",
		Long: `Edit an existing Agent Card (v1.0, v0.3 or dual) or AI Catalog. Members oncard
does not know are kept as they are; only the members you change are rewritten.
Before anything is written you see a unified diff; the file is replaced
atomically, keeps its mode, and is never written over a change someone else
made meanwhile.

On a terminal, without edit flags (--set, --delete, --upgrade,
--remove-signatures), the file opens in screens: an Agent Card in those of
oncard new (the same steps over the existing card), an AI Catalog in the
catalog editor. The last screen shows the diff and asks before writing.

Edits from flags (for scripts and CI) apply in the order given:
  --set POINTER=JSON   set the value at a JSON pointer (RFC 6901); the value is
                       JSON, so a string needs double quotes: '/name="Weather"'.
                       "-" as the last token appends to an array.
  --delete POINTER     remove a member or an array item
--upgrade (v0.3 to v1.0) applies first, --remove-signatures last.

A signed card that the edits change would carry signatures that no longer
verify. With a signing key (--sign-key FILE, or signing_key in the config
file) the signatures that key made are signed again over the edited card
when it is written (same kid, algorithm and jku); other signatures are
kept and said to be stale. Without a key oncard warns; --remove-signatures
removes them all.

The result is validated. It is written only if the edits add no error to those
the file already had (a legacy file with old defects stays editable); --force
writes anyway. Findings are printed either way. Exit status: 0 written or
nothing to change, 1 refused (new errors, declined, changed on disk, a bad
pointer), 2 usage (including: no terminal and neither --yes nor --dry-run).`,
		Example: `  oncard edit agent-card.json --set '/version="2.0.0"' --yes
  oncard edit agent-card.json --dry-run \
    --set '/capabilities/extensions/0/params/skills/1/personEntry="https://bank.example/help"'
  oncard edit agent-card.json --delete /skills/2 --yes \
    --set '/skills/-={"id":"faq","name":"FAQ","description":"FAQs","tags":["faq"]}'
  oncard edit old-card.json --upgrade --keep-dual --dry-run`,
		Args: usageArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runEdit(cmd, args[0], f)
		},
	}
	fl := cmd.Flags()
	fl.Var(setFlag{&f.ops}, "set", "set the value at POINTER=JSON (repeatable, applied in order)")
	fl.Var(deleteFlag{&f.ops}, "delete", "delete the member or item at POINTER (repeatable, applied in order)")
	fl.BoolVar(&f.upgrade, "upgrade", false, "convert a v0.3 card (or the v0.3 part of a dual card) to v1.0")
	fl.BoolVar(&f.keepDual, "keep-dual", false, "with --upgrade: keep the v0.3 fields for old clients (a dual card)")
	fl.BoolVar(&f.removeSignatures, "remove-signatures", false, "remove the card's signatures (an edit makes them invalid)")
	fl.StringVar(&f.signKey, "sign-key", "", "private key (PEM or JWK) to re-sign the card's signatures it made (default: signing_key of the config file)")
	fl.BoolVarP(&f.yes, "yes", "y", false, "write without asking")
	fl.BoolVar(&f.dryRun, "dry-run", false, "print the diff on stdout and write nothing")
	fl.BoolVar(&f.force, "force", false, "write even when the edits add errors, or FILE is read-only")
	fl.Var(&f.maxSize, "max-size", "largest file opened, like 300MiB (default: 256 MiB for catalogs, 16 MiB for anything else)")
	return cmd
}

// interactiveEdit runs the TUI over an open file (`oncard edit FILE` on a
// terminal without edit flags). The TUI wiring sets it; while it is nil the
// command says so and asks for flags.
var interactiveEdit func(cmd *cobra.Command, e *app.Edit) error

// editBeforeSave runs right before each save; tests use it to change the
// file on disk at the worst moment.
var editBeforeSave = func(path string) {}

func runEdit(cmd *cobra.Command, path string, f *editFlags) error {
	usage := func(format string, a ...any) error {
		return usageError{msg: fmt.Sprintf(format, a...), cmd: cmd.CommandPath()}
	}
	interactive := !f.yes && !f.dryRun && editCanPrompt(cmd)
	switch {
	case path == "-":
		return usage("oncard edit changes a file in place; give its path (to check a card from stdin, use oncard validate -)")
	case f.keepDual && !f.upgrade:
		return usage("--keep-dual says how to --upgrade; add --upgrade")
	case f.yes && f.dryRun:
		return usage("--dry-run writes nothing, so --yes has nothing to confirm; use one")
	case !f.hasEdits() && !interactive:
		return usage("nothing to do: give the edits with --set POINTER=JSON and --delete POINTER (with --yes or --dry-run), or run oncard edit on a terminal")
	case !f.yes && !f.dryRun && !interactive:
		return usage("no terminal to confirm the change on: pass --yes to write %s, or --dry-run to see the diff", model.SafeText(path))
	}

	if !f.hasEdits() {
		if interactiveEdit == nil {
			return usage("the interactive editor is not available in this build; give the edits with --set and --delete")
		}
	}
	var vopts *validate.Options
	if !f.hasEdits() {
		hosts, err := acceptedSchemaHosts(nil)
		if err != nil {
			return err
		}
		vopts = &validate.Options{SchemaHosts: hosts}
	}
	ed, err := app.OpenMax(path, f.maxSize.Bytes, vopts)
	if err != nil {
		fmt.Fprintf(cmd.ErrOrStderr(), "oncard: %s\n", model.SafeText(err.Error()))
		return exitError{exitInvalid}
	}
	if ed.Kind == validate.KindCard && ed.Signatures() > 0 && !f.removeSignatures {
		// The key that re-signs the card's signatures it made on saving.
		if ed.SigningKey, _, err = app.SigningKey("--sign-key", f.signKey); err != nil {
			fmt.Fprintf(cmd.ErrOrStderr(), "oncard: %s; nothing written\n", err)
			return exitError{exitInvalid}
		}
	}
	if f.signKey != "" && ed.SigningKey == nil && !f.removeSignatures {
		fmt.Fprintf(cmd.ErrOrStderr(), "oncard: %s has no signatures; --sign-key re-signs nothing (to sign it, use oncard sign)\n", model.SafeText(path))
	}
	if !f.hasEdits() {
		ed.Session.AllowReadOnly(f.force) // the screens' save, as the flags' one
		return interactiveEdit(cmd, ed)
	}
	e := &editRun{cmd: cmd, f: f, ed: ed, s: ed.Session, path: path, name: model.SafeText(path),
		stderr: cmd.ErrOrStderr(), interactive: interactive}
	return e.run()
}

// editRun is one non-interactive `oncard edit`: apply the flags' edits,
// check them (app.Edit), show the diff, confirm, save.
type editRun struct {
	cmd         *cobra.Command
	f           *editFlags
	ed          *app.Edit
	s           *edit.Session
	path, name  string // name is path made safe for the terminal
	stderr      io.Writer
	interactive bool
	ask         *prompter
	dropped     int // edits dropped as conflicting by a re-apply
}

func (e *editRun) run() error {
	if e.interactive {
		e.ask = newPrompter(e.cmd.Context(), e.cmd.InOrStdin(), e.stderr)
	}
	e.describe()
	if err := e.applyAll(); err != nil {
		return err
	}
	e.s.AllowReadOnly(e.f.force)
	for attempt := 1; ; attempt++ {
		done, err := e.review()
		if done || err != nil {
			return err
		}
		editBeforeSave(e.path)
		err = e.s.SaveContext(e.cmd.Context())
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
		if errors.Is(err, model.ErrReadOnly) {
			fmt.Fprintf(e.stderr, "oncard: %s is read-only; nothing written (pass --force to replace it anyway)\n", e.name)
			return exitError{exitInvalid}
		}
		if !errors.Is(err, model.ErrChangedOnDisk) {
			fmt.Fprintf(e.stderr, "oncard: %s; nothing written\n", model.SafeText(err.Error()))
			return exitError{exitInvalid}
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
	if e.ed.Kind != validate.KindCard || e.f.upgrade {
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
	if e.f.upgrade {
		if err := e.applyUpgrade(); err != nil {
			return err
		}
	}
	for _, op := range e.f.ops.ops {
		if err := e.s.Do(op); err != nil {
			return e.opFailed(op, err)
		}
	}
	if e.f.removeSignatures {
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
	plan, err := e.ed.PlanUpgrade(e.f.keepDual)
	switch {
	case errors.Is(err, app.ErrUpgradeNotCard):
		fmt.Fprintf(e.stderr, "oncard: --upgrade converts Agent Cards; %s is %s; nothing written\n", e.name, app.KindArticle(e.ed.Kind))
		return exitError{exitInvalid}
	case errors.Is(err, model.ErrNotV03):
		fmt.Fprintf(e.stderr, "oncard: %s has no v0.3 members; nothing to upgrade\n", e.name)
		return nil
	case err != nil:
		fmt.Fprintf(e.stderr, "oncard: --upgrade: %s; nothing written\n", model.SafeText(err.Error()))
		return exitError{exitInvalid}
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
		return exitError{exitInvalid}
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
	return exitError{exitInvalid}
}

// review validates the edited document, prints its findings and the diff,
// and decides: done (nothing to write, refused, dry run or declined, with
// the error to return) or go on and save.
func (e *editRun) review() (done bool, err error) {
	if !e.s.Changed() {
		fmt.Fprintf(e.stderr, "oncard: no changes; %s not written\n", e.name)
		if e.dropped > 0 { // the edits asked for were not made: not a success
			return true, exitError{exitInvalid}
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
	case e.f.dryRun:
		if err := writeDiff(e.cmd.OutOrStdout(), diff); err != nil {
			return true, err
		}
		fmt.Fprintf(e.stderr, "oncard: dry run: %s not written\n", e.name)
		if refused {
			return true, exitError{exitInvalid}
		}
		return true, nil
	case refused:
		fmt.Fprintf(e.stderr, "oncard: %s not written; fix the edits, or pass --force to write anyway\n", e.name)
		return true, exitError{exitInvalid}
	}
	if err := writeDiff(e.stderr, diff); err != nil {
		return true, err
	}
	if e.interactive {
		ok, err := e.ask.confirm(fmt.Sprintf("Write %s?", e.name))
		if err != nil {
			return true, err
		}
		if !ok {
			fmt.Fprintf(e.stderr, "oncard: %s not written\n", e.name)
			return true, exitError{exitInvalid}
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
	done, err := e.ed.Resign(e.cmd.Context(), e.ed.SigningKey)
	if err != nil {
		fmt.Fprintf(e.stderr, "oncard: cannot re-sign: %s; nothing written\n", model.SafeText(err.Error()))
		return exitError{exitInvalid}
	}
	for _, s := range done {
		fmt.Fprintf(e.stderr, "oncard: re-signed signature %d (kid %s, %s)\n", s.Index, quote(s.KeyID), s.Algorithm)
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
	printFindings(e.stderr, e.path, f.AddedOther)
	if len(f.Added) == 0 {
		if old := f.OldErrors(); old > 0 {
			fmt.Fprintf(e.stderr, "oncard: %s already had %s; the edits add none\n", e.name, app.Count(old, "error", "errors"))
		}
		return false, nil
	}
	fmt.Fprintf(e.stderr, "oncard: the edits add %s:\n", app.Count(len(f.Added), "error", "errors"))
	printFindings(e.stderr, e.path, f.Added)
	if e.f.force {
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
		answer, ok, err := e.ask.ask("Re-apply your edits to the new version (r), save yours to another file (s), or quit (q)? [r/s/Q] ")
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
			return false, exitError{exitInvalid}
		}
		if !ok {
			return false, exitError{exitInvalid}
		}
	}
}

// reapply is changedOnDisk without a terminal: the edits given on the
// command line go onto the new version if they still mean the same there.
func (e *editRun) reapply(attempt int) (again bool, err error) {
	if attempt == maxReapply {
		fmt.Fprintf(e.stderr, "oncard: %s keeps changing on disk; nothing written (run the command again)\n", e.name)
		return false, exitError{exitInvalid}
	}
	fmt.Fprintf(e.stderr, "oncard: %s changed on disk since oncard read it; applying the edits to the new version\n", e.name)
	conflicts, err := e.ed.Reload()
	if err != nil {
		fmt.Fprintf(e.stderr, "oncard: cannot re-apply the edits: %s; nothing written\n", model.SafeText(err.Error()))
		return false, exitError{exitInvalid}
	}
	if len(conflicts) > 0 {
		for _, c := range conflicts {
			fmt.Fprintf(e.stderr, "oncard: conflict: %s\n", model.SafeText(c.String()))
		}
		fmt.Fprintf(e.stderr, "oncard: %s not written: the other change touched what the edits change; run the command again to apply them to the new version\n", e.name)
		return false, exitError{exitInvalid}
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
	answer, _, err := e.ask.ask(fmt.Sprintf("Save your version as [%s]: ", model.SafeText(def)))
	if err != nil {
		return err
	}
	if answer == "" {
		answer = def
	}
	if err := e.s.SaveAs(answer, false); err != nil {
		fmt.Fprintf(e.stderr, "oncard: %s; nothing written\n", model.SafeText(err.Error()))
		return exitError{exitInvalid}
	}
	fmt.Fprintf(e.stderr, "oncard: wrote your version to %s; %s keeps the other version\n", model.SafeText(answer), e.name)
	return nil
}
