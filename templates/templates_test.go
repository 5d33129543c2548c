package templates

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/oncard/oncard/internal/cardsig"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/oasf"
	"github.com/oncard/oncard/validate"
)

func TestNamesGetDescribe(t *testing.T) {
	names := Names()
	want := []string{"minimal", "on-request", "oasf-discovery", "full", "catalog"}
	if len(names) != len(want) {
		t.Fatalf("Names() = %v, want %v", names, want)
	}
	for i, n := range want {
		if names[i] != n {
			t.Fatalf("Names() = %v, want %v", names, want)
		}
		b, ok := Get(n)
		if !ok || len(b) == 0 {
			t.Fatalf("Get(%q) failed", n)
		}
		if Describe(n) == "" {
			t.Errorf("Describe(%q) is empty", n)
		}
	}
	if _, ok := Get("nope"); ok {
		t.Error("Get of an unknown name succeeded")
	}
	if Describe("nope") != "" {
		t.Error("Describe of an unknown name is not empty")
	}
}

// TestGetReturnsCopy: a caller editing the bytes must not change the template.
func TestGetReturnsCopy(t *testing.T) {
	a, _ := Get("minimal")
	a[0] = 'X'
	b, _ := Get("minimal")
	if b[0] != '{' {
		t.Fatal("Get returned shared bytes")
	}
}

// TestTemplatesAreWellFormed: valid JSON, 2-space indentation, final newline.
func TestTemplatesAreWellFormed(t *testing.T) {
	for _, n := range Names() {
		b, _ := Get(n)
		if !json.Valid(b) {
			t.Errorf("%s: not valid JSON", n)
		}
		if !bytes.HasSuffix(b, []byte("}\n")) {
			t.Errorf("%s: no final newline", n)
		}
		if !bytes.Contains(b, []byte("\n  \"")) || bytes.Contains(b, []byte("\t")) {
			t.Errorf("%s: not indented with 2 spaces", n)
		}
	}
}

// TestTemplatesValidate: every template is free of error-level findings.
func TestTemplatesValidate(t *testing.T) {
	for _, n := range Names() {
		t.Run(n, func(t *testing.T) {
			b, _ := Get(n)
			doc, err := model.Parse(b)
			if err != nil {
				t.Fatalf("parse: %v", err)
			}
			for _, d := range validate.Document(doc, "", nil) {
				if d.Severity == validate.Error {
					t.Errorf("%s %s: %s", d.Pointer, d.Code, d.Message)
				} else {
					t.Logf("%s %s %s: %s", d.Severity, d.Pointer, d.Code, d.Message)
				}
			}
		})
	}
}

// TestTemplatesKindAndValidatorBites: each template is detected as the kind
// it is meant to be, and the validator does find an error once a required
// member is removed (so TestTemplatesValidate is not passing vacuously).
func TestTemplatesKindAndValidatorBites(t *testing.T) {
	for name, tc := range map[string]struct {
		kind     validate.Kind
		required string
	}{
		"minimal":        {validate.KindCard, "/name"},
		"on-request":     {validate.KindCard, "/skills/1/id"},
		"oasf-discovery": {validate.KindCard, "/capabilities/extensions/0/params/schema_version"},
		"full":           {validate.KindCard, "/capabilities/extensions/1/params/skills"},
		"catalog":        {validate.KindCatalog, "/specVersion"},
	} {
		t.Run(name, func(t *testing.T) {
			b, _ := Get(name)
			doc, err := model.Parse(b)
			if err != nil {
				t.Fatal(err)
			}
			if got := validate.Detect(doc); got != tc.kind {
				t.Errorf("Detect = %q, want %q", got, tc.kind)
			}
			if err := doc.Delete(tc.required); err != nil {
				t.Fatal(err)
			}
			errs, _, _ := validate.Counts(validate.Document(doc, "", nil))
			if errs == 0 {
				t.Errorf("no error after removing %s", tc.required)
			}
		})
	}
}

// TestTemplatesUseRealOASFClasses: every skill and domain reference in the
// templates names a selectable class of its schema_version, by id and by
// name, checked directly against the embedded taxonomy.
func TestTemplatesUseRealOASFClasses(t *testing.T) {
	checked := 0
	for _, n := range Names() {
		b, _ := Get(n)
		doc, err := model.Parse(b)
		if err != nil {
			t.Fatal(err)
		}
		var payloads []*model.Discovery
		if i := model.NewCard(doc).DiscoveryIndex(); i >= 0 {
			payloads = append(payloads, &model.Discovery{Doc: doc, Ptr: model.ExtensionPtr(i) + "/params"})
		}
		for _, e := range model.NewCatalog(doc).Entries() {
			if ptr := e.Ptr + model.Pointer("extensions", model.DiscoveryCatalogKey); doc.Find(ptr) != nil {
				payloads = append(payloads, &model.Discovery{Doc: doc, Ptr: ptr})
			}
		}
		for _, v := range payloads {
			tax := oasf.Get(v.SchemaVersion())
			if tax == nil {
				t.Fatalf("%s: no taxonomy for %q", n, v.SchemaVersion())
			}
			for kind, refs := range map[oasf.Kind][]model.ClassRef{oasf.Skills: v.Skills(), oasf.Domains: v.Domains()} {
				for _, r := range refs {
					c := tax.Tree(kind).ByID(int(r.ID))
					if c == nil || c.Name != r.Name || c.Category {
						t.Errorf("%s: %s %+v is not a selectable class of %s", n, kind, r, v.SchemaVersion())
					}
					checked++
				}
			}
		}
	}
	if checked < 6 {
		t.Errorf("only %d references checked", checked)
	}
}

// TestTemplatesWriteNoDroppedDefaults: no template writes a member the
// canonical form drops (a plain field at its default, such as an
// extension's "required": false, or an empty list), so that every reader
// of a signature over a card made from it computes one payload. The
// presence table (model/presence.go) decides.
func TestTemplatesWriteNoDroppedDefaults(t *testing.T) {
	for _, n := range Names() {
		b, _ := Get(n)
		doc, err := model.Parse(b)
		if err != nil {
			t.Fatal(err)
		}
		if validate.Detect(doc) != validate.KindCard {
			continue
		}
		if drops := cardsig.DroppedMembers(doc); len(drops) > 0 {
			t.Errorf("%s writes default-valued members: %v", n, drops)
		}
		if r := cardsig.Disagreeing(doc); len(r) > 0 {
			t.Errorf("%s: the readings %v compute another payload than A2A §8.4.1", n, r)
		}
	}
}
