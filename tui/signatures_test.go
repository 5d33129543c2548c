package tui

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
	"github.com/oncard/oncard/model/edit"
)

// openSigned writes a card signed with a fresh Ed25519 key (kid "k1") and
// opens the editor on it, with key as the signing key (nil: none).
func openSigned(t *testing.T, withKey bool) (*driver, string, *cardsig.SigningKey) {
	t.Helper()
	der, err := x509.MarshalPKCS8PrivateKey(ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize)))
	if err != nil {
		t.Fatal(err)
	}
	key, err := cardsig.ParseSigningKey(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}))
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(editTestdata, "edit-signed.json"))
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	path := "card.json"
	doc, err := model.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if err := doc.Delete("/signatures"); err != nil {
		t.Fatal(err)
	}
	if _, err := cardsig.Sign(doc, key, cardsig.SignOptions{KeyID: "k1"}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, doc.Encode(), 0o640); err != nil {
		t.Fatal(err)
	}
	es, err := edit.OpenMax(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	es.Prepare(func(d *model.Doc) { model.NewCard(d) })
	opts := Options{Edit: es}
	if withKey {
		opts.SigningKey = key
	}
	return newDriver(t, opts), path, key
}

func verifyFile(t *testing.T, path string, key *cardsig.SigningKey) cardsig.Status {
	t.Helper()
	doc, err := model.Parse([]byte(readFile(t, path)))
	if err != nil {
		t.Fatal(err)
	}
	res := cardsig.Verify(context.Background(), doc, cardsig.Options{Keys: key.PublicKeySet("k1", "")})
	if len(res) != 1 {
		t.Fatalf("%d signatures", len(res))
	}
	return res[0].Status
}

// TestEditReviewResignsWithTheSigningKey: Review shows each signature's
// status; after an edit the signing key's signature is invalid and Review
// offers to sign it again; re-signed, it verifies, and so does the file
// saved.
func TestEditReviewResignsWithTheSigningKey(t *testing.T) {
	d, path, key := openSigned(t, true)
	d.Press("ctrl+s").MustContain(`signature 0 (kid "k1", EdDSA): verified`)
	d.goToStep(stepAgent).Press("tab").Typ(" Now better.")
	d.Press("ctrl+s").MustContain(`signature 0 (kid "k1", EdDSA): invalid:`,
		"longer verify", "Re-sign with the signing key")
	d.chooseAction("Re-sign with the signing key")
	d.MustContain("Re-signed 1 signature", `signature 0 (kid "k1", EdDSA): verified`)
	if strings.Contains(d.Screen(), "after this edit its") || strings.Contains(d.Screen(), "Re-sign with") {
		t.Fatalf("still warns or offers after re-signing:\n%s", d.Screen())
	}
	// A further edit makes it stale again, and it can be signed again.
	d.goToStep(stepAgent).Typ(" Even.")
	d.Press("ctrl+s").MustContain(`EdDSA): invalid:`)
	d.chooseAction("Re-sign with the signing key").MustContain(`: verified`)
	d.Press("ctrl+s", "y")
	if got := readFile(t, path); !strings.Contains(got, "Now better. Even.") || strings.Count(got, `"protected"`) != 1 {
		t.Fatalf("saved:\n%s", got)
	}
	if st := verifyFile(t, path, key); st != cardsig.Verified {
		t.Errorf("the saved card's signature is %s", st)
	}
}

// TestEditReviewSignatureStatusWithoutKey: without a signing key the
// status says there is no key, and nothing offers to re-sign.
func TestEditReviewSignatureStatusWithoutKey(t *testing.T) {
	d, path, key := openSigned(t, false)
	d.goToStep(stepAgent).Press("tab").Typ(" Now better.")
	d.Press("ctrl+s").MustContain(`signature 0 (kid "k1", EdDSA): unverified:`, "longer verify")
	for _, a := range d.review().actions() {
		if strings.HasPrefix(a.Label, "Re-sign") {
			t.Fatalf("offers %q without a key", a.Label)
		}
	}
	d.Press("ctrl+s", "y")
	if st := verifyFile(t, path, key); st != cardsig.PayloadMismatch {
		t.Errorf("saved without re-signing, the signature is %s", st)
	}
}
