package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/app/newcard"
	"github.com/oncard/oncard/internal/app/resume"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui"
	"github.com/oncard/oncard/tui/accessible"
	"github.com/oncard/oncard/validate"
)

// runAccessibleNew asks for the card line by line on the normal screen
// (questions on stderr, answers from stdin, one line each), then validates
// and writes it exactly as `new --yes` does, and then the catalog the
// Catalog step plans. It reads its answers from a pipe as well as from a
// terminal: each question takes one line. An interrupt keeps a draft
// (d, when resuming, is reused), which --accessible --resume reopens.
func runAccessibleNew(cmd *cobra.Command, doc *model.Doc, d *app.Draft, f newFlags, vopts *validate.Options) error {
	opts := accessible.CardOptions{Output: f.output, DefaultPath: tui.DefaultPath, Validate: vopts}
	if d != nil {
		parsed, err := model.Parse([]byte(d.Card))
		if err != nil {
			return fmt.Errorf("draft %s is damaged: %w", d.Path, err)
		}
		doc, opts.From, opts.Catalog = parsed, d.StepName, d.Catalog.Settings()
		if opts.Output == "" {
			opts.Output = d.Output
		}
	}
	if doc == nil {
		blank, err := model.Parse([]byte(tui.BlankCard))
		if err != nil {
			return err
		}
		doc = blank
		model.NewCard(doc)
	}
	opts.Doc = doc
	server, err := app.OASFServerURL("")
	if err != nil {
		return err
	}
	opts.SchemaServer = server
	in := accessible.NewInput(cmd.Context(), cmd.InOrStdin())
	defer in.Close()
	stderr := cmd.ErrOrStderr()
	res, err := accessible.Card(accessible.NewAsker(in, stderr), opts)
	switch {
	case errors.Is(err, accessible.ErrEndOfInput):
		fmt.Fprintf(stderr, "oncard: not written: %s\n", err)
		return exitError{code: exitInvalid}
	case errors.Is(err, accessible.ErrUnfinished):
		fmt.Fprintf(stderr, "oncard: not written: %s\n", err)
		keepAccessibleDraft(cmd, doc, d, res)
		return exitError{code: exitInvalid}
	case errors.Is(err, context.Canceled) || errors.Is(err, accessible.ErrInterrupted):
		keepAccessibleDraft(cmd, doc, d, res)
		return exitError{code: exitInterrupt}
	case err != nil:
		return err
	}
	f.output, f.force = res.Output, f.force || res.Replace
	if err := newcard.Write(cmd.Context(), console(cmd), doc, f.Name(), f.output, f.force, vopts); err != nil {
		return err
	}
	also := ""
	if res.Catalog != nil {
		msg, err := app.WriteCatalogPlan(res.Catalog, res.CatalogReplace)
		if errors.Is(err, app.ErrCatalogExists) {
			msg = "Catalog not written: " + res.Catalog.Settings.Target() + " appeared meanwhile."
		} else if err != nil {
			msg = "Catalog not written: " + err.Error()
		}
		also = model.SafeText(msg)
	}
	if d != nil {
		_ = app.RemoveDraft(d.Path) // written: the draft is done with
	}
	if f.output == "-" {
		if also != "" {
			fmt.Fprintln(stderr, also)
		}
		return nil
	}
	fmt.Fprint(stderr, tui.NextSteps(model.SafeText(f.output), also, model.SafeText(res.ServedAt)))
	return nil
}

// keepAccessibleDraft keeps the card answered so far (and where the
// questions were) as a draft after an interrupt, and says how to reopen
// it; nothing is kept when nothing was answered.
func keepAccessibleDraft(cmd *cobra.Command, doc *model.Doc, d *app.Draft, res accessible.CardResult) {
	stderr := cmd.ErrOrStderr()
	if res.Answers == 0 && d == nil {
		return
	}
	if d == nil {
		dir, err := app.DraftDir()
		if err != nil {
			fmt.Fprintln(stderr, "oncard: no draft kept:", err)
			return
		}
		d = &app.Draft{Path: app.NewDraftPath(dir)}
	}
	d.Card, d.Step, d.StepName = string(doc.Encode()), res.Step, res.StepName
	d.Catalog = app.DraftCatalogOf(res.Settings)
	if res.Output != "" {
		d.Output = res.Output
	}
	if err := app.SaveDraft(d); err != nil {
		fmt.Fprintln(stderr, "oncard: no draft kept:", err)
		return
	}
	fmt.Fprintf(stderr, "\nDraft kept: %s\nReopen it with: oncard new --accessible --resume %s\n", d.Path, resume.ID(d.Path))
}
