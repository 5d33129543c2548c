package app

import (
	"context"
	"crypto/ed25519"
	"crypto/x509"
	"encoding/pem"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oncard/oncard/internal/cardsig"
	"github.com/oncard/oncard/model"
)

func TestSignatureStatus(t *testing.T) {
	const card = `{"name": "A", "description": "B", "version": "1", "skills": [{"id": "s", "name": "S", "description": "D", "tags": ["t"]}]}`
	doc, err := model.Parse([]byte(card))
	if err != nil {
		t.Fatal(err)
	}
	der, err := x509.MarshalPKCS8PrivateKey(ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize)))
	if err != nil {
		t.Fatal(err)
	}
	key, err := cardsig.ParseSigningKey(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cardsig.Sign(doc, key, cardsig.SignOptions{KeyID: "mine"}); err != nil {
		t.Fatal(err)
	}
	if err := doc.Set("/signatures/-", []byte(`{"protected": "eyJhbGciOiJub25lIn0", "signature": "c2ln"}`)); err != nil {
		t.Fatal(err)
	}
	line := func(states []SignatureState) string {
		var b strings.Builder
		for _, s := range states {
			b.WriteString(s.Line() + "\n")
		}
		return b.String()
	}
	ctx := context.Background()
	got := line(SignatureStatus(ctx, doc, nil))
	want := "signature 0 (kid \"mine\", EdDSA): unverified: no key to check it with\n" +
		"signature 1 (none, no kid): invalid: alg \"none\" is an unsigned JWS: it proves nothing\n"
	if got != want {
		t.Errorf("no key:\n%s\nwant:\n%s", got, want)
	}
	keys := key.PublicKeySet("mine", "")
	if got := line(SignatureStatus(ctx, doc, keys)); !strings.HasPrefix(got, "signature 0 (kid \"mine\", EdDSA): verified\n") {
		t.Errorf("with the key:\n%s", got)
	}
	if err := doc.Set("/version", []byte(`"2"`)); err != nil {
		t.Fatal(err)
	}
	if got := line(SignatureStatus(ctx, doc, keys)); !strings.HasPrefix(got, "signature 0 (kid \"mine\", EdDSA): invalid: the signature does not match") {
		t.Errorf("after a change:\n%s", got)
	}
}

// TestSigningConfig: signing_key is resolved against the config file's
// folder; a bad signing_jku names the file and the key; no signing_key is
// no key, not an error.
func TestSigningConfig(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	if err := os.MkdirAll(filepath.Join(dir, "oncard"), 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(cfg string) {
		if err := os.WriteFile(filepath.Join(dir, "oncard", "config.json"), []byte(cfg), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(`{"schema_hosts": ["keys.example"]}`)
	if key, _, err := SigningKey("--sign-key", ""); key != nil || err != nil {
		t.Errorf("no signing_key: %v, %v", key, err)
	}
	write(`{"signing_key": "k.pem", "signing_kid": "k1", "signing_jku": "https://keys.example/jwks.json"}`)
	got, err := ConfiguredSigning()
	want := SigningDefaults{KeyPath: filepath.Join(dir, "oncard", "k.pem"), KeyID: "k1", JKU: "https://keys.example/jwks.json"}
	if err != nil || got != want {
		t.Errorf("got %+v, %v; want %+v", got, err, want)
	}
	if _, _, err := SigningKey("--sign-key", ""); err == nil || !strings.HasPrefix(err.Error(), "the config file's signing_key ") {
		t.Errorf("a missing key file: %v", err)
	}
	write(`{"signing_jku": "http://keys.example/jwks.json"}`)
	if _, err := ConfiguredSigning(); err == nil || !strings.Contains(err.Error(), "signing_jku: ") {
		t.Errorf("a plain-http jku: %v", err)
	}
}

// TestSignatureStatusNamesReadings: a signature that verifies under some
// readings only says which, and which readers will reject it.
func TestSignatureStatusNamesReadings(t *testing.T) {
	doc, err := model.Parse([]byte(`{"name": "A", "description": "B", "version": "1", "skills": []}`))
	if err != nil {
		t.Fatal(err)
	}
	key, err := cardsig.ParseSigningKey(pemKeyForTest(t))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cardsig.Sign(doc, key, cardsig.SignOptions{KeyID: "mine"}); err != nil {
		t.Fatal(err)
	}
	got := SignatureStatus(context.Background(), doc, key.PublicKeySet("mine", ""))
	// The JS SDK drops the REQUIRED but empty "skills": [].
	if want := `signature 0 (kid "mine", EdDSA): verified: under literal, a2a-8.4.1 only; a2a-js readers will reject it`; len(got) != 1 || got[0].Line() != want {
		t.Errorf("got %+v\nwant %s", got, want)
	}
}

func pemKeyForTest(t *testing.T) []byte {
	t.Helper()
	der, err := x509.MarshalPKCS8PrivateKey(ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize)))
	if err != nil {
		t.Fatal(err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})
}
