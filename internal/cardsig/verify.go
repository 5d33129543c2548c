package cardsig

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	jose "github.com/go-jose/go-jose/v4"

	"github.com/oncard/oncard/internal/jsonwords"
	"github.com/oncard/oncard/model"
)

// Status is the verdict on one signature.
type Status string

const (
	// Verified: a key of the key set verifies the signature over the
	// card's canonical form.
	Verified Status = "verified"
	// Unverified: no key to check it with (no key set given, and no jku
	// that could be fetched).
	Unverified Status = "unverified"
	// UnknownKey: the key set has no key that fits the signature's kid
	// and algorithm.
	UnknownKey Status = "unknown-key"
	// AlgNotAllowed: the algorithm is not one of Algorithms ("none",
	// HMAC, unknown).
	AlgNotAllowed Status = "alg-not-allowed"
	// BadJWS: the signature object or its header is malformed.
	BadJWS Status = "bad-jws"
	// PayloadMismatch: the signature does not verify over the card's
	// canonical form (the card changed after signing, or another key made
	// it), or the card has no canonical form.
	PayloadMismatch Status = "payload-mismatch"
)

// Result is what Verify found for one signature.
type Result struct {
	Index     int    // index in /signatures
	Pointer   string // "/signatures/<index>", or a member of it the finding is about
	KeyID     string // the kid of the header ("" when none)
	Algorithm string // the alg of the protected header ("" when unreadable)
	JKU       string // the jku of the protected header ("" when none)
	Status    Status
	// Reason says why, for people; "" for Verified.
	Reason string
	// KeySource is where the keys tried came from, for messages: the
	// caller's Options.KeysFrom ("key set" when it says nothing), or "key
	// set of its jku URL"; "" when no key was tried.
	KeySource string
	// JKUNotAccepted: Unverified because Fetch refused the jku's origin
	// (ErrJKUNotAccepted); accepting the host would have it fetched.
	JKUNotAccepted bool
	// Readings is, for a signature checked with a key (Verified or
	// PayloadMismatch), the verdict under each reading, in the order of
	// Readings. Verified means valid under at least one.
	Readings []ReadingVerdict
}

// ReadingVerdict is a signature's verdict under one reading.
type ReadingVerdict struct {
	Reading Reading
	Valid   bool
	// Reason says why not, for people; "" when Valid.
	Reason string
}

// OtherPayload is the reason of a reading whose payload the signature does
// not cover.
const OtherPayload = "the signature covers another payload"

// ValidUnder lists the readings the signature verifies under.
func (r Result) ValidUnder() []Reading { return r.readings(true) }

// RejectedUnder lists the readings the signature fails under.
func (r Result) RejectedUnder() []Reading { return r.readings(false) }

func (r Result) readings(valid bool) []Reading {
	var out []Reading
	for _, v := range r.Readings {
		if v.Valid == valid {
			out = append(out, v.Reading)
		}
	}
	return out
}

// ErrJKUNotAccepted is what a Fetch function returns for a jku whose origin
// it does not accept; the signature is then Unverified, saying so.
var ErrJKUNotAccepted = errors.New("the jku's origin is not an accepted host")

// Options are the keys Verify may use.
type Options struct {
	// Keys, when set, are the keys signatures are checked with; jku is
	// then not followed.
	Keys *KeySet
	// KeysFrom says where Keys came from, for every finding: "key set of
	// --jwks keys.json", "signing key (--sign-key)"; "" says "key set".
	KeysFrom string
	// Fetch, when set and Keys is nil, returns the JWK set a signature's
	// jku names (an https URL, checked by CheckJKU before the call). It
	// decides which origins it accepts, returning ErrJKUNotAccepted for
	// the others. Each URL is fetched once per Verify.
	Fetch func(ctx context.Context, jku string) ([]byte, error)
}

// Verify checks every signature of the card in doc and returns one Result
// per signature, in order; nil when the card has no `signatures` array.
func Verify(ctx context.Context, doc *model.Doc, opts Options) []Result {
	if doc == nil || doc.Root() == nil {
		return nil
	}
	sigs := doc.Root().Get("signatures")
	if sigs == nil || sigs.Kind != model.Array {
		return nil
	}
	payloads, payloadErrs := Payloads(doc)
	v := &verifier{ctx: ctx, opts: opts, payloads: payloads, payloadErrs: payloadErrs, fetched: map[string]fetchedSet{}}
	out := make([]Result, sigs.Len())
	for i, it := range sigs.All() {
		out[i] = v.one(i, it)
	}
	return out
}

