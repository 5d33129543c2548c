package validate

import (
	"context"
	"slices"
	"strconv"
	"strings"

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
			if rejected := res.RejectedUnder(); len(rejected) > 0 {
				d := r.emitAs(ruleSignatureSomeReadersReject, Warning, res.Pointer, label+" verifies with the "+model.SafeText(res.KeySource)+" "+readingsSummary(res)+"; "+readersOf(rejected)+" will reject it", "re-sign it with oncard sign CARD --key KEY, which first drops the default-valued members that readers treat differently, so that every reader computes the same payload")
				if d != nil {
					d.Readings = verdicts(res)
				}
			}
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
			if d := r.emit(ruleSignaturePayloadMismatch, res.Pointer, msg, "re-sign the card after its last change, or check that the key set is the signer's"); d != nil {
				d.Readings = verdicts(res)
			}
		default:
			r.emit(ruleSignatureBadJWS, res.Pointer, msg+" (unknown status "+string(res.Status)+")", "")
		}
	}
	return r.sorted()
}

// readingsSummary says under which readings a signature verifies, and
// why the others reject it where that is not simply another payload:
// "under literal only, not under a2a-8.4.1, a2a-js".
func readingsSummary(res cardsig.Result) string {
	var valid, invalid, why []string
	for _, v := range res.Readings {
		switch {
		case v.Valid:
			valid = append(valid, string(v.Reading))
		default:
			invalid = append(invalid, string(v.Reading))
			if v.Reason != cardsig.OtherPayload {
				why = append(why, string(v.Reading)+": "+model.SafeText(v.Reason))
			}
		}
	}
	s := "under " + strings.Join(valid, ", ") + " only, not under " + strings.Join(invalid, ", ")
	if len(why) > 0 {
		s += " (" + strings.Join(why, "; ") + ")"
	}
	return s
}

// readersOf names the readers behind readings.
func readersOf(rs []cardsig.Reading) string {
	names := make([]string, len(rs))
	for i, r := range rs {
		names[i] = r.Readers()
	}
	return strings.Join(names, " and ")
}

func verdicts(res cardsig.Result) ReadingVerdicts {
	var out ReadingVerdicts
	for _, v := range res.Readings {
		i := slices.Index(cardsig.Readings, v.Reading)
		if i < 0 {
			continue
		}
		out.Checked |= 1 << i
		if v.Valid {
			out.Valid |= 1 << i
		}
	}
	return out
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
//
// One cause, one finding: a malformed member of a signature that the card
// check reported already (a missing "protected", a "signature" that is not
// a string) is not reported again as signature/bad-jws.
func WithSignatures(ctx context.Context, doc *model.Doc, diags []Diagnostic, policy SignaturePolicy, opts cardsig.Options) []Diagnostic {
	reported := map[string]bool{}
	for _, d := range diags {
		if d.Severity == Error {
			reported[d.Pointer] = true
		}
	}
	var add []Diagnostic
	for _, d := range Signatures(ctx, doc, policy, opts) {
		if d.Code == ruleSignatureBadJWS.Code && reported[d.Pointer] {
			continue
		}
		add = append(add, d)
	}
	if len(add) == 0 {
		return diags
	}
	return sorted(append(append([]Diagnostic(nil), diags...), add...))
}
