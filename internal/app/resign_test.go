package app

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/oncard/oncard/internal/cardsig"
	"github.com/oncard/oncard/model"
)

// TestResignDropsDefaults: re-signing on save first drops the members
// readers treat differently, as edits the diff shows, so the new signature
// verifies under every reading; KeepDefaults keeps them and names the
// readers that will reject it.
func TestResignDropsDefaults(t *testing.T) {
	const card = `{
  "name": "A",
  "description": "B",
  "supportedInterfaces": [{"url": "https://a.example/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
  "version": "1",
  "capabilities": {"extensions": [{"uri": "https://a.example/ext/v1", "required": false}]},
  "defaultInputModes": ["text/plain"],
  "defaultOutputModes": ["text/plain"],
  "skills": [{"id": "s", "name": "S", "description": "D", "tags": ["t"]}]
}
`
	key, err := cardsig.ParseSigningKey(pemKeyForTest(t))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := model.Parse([]byte(card))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cardsig.Sign(doc, key, cardsig.SignOptions{KeyID: "mine"}); err != nil {
		t.Fatal(err)
	}
	for _, keep := range []bool{false, true} {
		path := filepath.Join(t.TempDir(), "card.json")
		if err := os.WriteFile(path, doc.Encode(), 0o644); err != nil {
			t.Fatal(err)
		}
		ed, err := OpenMax(path, 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		ed.SigningKey, ed.KeepDefaults = key, keep
		if err := ed.Session.Set("/version", []byte(`"2"`)); err != nil {
			t.Fatal(err)
		}
		done, err := ed.Resign(context.Background(), key)
		if err != nil || len(done) != 1 {
			t.Fatalf("keep %v: Resign: %v, %v", keep, done, err)
		}
		saved, err := model.Parse(ed.Session.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		res := cardsig.Verify(context.Background(), saved, cardsig.Options{Keys: key.PublicKeySet("mine", "")})
		if len(res) != 1 || res[0].Status != cardsig.Verified {
			t.Fatalf("keep %v: %+v", keep, res)
		}
		if !keep {
			if got := ed.ResignDropped(); !slices.Equal(got, []string{"/capabilities/extensions/0/required"}) {
				t.Errorf("dropped %v", got)
			}
			if len(res[0].RejectedUnder()) != 0 || len(ed.ResignRejecting()) != 0 {
				t.Errorf("readers disagree: %+v, %v", res[0].Readings, ed.ResignRejecting())
			}
			continue
		}
		if len(ed.ResignDropped()) != 0 || saved.Root().Get("capabilities").Get("extensions").Index(0).Get("required") == nil {
			t.Errorf("KeepDefaults dropped %v", ed.ResignDropped())
		}
		if got := ed.ResignRejecting(); !slices.Equal(got, []cardsig.Reading{cardsig.Literal}) {
			t.Errorf("rejecting %v, want [literal]", got)
		}
	}
}
