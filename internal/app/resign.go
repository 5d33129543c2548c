package app

import (
	"bytes"
	"context"
	"encoding/json"

	"github.com/oncard/oncard/internal/cardsig"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
)

// Resign signs the edited card again with key wherever the file as opened
// carries a signature key made (cardsig.Resign), so that saving leaves a
// signature that verifies instead of a stale one. The new signatures go
// through the session like any edit (one set of /signatures), so the diff
// shows them and a rebase carries them. Calling it again without another
// edit in between changes nothing; after further edits it signs the new
// state. It returns what it signed: none when the card is unchanged, has
// no signatures left, or none of key.
//
// Before it signs, it drops (as edits of the session, which the diff
// shows) the default-valued members readers treat differently, as oncard
// sign does, so that every reader verifies the new signatures; unless
// KeepDefaults. ResignDropped lists them.
func (e *Edit) Resign(ctx context.Context, key *cardsig.SigningKey) ([]cardsig.Signed, error) {
	if e.Kind != validate.KindCard || !e.Session.Changed() || e.Session.Doc().Root().Get("signatures").Len() == 0 {
		return nil, nil
	}
	if e.resignedAt != nil && bytes.Equal(e.resignedAt, e.Session.Bytes()) {
		return e.resigned, nil
	}
	orig, err := e.Session.Original()
	if err != nil {
		return nil, err
	}
	work := e.Session.Doc().Clone()
	if e.resignedAt != nil {
		// Signed before, then edited again: start from the signatures as
		// on disk, which cardsig.Resign's indexes refer to.
		sigs, err := json.Marshal(orig.Root().Get("signatures").Interface())
		if err != nil {
			return nil, err
		}
		if err := work.Set("/signatures", sigs); err != nil {
			return nil, err
		}
	}
	if !e.KeepDefaults && len(mine(ctx, orig, key)) > 0 {
		drops := cardsig.DroppedMembers(work)
		for _, p := range drops {
			if err := work.Delete(p); err != nil {
				return nil, err
			}
			if err := e.Session.Delete(p); err != nil {
				return nil, err
			}
		}
		e.dropped = append(e.dropped[:0], drops...)
	}
	done, err := cardsig.Resign(ctx, orig, work, key)
	if err != nil || len(done) == 0 {
		return nil, err
	}
	sigs, err := json.Marshal(work.Root().Get("signatures").Interface())
	if err != nil {
		return nil, err
	}
	if err := e.Session.Set("/signatures", sigs); err != nil {
		return nil, err
	}
	e.resigned, e.resignedAt = done, e.Session.Bytes()
	return done, nil
}

// mine lists the signatures of orig that key made.
func mine(ctx context.Context, orig *model.Doc, key *cardsig.SigningKey) []cardsig.Result {
	var out []cardsig.Result
	for _, r := range cardsig.Verify(ctx, orig, cardsig.Options{Keys: key.PublicKeySet("", "")}) {
		if r.Status == cardsig.Verified {
			out = append(out, r)
		}
	}
	return out
}

// ResignDropped lists the default-valued members the last Resign dropped
// before signing, while the card is as it left it.
func (e *Edit) ResignDropped() []string {
	if e.Resigned() == nil {
		return nil
	}
	return e.dropped
}

// ResignRejecting names the readings under which the signatures the last
// Resign made will not verify (none when every reader agrees).
func (e *Edit) ResignRejecting() []cardsig.Reading {
	if e.Resigned() == nil {
		return nil
	}
	return cardsig.Disagreeing(e.Session.Doc())
}

// Resigned is what the last Resign signed, while the card is as it left
// it; nil otherwise.
func (e *Edit) Resigned() []cardsig.Signed {
	if e.resignedAt == nil || !bytes.Equal(e.resignedAt, e.Session.Bytes()) {
		return nil
	}
	return e.resigned
}
