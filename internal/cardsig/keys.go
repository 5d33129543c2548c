package cardsig

import (
	"bytes"
	"crypto"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	jose "github.com/go-jose/go-jose/v4"

	"github.com/oncard/oncard/internal/jsonwords"
)

// Algorithms are the JWS algorithms oncard signs with and accepts: the
// asymmetric ones for EC, Ed25519 and RSA keys. "none" (no signature at
// all) and the HMAC algorithms (a shared secret proves nothing to anyone
// else about who published the card) are never accepted.
var Algorithms = []string{"ES256", "ES384", "ES512", "EdDSA", "RS256", "RS384", "RS512", "PS256", "PS384", "PS512"}

// minRSABits is the smallest RSA key oncard signs with.
const minRSABits = 2048

// allowedAlgorithm reports whether alg is one of Algorithms.
func allowedAlgorithm(alg string) bool { return slices.Contains(Algorithms, alg) }

// joseAlgorithms is Algorithms for go-jose.
func joseAlgorithms() []jose.SignatureAlgorithm {
	out := make([]jose.SignatureAlgorithm, len(Algorithms))
	for i, a := range Algorithms {
		out[i] = jose.SignatureAlgorithm(a)
	}
	return out
}

// fits says why the public key pub cannot check or make signatures of alg,
// or nil when it can.
func fits(pub crypto.PublicKey, alg string) error {
	switch k := pub.(type) {
	case *ecdsa.PublicKey:
		want := map[string]elliptic.Curve{"ES256": elliptic.P256(), "ES384": elliptic.P384(), "ES512": elliptic.P521()}[alg]
		if want != nil && k.Curve == want {
			return nil
		}
	case ed25519.PublicKey:
		if alg == "EdDSA" {
			return nil
		}
	case *rsa.PublicKey:
		if strings.HasPrefix(alg, "RS") || strings.HasPrefix(alg, "PS") {
			return nil
		}
	default:
		return fmt.Errorf("%s is not a key oncard uses", describeKey(pub))
	}
	return fmt.Errorf("%s is for %s, not %s", alg, algorithmNeeds(alg), describeKey(pub))
}

// algorithmNeeds names the key an algorithm needs.
func algorithmNeeds(alg string) string {
	switch alg {
	case "ES256":
		return "an EC P-256 key"
	case "ES384":
		return "an EC P-384 key"
	case "ES512":
		return "an EC P-521 key"
	case "EdDSA":
		return "an Ed25519 key"
	}
	return "an RSA key"
}

// describeKey names a key's type for messages: "an EC P-256 key". Keys
// oncard does not use are named by their kind too, never by their Go type
// ("*ecdh.PrivateKey" means nothing to whoever made the key).
func describeKey(key any) string {
	switch k := key.(type) {
	case *ecdsa.PublicKey:
		return "an EC " + k.Curve.Params().Name + " key"
	case *ecdsa.PrivateKey:
		return describeKey(&k.PublicKey)
	case ed25519.PublicKey, ed25519.PrivateKey:
		return "an Ed25519 key"
	case *rsa.PublicKey:
		return fmt.Sprintf("an RSA key of %d bits", k.N.BitLen())
	case *rsa.PrivateKey:
		return describeKey(&k.PublicKey)
	case *ecdh.PublicKey:
		return describeECDH(k.Curve())
	case *ecdh.PrivateKey:
		return describeECDH(k.Curve())
	case []byte: // a JWK of kty "oct"
		return "a symmetric (shared secret) key"
	}
	return "a key of a type oncard does not know"
}

// describeECDH names a key-agreement key (X25519 is the one x509 yields).
func describeECDH(c ecdh.Curve) string {
	if c == ecdh.X25519() {
		return "an X25519 key"
	}
	return "a key-agreement (ECDH) key"
}

// defaultAlgorithm is the algorithm a key signs with unless told otherwise.
func defaultAlgorithm(pub crypto.PublicKey) string {
	switch k := pub.(type) {
	case *ecdsa.PublicKey:
		switch k.Curve {
		case elliptic.P256():
			return "ES256"
		case elliptic.P384():
			return "ES384"
		case elliptic.P521():
			return "ES512"
		}
	case ed25519.PublicKey:
		return "EdDSA"
	case *rsa.PublicKey:
		return "RS256"
	}
	return ""
}

// SigningKey is a private key to sign cards with.
type SigningKey struct {
	signer crypto.Signer // *ecdsa.PrivateKey, ed25519.PrivateKey or *rsa.PrivateKey
	// KeyID is the kid the key file gave (a JWK's "kid"); "" for PEM.
	KeyID string
}

