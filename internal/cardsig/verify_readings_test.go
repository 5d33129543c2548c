package cardsig

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	jose "github.com/go-jose/go-jose/v4"

	"github.com/oncard/oncard/model"
)

// readingsCard carries members the readings treat differently: an
// extension's "required": false (plain: §8.4.1 and the JS SDK drop it) and
// an empty "examples" list.
const readingsCard = `{
  "name": "Weather",
  "description": "Answers questions about the weather.",
  "supportedInterfaces": [{"url": "https://weather.example/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
  "version": "1.0.0",
  "capabilities": {"streaming": false, "extensions": [{"uri": "https://weather.example/ext/v1", "required": false}]},
  "defaultInputModes": ["text/plain"],
  "defaultOutputModes": ["text/plain"],
  "skills": [{"id": "f", "name": "Forecast", "description": "Forecasts.", "tags": ["weather"], "examples": []}]
}`

// signOver signs doc's payload under reading r with key, with the given
// protected header members (alg is added), and appends the signature.
func signOver(t *testing.T, doc *model.Doc, r Reading, key *ecdsa.PrivateKey, headers map[jose.HeaderKey]any) *model.Doc {
	t.Helper()
	payload, err := Payload(doc, r)
	if err != nil {
		t.Fatal(err)
	}
	opts := &jose.SignerOptions{ExtraHeaders: headers}
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.ES256, Key: key}, opts)
	if err != nil {
		t.Fatal(err)
	}
	obj, err := signer.Sign(payload)
	if err != nil {
		t.Fatal(err)
	}
	compact, err := obj.DetachedCompactSerialize()
	if err != nil {
		t.Fatal(err)
	}
	out := doc.Clone()
	prot, sig, _ := cutDetached(compact)
	if err := out.Set("/signatures", mustJSON([]signatureEntry{{Protected: prot, Signature: sig}})); err != nil {
		t.Fatal(err)
	}
	return mustParseBytes(t, out.Encode())
}

func cutDetached(compact string) (string, string, bool) {
	for i := 0; i+1 < len(compact); i++ {
		if compact[i] == '.' && compact[i+1] == '.' {
			return compact[:i], compact[i+2:], true
		}
	}
	return "", "", false
}

func mustParseBytes(t *testing.T, b []byte) *model.Doc {
	t.Helper()
	doc, err := model.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// TestVerifyUnderReadings: a signature is checked under every reading and
// the result says which accept it.
func TestVerifyUnderReadings(t *testing.T) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	keys := keySetOf(key.Public(), "k")
	full := map[jose.HeaderKey]any{"kid": "k", "typ": "JOSE"}
	cases := []struct {
		name    string
		reading Reading
		headers map[jose.HeaderKey]any
		valid   []Reading
	}{
		{"over the literal card", Literal, full, []Reading{Literal}},
		{"over the §8.4.1 form", Normalised, full, []Reading{Normalised, JSSDK}},
		{"over the JS SDK's form", JSSDK, full, []Reading{Normalised, JSSDK}},
		{"without typ", Normalised, map[jose.HeaderKey]any{"kid": "k"}, []Reading{Normalised}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			doc := signOver(t, mustParse(t, readingsCard), tc.reading, key, tc.headers)
			res := Verify(context.Background(), doc, Options{Keys: keys})
			if len(res) != 1 || res[0].Status != Verified {
				t.Fatalf("got %+v, want verified", res)
			}
			if got := res[0].ValidUnder(); !slices.Equal(got, tc.valid) {
				t.Errorf("valid under %v, want %v (verdicts %+v)", got, tc.valid, res[0].Readings)
			}
			for _, v := range res[0].Readings {
				if !v.Valid && v.Reason == "" {
					t.Errorf("%s rejects without a reason", v.Reading)
				}
			}
		})
	}
	// One changed value: no reading accepts it, and each says so.
	doc := signOver(t, mustParse(t, readingsCard), Normalised, key, full)
	if err := doc.Set("/version", []byte(`"2.0.0"`)); err != nil {
		t.Fatal(err)
	}
	res := Verify(context.Background(), doc, Options{Keys: keys})
	if res[0].Status != PayloadMismatch || len(res[0].ValidUnder()) != 0 || len(res[0].RejectedUnder()) != len(Readings) {
		t.Errorf("a changed card: %+v", res[0])
	}
}

