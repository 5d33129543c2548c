package main

import (
	"context"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/app/resume"
	"github.com/oncard/oncard/internal/edit"
	"github.com/oncard/oncard/model"
)

// offerEditDraft is resume.OfferEdit asking on w, answered from r.
func offerEditDraft(ctx context.Context, r io.Reader, w io.Writer, ds *app.Drafts, s *edit.Session) (*app.Draft, error) {
	return resume.OfferEdit(w, ds, s, func(q string) (bool, error) { return confirm(ctx, r, w, q) })
}

// editDraftOptions offers the draft of s's file, if any, and names the
// drafts directory for the TUI ("" when drafts are off: the reason is
// said on stderr).
func editDraftOptions(cmd *cobra.Command, s *edit.Session) (*app.Draft, string, error) {
	stderr := cmd.ErrOrStderr()
	ds, err := app.OpenDrafts()
	if err != nil {
		fmt.Fprintln(stderr, "oncard: drafts are off:", model.SafeText(err.Error()))
		return nil, "", nil
	}
	d, err := offerEditDraft(cmd.Context(), cmd.InOrStdin(), stderr, ds, s)
	return d, ds.Dir, err
}
