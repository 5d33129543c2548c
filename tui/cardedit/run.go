package cardedit

import (
	"context"
	"io"

	tea "charm.land/bubbletea/v2"
)

// Run runs the card editor on a terminal: keys from in, drawing on out
// (stderr: only data goes to stdout). An interrupt that is not a key (a
// signal) keeps a draft, so that work is not lost.
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
