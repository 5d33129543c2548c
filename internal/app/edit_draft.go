package app

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/oncard/oncard/internal/edit"
	"github.com/oncard/oncard/model"
)

// draftOpNames name the edit.OpKind values in a draft.
var draftOpNames = map[edit.OpKind]string{
	edit.OpSet:    "set",
	edit.OpDelete: "delete",
	edit.OpInsert: "insert",
	edit.OpMove:   "move",
}

// NewEditDraft is the (unsaved) draft of s's unsaved edits: it remembers
// the file as loaded, so that the edits are only offered again over the
// same bytes.
func (ds *Drafts) NewEditDraft(s *edit.Session) *Draft {
	d := ds.New(DraftEdit)
	d.Output, _ = filepath.Abs(s.Path())
	var mod time.Time
	if fi, err := os.Stat(s.Path()); err == nil {
		mod = fi.ModTime()
	}
	d.Base = BaseOf(s.Base(), mod)
	return d
}

// RecordEdits stores the session's current edits in d (Card, Ops).
func RecordEdits(d *Draft, s *edit.Session) error {
	ops, err := s.Changes()
	if err != nil {
		return err
	}
	d.Ops = nil // a fresh slice: a copy of d may be being written
	for _, op := range ops {
		d.Ops = append(d.Ops, DraftOp{Op: draftOpNames[op.Kind], Ptr: op.Ptr, From: op.From, Value: string(op.Value)})
	}
	d.Card = string(s.Bytes())
	return nil
}

// StaleDraftError says why an edit draft is not offered: the file is not
// what the edits were made to.
type StaleDraftError struct {
	Draft *Draft
	Why   string
}

func (e *StaleDraftError) Error() string {
	return fmt.Sprintf("the draft %s of %s is stale: %s", e.Draft.ID, model.SafeText(e.Draft.Output), e.Why)
}

// CheckEditDraft reports whether d's edits can be applied to s's file: a
// *StaleDraftError when the file changed since they were made.
func CheckEditDraft(d *Draft, s *edit.Session) error {
	if d.Base.Matches(s.Base()) {
		return nil
	}
	why := fmt.Sprintf("the file changed since the edits were made (it was %s", Count(int(d.Base.Size), "byte", "bytes"))
	if !d.Base.ModTime.IsZero() {
		why += ", modified " + d.Base.ModTime.Local().Format("2006-01-02 15:04")
	}
	why += fmt.Sprintf("; it is %s", Count(len(s.Base()), "byte", "bytes"))
	if fi, err := os.Stat(s.Path()); err == nil {
		why += ", modified " + fi.ModTime().Local().Format("2006-01-02 15:04")
	}
	return &StaleDraftError{Draft: d, Why: why + ")"}
}

// ResumeEdits applies d's edits to s (whose file must pass
// CheckEditDraft). An edit that does not apply stops the resume with an
// error naming it; the edits before it stay applied.
func ResumeEdits(d *Draft, s *edit.Session) error {
	if err := CheckEditDraft(d, s); err != nil {
		return err
	}
	for i, o := range d.Ops {
		op := edit.Op{Ptr: o.Ptr, From: o.From}
		known := false
		for k, name := range draftOpNames {
			if name == o.Op {
				op.Kind, known = k, true
			}
		}
		if !known {
			return fmt.Errorf("draft %s: edit %d: unknown operation %q", d.ID, i+1, model.SafeText(o.Op))
		}
		if op.Kind == edit.OpSet || op.Kind == edit.OpInsert {
			op.Value = []byte(o.Value)
		}
		if err := s.Do(op); err != nil {
			return fmt.Errorf("draft %s: %s: %w", d.ID, op, err)
		}
	}
	return nil
}
