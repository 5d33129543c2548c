package validate

import (
	"context"
	"crypto/ed25519"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oncard/oncard/internal/keyfile"

	"github.com/oncard/oncard/internal/cardsig"
	"github.com/oncard/oncard/internal/reference"
	"github.com/oncard/oncard/model"
)

// The fixtures of testdata/signature/<case>/ are made from
// testdata/rules/a2a/signed-card/valid.json (unsigned) by signatureFixtures,
// with the Ed25519 key of seed fixtureSeed under kid "fixture";
// testdata/signature/jwks.json is its public key. Ed25519 signatures are
// deterministic, so ONCARD_UPDATE_SIGNATURE_FIXTURES=1 rewrites them
// byte for byte as they are; the test then fails on any difference.

func fixtureKey() ed25519.PrivateKey {
	seed := []byte("oncard signature fixture seed 32")
	return ed25519.NewKeyFromSeed(seed)
}

// signatureFixtures builds the content of every fixture file.
func signatureFixtures(t *testing.T) map[string]string {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", "rules", "a2a", "signed-card", "valid.json"))
	if err != nil {
		t.Fatal(err)
	}
	pemKey := pemPrivate(t, fixtureKey())
	key, err := cardsig.ParseSigningKey(pemKey)
	if err != nil {
		t.Fatal(err)
	}
	replaceOnce := func(s, old, new string) string {
		if !strings.Contains(s, old) {
			t.Fatalf("fixture: %q not found", old)
		}
		return strings.Replace(s, old, new, 1)
	}
	// As oncard sign writes it: the default-valued members dropped (the
	// extension's "required": false), so that every reading computes one
	// payload. A scheme without scopes has none the JS SDK agrees on (it
	// drops the whole requirement), so the fixture's bearer names one.
	agreeing := func() *model.Doc {
		doc, err := model.Parse([]byte(replaceOnce(string(src), `"list": []`, `"list": ["traffic"]`)))
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range cardsig.DroppedMembers(doc) {
			if err := doc.Delete(p); err != nil {
				t.Fatal(err)
			}
		}
		return doc
	}
	sign := func(kid string) string {
		doc := agreeing()
		if _, err := cardsig.Sign(doc, key, cardsig.SignOptions{KeyID: kid}); err != nil {
			t.Fatal(err)
		}
		return string(doc.Encode())
	}
	signed := sign("fixture")
	protectedOf := func(s string) string {
		doc, err := model.Parse([]byte(s))
		if err != nil {
			t.Fatal(err)
		}
		return doc.Root().Get("signatures").Index(0).Get("protected").Text()
	}
	jwks, err := json.MarshalIndent(map[string]any{"keys": []any{key.PublicJWK("fixture", "EdDSA")}}, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	hs256 := "eyJhbGciOiJIUzI1NiIsImtpZCI6ImZpeHR1cmUifQ" // {"alg":"HS256","kid":"fixture"}
	return map[string]string{
		"jwks.json":                        string(jwks) + "\n",
		"payload-mismatch/valid.json":      signed,
		"payload-mismatch/invalid.json":    replaceOnce(signed, `"version": "1.2.0"`, `"version": "1.2.1"`),
		"bad-jws/valid.json":               signed,
		"bad-jws/invalid.json":             replaceOnce(signed, `"protected": "`+protectedOf(signed), `"protected": "not base64url!`),
		"alg-not-allowed/valid.json":       signed,
		"alg-not-allowed/invalid.json":     replaceOnce(signed, protectedOf(signed), hs256),
		"unknown-key/valid.json":           signed,
		"unknown-key/invalid.json":         sign("retired-key"),
		"unverified/valid.json":            string(src),
		"unverified/invalid.json":          signed,
		"missing/valid.json":               signed,
		"missing/invalid.json":             string(src),
		"reformatted/valid.json":           reformat(t, signed),
		"reformatted/invalid.json":         replaceOnce(reformat(t, signed), `"Route"`, `"Rout\u00e9"`),
		"some-readers-reject/valid.json":   signed,
		"some-readers-reject/invalid.json": signLiteral(t, src, fixtureKey(), "fixture"),
	}
}

// signLiteral signs the card src as it is written (RFC 8785 of its bytes,
// defaults and all), as a plain JWS + JCS signer does (jose with
// canonicalize): an Ed25519 JWS under {"alg":"EdDSA","kid":kid,"typ":"JOSE"}.
func signLiteral(t *testing.T, src []byte, key ed25519.PrivateKey, kid string) string {
	t.Helper()
	doc, err := model.Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	payload, err := cardsig.Payload(doc, cardsig.Literal)
	if err != nil {
		t.Fatal(err)
	}
	enc := base64.RawURLEncoding.EncodeToString
	protected := enc([]byte(`{"alg":"EdDSA","kid":"` + kid + `","typ":"JOSE"}`))
	sig := ed25519.Sign(key, []byte(protected+"."+enc(payload)))
	entry, _ := json.Marshal([]map[string]string{{"protected": protected, "signature": enc(sig)}})
	if err := doc.Set("/signatures", entry); err != nil {
		t.Fatal(err)
	}
	return string(doc.Encode())
}

// reformat writes a card minified: the same meaning, other bytes.
func reformat(t *testing.T, s string) string {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(v) // also sorts the members
	if err != nil {
		t.Fatal(err)
	}
	return string(b) + "\n"
}

// TestSignatureFixturesUpToDate holds the committed fixtures to the ones
// signatureFixtures builds.
func TestSignatureFixturesUpToDate(t *testing.T) {
	dir := filepath.Join("testdata", "signature")
	for name, want := range signatureFixtures(t) {
		path := filepath.Join(dir, name)
		if os.Getenv("ONCARD_UPDATE_SIGNATURE_FIXTURES") == "1" {
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (ONCARD_UPDATE_SIGNATURE_FIXTURES=1 writes the fixtures)", err)
		}
		if string(got) != want {
			t.Errorf("%s differs from what signatureFixtures builds (ONCARD_UPDATE_SIGNATURE_FIXTURES=1 rewrites it)", path)
		}
	}
}

// signatureCases pairs each signature code with its fixtures: valid.json
// must not give the code (nor any error), invalid.json must give it at the
// pointer, with the severity.
var signatureCases = []struct {
	dir      string
	policy   SignaturePolicy
	withKeys bool
	want     cardWant
}{
	{"payload-mismatch", SignaturesIfPresent, true, cardWant{ruleSignaturePayloadMismatch.Code, "/signatures/0", Error}},
	{"bad-jws", SignaturesIfPresent, true, cardWant{ruleSignatureBadJWS.Code, "/signatures/0/protected", Error}},
	{"alg-not-allowed", SignaturesIfPresent, true, cardWant{ruleSignatureAlgNotAllowed.Code, "/signatures/0/protected", Error}},
	{"unknown-key", SignaturesIfPresent, true, cardWant{ruleSignatureUnknownKey.Code, "/signatures/0", Warning}},
	{"unverified", SignaturesIfPresent, false, cardWant{ruleSignatureUnverified.Code, "/signatures/0", Info}},
	{"missing", SignaturesRequire, true, cardWant{ruleSignatureMissing.Code, "/signatures", Error}},
	{"reformatted", SignaturesIfPresent, true, cardWant{ruleSignaturePayloadMismatch.Code, "/signatures/0", Error}},
	{"some-readers-reject", SignaturesIfPresent, true, cardWant{ruleSignatureSomeReadersReject.Code, "/signatures/0", Warning}},
}

func TestSignatureRules(t *testing.T) {
	keys, err := keyfile.KeySet(filepath.Join("testdata", "signature", "jwks.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range signatureCases {
		t.Run(tc.dir, func(t *testing.T) {
			opts := cardsig.Options{}
			if tc.withKeys {
				opts.Keys = keys
			}
			check := func(name string) []Diagnostic {
				data, err := os.ReadFile(filepath.Join("testdata", "signature", tc.dir, name))
				if err != nil {
					t.Fatal(err)
				}
				doc, err := model.Parse(data)
				if err != nil {
					t.Fatal(err)
				}
				if d := Card(doc, nil); hasError(d) {
					t.Fatalf("%s is not a valid card:\n%s", name, cardListDiags(d))
				}
				return Signatures(context.Background(), doc, tc.policy, opts)
			}
			if valid := check("valid.json"); len(valid) != 0 {
				t.Errorf("valid.json:\n%s", cardListDiags(valid))
			}
			invalid := check("invalid.json")
			d, ok := cardFindDiag(invalid, tc.want.code, tc.want.pointer)
			if !ok || len(invalid) != 1 {
				t.Fatalf("invalid.json: want one %s at %q; got:\n%s", tc.want.code, tc.want.pointer, cardListDiags(invalid))
			}
			if d.Severity != tc.want.severity || d.Line == 0 || d.Column == 0 || d.Message == "" || d.Hint == "" {
				t.Errorf("invalid.json: %+v", d)
			}
			// The message names the signature, and its kid where the
			// header could be read.
			label := "signature 0 (kid "
			switch tc.want.code {
			case ruleSignatureMissing.Code:
				label = "the card has no signatures"
			case ruleSignatureBadJWS.Code:
				label = "signature 0: "
			}
			if !strings.HasPrefix(d.Message, label) {
				t.Errorf("the message does not start with %q: %s", label, d.Message)
			}
		})
	}
}

// TestSignaturePolicies: the same results weigh differently under each
// policy.
func TestSignaturePolicies(t *testing.T) {
	doc, err := model.Parse([]byte(`{"name": "x", "signatures": [{}, {}]}`))
	if err != nil {
		t.Fatal(err)
	}
	res := func(statuses ...cardsig.Status) []cardsig.Result {
		var out []cardsig.Result
		for i, s := range statuses {
			out = append(out, cardsig.Result{Index: i, Pointer: "/signatures/" + string(rune('0'+i)), KeyID: "k", Algorithm: "ES256", Status: s, Reason: "why"})
		}
		return out
	}
	sev := func(d []Diagnostic) string {
		var s []string
		for _, x := range d {
			s = append(s, x.Code+":"+x.Severity.String())
		}
		return strings.Join(s, " ")
	}
	cases := []struct {
		policy  SignaturePolicy
		results []cardsig.Result
		want    string
	}{
		{SignaturesOff, res(cardsig.PayloadMismatch), ""},
		{SignaturesIfPresent, nil, ""},
		{SignaturesRequire, nil, "signature/missing:error"},
		{SignaturesIfPresent, res(cardsig.Unverified, cardsig.UnknownKey), "signature/unverified:info signature/unknown-key:warning"},
		{SignaturesRequire, res(cardsig.Unverified, cardsig.UnknownKey), "signature/unverified:error signature/unknown-key:error"},
		{SignaturesRequire, res(cardsig.Verified, cardsig.UnknownKey), "signature/unknown-key:warning"},
		{SignaturesRequire, res(cardsig.Verified, cardsig.PayloadMismatch), "signature/payload-mismatch:error"},
		{SignaturesIfPresent, res(cardsig.BadJWS, cardsig.AlgNotAllowed), "signature/bad-jws:error signature/alg-not-allowed:error"},
		{SignaturesRequire, res(cardsig.Verified), ""},
	}
	for _, tc := range cases {
		if got := sev(SignatureFindings(doc, tc.results, tc.policy)); got != tc.want {
			t.Errorf("%s %v: got %q, want %q", tc.policy, tc.results, got, tc.want)
		}
	}
}

func hasError(d []Diagnostic) bool {
	e, _, _ := Counts(d)
	return e > 0
}

func pemPrivate(t *testing.T, k ed25519.PrivateKey) []byte {
	t.Helper()
	der, err := x509.MarshalPKCS8PrivateKey(k)
	if err != nil {
		t.Fatal(err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})
}

// TestSignaturesSpecSample: the A2A specification's sample card is signed
// (ES256, kid "key-1", a jku) with a key nobody has: without keys it is
// one info finding naming the kid and the jku that is not fetched.
func TestSignaturesSpecSample(t *testing.T) {
	dir := reference.Dir(t, "a2a", "examples")
	data, err := os.ReadFile(filepath.Join(dir, "spec-v1.0-sample-agent-card.json"))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := model.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	got := Signatures(context.Background(), doc, SignaturesIfPresent, cardsig.Options{})
	if len(got) != 1 || got[0].Code != ruleSignatureUnverified.Code || got[0].Severity != Info ||
		!strings.Contains(got[0].Message, `kid "key-1", ES256`) || !strings.Contains(got[0].Message, "https://example.com/agent/jwks.json") {
		t.Errorf("got:\n%s", cardListDiags(got))
	}
}

// TestSignatureOneFindingPerCause: a signature without "protected" is one
// finding (the card check's a2a/required-missing), not that and a
// signature/bad-jws about the same member.
func TestSignatureOneFindingPerCause(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "rules", "a2a", "signed-card", "valid.json"))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := model.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if err := doc.Set("/signatures", []byte(`[{"signature": "c2ln"}]`)); err != nil {
		t.Fatal(err)
	}
	doc, err = model.Parse(doc.Encode())
	if err != nil {
		t.Fatal(err)
	}
	diags := WithSignatures(context.Background(), doc, Card(doc, nil), SignaturesIfPresent, cardsig.Options{})
	var at []Diagnostic
	for _, d := range diags {
		if d.Pointer == "/signatures/0/protected" {
			at = append(at, d)
		}
	}
	if len(at) != 1 || at[0].Code != "a2a/required-missing" {
		t.Errorf("want one a2a/required-missing at /signatures/0/protected; got:\n%s", cardListDiags(at))
	}
	// Alone (no card check before it), the signature check still says it.
	if d := Signatures(context.Background(), doc, SignaturesIfPresent, cardsig.Options{}); len(d) != 1 || d[0].Code != ruleSignatureBadJWS.Code {
		t.Errorf("Signatures alone: %s", cardListDiags(d))
	}
}
