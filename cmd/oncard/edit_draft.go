package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/edit"
)

// offerEditDraft looks for a draft of unsaved edits of the file s edits
// (kept by an earlier `oncard edit` that crashed or was quit with a yes to
// keeping them) and, when the file is unchanged since, asks on w whether
// to resume it, reading the answer from r. A yes applies the edits to s
// and returns the draft (the TUI goes on writing it); a no removes it. A
// stale draft is not offered: w says why and where it is kept.
func offerEditDraft(ctx context.Context, r io.Reader, w io.Writer, ds *app.Drafts, s *edit.Session) (*app.Draft, error) {
	d, err := ds.EditDraftFor(s.Path())
	if errors.Is(err, app.ErrNoDraft) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var stale *app.StaleDraftError
	if err := app.CheckEditDraft(d, s); errors.As(err, &stale) {
		fmt.Fprintf(w, "oncard: %s; it is not offered (kept at %s: delete it when you no longer need it)\n", model.SafeText(err.Error()), model.SafeText(d.Path))
		return nil, nil
	}
	q := fmt.Sprintf("oncard: %s has unsaved edits from %s (draft %s: %s).\nResume them?",
		model.SafeText(s.Path()), app.Age(d.Saved, time.Now()), model.SafeText(d.ID), draftOpsSummary(d))
	yes, err := confirm(ctx, r, w, q)
	if err != nil {
		return nil, err
	}
	if !yes {
		if err := app.RemoveDraft(d.Path); err != nil {
			return nil, err
		}
		fmt.Fprintf(w, "oncard: draft %s discarded\n", model.SafeText(d.ID))
		return nil, nil
	}
	if err := app.ResumeEdits(d, s); err != nil {
		return nil, err
	}
	return d, nil
}

// draftOpsSummary names the first edits of d: "set /name, delete /x and 3 more".
func draftOpsSummary(d *app.Draft) string {
	var names []string
	for i, op := range d.Ops {
		if i == 3 {
			names = append(names, fmt.Sprintf("%d more", len(d.Ops)-3))
			break
		}
		names = append(names, op.Op+" "+op.Ptr)
	}
	if len(names) == 0 {
		return "no edits"
	}
	return model.SafeText(strings.Join(names, ", "))
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
