package cardsig

import (
	"bytes"
	"context"
	"crypto"
	"crypto/ed25519"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	jose "github.com/go-jose/go-jose/v4"
)

func keySetOf(pub crypto.PublicKey, kid string) *KeySet {
	return &KeySet{keys: []jose.JSONWebKey{{Key: pub, KeyID: kid}}}
}

// signedKAT is katCard signed with the known-answer key under kid "kat-1".
func signedKAT(t *testing.T) string {
	t.Helper()
	doc := mustParse(t, katCard)
	if _, err := Sign(doc, &SigningKey{signer: katKey()}, SignOptions{KeyID: "kat-1"}); err != nil {
		t.Fatal(err)
	}
	return string(doc.Encode())
}

// TestVerifyMeaningNotBytes: a whitespace-only change, another member
// order or another way of writing the same number or string keeps the
// signature valid; a change of one value breaks it.
func TestVerifyMeaningNotBytes(t *testing.T) {
	signed := signedKAT(t)
	keys := keySetOf(katKey().Public(), "kat-1")
	cases := []struct {
		name   string
		edit   func(string) string
		status Status
	}{
		{"as signed", func(s string) string { return s }, Verified},
		{"reindented", func(s string) string { return strings.ReplaceAll(s, "\n  ", "\n\t\t") }, Verified},
		{"minified", func(s string) string {
			var b bytes.Buffer
			if err := json.Compact(&b, []byte(s)); err != nil {
				panic(err)
			}
			return b.String()
		}, Verified},
		{"CRLF", func(s string) string { return strings.ReplaceAll(s, "\n", "\r\n") }, Verified},
		{"escaped differently", func(s string) string { return strings.Replace(s, `"Weather"`, `"W\u0065ather"`, 1) }, Verified},
		{"members reordered", func(s string) string {
			return strings.Replace(s, `"name": "Weather",
  "description": "Answers questions about the weather.",`, `"description": "Answers questions about the weather.",
  "name": "Weather",`, 1)
		}, Verified},
		{"value changed", func(s string) string { return strings.Replace(s, `"1.0.0"`, `"1.0.1"`, 1) }, PayloadMismatch},
		{"boolean flipped", func(s string) string { return strings.Replace(s, `"streaming": true`, `"streaming": false`, 1) }, PayloadMismatch},
		{"member added", func(s string) string {
			return strings.Replace(s, `"version": "1.0.0",`, `"version": "1.0.0", "iconUrl": "https://weather.example/i.png",`, 1)
		}, PayloadMismatch},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			src := tc.edit(signed)
			if tc.name != "as signed" && src == signed {
				t.Fatal("the edit did not apply")
			}
			res := Verify(context.Background(), mustParse(t, src), Options{Keys: keys})
			if len(res) != 1 || res[0].Status != tc.status {
				t.Fatalf("got %+v, want %s", res, tc.status)
			}
			if tc.status == PayloadMismatch && (res[0].Reason == "" || res[0].KeyID != "kat-1" || res[0].Algorithm != "EdDSA") {
				t.Errorf("the finding does not say what and why: %+v", res[0])
			}
		})
	}
}

// TestVerifyNumbersCanonical: numbers are compared as JCS writes them, so
// 1.50 and 1.5 are the same value.
func TestVerifyNumbersCanonical(t *testing.T) {
	priv := katKey()
	card := strings.Replace(katCard, `"capabilities": {"streaming": true}`,
		`"capabilities": {"streaming": true, "extensions": [{"uri": "https://x.example/e", "params": {"n": 1.50, "m": 1e2}}]}`, 1)
	doc := mustParse(t, card)
	if _, err := Sign(doc, &SigningKey{signer: priv}, SignOptions{KeyID: "k"}); err != nil {
		t.Fatal(err)
	}
	src := strings.Replace(strings.Replace(string(doc.Encode()), "1.50", "1.5", 1), "1e2", "100", 1)
	if res := Verify(context.Background(), mustParse(t, src), Options{Keys: keySetOf(priv.Public(), "k")}); res[0].Status != Verified {
		t.Errorf("%+v", res)
	}
	src = strings.Replace(src, "1.5", "1.51", 1)
	if res := Verify(context.Background(), mustParse(t, src), Options{Keys: keySetOf(priv.Public(), "k")}); res[0].Status != PayloadMismatch {
		t.Errorf("1.51: %+v", res)
	}
}

