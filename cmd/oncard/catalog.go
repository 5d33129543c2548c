package main

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/edit"
	"github.com/oncard/oncard/validate"
)

func init() { register(newCatalogCmd) }

func newCatalogCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "catalog",
		Short: "Maintain AI Catalog files",
		// Runnable so that a mistyped subcommand is a usage error (cobra's
		// NoArgs names it) rather than help with exit 0.
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(newCatalogAddCmd(), newCatalogListCmd(), newCatalogRemoveCmd())
	return cmd
}

// catalogAddFlags are the options of `oncard catalog add`.
type catalogAddFlags struct {
	to         string
	identifier string
	url        string
	yes        bool
	dryRun     bool
	force      bool
}

func newCatalogAddCmd() *cobra.Command {
	var f catalogAddFlags
	cmd := &cobra.Command{
		Use:   "add CARD|URL... --to CATALOG",
		Short: "Insert or update the entries of Agent Cards in an AI Catalog file",
		Long: `Add lists each CARD in the AI Catalog file CATALOG: an entry with the same
identifier and version is updated in place (a lone entry with the same
identifier is updated to the card's version); otherwise the entry is appended.
Every other byte of CATALOG stays as it was: other entries, members oncard
does not know, spacing and key order. CATALOG is created when it does not
exist.

Each card is validated first (a card with errors is refused unless --force),
and so is the resulting catalog. On a terminal the change is shown as a
unified diff and written only after you confirm; elsewhere pass --yes to
write, or --dry-run to print the diff on stdout and write nothing. The file is
replaced atomically, keeps its mode, and is not written if it changed on disk
meanwhile.

Without --identifier and --url, both are derived from the host of the card's
first interface and the card's name, as in 'oncard preview'; they name one
entry, so they take a single CARD. A CARD given as a URL (a bare origin means
its /.well-known/agent-card.json) is fetched, and is the entry's url.

Exit status: 0 written (or nothing to change), 1 invalid input, refused or
declined, 2 usage mistake.`,
		Example: `  oncard catalog add agent-card.json --to .well-known/ai-catalog.json
  oncard catalog add --dry-run cards/*.json --to ai-catalog.json
  oncard catalog add --yes --identifier urn:example:agents:debugger \
      --url https://example.com/debugger/agent-card.json card.json --to ai-catalog.json`,
		Args: usageArgs(cobra.MinimumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runCatalogAdd(cmd, args, f)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.to, "to", "", "the AI Catalog file to update (created when missing)")
	fl.StringVar(&f.identifier, "identifier", "", "the entry's identifier (one CARD only; default urn:air:<host>:agents:<slug of the name>)")
	fl.StringVar(&f.url, "url", "", "where the card is served (one CARD only; default https://<host>/.well-known/agent-card.json)")
	fl.BoolVarP(&f.yes, "yes", "y", false, "write without asking")
	fl.BoolVar(&f.dryRun, "dry-run", false, "print the diff on stdout and write nothing")
	fl.BoolVar(&f.force, "force", false, "go on even when a card or the resulting catalog has errors, or CATALOG is read-only")
	return cmd
}

// canPrompt reports whether the command may ask a question: stdin and
// stderr (where the question goes) are terminals. A variable so that tests
// can drive the confirmation without a terminal.
var canPrompt = func(cmd *cobra.Command) bool {
	return isTTY(cmd.InOrStdin()) && isTerminal(cmd.ErrOrStderr())
}

func runCatalogAdd(cmd *cobra.Command, cards []string, f catalogAddFlags) error {
	usage := func(format string, a ...any) error {
		return usageError{msg: fmt.Sprintf(format, a...), cmd: cmd.CommandPath()}
	}
	switch {
	case f.to == "":
		return usage("--to is required: the AI Catalog file to update")
	case f.to == "-":
		return usage("--to needs a file: the catalog is updated in place")
	case len(cards) > 1 && (f.identifier != "" || f.url != ""):
		return usage("--identifier and --url describe one entry; give a single CARD with them")
	case countStdin(cards) > 1:
		return usage(`"-" (standard input) given %d times; it can be read once`, countStdin(cards))
	case f.yes && f.dryRun:
		return usage("--dry-run writes nothing, so --yes has nothing to confirm; use one")
	}
	// A card read from stdin leaves no stdin to answer a question on.
	interactive := !f.yes && !f.dryRun && countStdin(cards) == 0 && canPrompt(cmd)
	if !f.yes && !f.dryRun && !interactive {
		return usage("no terminal to confirm the change on: pass --yes to write %s, or --dry-run to see the diff", model.SafeText(f.to))
	}
	stderr := cmd.ErrOrStderr()

	cat, err := app.OpenCatalog(cmd.Context(), f.to)
	if err != nil {
		return fmt.Errorf("%s; nothing written", err)
	}
	entries, err := entriesFromCards(cmd, cards, f)
	if err != nil {
		return err
	}
	// Another process may write the catalog between our read and our
	// write; the save notices (under the file's lock) and, with --yes, the
	// cards are merged again into the version that process wrote, so that
	// neither change is lost. A user who confirmed a diff is asked to run
	// the command again instead: what they confirmed is not what would
	// be written.
	for attempt := 1; ; attempt++ {
		err := addEntries(cmd, cards, f, cat, entries, interactive)
		if !errors.Is(err, app.ErrCatalogMoved) || !f.yes || attempt == maxMergeAttempts {
			return err
		}
		fmt.Fprintf(stderr, "oncard: %s changed on disk meanwhile; merging the cards into the new version\n", model.SafeText(f.to))
		if cat, err = app.OpenCatalog(cmd.Context(), f.to); err != nil {
			return fmt.Errorf("%s; nothing written", err)
		}
	}
}

// maxMergeAttempts bounds how often `catalog add --yes` merges again into
// a catalog that keeps changing under it.
const maxMergeAttempts = 10

// addEntries merges the entries into the catalog as read, validates, shows
// and (if confirmed) saves the result.
func addEntries(cmd *cobra.Command, cards []string, f catalogAddFlags, cat *app.CatalogFile, entries [][]byte, interactive bool) error {
	stderr := cmd.ErrOrStderr()
	merged, err := cat.Merge(entries)
	if err != nil {
		return fmt.Errorf("%s: %s; nothing written", model.SafeText(f.to), model.SafeText(err.Error()))
	}
	for i, r := range merged.Results {
		fmt.Fprintf(stderr, "oncard: %s: %s\n", displayName(cards[i]), app.MergeSummary(r))
	}
	if merged.Unchanged {
		fmt.Fprintf(stderr, "oncard: %s already lists the cards as they are; nothing to write\n", model.SafeText(f.to))
		return nil
	}
	shown := merged.Shown
	if e, _, _ := validate.Counts(shown); e == 0 && len(shown) > 0 {
		printFindings(stderr, f.to, shown) // warnings about the added entries
	}
	if reportFindings(stderr, f.to, shown, f.force, "the updated catalog") {
		fmt.Fprintf(stderr, "oncard: %s not written\n", model.SafeText(f.to))
		return exitError{exitInvalid}
	}

	diff := func() string { return unifiedDiff(f.to, cat.Original, merged.Text, cat.File == nil) }
	switch {
	case f.dryRun:
		if err := writeDiff(cmd.OutOrStdout(), diff()); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "oncard: dry run: %s not written\n", model.SafeText(f.to))
		return nil
	case interactive:
		if err := writeDiff(stderr, diff()); err != nil {
			return err
		}
		ok, err := confirm(cmd.Context(), cmd.InOrStdin(), stderr, fmt.Sprintf("Write %s?", model.SafeText(f.to)))
		if err != nil {
			return err
		}
		if !ok {
			fmt.Fprintf(stderr, "oncard: %s not written\n", model.SafeText(f.to))
			return exitError{exitInvalid}
		}
	}
	warnings, err := cat.Save(cmd.Context(), merged.Text, f.force)
	if err != nil {
		return err
	}
	for _, w := range warnings {
		fmt.Fprintf(stderr, "oncard: warning: %s\n", model.SafeText(w))
	}
	fmt.Fprintf(stderr, "oncard: wrote %s\n", model.SafeText(f.to))
	return nil
}