// Public returns the key's public half.
func (k *SigningKey) Public() crypto.PublicKey { return k.signer.Public() }

// DefaultAlgorithm is the algorithm Sign uses when none is asked for:
// ES256, ES384 or ES512 by curve, EdDSA for Ed25519, RS256 for RSA.
func (k *SigningKey) DefaultAlgorithm() string { return defaultAlgorithm(k.Public()) }

// Thumbprint is the RFC 7638 JWK thumbprint of the public key (SHA-256,
// base64url): the kid oncard gives a signature when none is named, the same
// for the same key however its file is written.
func (k *SigningKey) Thumbprint() string {
	jwk := jose.JSONWebKey{Key: k.Public()}
	sum, err := jwk.Thumbprint(crypto.SHA256)
	if err != nil {
		// Only key types jose cannot describe fail, and parseSigningKey
		// admits none of them.
		panic("cardsig: thumbprint of a " + describeKey(k.Public()) + ": " + err.Error())
	}
	return base64.RawURLEncoding.EncodeToString(sum)
}

// PublicJWK is the public key as a JWK with kid and alg, to publish in the
// key set verifiers use.
func (k *SigningKey) PublicJWK(kid, alg string) jose.JSONWebKey {
	return jose.JSONWebKey{Key: k.Public(), KeyID: kid, Algorithm: alg, Use: "sig"}
}

// PublicKeySet is a key set of the key's public half under kid and alg: for
// checking a signature just made, and to publish for verifiers
// (MarshalJSON).
func (k *SigningKey) PublicKeySet(kid, alg string) *KeySet {
	return &KeySet{keys: []jose.JSONWebKey{k.PublicJWK(kid, alg)}}
}

// MarshalJSON writes the set as a JWK set (RFC 7517 §5) of public keys.
func (s *KeySet) MarshalJSON() ([]byte, error) {
	return json.Marshal(jose.JSONWebKeySet{Keys: s.keys})
}

// ParseSigningKey reads a private key from PEM or JWK bytes (see
// ReadSigningKey).
func ParseSigningKey(data []byte) (*SigningKey, error) {
	if looksLikeJSON(data) {
		return parseSigningJWK(data)
	}
	return parseSigningPEM(data)
}

func parseSigningPEM(data []byte) (*SigningKey, error) {
	rest := data
	sawPublic := false
	for {
		var block *pem.Block
		block, rest = pem.Decode(rest)
		if block == nil {
			break
		}
		if block.Type == "ENCRYPTED PRIVATE KEY" {
			return nil, errors.New("the private key is encrypted; oncard reads unencrypted keys (decrypt a copy, e.g. openssl pkey -in KEY -out PLAIN)")
		}
		key, private, known, err := pemKey(block)
		switch {
		case known && !private:
			sawPublic = true
			continue
		case !known:
			continue // e.g. "EC PARAMETERS" before the key
		}
		if err != nil {
			return nil, fmt.Errorf("the %s block does not parse: %w", block.Type, err)
		}
		return newSigningKey(key, "")
	}
	if sawPublic {
		return nil, errors.New("the file holds a public key or certificate; signing needs the private key")
	}
	return nil, errors.New("no private key found: want a PEM private key (BEGIN PRIVATE KEY, EC PRIVATE KEY or RSA PRIVATE KEY) or a JWK")
}

func parseSigningJWK(data []byte) (*SigningKey, error) {
	var set struct {
		Keys []json.RawMessage `json:"keys"`
	}
	if err := json.Unmarshal(data, &set); err != nil {
		return nil, fmt.Errorf("not a JWK: %s", jsonwords.Explain(data, err))
	}
	if set.Keys != nil {
		var found *SigningKey
		for i, raw := range set.Keys {
			var jwk jose.JSONWebKey
			if err := jwk.UnmarshalJSON(raw); err != nil || jwk.IsPublic() {
				continue
			}
			if found != nil {
				return nil, fmt.Errorf("the key set holds more than one private key (keys %d and more); give a file with the one to sign with", i)
			}
			k, err := newSigningKey(jwk.Key, jwk.KeyID)
			if err != nil {
				return nil, fmt.Errorf("key %d: %w", i, err)
			}
			found = k
		}
		if found == nil {
			return nil, errors.New("the key set holds no private key")
		}
		return found, nil
	}
	var jwk jose.JSONWebKey
	if err := jwk.UnmarshalJSON(data); err != nil {
		return nil, fmt.Errorf("not a usable JWK: %s", joseReason(err))
	}
	if jwk.IsPublic() {
		return nil, errors.New("the JWK is a public key; signing needs the private key (with \"d\")")
	}
	return newSigningKey(jwk.Key, jwk.KeyID)
}

