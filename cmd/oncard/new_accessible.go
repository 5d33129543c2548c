package main

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui"
	"github.com/oncard/oncard/tui/accessible"
	"github.com/oncard/oncard/validate"
)

// runAccessibleNew asks for the card line by line on the normal screen
// (questions on stderr, answers from stdin, one line each), then validates
// and writes it exactly as `new --yes` does. It reads its answers from a
// pipe as well as from a terminal: each question takes one line.
func runAccessibleNew(cmd *cobra.Command, doc *model.Doc, f newFlags, vopts *validate.Options) error {
	if doc == nil {
		blank, err := model.Parse([]byte(tui.BlankCard))
		if err != nil {
			return err
		}
		doc = blank
		model.NewCard(doc)
	}
	server, err := app.OASFServerURL("")
	if err != nil {
		return err
	}
	in := accessible.NewInput(cmd.Context(), cmd.InOrStdin())
	defer in.Close()
	stderr := cmd.ErrOrStderr()
	res, err := accessible.Card(accessible.NewAsker(in, stderr), accessible.CardOptions{
		Doc: doc, Output: f.output, DefaultPath: tui.DefaultPath, Validate: vopts, SchemaServer: server,
	})
	if errors.Is(err, accessible.ErrEndOfInput) {
		fmt.Fprintf(stderr, "oncard: not written: %s\n", err)
		return exitError{code: exitInvalid}
	}
	if err != nil {
		return err
	}
	f.output, f.force = res.Output, f.force || res.Replace
	return writeNonInteractive(cmd, doc, f, vopts)
}
