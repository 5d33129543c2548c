package main

import (
	"github.com/spf13/cobra"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/app/editrun"
	"github.com/oncard/oncard/internal/sizecap"
)

func init() { register(newEditCmd) }

func newEditCmd() *cobra.Command {
	f := &editrun.Options{}
	var ops editOps
	var maxSize sizecap.Flag
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
kept and said to be stale. Before re-signing, the default-valued members
readers treat differently ("required": false, empty lists, nulls inside params)
are dropped, as oncard sign does, so that every reader verifies the new
signature (the diff shows them; --keep-defaults keeps them). Without a key
oncard warns; --remove-signatures removes them all.

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
			f.Ops, f.MaxSize, f.CanPrompt = ops.ops, maxSize.Bytes, canPrompt(cmd)
			var screens func(*app.Edit) error
			if interactiveEdit != nil {
				screens = func(e *app.Edit) error { return interactiveEdit(cmd, e) }
			}
			return editrun.Run(cmd.Context(), console(cmd), args[0], *f, screens)
		},
	}
	fl := cmd.Flags()
	fl.Var(setFlag{&ops}, "set", "set the value at POINTER=JSON (repeatable, applied in order)")
	fl.Var(deleteFlag{&ops}, "delete", "delete the member or item at POINTER (repeatable, applied in order)")
	fl.BoolVar(&f.Upgrade, "upgrade", false, "convert a v0.3 card (or the v0.3 part of a dual card) to v1.0")
	fl.BoolVar(&f.KeepDual, "keep-dual", false, "with --upgrade: keep the v0.3 fields for old clients (a dual card)")
	fl.BoolVar(&f.RemoveSignatures, "remove-signatures", false, "remove the card's signatures (an edit makes them invalid)")
	fl.StringVar(&f.SignKey, "sign-key", "", "private key (PEM or JWK) to re-sign the card's signatures it made (default: signing_key of the config file)")
	fl.BoolVar(&f.KeepDefaults, "keep-defaults", false, "re-sign without dropping the default-valued members readers treat differently")
	fl.BoolVarP(&f.Yes, "yes", "y", false, "write without asking")
	fl.BoolVar(&f.DryRun, "dry-run", false, "print the diff on stdout and write nothing")
	fl.BoolVar(&f.Force, "force", false, "write even when the edits add errors, or FILE is read-only")
	fl.Var(&maxSize, "max-size", "largest file opened, like 300MiB (default: 256 MiB for catalogs, 16 MiB for anything else)")
	return cmd
}

// interactiveEdit runs the TUI over an open file (`oncard edit FILE` on a
// terminal without edit flags). The TUI wiring sets it; while it is nil the
// command says so and asks for flags.
var interactiveEdit func(cmd *cobra.Command, e *app.Edit) error