// sigCard is katCard with the given signatures array.
func sigCard(sigs string) string {
	return strings.Replace(katCard, "\n  ]\n}\n", "\n  ],\n  \"signatures\": "+sigs+"\n}\n", 1)
}

func b64json(s string) string { return base64.RawURLEncoding.EncodeToString([]byte(s)) }

// TestVerifyBadSignatures: each kind of malformed or unacceptable
// signature gets its status, at the member at fault.
func TestVerifyBadSignatures(t *testing.T) {
	good := signedKAT(t)
	doc := mustParse(t, good)
	goodSig := doc.Root().Get("signatures").Index(0).Get("signature").Text()
	keys := keySetOf(katKey().Public(), "kat-1")
	cases := []struct {
		name, sig string
		status    Status
		pointer   string
		reason    string
	}{
		{"not an object", `"x"`, BadJWS, "/signatures/0", "not an object"},
		{"no protected", `{"signature": "c2ln"}`, BadJWS, "/signatures/0/protected", "protected"},
		{"no signature", `{"protected": "` + b64json(`{"alg":"EdDSA"}`) + `"}`, BadJWS, "/signatures/0/signature", "signature"},
		{"padded base64", `{"protected": "` + b64json(`{"alg":"EdDSA","kid":"kat-1"}`) + `=", "signature": "c2ln"}`, BadJWS, "/signatures/0/protected", "base64url"},
		{"standard base64", `{"protected": "` + b64json(`{"alg":"EdDSA"}`) + `", "signature": "a+b/"}`, BadJWS, "/signatures/0/signature", "base64url"},
		{"header not JSON", `{"protected": "` + b64json(`alg`) + `", "signature": "c2ln"}`, BadJWS, "/signatures/0/protected", "not a JSON object"},
		{"header an array", `{"protected": "` + b64json(`["alg"]`) + `", "signature": "c2ln"}`, BadJWS, "/signatures/0/protected", "not a JSON object"},
		{"duplicate header name", `{"protected": "` + b64json(`{"alg":"EdDSA","alg":"none"}`) + `", "signature": "c2ln"}`, BadJWS, "/signatures/0/protected", "not a JSON object"},
		{"no alg", `{"protected": "` + b64json(`{"kid":"kat-1"}`) + `", "signature": "c2ln"}`, BadJWS, "/signatures/0/protected", "no alg"},
		{"alg not a string", `{"protected": "` + b64json(`{"alg":1}`) + `", "signature": "c2ln"}`, BadJWS, "/signatures/0/protected", "alg is not a string"},
		{"unknown crit", `{"protected": "` + b64json(`{"alg":"EdDSA","crit":["exp"],"exp":1}`) + `", "signature": "c2ln"}`, BadJWS, "/signatures/0/protected", `"exp"`},
		{"alg in the unprotected header", `{"protected": "` + b64json(`{"kid":"kat-1"}`) + `", "header": {"alg": "EdDSA"}, "signature": "c2ln"}`, BadJWS, "/signatures/0/header", "protected header"},
		{"name in both headers", `{"protected": "` + b64json(`{"alg":"EdDSA","kid":"kat-1"}`) + `", "header": {"kid": "kat-1"}, "signature": "c2ln"}`, BadJWS, "/signatures/0/header", "both"},
		{"unknown member", `{"protected": "` + b64json(`{"alg":"EdDSA"}`) + `", "signature": "c2ln", "payload": "x"}`, BadJWS, "/signatures/0/payload", "not a member"},
		{"alg none", `{"protected": "` + b64json(`{"alg":"none"}`) + `", "signature": "c2ln"}`, AlgNotAllowed, "/signatures/0/protected", "unsigned"},
		{"alg HS256", `{"protected": "` + b64json(`{"alg":"HS256","kid":"kat-1"}`) + `", "signature": "c2ln"}`, AlgNotAllowed, "/signatures/0/protected", "HMAC"},
		{"alg unknown", `{"protected": "` + b64json(`{"alg":"XX1"}`) + `", "signature": "c2ln"}`, AlgNotAllowed, "/signatures/0/protected", "not one oncard accepts"},
		{"kid not in the set", `{"protected": "` + b64json(`{"alg":"EdDSA","kid":"other"}`) + `", "signature": "` + goodSig + `"}`, UnknownKey, "/signatures/0", `"other"`},
		{"key of another type", `{"protected": "` + b64json(`{"alg":"ES256","kid":"kat-1"}`) + `", "signature": "` + goodSig + `"}`, UnknownKey, "/signatures/0", "EC P-256"},
		{"DER-length ES256 signature", `{"protected": "` + b64json(`{"alg":"ES256","kid":"kat-1"}`) + `", "signature": "` + base64.RawURLEncoding.EncodeToString(make([]byte, 71)) + `"}`, BadJWS, "/signatures/0/signature", "64 bytes"},
		{"short EdDSA signature", `{"protected": "` + b64json(`{"alg":"EdDSA","kid":"kat-1"}`) + `", "signature": "c2ln"}`, BadJWS, "/signatures/0/signature", "this one is 3"},
		{"signature of another header", `{"protected": "` + b64json(`{"alg":"EdDSA","kid":"kat-1"}`) + `", "signature": "` + goodSig + `"}`, PayloadMismatch, "/signatures/0", "canonical form"},
		{"kid in the unprotected header", `{"protected": "` + b64json(`{"alg":"EdDSA"}`) + `", "header": {"kid": "kat-2"}, "signature": "` + goodSig + `"}`, UnknownKey, "/signatures/0", `"kat-2"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := Verify(context.Background(), mustParse(t, sigCard("["+tc.sig+"]")), Options{Keys: keys})
			if len(res) != 1 {
				t.Fatalf("%d results", len(res))
			}
			r := res[0]
			if r.Status != tc.status || r.Pointer != tc.pointer || !strings.Contains(r.Reason, tc.reason) {
				t.Errorf("got %s at %s (%s); want %s at %s, reason containing %q", r.Status, r.Pointer, r.Reason, tc.status, tc.pointer, tc.reason)
			}
		})
	}
}

// TestVerifyKeyLessCard: without keys a signature is Unverified, saying
// why; the card's structure is still checked.
func TestVerifyWithoutKeys(t *testing.T) {
	signed := signedKAT(t)
	res := Verify(context.Background(), mustParse(t, signed), Options{})
	if len(res) != 1 || res[0].Status != Unverified || !strings.Contains(res[0].Reason, "no key") {
		t.Fatalf("%+v", res)
	}
	if res[0].KeyID != "kat-1" || res[0].Algorithm != "EdDSA" {
		t.Errorf("%+v", res[0])
	}
	bad := Verify(context.Background(), mustParse(t, sigCard(`[{"protected": "`+b64json(`{"alg":"none"}`)+`", "signature": "c2ln"}]`)), Options{})
	if bad[0].Status != AlgNotAllowed {
		t.Errorf("without keys, alg none: %+v", bad[0])
	}
	if res := Verify(context.Background(), mustParse(t, katCard), Options{}); res != nil {
		t.Errorf("an unsigned card: %+v", res)
	}
	if res := Verify(context.Background(), mustParse(t, `{"signatures": {}}`), Options{}); res != nil {
		t.Errorf("signatures not an array: %+v", res)
	}
}

// TestVerifyJKU: without a key set, a signature's jku is fetched through
// the caller's function, once per URL; an origin it refuses, a failed
// fetch and a non-https jku leave the signature Unverified with the reason.
func TestVerifyJKU(t *testing.T) {
	priv := katKey()
	const jku = "https://weather.example/.well-known/jwks.json"
	doc := mustParse(t, katCard)
	key := &SigningKey{signer: priv}
	for _, kid := range []string{"a", "b"} {
		if _, err := Sign(doc, key, SignOptions{KeyID: kid, JKU: jku}); err != nil {
			t.Fatal(err)
		}
	}
	signed := mustParse(t, string(doc.Encode()))
	jwks := `{"keys": [` + string(mustJSON(key.PublicJWK("a", "EdDSA"))) + `, ` + string(mustJSON(key.PublicJWK("b", "EdDSA"))) + `, {"kty": "oct", "k": "c2VjcmV0"}]}`

	calls := 0
	fetch := func(_ context.Context, u string) ([]byte, error) {
		calls++
		if u != jku {
			t.Errorf("fetched %s", u)
		}
		return []byte(jwks), nil
	}
	res := Verify(context.Background(), signed, Options{Fetch: fetch})
	if len(res) != 2 || res[0].Status != Verified || res[1].Status != Verified || res[0].KeySource != "key set of its jku "+jku {
		t.Fatalf("%+v", res)
	}
	if calls != 1 {
		t.Errorf("the jku was fetched %d times, want once", calls)
	}

	// A key set given takes precedence: the jku is not fetched.
	calls = 0
	res = Verify(context.Background(), signed, Options{Keys: keySetOf(ed25519.PublicKey(make([]byte, 32)), "a"), Fetch: fetch})
	if calls != 0 || res[0].Status != PayloadMismatch || res[1].Status != UnknownKey {
		t.Errorf("with a key set: %d fetches, %+v", calls, res)
	}

	refusing := func(context.Context, string) ([]byte, error) { return nil, ErrJKUNotAccepted }
	res = Verify(context.Background(), signed, Options{Fetch: refusing})
	if res[0].Status != Unverified || !res[0].JKUNotAccepted || !strings.Contains(res[0].Reason, "was not fetched: the jku's origin is not an accepted host") {
		t.Errorf("refused origin: %+v", res[0])
	}
	failing := func(context.Context, string) ([]byte, error) { return nil, errors.New("connection refused") }
	res = Verify(context.Background(), signed, Options{Fetch: failing})
	if res[0].Status != Unverified || res[0].JKUNotAccepted || !strings.Contains(res[0].Reason, "connection refused") {
		t.Errorf("failed fetch: %+v", res[0])
	}
	notASet := func(context.Context, string) ([]byte, error) { return []byte(`<html>`), nil }
	res = Verify(context.Background(), signed, Options{Fetch: notASet})
	if res[0].Status != Unverified || !strings.Contains(res[0].Reason, "JWK set") {
		t.Errorf("not a key set: %+v", res[0])
	}
	res = Verify(context.Background(), signed, Options{})
	if res[0].Status != Unverified || !strings.Contains(res[0].Reason, "not fetched") {
		t.Errorf("no fetcher: %+v", res[0])
	}

	// An http jku is never fetched.
	httpCard := sigCard(`[{"protected": "` + b64json(`{"alg":"EdDSA","kid":"a","jku":"http://weather.example/jwks.json"}`) + `", "signature": "` + base64.RawURLEncoding.EncodeToString(make([]byte, 64)) + `"}]`)
	calls = 0
	res = Verify(context.Background(), mustParse(t, httpCard), Options{Fetch: fetch})
	if calls != 0 || res[0].Status != Unverified || !strings.Contains(res[0].Reason, "not an https URL") {
		t.Errorf("http jku: %d fetches, %+v", calls, res[0])
	}
}
