package cardsig

import (
	"context"
	"slices"

	"github.com/oncard/oncard/model"
)

// Resign signs edited again with key wherever original carries a signature
// that key made (it verifies with key, whatever its kid): each is replaced
// by a new one with the same kid, algorithm and jku (one without a kid
// gives way to one with the kid Sign chooses). It is what an editor offers
// on saving a card the user signed, instead of leaving a signature that no
// longer verifies. Signatures of other keys are left as they are (they no
// longer verify after a change; the caller says so). It returns what it
// signed; none when original has no signature of key.
func Resign(ctx context.Context, original, edited *model.Doc, key *SigningKey) ([]Signed, error) {
	mine := key.PublicKeySet("", "") // no kid: tried against every signature
	var redo []Result
	for _, r := range Verify(ctx, original, Options{Keys: mine}) {
		if r.Status == Verified {
			redo = append(redo, r)
		}
	}
	// Sign replaces by kid; a signature without one is removed first,
	// the last first so that the earlier indexes stay right.
	for _, r := range slices.Backward(redo) {
		if r.KeyID == "" {
			if err := edited.Delete(r.Pointer); err != nil {
				return nil, err
			}
		}
	}
	var done []Signed
	for _, r := range redo {
		s, err := Sign(edited, key, SignOptions{KeyID: r.KeyID, JKU: r.JKU, Algorithm: r.Algorithm})
		if err != nil {
			return done, err
		}
		done = append(done, s)
	}
	return done, nil
}
