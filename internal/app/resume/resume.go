// Package resume finds the draft a command reopens: `oncard new --resume`
// picks one (or lists them to choose from), `oncard edit FILE` offers the
// unsaved edits kept for FILE.
package resume

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/edit"
	"github.com/oncard/oncard/model"
)

// ErrChoose ends `oncard new --resume` without an ID when it cannot tell
// which draft is meant: the drafts are listed, the user is to choose one
// (a usage mistake, exit 2).
var ErrChoose = errors.New("choose a draft with --resume ID")

// Pick finds the draft `oncard new --resume [ID]` reopens. Without an
// ID it opens the only draft of a new card when it was started in this
// directory and no newer draft is damaged; otherwise it lists the drafts
// (ID, age, directory, output) and asks for an ID, so that an old draft of
// another project never opens in place of the one the user meant. Damaged
// drafts are always reported, with why.
func Pick(stderr io.Writer, id string) (*app.Draft, error) {
	ds, err := app.OpenDrafts()
	if err != nil {
		return nil, err
	}
	if id != "" {
		d, err := ds.Get(id)
		if err != nil {
			return nil, err
		}
		if d.Kind != app.DraftNew {
			return nil, fmt.Errorf("draft %s holds edits of %s: oncard edit %s offers it", id, model.SafeText(d.Output), model.SafeText(d.Output))
		}
		return d, nil
	}
	all, damaged, err := ds.List()
	if err != nil {
		return nil, err
	}
	var drafts []*app.Draft
	for _, d := range all {
		if d.Kind == app.DraftNew {
			drafts = append(drafts, d)
		}
	}
	for _, d := range damaged {
		fmt.Fprintf(stderr, "oncard: draft %s is damaged and cannot be resumed: %s (%s)\n", model.SafeText(d.ID), model.SafeText(d.Why), model.SafeText(d.Path))
	}
	if len(drafts) == 0 {
		return nil, fmt.Errorf("%w in %s", app.ErrNoDraft, ds.Dir)
	}
	newest := drafts[0]
	wd, _ := os.Getwd()
	switch {
	case len(drafts) > 1:
		fmt.Fprintf(stderr, "oncard: %d drafts to resume; choose one with oncard new --resume ID:\n", len(drafts))
	case len(damaged) > 0 && damaged[0].Mod.After(newest.Saved):
		fmt.Fprintln(stderr, "oncard: the newest draft is damaged; to resume an older one, choose it with oncard new --resume ID:")
	case newest.Dir == "" || !app.SamePath(newest.Dir, wd):
		fmt.Fprintln(stderr, "oncard: the only draft was started in another directory; to resume it, choose it with oncard new --resume ID:")
	default:
		fmt.Fprintf(stderr, "oncard: resuming draft %s, saved %s\n", model.SafeText(newest.ID), app.Age(newest.Saved, time.Now()))
		return newest, nil
	}
	listDrafts(stderr, drafts, time.Now())
	return nil, ErrChoose
}

// listDrafts writes one line per draft: ID, age, directory, output, name.
func listDrafts(w io.Writer, drafts []*app.Draft, now time.Time) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "  ID\tSAVED\tDIRECTORY\tOUTPUT\tNAME")
	for _, d := range drafts {
		dir := d.Dir
		if dir == "" {
			dir = "(not recorded)"
		}
		out := d.Output
		if d.Dir != "" {
			if rel, err := filepath.Rel(d.Dir, out); err == nil && !strings.HasPrefix(rel, "..") {
				out = rel
			}
		}
		if out == "" {
			out = "(default)"
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\n", model.SafeText(d.ID), app.Age(d.Saved, now),
			model.SafeText(dir), model.SafeText(out), model.SafeText(draftCardName(d)))
	}
	tw.Flush()
}

// draftCardName is the name of the card in d, or "(no name)".
func draftCardName(d *app.Draft) string {
	var card struct {
		Name string `json:"name"`
	}
	if json.Unmarshal([]byte(d.Card), &card) != nil || strings.TrimSpace(card.Name) == "" {
		return "(no name)"
	}
	return card.Name
}

// ID is the ID of the draft file at path.
func ID(path string) string {
	return strings.TrimSuffix(strings.TrimPrefix(filepath.Base(path), "draft-"), ".json")
}

// OfferEdit looks for a draft of unsaved edits of the file s edits
// (kept by an earlier `oncard edit` that crashed or was quit with a yes to
// keeping them) and, when the file is unchanged since, asks (confirm)
// whether to resume it. A yes applies the edits to s
// and returns the draft (the TUI goes on writing it); a no removes it. A
// stale draft is not offered: w says why and where it is kept.
func OfferEdit(w io.Writer, ds *app.Drafts, s *edit.Session, confirm func(question string) (bool, error)) (*app.Draft, error) {
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
	yes, err := confirm(q)
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
