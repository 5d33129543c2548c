package cardsig

import (
	"crypto/ecdh"
	"crypto/rand"
	"regexp"
	"testing"
)

// goWords are Go type names and Go vocabulary, which a message about a key
// or a key file must never show ("a []uint8 is not a key", "a
// *ecdh.PrivateKey", "cannot unmarshal … into Go struct field").
var goWords = regexp.MustCompile(`\*?\w+\.[A-Z]\w*|\[\]\w+|Go (struct|value)|unmarshal|\bjson: `)

// TestKeyMessagesSpeakNoGo: keys oncard does not use and key files of the
// wrong shape are described in the words of keys and JSON.
func TestKeyMessagesSpeakNoGo(t *testing.T) {
	x25519, err := ecdh.X25519().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		parse func([]byte) error
		data  []byte
		want  string
	}{
		{"symmetric JWK to sign with", signingKey, []byte(`{"kty": "oct", "k": "c2VjcmV0"}`),
			"a symmetric (shared secret) key is not a key oncard signs with (EC P-256/P-384/P-521, Ed25519, RSA)"},
		{"X25519 private key to sign with", signingKey, pkcs8(t, x25519),
			"an X25519 key is not a key oncard signs with (EC P-256/P-384/P-521, Ed25519, RSA)"},
		{"X25519 public key to verify with", keySet, pkix(t, x25519.PublicKey()),
			"an X25519 key is not a key oncard uses"},
		{"key set of the wrong shape to sign with", signingKey, []byte(`{"keys": {"kty": "EC"}}`),
			"not a JWK: line 1, column 10: keys must be an array, not an object"},
		{"key set of the wrong shape to verify with", keySet, []byte(`{"keys": "none"}`),
			"not a JWK or JWK set: line 1, column 10: keys must be an array, not a string"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := c.parse(c.data)
			if err == nil {
				t.Fatal("no error")
			}
			if err.Error() != c.want {
				t.Errorf("message %q\nwant      %q", err, c.want)
			}
			if m := goWords.FindString(err.Error()); m != "" {
				t.Errorf("message %q speaks Go (%q)", err, m)
			}
		})
	}
}

func signingKey(data []byte) error { _, err := ParseSigningKey(data); return err }
func keySet(data []byte) error     { _, err := ParseKeySet(data); return err }
