package tui

import (
	"context"
	"io"

	tea "charm.land/bubbletea/v2"

	"github.com/oncard/oncard/tui/cardedit"
	"github.com/oncard/oncard/tui/catedit"
)

// Run runs the program on a terminal: keys from in, drawing on out (stderr:
// only data goes to stdout). An interrupt that is not a key (a signal)
// keeps a draft, so that work is not lost.
func Run(ctx context.Context, opts Options, in io.Reader, out io.Writer) (Result, error) {
	m := New(opts)
	p := tea.NewProgram(m, tea.WithContext(ctx), tea.WithInput(in), tea.WithOutput(out))
	_, err := p.Run()
	res := m.Result()
	if err != nil {
		res.Interrupted = true
		if m.drafts.Draft != nil && m.s.Edits > 0 {
			m.writeDraftNow()
			res.DraftKept = m.drafts.Draft.Path
		}
		if ctx.Err() != nil {
			err = nil
		}
	}
	return res, err
}

// The names the command line needs from the editors' packages, so that it
// imports tui alone.

// Template is a starter document offered on the Start step.
type Template = cardedit.Template

// DefaultPath is where a new card is saved unless told otherwise.
const DefaultPath = cardedit.DefaultPath

// NextSteps is what to do with a card saved at path (printed after a save).
func NextSteps(path, also, servedAt string) string { return cardedit.NextSteps(path, also, servedAt) }

// CatalogEditorOptions configures the catalog editor (oncard edit CATALOG).
type CatalogEditorOptions = catedit.CatalogEditorOptions

// RunCatalogEditor runs the catalog editor on a terminal, as Run does the
// card editor.
func RunCatalogEditor(ctx context.Context, opts CatalogEditorOptions, in io.Reader, out io.Writer) (Result, error) {
	return catedit.RunCatalogEditor(ctx, opts, in, out)
}

// BlankCard is the skeleton of "start blank" (the accessible mode starts
// from it too).
const BlankCard = cardedit.BlankCard