type verifier struct {
	ctx         context.Context
	opts        Options
	payloads    map[Reading][]byte
	payloadErrs map[Reading]error     // the readings without a payload, and why
	fetched     map[string]fetchedSet // by jku
}

type fetchedSet struct {
	keys *KeySet
	err  error
}

func (v *verifier) one(i int, it *model.Node) Result {
	ptr := "/signatures/" + strconv.Itoa(i)
	r := Result{Index: i, Pointer: ptr}
	h, err := readHeaders(it)
	if err != nil {
		var he *headerError
		if errors.As(err, &he) && he.member != "" {
			r.Pointer = ptr + "/" + he.member
		}
		r.Status, r.Reason = BadJWS, err.Error()
		return r
	}
	r.KeyID, r.Algorithm, r.JKU = h.kid, h.alg, h.jku
	if !allowedAlgorithm(h.alg) {
		r.Pointer = ptr + "/protected"
		r.Status, r.Reason = AlgNotAllowed, algRefusal(h.alg)
		return r
	}
	if want, ok := signatureSizes[h.alg]; ok && h.sigLen != want {
		r.Pointer = ptr + "/signature"
		r.Status = BadJWS
		r.Reason = fmt.Sprintf("an %s signature is %d bytes, this one is %d", h.alg, want, h.sigLen)
		if h.alg != "EdDSA" {
			r.Reason += " (JWS writes R and S, RFC 7518 §3.4, not an ASN.1 DER signature)"
		}
		return r
	}
	if len(v.payloads) == 0 {
		r.Status, r.Reason = PayloadMismatch, "the card has no canonical form to verify: "+v.payloadErrs[Literal].Error()
		return r
	}
	var anyPayload []byte
	for _, p := range v.payloads {
		anyPayload = p
		break
	}
	jws, err := jose.ParseDetached(h.protected+".."+h.signature, anyPayload, joseAlgorithms())
	if err != nil {
		r.Status, r.Reason = BadJWS, "the JWS does not parse: "+joseReason(err)
		return r
	}

	keys, source, why := v.keysFor(h)
	if keys == nil {
		r.Status, r.Reason = Unverified, why
		r.JKUNotAccepted = errors.Is(v.fetched[h.jku].err, ErrJKUNotAccepted)
		return r
	}
	r.KeySource = source
	cands := keys.candidates(h.kid)
	if len(cands) == 0 {
		r.Status, r.Reason = UnknownKey, "the "+source+" has no key with kid "+strconv.Quote(h.kid)
		if k, ok := keys.expiredFor(h.kid); ok {
			r.Reason = "the key with kid " + strconv.Quote(k.kid) + " in the " + source + " expired on " + k.exp.UTC().Format(time.RFC3339) + " (its exp); an expired key is not used"
		}
		return r
	}
	var fitting []jose.JSONWebKey
	var misfit error
	for _, k := range cands {
		switch err := fits(k.Key, h.alg); {
		case err != nil:
			misfit = err
		case k.Algorithm != "" && k.Algorithm != h.alg:
			misfit = fmt.Errorf("the key is for %s, the signature is %s", k.Algorithm, h.alg)
		default:
			fitting = append(fitting, k)
		}
	}
	if len(fitting) == 0 {
		r.Status, r.Reason = UnknownKey, "no key of the "+source+" fits: "+misfit.Error()
		return r
	}
	// The key that verifies under the most readings decides.
	for _, k := range fitting {
		verdicts, n := v.underReadings(jws, k, h)
		if n > 0 && n > len(r.ValidUnder()) {
			r.Readings = verdicts
		}
	}
	if len(r.ValidUnder()) > 0 {
		r.Status = Verified
		return r
	}
	r.Readings, _ = v.underReadings(jws, fitting[0], h)
	which := "the key"
	if len(fitting) > 1 {
		which = strconv.Itoa(len(fitting)) + " keys"
	}
	if h.kid != "" {
		which += " with kid " + strconv.Quote(h.kid)
	}
	which += " of the " + source
	r.Status = PayloadMismatch
	r.Reason = "the signature does not match the card's canonical form under any reading (" + readingNames(Readings) + ") with " + which +
		": the card changed after it was signed, or another key signed it"
	return r
}