// newSigningKey admits the key types and sizes oncard signs with.
func newSigningKey(key any, kid string) (*SigningKey, error) {
	switch k := key.(type) {
	case *ecdsa.PrivateKey:
		if defaultAlgorithm(&k.PublicKey) == "" {
			return nil, fmt.Errorf("EC curve %s is not one JWS signs with (P-256, P-384, P-521)", k.Curve.Params().Name)
		}
		return &SigningKey{signer: k, KeyID: kid}, nil
	case ed25519.PrivateKey:
		return &SigningKey{signer: k, KeyID: kid}, nil
	case *rsa.PrivateKey:
		if k.N.BitLen() < minRSABits {
			return nil, fmt.Errorf("the RSA key has %d bits; oncard signs with %d or more", k.N.BitLen(), minRSABits)
		}
		return &SigningKey{signer: k, KeyID: kid}, nil
	}
	return nil, fmt.Errorf("%s is not a key oncard signs with (EC P-256/P-384/P-521, Ed25519, RSA)", describeKey(key))
}

// KeySet is the public keys signatures are checked with.
type KeySet struct {
	keys []jose.JSONWebKey // public keys only
	// expired are the keys of a JWK set whose "exp" (seconds since the
	// epoch) is past: never used, but named when a signature wants one.
	expired []expiredKey
}

type expiredKey struct {
	kid string
	exp time.Time
}

// now is the clock key expiry is judged by (tests set it).
var now = time.Now

// expiredFor returns the expired key a signature with kid would have used.
func (s *KeySet) expiredFor(kid string) (expiredKey, bool) {
	if s == nil {
		return expiredKey{}, false
	}
	for _, k := range s.expired {
		if kid == "" || k.kid == "" || k.kid == kid {
			return k, true
		}
	}
	return expiredKey{}, false
}

// MergeKeySets is one key set holding the keys of all of sets.
func MergeKeySets(sets ...*KeySet) *KeySet {
	out := &KeySet{}
	for _, s := range sets {
		if s != nil {
			out.keys = append(out.keys, s.keys...)
			out.expired = append(out.expired, s.expired...)
		}
	}
	return out
}

// Len is the number of keys.
func (s *KeySet) Len() int {
	if s == nil {
		return 0
	}
	return len(s.keys)
}

// ParseKeySet reads public keys from bytes (see ReadKeySet). Keys of a JWK
// set that oncard cannot use (symmetric keys, encryption keys, unknown
// types) are left out; a set with no usable key is an error. PEM keys have
// no kid: they are tried for any signature whose algorithm fits them.
func ParseKeySet(data []byte) (*KeySet, error) {
	if looksLikeJSON(data) {
		return parseJWKSet(data)
	}
	return parsePEMKeySet(data)
}

// ParseJWKSet reads a JWK set (RFC 7517 §5) only: the form a jku URL serves.
func ParseJWKSet(data []byte) (*KeySet, error) {
	var probe struct {
		Keys json.RawMessage `json:"keys"`
	}
	if err := json.Unmarshal(data, &probe); err != nil || probe.Keys == nil {
		return nil, errors.New("not a JWK set (a JSON object with \"keys\")")
	}
	return parseJWKSet(data)
}

func parseJWKSet(data []byte) (*KeySet, error) {
	var set struct {
		Keys []json.RawMessage `json:"keys"`
	}
	if err := json.Unmarshal(data, &set); err != nil {
		return nil, fmt.Errorf("not a JWK or JWK set: %s", jsonwords.Explain(data, err))
	}
	raws := set.Keys
	if raws == nil {
		raws = []json.RawMessage{data} // one JWK
	}
	s := &KeySet{}
	var skipped []string
	for i, raw := range raws {
		var jwk jose.JSONWebKey
		if err := jwk.UnmarshalJSON(raw); err != nil {
			skipped = append(skipped, fmt.Sprintf("key %d: %s", i, joseReason(err)))
			continue
		}
		pub, ok := publicKeyOf(jwk.Key)
		if !ok || jwk.Use == "enc" {
			skipped = append(skipped, fmt.Sprintf("key %d: not a signature key oncard uses", i))
			continue
		}
		exp, hasExp, err := jwkExpiry(raw)
		if err != nil {
			skipped = append(skipped, fmt.Sprintf("key %d: %s", i, err))
			continue
		}
		if hasExp && !now().Before(exp) {
			s.expired = append(s.expired, expiredKey{kid: jwk.KeyID, exp: exp})
			skipped = append(skipped, fmt.Sprintf("key %d: expired on %s", i, exp.UTC().Format(time.RFC3339)))
			continue
		}
		jwk.Key = pub
		s.keys = append(s.keys, jwk)
	}
	if len(s.keys) == 0 {
		if len(skipped) > 0 {
			return nil, errors.New("no usable key (" + strings.Join(skipped, "; ") + ")")
		}
		return nil, errors.New("the key set is empty")
	}
	return s, nil
}

