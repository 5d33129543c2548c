package validate

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/oncard/oncard/model"
)

// A dual card is checked against both versions: its v0.3 part must be a
// card v0.3 readers accept.
func TestDualCardIsCheckedAgainstV03(t *testing.T) {
	read := func(name string) *model.Doc {
		data, err := os.ReadFile(filepath.Join("testdata", "dual", name))
		if err != nil {
			t.Fatal(err)
		}
		return mustParse(t, string(data))
	}
	valid := read("valid.json")
	if !model.IsDualCard(valid.Root()) {
		t.Fatal("valid.json is not dual")
	}
	if diags := Card(valid, nil); len(diags) != 0 {
		t.Errorf("valid dual card:\n%s", cardListDiags(diags))
	}
	diags := Card(read("invalid.json"), nil)
	for _, w := range []cardWant{
		// v1.0 wrapper only: a v0.3 reader finds no "type".
		{ruleA2ARequiredMissing.Code, "/securitySchemes/bearer/type", Error},
		// v0.3 requires protocolVersion at the top.
		{ruleA2ARequiredMissing.Code, "/protocolVersion", Error},
	} {
		if d, ok := cardFindDiag(diags, w.code, w.pointer); !ok || d.Severity != w.severity {
			t.Errorf("no %s at %s:\n%s", w.code, w.pointer, cardListDiags(diags))
		}
	}
}

// What `oncard edit --upgrade --keep-dual` writes is a dual card that both
// v1.0 and v0.3 rules accept, and no OAuth flow is lost.
func TestKeepDualUpgradeIsValidForBoth(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "dual", "v03-several-flows.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, keepDual := range []bool{false, true} {
		doc := mustParse(t, string(data))
		plan, err := model.PlanUpgrade(doc, model.UpgradeOptions{KeepDual: keepDual})
		if err != nil {
			t.Fatal(err)
		}
		model.NewCard(doc) // the card member order, as the edit commands install it
		if err := model.ApplyEdits(doc, plan); err != nil {
			t.Fatal(err)
		}
		out, err := model.Parse(doc.Encode())
		if err != nil {
			t.Fatal(err)
		}
		if got := model.IsDualCard(out.Root()); got != keepDual {
			t.Errorf("keepDual=%v: IsDualCard = %v", keepDual, got)
		}
		if diags := Card(out, nil); len(diags) != 0 {
			t.Errorf("keepDual=%v: upgraded card has findings:\n%s\n%s", keepDual, cardListDiags(diags), out.Encode())
		}
		schemes := out.Root().Get("securitySchemes")
		if schemes.Get("oauth") == nil || schemes.Get("oauth-clientCredentials") == nil {
			t.Errorf("keepDual=%v: the flows were not split into schemes:\n%s", keepDual, out.Encode())
		}
		reqs := out.Root().Get("securityRequirements")
		if reqs.Len() != 2 || reqs.Index(1).Get("schemes").Get("oauth-clientCredentials") == nil {
			t.Errorf("keepDual=%v: the split schemes are not alternatives:\n%s", keepDual, out.Encode())
		}
	}
}
