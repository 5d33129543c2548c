package cardsig

import (
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"strings"
	"testing"

	jose "github.com/go-jose/go-jose/v4"
)

func pemOf(t *testing.T, typ string, der []byte) []byte {
	t.Helper()
	return pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: der})
}

func pkcs8(t *testing.T, k any) []byte {
	t.Helper()
	der, err := x509.MarshalPKCS8PrivateKey(k)
	if err != nil {
		t.Fatal(err)
	}
	return pemOf(t, "PRIVATE KEY", der)
}

func pkix(t *testing.T, k any) []byte {
	t.Helper()
	der, err := x509.MarshalPKIXPublicKey(k)
	if err != nil {
		t.Fatal(err)
	}
	return pemOf(t, "PUBLIC KEY", der)
}

// TestParseSigningKey reads every form of private key oncard accepts, and
// the key's algorithm follows from its type.
func TestParseSigningKey(t *testing.T) {
	keys := testKeys(t)
	ec := keys["P-256"].(*ecdsa.PrivateKey)
	rk := keys["RSA"].(*rsa.PrivateKey)
	ed := keys["Ed25519"].(ed25519.PrivateKey)
	sec1, err := x509.MarshalECPrivateKey(ec)
	if err != nil {
		t.Fatal(err)
	}
	ecJWK, err := json.Marshal(jose.JSONWebKey{Key: ec, KeyID: "ec-1"})
	if err != nil {
		t.Fatal(err)
	}
	edJWK, err := json.Marshal(jose.JSONWebKey{Key: ed, KeyID: "ed-1"})
	if err != nil {
		t.Fatal(err)
	}
	edPubJWK, _ := json.Marshal(jose.JSONWebKey{Key: ed.Public(), KeyID: "ed-1"})
	cases := []struct {
		name     string
		data     []byte
		alg, kid string
	}{
		{"PKCS #8 EC", pkcs8(t, ec), "ES256", ""},
		{"PKCS #8 P-384", pkcs8(t, keys["P-384"]), "ES384", ""},
		{"SEC 1 EC after EC PARAMETERS", append(pemOf(t, "EC PARAMETERS", []byte{6, 8, 42, 134, 72, 206, 61, 3, 1, 7}), pemOf(t, "EC PRIVATE KEY", sec1)...), "ES256", ""},
		{"PKCS #8 Ed25519", pkcs8(t, ed), "EdDSA", ""},
		{"PKCS #8 RSA", pkcs8(t, rk), "RS256", ""},
		{"PKCS #1 RSA", pemOf(t, "RSA PRIVATE KEY", x509.MarshalPKCS1PrivateKey(rk)), "RS256", ""},
		{"JWK EC", ecJWK, "ES256", "ec-1"},
		{"JWK Ed25519", edJWK, "EdDSA", "ed-1"},
		{"JWK set with one private key", []byte(`{"keys": [` + string(edPubJWK) + `, ` + string(ecJWK) + `]}`), "ES256", "ec-1"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			k, err := ParseSigningKey(tc.data)
			if err != nil {
				t.Fatal(err)
			}
			if k.DefaultAlgorithm() != tc.alg || k.KeyID != tc.kid {
				t.Errorf("alg %s kid %q, want %s %q", k.DefaultAlgorithm(), k.KeyID, tc.alg, tc.kid)
			}
		})
	}

	// The thumbprint does not depend on the file's form.
	a, _ := ParseSigningKey(pkcs8(t, ec))
	b, _ := ParseSigningKey(ecJWK)
	if a.Thumbprint() != b.Thumbprint() || len(a.Thumbprint()) != 43 {
		t.Errorf("thumbprints %s and %s", a.Thumbprint(), b.Thumbprint())
	}
}

