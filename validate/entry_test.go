package validate

import (
	"os"
	"path/filepath"
	"testing"
)

func TestEntryKind(t *testing.T) {
	read := func(name string) []byte {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	_, kind, diags := bytesOf(read("entry/valid.json"), "", nil)
	if kind != KindEntry {
		t.Fatalf("valid entry detected as %q", kind)
	}
	if len(diags) != 0 {
		t.Errorf("valid entry: unexpected findings:\n%s", cardListDiags(diags))
	}
	_, kind, diags = bytesOf(read("entry/invalid.json"), "", nil)
	if kind != KindEntry {
		t.Fatalf("invalid entry detected as %q", kind)
	}
	for _, w := range []cardWant{
		{"catalog/entry-artifact-source", "/data", Error},
		{"catalog/http-url", "/url", Warning},
		{"catalog/schema", "/tags/1", Error},
		{"a2a/required-missing", "/data/description", Error}, // the inline card is checked too
	} {
		d, ok := cardFindDiag(diags, w.code, w.pointer)
		if !ok || d.Severity != w.severity || d.Line == 0 {
			t.Errorf("want %s %s at %s; got:\n%s", w.severity, w.code, w.pointer, cardListDiags(diags))
		}
	}
}

// A JSON document that is none of the kinds gets one finding saying so (and
// how to force a kind), not the errors of an Agent Card.
func TestUnknownDocumentIsOneFinding(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "unknown", "package.json"))
	if err != nil {
		t.Fatal(err)
	}
	_, kind, diags := bytesOf(data, "", nil)
	if kind != KindUnknown {
		t.Fatalf("package.json detected as %q", kind)
	}
	if len(diags) != 1 || diags[0].Code != ruleValidateUnknownDocument.Code || diags[0].Severity != Warning {
		t.Fatalf("want one %s warning, got:\n%s", ruleValidateUnknownDocument.Code, cardListDiags(diags))
	}
	if e, _, _ := Counts(diags); e != 0 {
		t.Error("an unknown document must not fail a run")
	}
	// Forcing the kind checks it as that kind.
	_, _, diags = bytesOf(data, KindCard, nil)
	if _, ok := cardFindDiag(diags, ruleA2ARequiredMissing.Code, "/skills"); !ok {
		t.Errorf("--kind card did not check it as a card:\n%s", cardListDiags(diags))
	}
}

func TestCheckKeepsTheDetection(t *testing.T) {
	res := Check([]byte(`{"identifier":"urn:x","type":"application/a2a-agent-card+json","url":"https://x","capabilities":{}}`), "", nil)
	if res.Kind != KindEntry || res.Detection == nil || !res.Detection.Close {
		t.Fatalf("kind %q detection %+v", res.Kind, res.Detection)
	}
	if note := res.AssumedKindNote(); note != "checked as entry: it also looks like card; pass --kind to choose" {
		t.Errorf("note %q", note)
	}
	clear := Check([]byte(`{"specVersion":"1.0","entries":[]}`), "", nil)
	if clear.AssumedKindNote() != "" || clear.Kind != KindCatalog {
		t.Errorf("a clear detection: %+v %q", clear.Detection, clear.AssumedKindNote())
	}
	if named := Check([]byte(`{"capabilities":{}}`), KindCard, nil); named.Detection != nil || named.AssumedKindNote() != "" {
		t.Error("a named kind is not detected")
	}
	if bad := Check([]byte(`{`), "", nil); bad.Doc != nil || len(bad.Diags) != 1 {
		t.Errorf("parse failure: %+v", bad)
	}
}