// jwkExpiry reads a JWK's "exp" member, which some key sets write (as a
// JWT's exp: seconds since the epoch) to say until when a key may be used.
func jwkExpiry(raw json.RawMessage) (time.Time, bool, error) {
	var probe struct {
		Exp json.RawMessage `json:"exp"`
	}
	if err := json.Unmarshal(raw, &probe); err != nil || probe.Exp == nil {
		return time.Time{}, false, nil
	}
	var secs float64
	if err := json.Unmarshal(probe.Exp, &secs); err != nil {
		return time.Time{}, false, errors.New(`"exp" is not a number of seconds since the epoch`)
	}
	return time.Unix(int64(secs), 0), true, nil
}

// pemKey parses a PEM block holding a key or a certificate: private says
// it is a private key, known that the block is of a kind oncard reads
// (other blocks, such as EC PARAMETERS, are passed over).
func pemKey(block *pem.Block) (key any, private, known bool, err error) {
	switch block.Type {
	case "PRIVATE KEY":
		key, err = x509.ParsePKCS8PrivateKey(block.Bytes)
	case "EC PRIVATE KEY":
		key, err = x509.ParseECPrivateKey(block.Bytes)
	case "RSA PRIVATE KEY":
		key, err = x509.ParsePKCS1PrivateKey(block.Bytes)
	case "PUBLIC KEY":
		key, err = x509.ParsePKIXPublicKey(block.Bytes)
		return key, false, true, err
	case "RSA PUBLIC KEY":
		key, err = x509.ParsePKCS1PublicKey(block.Bytes)
		return key, false, true, err
	case "CERTIFICATE":
		var cert *x509.Certificate
		if cert, err = x509.ParseCertificate(block.Bytes); err == nil {
			key = cert.PublicKey
		}
		return key, false, true, err
	default:
		return nil, false, false, nil
	}
	return key, true, true, err
}

func parsePEMKeySet(data []byte) (*KeySet, error) {
	s := &KeySet{}
	rest := data
	for {
		var block *pem.Block
		block, rest = pem.Decode(rest)
		if block == nil {
			break
		}
		key, _, known, err := pemKey(block)
		if !known {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("the %s block does not parse: %w", block.Type, err)
		}
		pub, ok := publicKeyOf(key)
		if !ok {
			return nil, fmt.Errorf("%s is not a key oncard uses", describeKey(key))
		}
		s.keys = append(s.keys, jose.JSONWebKey{Key: pub})
	}
	if len(s.keys) == 0 {
		return nil, errors.New("no key found: want a JWK set, a JWK, or PEM public keys")
	}
	return s, nil
}

// publicKeyOf returns the public half of an EC, Ed25519 or RSA key.
func publicKeyOf(key any) (crypto.PublicKey, bool) {
	switch k := key.(type) {
	case *ecdsa.PublicKey, ed25519.PublicKey, *rsa.PublicKey:
		return k, true
	case *ecdsa.PrivateKey:
		return &k.PublicKey, true
	case ed25519.PrivateKey:
		return k.Public(), true
	case *rsa.PrivateKey:
		return &k.PublicKey, true
	}
	return nil, false
}

// candidates are the keys that may have made a signature with kid: those
// with that kid, and those without a kid (PEM keys) — their fit and the
// signature itself decide. A signature without a kid may be any key's.
func (s *KeySet) candidates(kid string) []jose.JSONWebKey {
	if s == nil {
		return nil
	}
	var out []jose.JSONWebKey
	for _, k := range s.keys {
		if kid == "" || k.KeyID == "" || k.KeyID == kid {
			out = append(out, k)
		}
	}
	return out
}

func looksLikeJSON(data []byte) bool {
	t := bytes.TrimLeft(data, " \t\r\n\ufeff")
	return len(t) > 0 && t[0] == '{'
}

// joseReason is a go-jose error without the library's prefix.
func joseReason(err error) string {
	return strings.TrimPrefix(err.Error(), "go-jose/go-jose: ")
}