func TestParseSigningKeyRefuses(t *testing.T) {
	keys := testKeys(t)
	small, err := rsa.GenerateKey(rand.Reader, 1024)
	if err != nil {
		t.Fatal(err)
	}
	p224, err := ecdsa.GenerateKey(elliptic.P224(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	edPubJWK, _ := json.Marshal(jose.JSONWebKey{Key: keys["Ed25519"].Public()})
	ecJWK, _ := json.Marshal(jose.JSONWebKey{Key: keys["P-256"]})
	edJWK, _ := json.Marshal(jose.JSONWebKey{Key: keys["Ed25519"]})
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"encrypted", pemOf(t, "ENCRYPTED PRIVATE KEY", []byte{1}), "encrypted"},
		{"public key", pkix(t, keys["P-256"].Public()), "public key"},
		{"public JWK", edPubJWK, "public key"},
		{"small RSA", pkcs8(t, small), "1024 bits"},
		{"P-224", pemOf(t, "EC PRIVATE KEY", must(x509.MarshalECPrivateKey(p224))), "P-224"},
		{"nothing", []byte("hello"), "no private key found"},
		{"broken PEM", pemOf(t, "PRIVATE KEY", []byte{1, 2, 3}), "does not parse"},
		{"two private keys in a set", []byte(`{"keys": [` + string(ecJWK) + `, ` + string(edJWK) + `]}`), "more than one private key"},
		{"no private key in a set", []byte(`{"keys": [` + string(edPubJWK) + `]}`), "no private key"},
		{"symmetric JWK", []byte(`{"kty": "oct", "k": "c2VjcmV0"}`), "not a key oncard signs with"},
		{"bad JSON", []byte(`{"kty": `), "not a JWK"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseSigningKey(tc.data)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

// TestParseKeySet reads JWK sets (leaving out keys oncard does not use),
// one JWK, and PEM public keys, certificates' keys and private keys'
// public halves.
func TestParseKeySet(t *testing.T) {
	keys := testKeys(t)
	edPub, _ := json.Marshal(jose.JSONWebKey{Key: keys["Ed25519"].Public(), KeyID: "ed"})
	ecPriv, _ := json.Marshal(jose.JSONWebKey{Key: keys["P-256"], KeyID: "ec"})
	encKey, _ := json.Marshal(jose.JSONWebKey{Key: keys["P-384"].Public(), KeyID: "enc", Use: "enc"})
	cases := []struct {
		name string
		data string
		kids []string
	}{
		{"set", `{"keys": [` + string(edPub) + `, ` + string(ecPriv) + `, {"kty": "oct", "k": "c2VjcmV0"}, ` + string(encKey) + `, {"kty": "XX"}]}`, []string{"ed", "ec"}},
		{"one JWK", string(edPub), []string{"ed"}},
		{"PEM public keys", string(pkix(t, keys["P-256"].Public())) + string(pkix(t, keys["RSA"].Public())), []string{"", ""}},
		{"PEM private key", string(pkcs8(t, keys["Ed25519"])), []string{""}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s, err := ParseKeySet([]byte(tc.data))
			if err != nil {
				t.Fatal(err)
			}
			if s.Len() != len(tc.kids) {
				t.Fatalf("%d keys, want %d", s.Len(), len(tc.kids))
			}
			for i, k := range s.keys {
				if k.KeyID != tc.kids[i] {
					t.Errorf("key %d kid %q, want %q", i, k.KeyID, tc.kids[i])
				}
				if _, ok := publicKeyOf(k.Key); !ok || !(&jose.JSONWebKey{Key: k.Key}).IsPublic() {
					t.Errorf("key %d is a %T, not a public key", i, k.Key)
				}
			}
		})
	}
	for _, bad := range []string{`{"keys": []}`, `{"keys": [{"kty": "oct", "k": "c2VjcmV0"}]}`, `hello`, `{"keys": 1}`} {
		if _, err := ParseKeySet([]byte(bad)); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
	if _, err := ParseJWKSet([]byte(edPub)); err == nil {
		t.Error("ParseJWKSet took a single JWK")
	}
}

// TestPublicKeySetRoundTrip: the published set reads back as the same
// public key, and verifies what the private key signed.
func TestPublicKeySetRoundTrip(t *testing.T) {
	key := &SigningKey{signer: katKey()}
	data, err := json.Marshal(key.PublicKeySet("k", "EdDSA"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), `"d"`) {
		t.Fatalf("the public set holds the private key: %s", data)
	}
	set, err := ParseJWKSet(data)
	if err != nil {
		t.Fatal(err)
	}
	doc := mustParse(t, katCard)
	if _, err := Sign(doc, key, SignOptions{KeyID: "k"}); err != nil {
		t.Fatal(err)
	}
	if res := Verify(t.Context(), mustParse(t, string(doc.Encode())), Options{Keys: set}); res[0].Status != Verified {
		t.Errorf("%+v", res)
	}
}