// underReadings checks the signature with key k over each reading's
// payload; it returns the verdicts and how many are valid.
func (v *verifier) underReadings(jws *jose.JSONWebSignature, k jose.JSONWebKey, h headers) ([]ReadingVerdict, int) {
	out := make([]ReadingVerdict, len(Readings))
	n := 0
	// Readings that agree share one payload: it is verified once.
	checked := map[string]bool{}
	covers := func(p []byte) bool {
		ok, seen := checked[string(p)]
		if !seen {
			ok = jws.DetachedVerify(p, k.Key) == nil
			checked[string(p)] = ok
		}
		return ok
	}
	for i, rd := range Readings {
		out[i].Reading = rd
		p, ok := v.payloads[rd]
		switch {
		case !ok:
			out[i].Reason = "no payload under this reading: " + v.payloadErrs[rd].Error()
		case !covers(p):
			out[i].Reason = OtherPayload
		case rd == JSSDK && (!h.protectedKid || !h.typ):
			// verifyAgentCardSignature reads kid, typ and alg from the
			// protected header alone and refuses the signature without them.
			out[i].Reason = "the JS SDK wants kid, typ and alg in the protected header"
		default:
			out[i].Valid = true
			n++
		}
	}
	return out, n
}

// readingNames joins readings for messages: "literal, a2a-8.4.1".
func readingNames(rs []Reading) string {
	names := make([]string, len(rs))
	for i, r := range rs {
		names[i] = string(r)
	}
	return strings.Join(names, ", ")
}

// keysFor returns the keys to check a signature with and where they came
// from, or nil and why there are none.
func (v *verifier) keysFor(h headers) (*KeySet, string, string) {
	if v.opts.Keys != nil {
		return v.opts.Keys, cmp.Or(v.opts.KeysFrom, "key set"), ""
	}
	if h.jku == "" {
		return nil, "", "no key to check it with: give the signer's public keys (a JWK set)"
	}
	if v.opts.Fetch == nil {
		return nil, "", "no key to check it with: give the signer's public keys (a JWK set); its jku " + h.jku + " is not fetched"
	}
	if err := CheckJKU(h.jku); err != nil {
		return nil, "", "its " + err.Error() + "; no other key to check it with"
	}
	f, ok := v.fetched[h.jku]
	if !ok {
		data, err := v.opts.Fetch(v.ctx, h.jku)
		if err == nil {
			f.keys, err = ParseJWKSet(data)
		}
		f.err = err
		v.fetched[h.jku] = f
	}
	switch {
	case errors.Is(f.err, ErrJKUNotAccepted):
		// The Fetch function's error says which host and how to accept it.
		return nil, "", "its jku " + h.jku + " was not fetched: " + f.err.Error() + "; or give the signer's public keys"
	case f.err != nil:
		return nil, "", "the key set of its jku " + h.jku + " could not be read: " + f.err.Error()
	}
	return f.keys, "key set of its jku " + h.jku, ""
}

// signatureSizes are the fixed signature lengths of the EC and Ed25519
// algorithms (RSA's follow the key).
var signatureSizes = map[string]int{"ES256": 64, "ES384": 96, "ES512": 132, "EdDSA": 64}

// algRefusal says why alg is not accepted.
func algRefusal(alg string) string {
	switch {
	case strings.EqualFold(alg, "none"):
		return `alg "none" is an unsigned JWS: it proves nothing`
	case strings.HasPrefix(alg, "HS"):
		return "alg " + strconv.Quote(alg) + " is an HMAC: a shared secret proves nothing to others about who signed"
	}
	return "alg " + strconv.Quote(alg) + " is not one oncard accepts (" + strings.Join(Algorithms, ", ") + ")"
}

// headers is what a signature object says.
type headers struct {
	protected, signature string // as written (base64url)
	sigLen               int    // bytes of the decoded signature
	alg, kid, jku        string
	protectedKid, typ    bool // the protected header has a kid, a typ
}

// headerError is a malformed signature object; member names the member at
// fault ("protected", "signature", "header"), "" for the object.
type headerError struct {
	member string
	msg    string
}

func (e *headerError) Error() string { return e.msg }

