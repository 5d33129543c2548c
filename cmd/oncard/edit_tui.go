package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/app/resume"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui"
	"github.com/oncard/oncard/validate"
)

// `oncard edit FILE` on a terminal without edit flags opens the card in the
// screens of `oncard new` (tui, edit mode), and an AI Catalog in the
// catalog editor (tui.NewCatalogEditor). Other documents have no screens
// yet: the command says how to edit them instead.
func init() { interactiveEdit = runEditTUI }

// runCatalogEditor runs the catalog editor (a variable so that tests can
// see what it is given without a terminal).
var runCatalogEditor = tui.RunCatalogEditor

func runEditTUI(cmd *cobra.Command, e *app.Edit) error {
	s, kind := e.Session, e.Kind
	name := model.SafeText(s.Path())
	switch kind {
	case validate.KindCard, validate.KindCatalog:
	default:
		return usageError{cmd: cmd.CommandPath(), msg: fmt.Sprintf(
			"%s is %s: the interactive editor edits Agent Cards and AI Catalogs; edit it with --set and --delete", name, app.KindArticle(kind))}
	}
	vopts := e.Opts
	var err error
	// The screen is drawn on stderr, like `oncard new`: stdout stays free.
	var res tui.Result
	// Both editors keep a draft of unsaved edits, offered again here.
	draft, draftDir, err := editDraftOptions(cmd, s)
	if err != nil {
		return err
	}
	if kind == validate.KindCatalog {
		opts := tui.CatalogEditorOptions{Edit: s, Validate: vopts, EditDraft: draft, DraftDir: draftDir}
		res, err = runCatalogEditor(cmd.Context(), opts, cmd.InOrStdin(), os.Stderr)
	} else {
		opts := tui.Options{Edit: s, Validate: vopts, SigningKey: e.SigningKey, EditDraft: draft, DraftDir: draftDir}
		res, err = tui.Run(cmd.Context(), opts, cmd.InOrStdin(), os.Stderr)
	}
	if err != nil {
		return err
	}
	stderr := cmd.ErrOrStderr()
	for _, w := range res.Warnings {
		fmt.Fprintf(stderr, "oncard: warning: %s\n", model.SafeText(w))
	}
	// What the Catalog step wrote besides the card follows the card's
	// line: it was written after it.
	also := func() {
		if res.Catalog != "" {
			fmt.Fprintln(stderr, model.SafeText(res.Catalog))
		}
	}
	switch {
	case res.Saved && res.Path == s.Path():
		fmt.Fprintf(stderr, "oncard: wrote %s\n", name)
		also()
		return nil
	case res.Saved:
		fmt.Fprintf(stderr, "oncard: wrote your version to %s; %s keeps the other version\n", model.SafeText(res.Path), name)
		also()
		return nil
	}
	also()
	if !s.Changed() {
		// Looked, changed nothing: nothing to say, and Ctrl-C is exit 130
		// as in every command.
		return exitError{code: exitInterrupt}
	}
	if res.DraftKept != "" {
		fmt.Fprintf(stderr, "oncard: %s not written; the edits are kept in draft %s, offered when you run oncard edit %s again\n", name, resume.ID(res.DraftKept), name)
		return exitError{code: exitInterrupt}
	}
	fmt.Fprintf(stderr, "oncard: %s not written; the edits are dropped\n", name)
	return exitError{code: exitInterrupt}
}