// TestDroppedMembersMakeReadingsAgree: deleting what DroppedMembers lists
// leaves a card every reading computes one payload for; what it cannot fix
// Disagreeing names.
func TestDroppedMembersMakeReadingsAgree(t *testing.T) {
	doc := mustParse(t, readingsCard)
	if got := Disagreeing(doc); !slices.Equal(got, []Reading{Literal}) {
		t.Fatalf("before: disagreeing %v, want [literal]", got)
	}
	drops := DroppedMembers(doc)
	want := []string{"/skills/0/examples", "/capabilities/extensions/0/required"}
	if !slices.Equal(drops, want) {
		t.Fatalf("dropped %v, want %v", drops, want)
	}
	for _, p := range drops {
		if err := doc.Delete(p); err != nil {
			t.Fatal(err)
		}
	}
	if got := Disagreeing(doc); len(got) != 0 {
		t.Errorf("after: disagreeing %v", got)
	}

	// Inside params, nulls and empty values go; params with nothing else
	// goes whole. A member the proto does not define is kept, and the
	// JS SDK, which drops it, is named.
	doc = mustParse(t, `{"name":"a","x-mine":1,"capabilities":{"extensions":[
	  {"uri":"u1","params":{"a":null,"b":[{"c":""}],"d":[1,null,2],"e":0}},
	  {"uri":"u2","params":{"a":null}}]}}`)
	drops = DroppedMembers(doc)
	want = []string{"/capabilities/extensions/1/params", "/capabilities/extensions/0/params/d/1", "/capabilities/extensions/0/params/b", "/capabilities/extensions/0/params/a"}
	if !slices.Equal(drops, want) {
		t.Fatalf("dropped %v, want %v", drops, want)
	}
	for _, p := range drops {
		if err := doc.Delete(p); err != nil {
			t.Fatal(err)
		}
	}
	if got := Disagreeing(doc); !slices.Equal(got, []Reading{JSSDK}) {
		t.Errorf("with an unknown member: disagreeing %v, want [a2a-js]", got)
	}
}

// TestExpiredKeyNotUsed: a JWK whose exp is past is left out of the key
// set; a signature that wants it is unknown-key, saying the key expired.
// Every finding names where its keys came from.
func TestExpiredKeyNotUsed(t *testing.T) {
	defer func(n func() time.Time) { now = n }(now)
	now = func() time.Time { return time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC) }
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	sk := &SigningKey{signer: key}
	doc := mustParse(t, readingsCard)
	if _, err := Sign(doc, sk, SignOptions{KeyID: "old"}); err != nil {
		t.Fatal(err)
	}
	jwk, err := json.Marshal(sk.PublicJWK("old", "ES256"))
	if err != nil {
		t.Fatal(err)
	}
	withExp := func(exp int64) *KeySet {
		t.Helper()
		raw := strings.Replace(string(jwk), "{", fmt.Sprintf(`{"exp":%d,`, exp), 1)
		set, err := ParseJWKSet([]byte(`{"keys":[` + raw + `]}`))
		if err != nil {
			t.Fatal(err)
		}
		return set
	}
	past := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC).Unix()
	if _, err := ParseJWKSet([]byte(`{"keys":[` + strings.Replace(string(jwk), "{", fmt.Sprintf(`{"exp":%d,`, past), 1) + `]}`)); err == nil || !strings.Contains(err.Error(), "expired on 2026-06-01T00:00:00Z") {
		t.Errorf("a set of one expired key: %v", err)
	}
	both, err := ParseJWKSet([]byte(`{"keys":[` + strings.Replace(string(jwk), "{", fmt.Sprintf(`{"exp":%d,`, past), 1) + `,` +
		strings.Replace(strings.Replace(string(jwk), `"old"`, `"new"`, 1), "{", `{"exp":1893456000,`, 1) + `]}`))
	if err != nil {
		t.Fatal(err)
	}
	res := Verify(context.Background(), doc, Options{Keys: both, KeysFrom: "key set of --jwks keys.json"})
	if res[0].Status != UnknownKey || !strings.Contains(res[0].Reason, `the key with kid "old" in the key set of --jwks keys.json expired on 2026-06-01T00:00:00Z`) {
		t.Errorf("an expired key: %+v", res[0])
	}
	// Not expired yet: used, and the source is named.
	res = Verify(context.Background(), doc, Options{Keys: withExp(now().Add(time.Hour).Unix()), KeysFrom: "key set of --jwks keys.json"})
	if res[0].Status != Verified || res[0].KeySource != "key set of --jwks keys.json" {
		t.Errorf("a key still valid: %+v", res[0])
	}
}

// TestDifferences names what a reading reads otherwise than §8.4.1.
func TestDifferences(t *testing.T) {
	doc := mustParse(t, `{"name":"a","x-mine":1,"capabilities":{},"securityRequirements":[{"schemes":{"bearer":{"list":[]}}}]}`)
	if got, want := Differences(doc, JSSDK, 5), []string{"/capabilities", "/securityRequirements", "/x-mine"}; !slices.Equal(got, want) {
		t.Errorf("Differences = %v, want %v", got, want)
	}
	if got := Differences(doc, Literal, 5); !slices.Equal(got, []string{"/securityRequirements/0/schemes/bearer/list"}) {
		t.Errorf("literal: %v", got) // the list §8.4.1 drops
	}
}
