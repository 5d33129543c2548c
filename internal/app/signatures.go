package app

import (
	"context"
	"strconv"

	"github.com/oncard/oncard/internal/cardsig"
	"github.com/oncard/oncard/model"
)

// SignatureState is one signature's status in words both faces show.
type SignatureState struct {
	Index     int
	KeyID     string // "" when the signature has none
	Algorithm string // "" when unreadable
	// State is "verified", "unverified" (no key to check it with) or
	// "invalid" (it does not verify, or is malformed or refused).
	State  string
	Reason string // why, for people; "" when verified
}

// Line is the state as one line: `signature 0 (kid "k1", ES256): verified`.
func (s SignatureState) Line() string {
	label := "signature " + strconv.Itoa(s.Index)
	switch {
	case s.KeyID != "" && s.Algorithm != "":
		label += " (kid " + strconv.Quote(model.SafeText(s.KeyID)) + ", " + model.SafeText(s.Algorithm) + ")"
	case s.KeyID != "":
		label += " (kid " + strconv.Quote(model.SafeText(s.KeyID)) + ")"
	case s.Algorithm != "":
		label += " (" + model.SafeText(s.Algorithm) + ", no kid)"
	}
	if s.Reason == "" {
		return label + ": " + s.State
	}
	return label + ": " + s.State + ": " + model.SafeText(s.Reason)
}

// SignatureStatus verifies each signature of the card in doc with keys (nil:
// no key; nothing is fetched) and says where each stands. A signature no
// key of keys can check is "unverified", not "invalid": it may well be
// someone else's.
func SignatureStatus(ctx context.Context, doc *model.Doc, keys *cardsig.KeySet) []SignatureState {
	results := cardsig.Verify(ctx, doc, cardsig.Options{Keys: keys, KeysFrom: "signing key"})
	out := make([]SignatureState, len(results))
	for i, r := range results {
		s := SignatureState{Index: r.Index, KeyID: r.KeyID, Algorithm: r.Algorithm, Reason: r.Reason}
		switch r.Status {
		case cardsig.Verified:
			s.State = "verified"
			if rejected := r.RejectedUnder(); len(rejected) > 0 {
				s.Reason = "under " + readingList(r.ValidUnder()) + " only; " + readingList(rejected) + " readers will reject it"
			}
		case cardsig.Unverified:
			s.State = "unverified"
			if keys == nil {
				s.Reason = "no key to check it with"
			}
		case cardsig.UnknownKey:
			s.State = "unverified"
			s.Reason = "not made by the signing key"
		default:
			s.State = "invalid"
		}
		out[i] = s
	}
	return out
}

func readingList(rs []cardsig.Reading) string {
	out := ""
	for i, r := range rs {
		if i > 0 {
			out += ", "
		}
		out += string(r)
	}
	return out
}
