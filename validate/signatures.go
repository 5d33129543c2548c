package validate

import (
	"context"
	"strconv"

	"github.com/oncard/oncard/internal/cardsig"
	"github.com/oncard/oncard/model"
)

// SignaturePolicy says what to do with an Agent Card's signatures.
type SignaturePolicy string

const (
	// SignaturesOff checks nothing.
	SignaturesOff SignaturePolicy = "off"
	// SignaturesIfPresent (the default) verifies the signatures a card
	// has, with the keys that can be found; one it cannot check gets an
	// info finding saying so.
	SignaturesIfPresent SignaturePolicy = "verify-if-present"
	// SignaturesRequire wants at least one signature that verifies, and no
	// signature that fails.
	SignaturesRequire SignaturePolicy = "require"
)

// SignaturePolicies lists the policies in the order the CLI documents them.
var SignaturePolicies = []SignaturePolicy{SignaturesOff, SignaturesIfPresent, SignaturesRequire}

// Codes of the signature checks.
const ()

// Signatures verifies the signatures of the Agent Card in doc with the keys
// opts gives (cardsig.Verify) and reports, under policy, what is wrong.
// A signature that verifies yields no finding.
func Signatures(ctx context.Context, doc *model.Doc, policy SignaturePolicy, opts cardsig.Options) []Diagnostic {
	if doc == nil || policy == SignaturesOff {
		return nil
	}
	return SignatureFindings(doc, cardsig.Verify(ctx, doc, opts), policy)
}

// SignatureFindings turns verification results into findings under policy:
// a malformed signature, a refused algorithm and a signature that does not
// match the card are errors; a signature no key was found for is an info
// (no key set at all) or a warning (the key set lacks its key) — errors
// under SignaturesRequire unless another signature verified. Under
// SignaturesRequire a card without signatures is an error.
func SignatureFindings(doc *model.Doc, results []cardsig.Result, policy SignaturePolicy) []Diagnostic {
	if doc == nil || policy == SignaturesOff {
		return nil
	}
	r := newReport(doc, nil)
	if len(results) == 0 {
		if policy == SignaturesRequire {
			r.emit(ruleSignatureMissing, "/signatures", "the card has no signatures, and a signed card is required", "sign it: oncard sign CARD --key KEY")
		}
		return r.sorted()
	}
	anyVerified := false
	for _, res := range results {
		anyVerified = anyVerified || res.Status == cardsig.Verified
	}
	// Under require, a signature without a key is an error only when
	// nothing verified: a card may carry signatures of several parties.
	missingKey := Warning
	unverified := Info
	if policy == SignaturesRequire && !anyVerified {
		missingKey, unverified = Error, Error
	}
	for _, res := range results {
		label, reason := signatureLabel(res), model.SafeText(res.Reason)
		msg := label + ": " + reason
		switch res.Status {
		case cardsig.Verified:
		case cardsig.Unverified:
			hint := "give the signer's public keys: --jwks FILE|URL (a JWK set)"
			if res.JKUNotAccepted {
				hint += ", or accept the host of its jku (--schema-host HOST, or schema_hosts in the config file) so that its key set is fetched"
			}
			r.emitAs(ruleSignatureUnverified, unverified, res.Pointer, label+" not checked: "+reason, hint)
		case cardsig.UnknownKey:
			r.emitAs(ruleSignatureUnknownKey, missingKey, res.Pointer, msg,
				"the key set must hold the signer's public key under the signature's kid")
		case cardsig.AlgNotAllowed:
			r.emit(ruleSignatureAlgNotAllowed, res.Pointer, msg, "sign with an asymmetric algorithm: ES256, ES384, EdDSA, RS256 or PS256")
		case cardsig.BadJWS:
			r.emit(ruleSignatureBadJWS, res.Pointer, msg, "re-sign the card: oncard sign CARD --key KEY")
		case cardsig.PayloadMismatch:
			r.emit(ruleSignaturePayloadMismatch, res.Pointer, msg, "re-sign the card after its last change, or check that the key set is the signer's")
		default:
			r.emit(ruleSignatureBadJWS, res.Pointer, msg+" (unknown status "+string(res.Status)+")", "")
		}
	}
	return r.sorted()
}

// signatureLabel names a signature in messages: `signature 0 (kid "k1", ES256)`.
func signatureLabel(res cardsig.Result) string {
	s := "signature " + strconv.Itoa(res.Index)
	switch {
	case res.KeyID != "" && res.Algorithm != "":
		s += " (kid " + quoted(res.KeyID) + ", " + model.SafeText(res.Algorithm) + ")"
	case res.KeyID != "":
		s += " (kid " + quoted(res.KeyID) + ")"
	case res.Algorithm != "":
		s += " (" + model.SafeText(res.Algorithm) + ", no kid)"
	}
	return s
}

// WithSignatures returns diags with the findings of Signatures added, in
// position order: for callers that validated the card already.
func WithSignatures(ctx context.Context, doc *model.Doc, diags []Diagnostic, policy SignaturePolicy, opts cardsig.Options) []Diagnostic {
	add := Signatures(ctx, doc, policy, opts)
	if len(add) == 0 {
		return diags
	}
	return sorted(append(append([]Diagnostic(nil), diags...), add...))
}
