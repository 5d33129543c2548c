package validate

import (
	"os"
	"strings"
	"testing"
)

// TestHiddenCharactersWrittenRaw: the check passes over a document whose
// text is all printable ASCII (model.Doc.TextIsPlainASCII), so a hidden
// character written raw, not as an escape as in the rule's fixture, must
// still be found: a DEL (plain ASCII to the parser's fast scan), a
// zero-width space and a bidi control.
func TestHiddenCharactersWrittenRaw(t *testing.T) {
	fixture, err := os.ReadFile("testdata/rules/a2a/hidden-characters/valid.json")
	if err != nil {
		t.Fatal(err)
	}
	// The fixture's own card description holds text outside ASCII; made
	// plain, the card is one the check passes over.
	valid := []byte(strings.Replace(string(fixture), `"Plans routes.\nAlso reports traffic — in Français and 日本語 👩‍💻."`, `"Plans routes."`, 1))
	res := Check(valid, KindCard, nil)
	if res.Doc == nil || !res.Doc.TextIsPlainASCII() {
		t.Fatal("the fixture made plain is not plain ASCII: this test would not reach the documents it is about")
	}
	if n := count(res.Diags, "a2a/hidden-characters"); n != 0 {
		t.Fatalf("the valid fixture has %d hidden-characters findings", n)
	}
	for _, c := range []struct{ name, text string }{
		{"DEL", "Plans\x7f a route."},
		{"a zero-width space", "Plans\u200b a route."},
		{"a bidi control", "Plans \u202ea route."},
	} {
		card := strings.Replace(string(valid), `"Plans a route."`, `"`+c.text+`"`, 1)
		if card == string(valid) {
			t.Fatal("the valid fixture no longer has the description this test edits")
		}
		if n := count(Check([]byte(card), KindCard, nil).Diags, "a2a/hidden-characters"); n != 1 {
			t.Errorf("%s written raw: %d hidden-characters findings, want 1", c.name, n)
		}
	}
}

// TestBrandOnPlainText: on a document of plain ASCII text the look-alike
// checks of names pass over its names (one script each), but the brand
// check still runs: an organisation written in plain letters is the most
// common impostor.
func TestBrandOnPlainText(t *testing.T) {
	fixture, err := os.ReadFile("testdata/rules/security/brand-mismatch/invalid.json")
	if err != nil {
		t.Fatal(err)
	}
	card := []byte(strings.Replace(string(fixture), "G\u043e\u043egle LLC", "Google LLC", 1))
	res := Check(card, KindCard, nil)
	if res.Doc == nil || !res.Doc.TextIsPlainASCII() {
		t.Fatal("the fixture with its organisation in plain letters is not plain ASCII: this test would not reach the documents it is about")
	}
	if n := count(res.Diags, "security/brand-mismatch"); n != 1 {
		t.Errorf("%d brand-mismatch findings on the plain card, want 1", n)
	}
	if n := count(res.Diags, "security/confusable-name"); n != 0 {
		t.Errorf("%d confusable-name findings on a card of plain ASCII", n)
	}
}
