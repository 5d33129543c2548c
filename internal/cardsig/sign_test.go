package cardsig

import (
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base64"
	"encoding/json"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/oncard/oncard/internal/jcs"
	"github.com/oncard/oncard/model"
)

// katCard is the known-answer card, written the way a person might: spec
// member order, indentation, an escaped slash.
const katCard = `{
  "name": "Weather",
  "description": "Answers questions about the weather.",
  "supportedInterfaces": [
    {"url": "https:\/\/weather.example\/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}
  ],
  "version": "1.0.0",
  "capabilities": {"streaming": true},
  "defaultInputModes": ["text/plain"],
  "defaultOutputModes": ["text/plain"],
  "skills": [
    {"id": "forecast", "name": "Forecast", "description": "Forecast for a place.", "tags": ["weather"]}
  ]
}
`

// katCanonical is katCard's RFC 8785 form, written out by hand: members
// sorted, no whitespace, the slashes unescaped.
const katCanonical = `{"capabilities":{"streaming":true},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"description":"Answers questions about the weather.","name":"Weather","skills":[{"description":"Forecast for a place.","id":"forecast","name":"Forecast","tags":["weather"]}],"supportedInterfaces":[{"protocolBinding":"JSONRPC","protocolVersion":"1.0","url":"https://weather.example/a2a"}],"version":"1.0.0"}`

// katKey is the Ed25519 key of seed 01 02 … 20.
func katKey() ed25519.PrivateKey {
	seed := make([]byte, ed25519.SeedSize)
	for i := range seed {
		seed[i] = byte(i + 1)
	}
	return ed25519.NewKeyFromSeed(seed)
}

