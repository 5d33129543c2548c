package cardedit

import (
	"context"
	"fmt"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/tui/style"
	"github.com/oncard/oncard/tui/widgets"
)

// The signatures on the edit Review step: each one's status over the card
// as it would be written, and, with a signing key (--sign-key or the
// config file's signing_key), the offer to sign again those it made.

// signatureActions offers re-signing when the edits break signatures and a
// signing key is at hand.
func (st *editReviewStep) signatureActions() []widgets.Action {
	ed := st.m.edit.ed
	if ed.SigningKey == nil || !ed.BreaksSignatures() {
		return nil
	}
	return []widgets.Action{{Label: "Re-sign with the signing key", Run: st.resign}}
}

// resign signs again, with the signing key, the signatures it made.
func (st *editReviewStep) resign() tea.Cmd {
	m := st.m
	done, err := m.edit.ed.Resign(context.Background(), m.edit.ed.SigningKey)
	m.s.Changed()
	st.Cursor = 0
	switch {
	case err != nil:
		m.Status = "cannot re-sign: " + model.SafeText(err.Error())
	case len(done) == 0:
		st.Notes = []string{"None of the signatures was made by the signing key: nothing re-signed."}
	default:
		st.Notes = []string{fmt.Sprintf("Re-signed %s with the signing key (see the diff).", widgets.Count(len(done), "signature", "signatures"))}
	}
	return nil
}

// signatureLines are the statuses of the card's signatures, one line
// each, checked with the signing key's public key (nothing is fetched).
func (st *editReviewStep) signatureLines(th *style.Theme, width int) []string {
	states := st.m.edit.sigs // made by refreshScreens
	if len(states) == 0 {
		return nil
	}
	lines := []string{th.Hint.Render("Signatures, over the card as it would be written:")}
	for _, s := range states {
		render := th.Hint.Render
		switch s.State {
		case "verified":
			render = th.Info.Render
		case "invalid":
			render = th.Error.Render
		}
		lines = append(lines, render(ansi.Wrap("  "+s.Line(), width, " ")))
	}
	return lines
}
