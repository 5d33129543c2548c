package cardsig

import (
	"context"
	"testing"

	"github.com/oncard/oncard/model"
)

// FuzzSignVerify: for any JSON document, Verify returns one verdict per
// signature and never panics; and whenever Sign accepts a document, the
// bytes it produces verify under the signer's key, whatever else the
// document holds (escapes, numbers, odd members, other signatures).
func FuzzSignVerify(f *testing.F) {
	f.Add(katCard)
	f.Add(sigCard(`[{"protected": "` + b64json(`{"alg":"EdDSA","kid":"kat-1"}`) + `", "signature": "c2ln"}]`))
	f.Add(`{"a": [1.0, 1e400, "\ud800"], "signatures": []}`)
	f.Add(`{"\u00e9": {"z": -0.0, "y": 1E-7}, "signatures": [{"protected": "e30", "signature": "", "header": {"kid": 1}}]}`)
	f.Add(`{"signatures": "x"}`)
	key := &SigningKey{signer: katKey()}
	keys := key.PublicKeySet("fuzz", "EdDSA")
	f.Fuzz(func(t *testing.T, src string) {
		doc, err := model.Parse([]byte(src))
		if err != nil {
			return
		}
		res := Verify(context.Background(), doc, Options{Keys: keys})
		if sigs := doc.Root().Get("signatures"); sigs != nil && sigs.Kind == model.Array && len(res) != sigs.Len() {
			t.Fatalf("%d verdicts for %d signatures", len(res), sigs.Len())
		}
		for _, r := range res {
			if r.Status == "" || (r.Status != Verified && r.Reason == "") {
				t.Fatalf("verdict without status or reason: %+v", r)
			}
		}
		signed, err := Sign(doc, key, SignOptions{KeyID: "fuzz"})
		if err != nil {
			return
		}
		out, err := model.Parse(doc.Encode())
		if err != nil {
			t.Fatalf("the signed document does not parse: %v", err)
		}
		after := Verify(context.Background(), out, Options{Keys: keys})
		if signed.Index >= len(after) || after[signed.Index].Status != Verified {
			t.Fatalf("the new signature does not verify: %+v\n%s", after, doc.Encode())
		}
	})
}
