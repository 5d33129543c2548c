package cardsig

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"

	jose "github.com/go-jose/go-jose/v4"

	"github.com/oncard/oncard/model"
)

// SignOptions say how to sign.
type SignOptions struct {
	// KeyID is the signature's kid; "" uses the key file's kid, else the
	// key's RFC 7638 thumbprint.
	KeyID string
	// JKU, when set, is the https URL of the JWK set that holds the public
	// key (the protected header's jku), for verifiers to fetch.
	JKU string
	// Algorithm is the JWS algorithm; "" uses the key's default (ES256,
	// ES384, ES512, EdDSA, RS256). RSA keys may ask for PS256 and the
	// other RS/PS algorithms.
	Algorithm string
}

// Signed says what Sign did.
type Signed struct {
	Index     int    // the signature's index in /signatures
	Replaced  bool   // it replaced a signature with the same kid
	KeyID     string // the kid written
	Algorithm string // the alg written
}

// Sign signs the card in doc with key and writes the signature into doc:
// it replaces the signature that has the same kid, or appends one (creating
// `signatures` where the card has none). It changes doc only through its
// edit methods, so the rest of the file keeps its bytes. The other
// signatures are kept as they are: they cover the same payload, which does
// not include `signatures`.
func Sign(doc *model.Doc, key *SigningKey, opts SignOptions) (Signed, error) {
	if doc == nil || doc.Root() == nil || doc.Root().Kind != model.Object {
		return Signed{}, fmt.Errorf("the card is not a JSON object")
	}
	if sigs := doc.Root().Get("signatures"); sigs != nil && sigs.Kind != model.Array {
		return Signed{}, fmt.Errorf("the card's signatures member is a %s, not an array; fix or remove it first", sigs.Kind)
	}
	alg := opts.Algorithm
	if alg == "" {
		alg = key.DefaultAlgorithm()
	}
	if !allowedAlgorithm(alg) {
		return Signed{}, fmt.Errorf("algorithm %q is not one oncard signs with (%s)", alg, strings.Join(Algorithms, ", "))
	}
	if err := fits(key.Public(), alg); err != nil {
		return Signed{}, err
	}
	if opts.JKU != "" {
		if err := CheckJKU(opts.JKU); err != nil {
			return Signed{}, err
		}
	}
	kid := opts.KeyID
	if kid == "" {
		kid = key.KeyID
	}
	if kid == "" {
		kid = key.Thumbprint()
	}

	// The §8.4.1 form: what the specification signs. On a card without
	// default-valued members (DroppedMembers deleted) every reading
	// computes the same bytes.
	payload, err := Payload(doc, Normalised)
	if err != nil {
		return Signed{}, err
	}
	entry, err := signPayload(payload, key, alg, kid, opts.JKU)
	if err != nil {
		return Signed{}, err
	}
	model.NewCard(doc) // the spec's member order, for a new `signatures`

	done := Signed{Index: -1, KeyID: kid, Algorithm: alg}
	sigs := doc.Root().Get("signatures")
	for i, it := range sigs.All() {
		if h, err := readHeaders(it); err == nil && h.kid == kid {
			done.Index, done.Replaced = i, true
			break
		}
	}
	switch {
	case sigs == nil:
		done.Index = 0
		err = doc.Set("/signatures", mustJSON([]signatureEntry{entry}))
	case done.Replaced:
		err = doc.Set(fmt.Sprintf("/signatures/%d", done.Index), mustJSON(entry))
	default:
		done.Index = sigs.Len()
		err = doc.Set("/signatures/-", mustJSON(entry))
	}
	if err != nil {
		return Signed{}, err
	}
	return done, nil
}

// signatureEntry is an AgentCardSignature as oncard writes it.
type signatureEntry struct {
	Protected string `json:"protected"`
	Signature string `json:"signature"`
}

// signPayload makes the detached JWS of payload. The protected header is
// {"alg", "jku"?, "kid", "typ": "JOSE"}, as in the A2A specification's
// example.
func signPayload(payload []byte, key *SigningKey, alg, kid, jku string) (signatureEntry, error) {
	opts := (&jose.SignerOptions{}).WithType("JOSE").WithHeader("kid", kid)
	if jku != "" {
		opts = opts.WithHeader("jku", jku)
	}
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.SignatureAlgorithm(alg), Key: key.signer}, opts)
	if err != nil {
		return signatureEntry{}, fmt.Errorf("cannot sign with %s: %s", describeKey(key.Public()), joseReason(err))
	}
	obj, err := signer.Sign(payload)
	if err != nil {
		return signatureEntry{}, fmt.Errorf("signing failed: %s", joseReason(err))
	}
	compact, err := obj.DetachedCompactSerialize()
	if err != nil {
		return signatureEntry{}, fmt.Errorf("signing failed: %s", joseReason(err))
	}
	protected, sig, ok := strings.Cut(compact, "..")
	if !ok {
		return signatureEntry{}, fmt.Errorf("signing failed: unexpected JWS form")
	}
	return signatureEntry{Protected: protected, Signature: sig}, nil
}

// CheckJKU accepts an absolute https URL without credentials or fragment:
// what a jku may name (RFC 7515 §4.1.2 requires TLS for fetching it).
func CheckJKU(jku string) error {
	u, err := url.Parse(jku)
	if err != nil {
		return fmt.Errorf("jku %q is not a URL: %w", jku, err)
	}
	switch {
	case u.Scheme != "https":
		return fmt.Errorf("jku %q is not an https URL", jku)
	case u.Host == "":
		return fmt.Errorf("jku %q has no host", jku)
	case u.User != nil:
		return fmt.Errorf("jku %q carries credentials", jku)
	case u.Fragment != "":
		return fmt.Errorf("jku %q has a fragment", jku)
	}
	return nil
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // plain strings only
	}
	return b
}

// b64 decodes base64url without padding, the only form JWS uses.
func b64(s string) ([]byte, error) { return base64.RawURLEncoding.Strict().DecodeString(s) }
