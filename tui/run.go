// Package tui is the screens of oncard: the card editor (`oncard new`,
// `oncard edit CARD`: tui/cardedit) and the catalog editor (`oncard edit
// CATALOG`: tui/catedit). The command line imports this package alone:
// Run, RunCatalogEditor and the names they need.
package tui

import (
	"context"
	"io"

	"github.com/oncard/oncard/tui/cardedit"
	"github.com/oncard/oncard/tui/cardsteps"
	"github.com/oncard/oncard/tui/catedit"
)

// Options configure a run of the card editor.
type Options = cardedit.Options

// Result is how an editor ended: saved where, or left how.
type Result = cardedit.Result

// Run runs the card editor on a terminal: keys from in, drawing on out
// (stderr: only data goes to stdout). An interrupt that is not a key (a
// signal) keeps a draft, so that work is not lost.
func Run(ctx context.Context, opts Options, in io.Reader, out io.Writer) (Result, error) {
	return cardedit.Run(ctx, opts, in, out)
}

// Template is a starter document offered on the Start step.
type Template = cardsteps.Template

// DefaultPath is where a new card is saved unless told otherwise.
const DefaultPath = cardsteps.DefaultPath

// NextSteps is what to do with a card saved at path (printed after a save).
func NextSteps(path, also, servedAt string) string { return cardsteps.NextSteps(path, also, servedAt) }

// CatalogEditorOptions configures the catalog editor (oncard edit CATALOG).
type CatalogEditorOptions = catedit.CatalogEditorOptions

// RunCatalogEditor runs the catalog editor on a terminal, as Run does the
// card editor.
func RunCatalogEditor(ctx context.Context, opts CatalogEditorOptions, in io.Reader, out io.Writer) (Result, error) {
	return catedit.RunCatalogEditor(ctx, opts, in, out)
}

// BlankCard is the skeleton of "start blank" (the accessible mode starts
// from it too).
const BlankCard = cardsteps.BlankCard
