package signing

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/oncard/oncard/internal/keyfile"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/cardsig"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/testcards"
)

// setup writes a valid card and an Ed25519 key in a fresh directory.
func setup(t *testing.T) (dir, card, key string) {
	t.Helper()
	t.Setenv("XDG_CONFIG_HOME", t.TempDir()) // no configured signing key
	dir = t.TempDir()
	card, key = filepath.Join(dir, "card.json"), filepath.Join(dir, "key.pem")
	if err := os.WriteFile(card, testcards.Small(), 0o644); err != nil {
		t.Fatal(err)
	}
	der, err := x509.MarshalPKCS8PrivateKey(ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize)))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(key, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	return dir, card, key
}

func sign(t *testing.T, card string, o Options) (stdout, stderr string, err error) {
	t.Helper()
	var out, errb bytes.Buffer
	err = Sign(context.Background(), app.Console{Out: &out, Err: &errb}, card, o)
	return out.String(), errb.String(), err
}

// TestSignDryRunVerifies: the signed card printed verifies with the key's
// public half, and the card on disk is unchanged.
func TestSignDryRunVerifies(t *testing.T) {
	_, card, key := setup(t)
	out, errs, err := sign(t, card, Options{Key: key, Kid: "k1", DryRun: true})
	if err != nil {
		t.Fatalf("%v\n%s", err, errs)
	}
	// The small card's extension says "required": false: dropped first,
	// shown as a diff.
	for _, want := range []string{
		"oncard: 1 member holds a default or empty value",
		"\n-        \"required\": false,\n",
		"oncard: dropped 1 default-valued member before signing\n",
		"oncard: signature 0 (kid \"k1\", EdDSA) added\n",
	} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errs)
		}
	}
	if strings.Contains(errs, "warning") {
		t.Errorf("every reader should agree:\n%s", errs)
	}
	doc, err := model.Parse([]byte(out))
	if err != nil {
		t.Fatal(err)
	}
	k, err := keyfile.SigningKey(key)
	if err != nil {
		t.Fatal(err)
	}
	res := cardsig.Verify(context.Background(), doc, cardsig.Options{Keys: k.PublicKeySet("k1", "EdDSA")})
	if len(res) != 1 || res[0].Status != cardsig.Verified || len(res[0].RejectedUnder()) != 0 {
		t.Errorf("verification: %+v", res)
	}
	if got, _ := os.ReadFile(card); !bytes.Equal(got, testcards.Small()) {
		t.Error("a dry run changed the card")
	}
}

// TestSignKeepingDefaults: an author who declines (on a terminal, or with
// KeepDefaults) gets a §8.4.1 signature and a warning naming the readers
// that will reject it.
func TestSignKeepingDefaults(t *testing.T) {
	_, card, key := setup(t)
	k, err := keyfile.SigningKey(key)
	if err != nil {
		t.Fatal(err)
	}
	var asked []string
	answers := []bool{false, true} // keep the defaults; replace the card
	con := func(out, errb *bytes.Buffer) app.Console {
		return app.Console{Out: out, Err: errb, Confirm: func(q string) (bool, error) {
			asked = append(asked, q)
			a := answers[0]
			answers = answers[1:]
			return a, nil
		}}
	}
	for _, tc := range []struct {
		name string
		o    Options
	}{
		{"declined on a terminal", Options{Key: key, Kid: "k1", CanPrompt: true}},
		{"--keep-defaults", Options{Key: key, Kid: "k1", DryRun: true, KeepDefaults: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := os.WriteFile(card, testcards.Small(), 0o644); err != nil {
				t.Fatal(err)
			}
			var out, errb bytes.Buffer
			if err := Sign(context.Background(), con(&out, &errb), card, tc.o); err != nil {
				t.Fatalf("%v\n%s", err, errb.String())
			}
			if !strings.Contains(errb.String(), "oncard: kept as written\n") ||
				!strings.Contains(errb.String(), "warning: signature 0 is over the A2A §8.4.1 form of the card, and will be rejected by verifiers that canonicalise the card as written") {
				t.Errorf("stderr:\n%s", errb.String())
			}
			signed := out.Bytes()
			if !tc.o.DryRun {
				signed, _ = os.ReadFile(card)
			}
			doc, err := model.Parse(signed)
			if err != nil {
				t.Fatal(err)
			}
			if doc.Root().Get("capabilities").Get("extensions").Index(0).Get("required") == nil {
				t.Error(`"required": false was dropped`)
			}
			res := cardsig.Verify(context.Background(), doc, cardsig.Options{Keys: k.PublicKeySet("k1", "EdDSA")})
			if len(res) != 1 || !slices.Equal(res[0].RejectedUnder(), []cardsig.Reading{cardsig.Literal}) {
				t.Errorf("verification: %+v", res)
			}
		})
	}
	if len(asked) != 2 || !strings.HasPrefix(asked[0], "Drop it before signing") {
		t.Errorf("questions: %q", asked)
	}
}

// TestSignRefuses: a card with errors is not signed; -o does not replace
// a file without Force; options that cannot go together are usage errors.
func TestSignRefuses(t *testing.T) {
	dir, card, key := setup(t)
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, bytes.Replace(testcards.Small(), []byte(`"version": "1.0.0"`), []byte(`"version": 1`), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errs, err := sign(t, bad, Options{Key: key, DryRun: true})
	if err == nil || !strings.Contains(err.Error(), "a card with errors is not signed") || !strings.Contains(errs, "error ") {
		t.Errorf("card with errors: %v\n%s", err, errs)
	}
	if _, _, err := sign(t, card, Options{Key: key, Output: bad}); err == nil || !strings.Contains(err.Error(), "exists; --force replaces it") {
		t.Errorf("-o over a file: %v", err)
	}
	for name, o := range map[string]Options{
		"no key":         {DryRun: true},
		"two modes":      {Key: key, Yes: true, DryRun: true},
		"no terminal":    {Key: key},
		"unknown alg":    {Key: key, DryRun: true, Alg: "HS256"},
		"both to stdout": {Key: key, DryRun: true, PublicJWKS: "-"},
		"jku not https":  {Key: key, DryRun: true, JKU: "http://keys.example/jwks.json"},
	} {
		if _, _, err := sign(t, card, o); !errors.As(err, new(app.UsageError)) {
			t.Errorf("%s: err = %v, want a usage error", name, err)
		}
	}
}