// entriesFromCards loads and checks every card, then builds their entries.
// All cards are checked before any is refused, so one run lists every
// problem.
func entriesFromCards(cmd *cobra.Command, cards []string, f catalogAddFlags) ([][]byte, error) {
	stderr := cmd.ErrOrStderr()
	docs := make([]*model.Doc, len(cards))
	var firstErr error
	for i, path := range cards {
		doc, err := loadCard(cmd, path, f.force)
		if err != nil {
			if !errors.As(err, new(exitError)) {
				fmt.Fprintf(stderr, "oncard: %s\n", err) // loadCard's messages are safe already
				err = exitError{exitInvalid}
			}
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		docs[i] = doc
	}
	if firstErr != nil {
		fmt.Fprintf(stderr, "oncard: %s not written\n", model.SafeText(f.to))
		return nil, firstErr
	}
	entries := make([][]byte, len(cards))
	for i, doc := range docs {
		opts := model.EntryOptions{Identifier: f.identifier, URL: entryURL(f.url, cards[i])}
		entry, notes, err := model.EntryFromCard(doc, opts)
		if err != nil {
			return nil, fmt.Errorf("%s: %s", displayName(cards[i]), model.SafeText(err.Error()))
		}
		for _, n := range notes {
			fmt.Fprintf(stderr, "oncard: %s: note: %s\n", displayName(cards[i]), n)
		}
		if opts.Derives() {
			if len(cards) == 1 {
				fmt.Fprintln(stderr, "oncard: note: give --identifier and --url to choose them yourself")
			} else {
				fmt.Fprintf(stderr, "oncard: note: to choose them for %s, add it on its own with --identifier and --url\n", displayName(cards[i]))
			}
		}
		entries[i] = entry
	}
	return entries, nil
}

// unifiedDiff is the change from old to new as a unified diff with the
// catalog's name on both sides (/dev/null for a new file).
func unifiedDiff(name string, old, new []byte, created bool) string {
	from := name
	if created {
		from = "/dev/null"
	}
	return edit.LabelledDiff(from, name, old, new)
}
