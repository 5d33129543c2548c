// Package catalogs is `oncard catalog`: add the entries of Agent Cards to
// an AI Catalog file, list its entries, remove one. Every change is
// validated, shown as a unified diff, confirmed (or --yes, or --dry-run)
// and saved atomically, never over a change made on disk meanwhile.
package catalogs

import (
	"context"
	"errors"
	"fmt"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/app/findings"
	"github.com/oncard/oncard/internal/app/input"
	"github.com/oncard/oncard/internal/edit"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
)

// AddOptions are the options of `oncard catalog add`.
type AddOptions struct {
	To         string // the catalog file
	Identifier string // with one card only; "" to derive it
	URL        string // with one card only; "" to derive it
	Yes        bool
	DryRun     bool
	Force      bool
	CanPrompt  bool // a terminal to confirm on (stdin and stderr)
}

// Add merges the entries of cards into the catalog o.To.
func Add(ctx context.Context, con app.Console, cards []string, o AddOptions) error {
	stdin, stdinTwice := input.CountStdin(cards), input.StdinOnce(cards)
	switch {
	case o.To == "":
		return usage("--to is required: the AI Catalog file to update")
	case o.To == "-":
		return usage("--to needs a file: the catalog is updated in place")
	case len(cards) > 1 && (o.Identifier != "" || o.URL != ""):
		return usage("--identifier and --url describe one entry; give a single CARD with them")
	case stdinTwice != nil:
		return stdinTwice
	case o.Yes && o.DryRun:
		return usage("--dry-run writes nothing, so --yes has nothing to confirm; use one")
	}
	// A card read from stdin leaves no stdin to answer a question on.
	interactive := !o.Yes && !o.DryRun && stdin == 0 && o.CanPrompt
	if !o.Yes && !o.DryRun && !interactive {
		return usage("no terminal to confirm the change on: pass --yes to write %s, or --dry-run to see the diff", model.SafeText(o.To))
	}
	cat, err := app.OpenCatalog(ctx, o.To)
	if err != nil {
		return fmt.Errorf("%s; nothing written", err)
	}
	entries, err := entriesFromCards(ctx, con, cards, o)
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
		err := addEntries(ctx, con, cards, o, cat, entries, interactive)
		if !errors.Is(err, app.ErrCatalogMoved) || !o.Yes || attempt == maxMergeAttempts {
			return err
		}
		fmt.Fprintf(con.Err, "oncard: %s changed on disk meanwhile; merging the cards into the new version\n", model.SafeText(o.To))
		if cat, err = app.OpenCatalog(ctx, o.To); err != nil {
			return fmt.Errorf("%s; nothing written", err)
		}
	}
}

func usage(format string, a ...any) error { return app.UsageError{Msg: fmt.Sprintf(format, a...)} }

// maxMergeAttempts bounds how often `catalog add --yes` merges again into
// a catalog that keeps changing under it.
const maxMergeAttempts = 10

// addEntries merges the entries into the catalog as read, validates, shows
// and (if confirmed) saves the result.
func addEntries(ctx context.Context, con app.Console, cards []string, o AddOptions, cat *app.CatalogFile, entries [][]byte, interactive bool) error {
	stderr := con.Err
	merged, err := cat.Merge(entries)
	if err != nil {
		return fmt.Errorf("%s: %s; nothing written", model.SafeText(o.To), model.SafeText(err.Error()))
	}
	for i, r := range merged.Results {
		fmt.Fprintf(stderr, "oncard: %s: %s\n", input.Name(cards[i]), app.MergeSummary(r))
	}
	if merged.Unchanged {
		fmt.Fprintf(stderr, "oncard: %s already lists the cards as they are; nothing to write\n", model.SafeText(o.To))
		return nil
	}
	shown := merged.Shown
	if e, _, _ := validate.Counts(shown); e == 0 && len(shown) > 0 {
		findings.Print(stderr, o.To, shown) // warnings about the added entries
	}
	if findings.Refuse(stderr, o.To, shown, o.Force, "the updated catalog") {
		fmt.Fprintf(stderr, "oncard: %s not written\n", model.SafeText(o.To))
		return app.ErrReported
	}
	diff := func() string { return unifiedDiff(o.To, cat.Original, merged.Text, cat.File == nil) }
	if err := review(con, o.To, diff, o.DryRun, interactive); err != nil || o.DryRun {
		return err
	}
	return save(ctx, con, cat, merged.Text, o.Force)
}

// review shows the change and asks: on stdout for a dry run (then stop),
// on stderr with a question on a terminal. A no is app.ErrReported.
func review(con app.Console, path string, diff func() string, dryRun, interactive bool) error {
	switch {
	case dryRun:
		if err := con.Diff(con.Out, diff()); err != nil {
			return err
		}
		fmt.Fprintf(con.Err, "oncard: dry run: %s not written\n", model.SafeText(path))
	case interactive:
		if err := con.Diff(con.Err, diff()); err != nil {
			return err
		}
		ok, err := con.Confirm(fmt.Sprintf("Write %s?", model.SafeText(path)))
		if err != nil {
			return err
		}
		if !ok {
			fmt.Fprintf(con.Err, "oncard: %s not written\n", model.SafeText(path))
			return app.ErrReported
		}
	}
	return nil
}

// save writes the catalog and says so.
func save(ctx context.Context, con app.Console, cat *app.CatalogFile, text []byte, force bool) error {
	warnings, err := cat.Save(ctx, text, force)
	if err != nil {
		return err
	}
	for _, w := range warnings {
		fmt.Fprintf(con.Err, "oncard: warning: %s\n", model.SafeText(w))
	}
	fmt.Fprintf(con.Err, "oncard: wrote %s\n", model.SafeText(cat.Path))
	return nil
}

// entriesFromCards loads and checks every card, then builds their entries.
// All cards are checked before any is refused, so one run lists every
// problem.
func entriesFromCards(ctx context.Context, con app.Console, cards []string, o AddOptions) ([][]byte, error) {
	stderr := con.Err
	docs := make([]*model.Doc, len(cards))
	var firstErr error
	for i, path := range cards {
		doc, err := input.Card(ctx, path, con.In, stderr, o.Force)
		if err != nil {
			if !errors.Is(err, app.ErrReported) {
				fmt.Fprintf(stderr, "oncard: %s\n", err) // input.Card's messages are safe already
				err = app.ErrReported
			}
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		docs[i] = doc
	}
	if firstErr != nil {
		fmt.Fprintf(stderr, "oncard: %s not written\n", model.SafeText(o.To))
		return nil, firstErr
	}
	entries := make([][]byte, len(cards))
	for i, doc := range docs {
		opts := model.EntryOptions{Identifier: o.Identifier, URL: input.EntryURL(o.URL, cards[i])}
		entry, notes, err := model.EntryFromCard(doc, opts)
		if err != nil {
			return nil, fmt.Errorf("%s: %s", input.Name(cards[i]), model.SafeText(err.Error()))
		}
		for _, n := range notes {
			fmt.Fprintf(stderr, "oncard: %s: note: %s\n", input.Name(cards[i]), n)
		}
		if opts.Derives() {
			if len(cards) == 1 {
				fmt.Fprintln(stderr, "oncard: note: give --identifier and --url to choose them yourself")
			} else {
				fmt.Fprintf(stderr, "oncard: note: to choose them for %s, add it on its own with --identifier and --url\n", input.Name(cards[i]))
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