func badMember(member, format string, a ...any) error {
	return &headerError{member: member, msg: fmt.Sprintf(format, a...)}
}

// readHeaders reads an AgentCardSignature: protected (a base64url JSON
// object with alg), signature (base64url), header (an object whose names
// the protected header does not repeat, RFC 7515 §7.2.1).
func readHeaders(it *model.Node) (headers, error) {
	var h headers
	if it == nil || it.Kind != model.Object {
		return h, badMember("", "the signature is not an object")
	}
	for _, m := range it.Members() {
		switch m.Key() {
		case "protected", "signature", "header":
		default:
			return h, badMember(m.Key(), "%q is not a member of a card signature (protected, signature, header)", m.Key())
		}
	}
	var ok bool
	if h.protected, ok = it.Get("protected").Str(); !ok || h.protected == "" {
		return h, badMember("protected", "protected (the base64url JWS protected header) is missing or not a string")
	}
	if h.signature, ok = it.Get("signature").Str(); !ok || h.signature == "" {
		return h, badMember("signature", "signature (the base64url signature) is missing or not a string")
	}
	sig, err := b64(h.signature)
	if err != nil {
		return h, badMember("signature", "signature is not base64url without padding")
	}
	h.sigLen = len(sig)
	raw, err := b64(h.protected)
	if err != nil {
		return h, badMember("protected", "protected is not base64url without padding")
	}
	prot, err := headerObject(raw)
	if err != nil {
		return h, badMember("protected", "the protected header is not a JSON object: %v", err)
	}
	var unprot map[string]json.RawMessage
	if hn := it.Get("header"); hn != nil {
		if hn.Kind != model.Object {
			return h, badMember("header", "header (the unprotected JWS header) is not an object")
		}
		unprot = map[string]json.RawMessage{}
		for _, m := range hn.Members() {
			unprot[m.Key()] = nil
		}
		for name := range unprot {
			if _, dup := prot[name]; dup {
				return h, badMember("header", "%q is both in the protected and the unprotected header", name)
			}
		}
		for _, name := range []string{"alg", "crit", "jku"} {
			if _, there := unprot[name]; there {
				return h, badMember("header", "%q must be in the protected header, where the signature covers it", name)
			}
		}
		if kid, ok := hn.Get("kid").Str(); ok {
			h.kid = kid
		} else if hn.Get("kid") != nil {
			return h, badMember("header", "kid is not a string")
		}
	}
	if h.alg, err = headerString(prot, "alg"); err != nil {
		return h, err
	}
	if h.alg == "" {
		return h, badMember("protected", "the protected header has no alg")
	}
	if kid, err := headerString(prot, "kid"); err != nil {
		return h, err
	} else if kid != "" {
		h.kid, h.protectedKid = kid, true
	}
	typ, err := headerString(prot, "typ")
	if err != nil {
		return h, err
	}
	h.typ = typ != ""
	if h.jku, err = headerString(prot, "jku"); err != nil {
		return h, err
	}
	if raw, ok := prot["crit"]; ok {
		// Only "b64" (RFC 7797), which go-jose implements, may be critical.
		var crit []string
		if err := json.Unmarshal(raw, &crit); err != nil || len(crit) == 0 {
			return h, badMember("protected", "crit is not a non-empty list of names")
		}
		for _, name := range crit {
			if name != "b64" {
				return h, badMember("protected", "critical header parameter %q is not one oncard understands", name)
			}
		}
	}
	return h, nil
}

// headerObject decodes a JSON object, refusing duplicate names (which
// different JOSE libraries would read differently).
func headerObject(raw []byte) (map[string]json.RawMessage, error) {
	doc, err := model.Parse(raw)
	if err != nil {
		return nil, errors.New(model.SafeText(err.Error()))
	}
	if doc.Root().Kind != model.Object {
		return nil, fmt.Errorf("it is a %s", doc.Root().Kind)
	}
	out := map[string]json.RawMessage{}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if err := dec.Decode(&out); err != nil {
		return nil, errors.New(jsonwords.Explain(raw, err))
	}
	return out, nil
}

// headerString reads a string header parameter; "" when absent.
func headerString(h map[string]json.RawMessage, name string) (string, error) {
	raw, ok := h[name]
	if !ok {
		return "", nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", badMember("protected", "the protected header's %s is not a string", name)
	}
	return s, nil
}
