package main

import (
	"context"
	"crypto/ed25519"
	"crypto/x509"
	"encoding/pem"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oncard/oncard/internal/keyfile"

	"github.com/oncard/oncard/internal/docfile"

	"github.com/oncard/oncard/internal/cardsig"
)

// TestSignPrompt: on a terminal without --yes, -o or --dry-run, oncard
// sign asks; no (or end of input) writes nothing, yes replaces the card,
// keeping its mode, with a signature that verifies.
func TestSignPrompt(t *testing.T) {
	dir := t.TempDir()
	card := filepath.Join(dir, "card.json")
	keyFile := filepath.Join(dir, "key.pem")
	const src = `{
  "name": "A",
  "description": "B",
  "supportedInterfaces": [{"url": "https://a.example/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
  "version": "1",
  "capabilities": {},
  "defaultInputModes": ["text/plain"],
  "defaultOutputModes": ["text/plain"],
  "skills": [{"id": "s", "name": "S", "description": "D", "tags": ["t"]}]
}
`
	if err := os.WriteFile(card, []byte(src), 0o640); err != nil {
		t.Fatal(err)
	}
	priv := ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize))
	der, err := x509.MarshalPKCS8PrivateKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}

	for _, answer := range []string{"n\n", "\n", ""} {
		code, stdout, stderr := runPrompted(t, context.Background(), answer, "sign", card, "--key", keyFile, "--kid", "k")
		if code != exitInvalid || stdout != "" || !strings.Contains(stderr, "Replace "+card+" with the signed card? [y/N] ") ||
			!strings.HasSuffix(stderr, "oncard: "+card+" not written\n") {
			t.Errorf("answer %q: code %d, stdout %q, stderr:\n%s", answer, code, stdout, stderr)
		}
		if got, _ := os.ReadFile(card); string(got) != src {
			t.Fatalf("answer %q: the card changed", answer)
		}
	}

	code, _, stderr := runPrompted(t, context.Background(), "y\n", "sign", card, "--key", keyFile, "--kid", "k")
	if code != exitOK || !strings.HasSuffix(stderr, "oncard: wrote "+card+"\n") {
		t.Fatalf("yes: code %d, stderr:\n%s", code, stderr)
	}
	f, err := docfile.OpenFile(card)
	if err != nil {
		t.Fatal(err)
	}
	if f.Mode != 0o640 {
		t.Errorf("mode %v, want 0640", f.Mode)
	}
	if !strings.HasPrefix(string(f.Doc.Source()), strings.TrimSuffix(src, "\n}\n")) {
		t.Errorf("the card's own members changed:\n%s", f.Doc.Source())
	}
	key, err := keyfile.SigningKey(keyFile)
	if err != nil {
		t.Fatal(err)
	}
	res := cardsig.Verify(context.Background(), f.Doc, cardsig.Options{Keys: key.PublicKeySet("k", "EdDSA")})
	if len(res) != 1 || res[0].Status != cardsig.Verified {
		t.Errorf("%+v", res)
	}
}