// TestKnownAnswer: Ed25519 signatures are deterministic, so the signature
// oncard writes is fixed. The expected one is built here from the standard
// library alone: the protected header written by hand, the canonical card
// written by hand, ed25519.Sign over "protected.payload" (RFC 7515 §5.1).
// The literal pins the same value, so that a change of any part shows.
func TestKnownAnswer(t *testing.T) {
	const wantProtected = "eyJhbGciOiJFZERTQSIsImtpZCI6ImthdC0xIiwidHlwIjoiSk9TRSJ9"
	const wantSignature = "F89dSd6fJDGkxaVLSVmTGlOV5wZO2bdfid4NbZFQIr6tZDorVdop2Eg4Y4nshOvpzgYWf_kwAOmmAvHLdWXkBQ"

	priv := katKey()
	protected := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"EdDSA","kid":"kat-1","typ":"JOSE"}`))
	input := protected + "." + base64.RawURLEncoding.EncodeToString([]byte(katCanonical))
	byHand := base64.RawURLEncoding.EncodeToString(ed25519.Sign(priv, []byte(input)))
	if protected != wantProtected || byHand != wantSignature {
		t.Fatalf("the hand-built vector changed: %s / %s", protected, byHand)
	}

	doc := mustParse(t, katCard)
	canon, err := jcs.Doc(doc, "signatures")
	if err != nil {
		t.Fatal(err)
	}
	if string(canon) != katCanonical {
		t.Fatalf("canonical form:\n got %s\nwant %s", canon, katCanonical)
	}
	key := &SigningKey{signer: priv}
	got, err := Sign(doc, key, SignOptions{KeyID: "kat-1"})
	if err != nil {
		t.Fatal(err)
	}
	if got.Index != 0 || got.Replaced || got.Algorithm != "EdDSA" || got.KeyID != "kat-1" {
		t.Errorf("Sign said %+v", got)
	}
	out := mustParse(t, string(doc.Encode()))
	sig := out.Root().Get("signatures").Index(0)
	if p := sig.Get("protected").Text(); p != wantProtected {
		t.Errorf("protected %s, want %s", p, wantProtected)
	}
	if s := sig.Get("signature").Text(); s != wantSignature {
		t.Errorf("signature %s, want %s", s, wantSignature)
	}
	// The rest of the file keeps its bytes: the signed file is the
	// original with `signatures` added before its closing brace.
	enc := string(doc.Encode())
	prefix := strings.TrimSuffix(strings.TrimSpace(katCard), "}")
	prefix = strings.TrimRight(prefix, "\n ")
	if !strings.HasPrefix(enc, prefix) {
		t.Errorf("the signed file does not start with the original members:\n%s", enc)
	}
}

// testKeys makes one key of each kind oncard signs with.
func testKeys(t *testing.T) map[string]crypto.Signer {
	t.Helper()
	keysOnce.Do(func() {
		keysCache = map[string]crypto.Signer{}
		for name, curve := range map[string]elliptic.Curve{"P-256": elliptic.P256(), "P-384": elliptic.P384(), "P-521": elliptic.P521()} {
			k, err := ecdsa.GenerateKey(curve, rand.Reader)
			if err != nil {
				panic(err)
			}
			keysCache[name] = k
		}
		_, ed, err := ed25519.GenerateKey(rand.Reader)
		if err != nil {
			panic(err)
		}
		keysCache["Ed25519"] = ed
		rk, err := rsa.GenerateKey(rand.Reader, 2048)
		if err != nil {
			panic(err)
		}
		keysCache["RSA"] = rk
	})
	return keysCache
}

var (
	keysOnce  sync.Once
	keysCache map[string]crypto.Signer
)

// TestSignVerifiedIndependently signs with each key type and algorithm and
// checks the signature with the standard library alone (crypto/ecdsa,
// ed25519, rsa) over the canonical card, and with Verify.
func TestSignVerifiedIndependently(t *testing.T) {
	keys := testKeys(t)
	cases := []struct{ key, alg, wantAlg string }{
		{"P-256", "", "ES256"},
		{"P-384", "", "ES384"},
		{"P-521", "", "ES512"},
		{"Ed25519", "", "EdDSA"},
		{"RSA", "", "RS256"},
		{"RSA", "PS256", "PS256"},
		{"RSA", "RS512", "RS512"},
	}
	for _, tc := range cases {
		t.Run(tc.key+"-"+tc.wantAlg, func(t *testing.T) {
			doc := mustParse(t, katCard)
			key := &SigningKey{signer: keys[tc.key]}
			got, err := Sign(doc, key, SignOptions{Algorithm: tc.alg, JKU: "https://weather.example/.well-known/jwks.json"})
			if err != nil {
				t.Fatal(err)
			}
			if got.Algorithm != tc.wantAlg || got.KeyID != key.Thumbprint() {
				t.Errorf("Sign said %+v; want alg %s and the thumbprint as kid", got, tc.wantAlg)
			}
			signed := mustParse(t, string(doc.Encode()))
			sig := signed.Root().Get("signatures").Index(0)
			protected, signature := sig.Get("protected").Text(), sig.Get("signature").Text()

			var hdr map[string]string
			mustUnmarshal(t, b64url(t, protected), &hdr)
			want := map[string]string{"alg": tc.wantAlg, "kid": key.Thumbprint(), "typ": "JOSE", "jku": "https://weather.example/.well-known/jwks.json"}
			if len(hdr) != len(want) {
				t.Errorf("protected header %v, want %v", hdr, want)
			}
			for k, v := range want {
				if hdr[k] != v {
					t.Errorf("protected header %s = %q, want %q", k, hdr[k], v)
				}
			}
			input := []byte(protected + "." + base64.RawURLEncoding.EncodeToString([]byte(katCanonical)))
			if !stdlibVerify(t, keys[tc.key].Public(), tc.wantAlg, input, b64url(t, signature)) {
				t.Fatal("the standard library does not verify the signature over the canonical card")
			}
			// A tampered payload fails the same independent check: the
			// check above can fail.
			tampered := []byte(protected + "." + base64.RawURLEncoding.EncodeToString([]byte(strings.Replace(katCanonical, "Weather", "Weathex", 1))))
			if stdlibVerify(t, keys[tc.key].Public(), tc.wantAlg, tampered, b64url(t, signature)) {
				t.Fatal("the standard library verifies a tampered payload")
			}

			set := &KeySet{}
			set.keys = append(set.keys, key.PublicJWK(key.Thumbprint(), tc.wantAlg))
			res := Verify(context.Background(), signed, Options{Keys: set})
			if len(res) != 1 || res[0].Status != Verified {
				t.Fatalf("Verify: %+v", res)
			}
		})
	}
}

// stdlibVerify checks a JWS signature with the standard library only.
func stdlibVerify(t *testing.T, pub crypto.PublicKey, alg string, input, sig []byte) bool {
	t.Helper()
	switch alg {
	case "ES256", "ES384", "ES512":
		k := pub.(*ecdsa.PublicKey)
		var digest []byte
		switch alg {
		case "ES256":
			d := sha256.Sum256(input)
			digest = d[:]
		case "ES384":
			d := sha512.Sum384(input)
			digest = d[:]
		default:
			d := sha512.Sum512(input)
			digest = d[:]
		}
		size := (k.Curve.Params().BitSize + 7) / 8
		if len(sig) != 2*size {
			t.Fatalf("%s signature of %d bytes, want %d (R||S)", alg, len(sig), 2*size)
		}
		r, s := new(big.Int).SetBytes(sig[:size]), new(big.Int).SetBytes(sig[size:])
		return ecdsa.Verify(k, digest, r, s)
	case "EdDSA":
		return ed25519.Verify(pub.(ed25519.PublicKey), input, sig)
	case "RS256":
		d := sha256.Sum256(input)
		return rsa.VerifyPKCS1v15(pub.(*rsa.PublicKey), crypto.SHA256, d[:], sig) == nil
	case "RS512":
		d := sha512.Sum512(input)
		return rsa.VerifyPKCS1v15(pub.(*rsa.PublicKey), crypto.SHA512, d[:], sig) == nil
	case "PS256":
		d := sha256.Sum256(input)
		return rsa.VerifyPSS(pub.(*rsa.PublicKey), crypto.SHA256, d[:], sig, &rsa.PSSOptions{SaltLength: rsa.PSSSaltLengthEqualsHash}) == nil
	}
	t.Fatalf("no independent check for %s", alg)
	return false
}

// TestSignReplacesSameKid: signing again with the same kid replaces that
// signature; another kid adds one; the others keep their bytes.
func TestSignReplacesSameKid(t *testing.T) {
	priv := katKey()
	key := &SigningKey{signer: priv}
	other := `{"protected": "eyJhbGciOiJFUzI1NiIsImtpZCI6Im90aGVyIn0", "signature": "` + base64.RawURLEncoding.EncodeToString(make([]byte, 64)) + `"}`
	src := strings.Replace(katCard, "\n  ]\n}\n", "\n  ],\n  \"signatures\": ["+other+"]\n}\n", 1)
	doc := mustParse(t, src)

	first, err := Sign(doc, key, SignOptions{KeyID: "k"})
	if err != nil {
		t.Fatal(err)
	}
	if first.Index != 1 || first.Replaced {
		t.Errorf("first: %+v, want a new signature at index 1", first)
	}
	if err := doc.Set("/version", []byte(`"2.0.0"`)); err != nil {
		t.Fatal(err)
	}
	again, err := Sign(doc, key, SignOptions{KeyID: "k"})
	if err != nil {
		t.Fatal(err)
	}
	if again.Index != 1 || !again.Replaced {
		t.Errorf("again: %+v, want the signature at index 1 replaced", again)
	}
	enc := string(doc.Encode())
	if !strings.Contains(enc, other) {
		t.Errorf("the other signature lost its bytes:\n%s", enc)
	}
	signed := mustParse(t, enc)
	if n := signed.Root().Get("signatures").Len(); n != 2 {
		t.Fatalf("%d signatures, want 2", n)
	}
	res := Verify(context.Background(), signed, Options{Keys: keySetOf(priv.Public(), "k")})
	if res[1].Status != Verified {
		t.Errorf("the re-made signature: %+v", res[1])
	}
	if res[0].Status != UnknownKey {
		t.Errorf("the other signature: %+v, want unknown-key", res[0])
	}

	third, err := Sign(doc, key, SignOptions{KeyID: "k2"})
	if err != nil {
		t.Fatal(err)
	}
	if third.Index != 2 || third.Replaced {
		t.Errorf("another kid: %+v, want index 2, added", third)
	}
}

func TestSignRefuses(t *testing.T) {
	keys := testKeys(t)
	ec := &SigningKey{signer: keys["P-256"]}
	cases := []struct {
		name, card string
		key        *SigningKey
		opts       SignOptions
		want       string
	}{
		{"ES384 with a P-256 key", katCard, ec, SignOptions{Algorithm: "ES384"}, "ES384 is for an EC P-384 key, not an EC P-256 key"},
		{"HMAC", katCard, ec, SignOptions{Algorithm: "HS256"}, "not one oncard signs with"},
		{"none", katCard, ec, SignOptions{Algorithm: "none"}, "not one oncard signs with"},
		{"http jku", katCard, ec, SignOptions{JKU: "http://weather.example/jwks.json"}, "not an https URL"},
		{"relative jku", katCard, ec, SignOptions{JKU: "/jwks.json"}, "not an https URL"},
		{"signatures not an array", `{"name": "x", "signatures": {}}`, ec, SignOptions{}, "not an array"},
		{"not an object", `[]`, ec, SignOptions{}, "not a JSON object"},
		{"no canonical form", `{"name": "\ud800"}`, ec, SignOptions{}, "/name escapes a lone UTF-16 surrogate"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			doc := mustParse(t, tc.card)
			_, err := Sign(doc, tc.key, tc.opts)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
			if doc.Changed() {
				t.Error("a refused Sign changed the document")
			}
		})
	}
}

func mustParse(t *testing.T, s string) *model.Doc {
	t.Helper()
	doc, err := model.Parse([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

func mustUnmarshal(t *testing.T, data []byte, v any) {
	t.Helper()
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", data, err)
	}
}

func b64url(t *testing.T, s string) []byte {
	t.Helper()
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	return b
}

// benchCard is the full template card, about 5 KB: a realistic card to
// sign and verify.
func benchCard(b *testing.B) *model.Doc {
	b.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "templates", "files", "full.json"))
	if err != nil {
		b.Fatal(err)
	}
	doc, err := model.Parse(data)
	if err != nil {
		b.Fatal(err)
	}
	return doc
}

// BenchmarkSignES256 is oncard sign's work on a card: canonical form,
// ES256 signature, the edit.
func BenchmarkSignES256(b *testing.B) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		b.Fatal(err)
	}
	doc := benchCard(b)
	for b.Loop() {
		if _, err := Sign(doc.Clone(), &SigningKey{signer: key}, SignOptions{KeyID: "k"}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkVerifyES256 is oncard validate's added work on a signed card.
func BenchmarkVerifyES256(b *testing.B) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		b.Fatal(err)
	}
	sk := &SigningKey{signer: key}
	doc := benchCard(b)
	if _, err := Sign(doc, sk, SignOptions{KeyID: "k"}); err != nil {
		b.Fatal(err)
	}
	signed, err := model.Parse(doc.Encode())
	if err != nil {
		b.Fatal(err)
	}
	keys := sk.PublicKeySet("k", "ES256")
	for b.Loop() {
		if res := Verify(context.Background(), signed, Options{Keys: keys}); res[0].Status != Verified {
			b.Fatal(res)
		}
	}
}

// TestResign: after an edit, the signature the key made is made again
// (same kid, alg, jku) and verifies; another key's signature is kept as
// it was; a card the key never signed is left alone.
func TestResign(t *testing.T) {
	keys := testKeys(t)
	mine := &SigningKey{signer: keys["RSA"]}
	theirs := &SigningKey{signer: keys["P-256"]}
	orig := mustParse(t, katCard)
	if _, err := Sign(orig, theirs, SignOptions{KeyID: "theirs"}); err != nil {
		t.Fatal(err)
	}
	if _, err := Sign(orig, mine, SignOptions{KeyID: "mine", Algorithm: "PS384", JKU: "https://weather.example/jwks.json"}); err != nil {
		t.Fatal(err)
	}
	original := mustParse(t, string(orig.Encode()))
	theirSig := string(original.Root().Get("signatures").Index(0).Get("signature").Raw())

	edited := mustParse(t, string(orig.Encode()))
	if err := edited.Set("/version", []byte(`"1.0.1"`)); err != nil {
		t.Fatal(err)
	}
	done, err := Resign(context.Background(), original, edited, mine)
	if err != nil {
		t.Fatal(err)
	}
	if len(done) != 1 || done[0].Index != 1 || !done[0].Replaced || done[0].KeyID != "mine" || done[0].Algorithm != "PS384" {
		t.Fatalf("Resign: %+v", done)
	}
	out := mustParse(t, string(edited.Encode()))
	if h, err := readHeaders(out.Root().Get("signatures").Index(1)); err != nil || h.jku != "https://weather.example/jwks.json" {
		t.Errorf("the jku was not kept: %+v %v", h, err)
	}
	if got := string(out.Root().Get("signatures").Index(0).Get("signature").Raw()); got != theirSig {
		t.Error("the other key's signature changed")
	}
	res := Verify(context.Background(), out, Options{Keys: mine.PublicKeySet("mine", "PS384")})
	if res[1].Status != Verified {
		t.Errorf("the re-made signature: %+v", res[1])
	}

	// A signature of the key without a kid gives way to one with a kid.
	noKid := mustParse(t, katCard)
	entry, err := signByHand(t, noKid, mine, b64json(`{"alg":"RS256"}`))
	if err != nil {
		t.Fatal(err)
	}
	if err := noKid.Set("/signatures", mustJSON([]signatureEntry{entry})); err != nil {
		t.Fatal(err)
	}
	before := mustParse(t, string(noKid.Encode()))
	if r := Verify(context.Background(), before, Options{Keys: mine.PublicKeySet("", "")}); r[0].Status != Verified || r[0].KeyID != "" {
		t.Fatalf("the kid-less signature: %+v", r)
	}
	after := mustParse(t, string(noKid.Encode()))
	if err := after.Set("/version", []byte(`"2"`)); err != nil {
		t.Fatal(err)
	}
	done, err = Resign(context.Background(), before, after, mine)
	if err != nil || len(done) != 1 || done[0].Index != 0 || done[0].KeyID != mine.Thumbprint() {
		t.Fatalf("kid-less: %+v %v", done, err)
	}
	if n := after.Root().Get("signatures").Len(); n != 1 {
		t.Errorf("%d signatures after re-signing a kid-less one, want 1", n)
	}

	// A card the key did not sign: nothing to do.
	other := mustParse(t, katCard)
	if done, err := Resign(context.Background(), mustParse(t, katCard), other, mine); err != nil || len(done) != 0 || other.Changed() {
		t.Errorf("unsigned card: %+v, %v, changed %v", done, err, other.Changed())
	}
}

func mustCanonical(t *testing.T, doc *model.Doc) []byte {
	t.Helper()
	b, err := jcs.Doc(doc, "signatures")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// signByHand makes an RS256 signature under a protected header
// without kid, with the standard library: go-jose's signer always writes
// the headers oncard gives it.
func signByHand(t *testing.T, doc *model.Doc, key *SigningKey, protected string) (signatureEntry, error) {
	t.Helper()
	input := protected + "." + base64.RawURLEncoding.EncodeToString(mustCanonical(t, doc))
	d := sha256.Sum256([]byte(input))
	sig, err := rsa.SignPKCS1v15(rand.Reader, key.signer.(*rsa.PrivateKey), crypto.SHA256, d[:])
	if err != nil {
		return signatureEntry{}, err
	}
	return signatureEntry{Protected: protected, Signature: base64.RawURLEncoding.EncodeToString(sig)}, nil
}
