package app

import (
	"bytes"
	"context"
	"encoding/json"

	"github.com/oncard/oncard/internal/cardsig"
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

// Resigned is what the last Resign signed, while the card is as it left
// it; nil otherwise.
func (e *Edit) Resigned() []cardsig.Signed {
	if e.resignedAt == nil || !bytes.Equal(e.resignedAt, e.Session.Bytes()) {
		return nil
	}
	return e.resigned
}
