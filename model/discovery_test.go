package model

import (
	"reflect"
	"testing"
)

func TestIsDiscoveryURI(t *testing.T) {
	for uri, want := range map[string]bool{
		"https://schema.oasf.outshift.com/1.1.0/objects/discovery":  true,
		"http://localhost:8080/1.1.0/objects/discovery":             true,
		"https://schema.oasf.outshift.com/1.1.0/objects/discovery/": true,
		"https://schema.oasf.outshift.com/1.1.0/objects/record":     false,
		"/1.1.0/objects/discovery":                                  false,
		"urn:x:objects/discovery":                                   false,
		OnRequestURI:                                                false,
		"":                                                          false,
	} {
		if got := IsDiscoveryURI(uri); got != want {
			t.Errorf("IsDiscoveryURI(%q) = %v", uri, got)
		}
	}
	if v := DiscoveryURIVersion("https://schema.oasf.outshift.com/1.1.0/objects/discovery"); v != "1.1.0" {
		t.Errorf("DiscoveryURIVersion = %q", v)
	}
	if v := DiscoveryURIVersion("https://x.example/objects/discovery"); v != "" {
		t.Errorf("DiscoveryURIVersion without version = %q", v)
	}
}

// The OASF screens write the payload inside a card at pointers: one line
// changes, and new references get their members in spec order.
func TestDiscoveryEditsInCard(t *testing.T) {
	d := loadView(t, "card-v10.json")
	c := NewCard(d)
	params := ExtensionPtr(c.DiscoveryIndex()) + "/params"
	before := d.Encode()
	must(t, d.Set(params+"/domains", []byte(`[{"name": "finance_and_business/payments", "id": 207}]`)))
	oneLineChanged(t, before, d.Encode(), `"domains": [{"name": "finance_and_business/payments", "id": 207}]`)
	must(t, setDeep(d, params+"/skills/-", []byte(`{"id": 60602}`)))
	must(t, d.SetValue(params+"/skills/1/name", "technology/networking"))
	if got := d.Find(params + "/skills/1").Members(); len(got) != 2 || got[0].Key() != "name" {
		t.Errorf("reference members not in spec order:\n%s", d.Encode())
	}
}

// A standalone payload gets its member order from its detected kind: new
// skills land before domains, a reference's name before its id.
func TestDiscoveryStandaloneOrder(t *testing.T) {
	d, err := Parse([]byte(`{"schema_version": "1.1.0", "domains": [{"id": 10305}]}`))
	must(t, err)
	kind := DetectKind(d)
	if kind != KindDiscovery {
		t.Fatalf("kind %q", kind)
	}
	InstallKindOrder(d, kind)
	must(t, setDeep(d, "/skills/-", []byte(`{"id": 60602}`)))
	must(t, d.SetValue("/domains/0/name", "technology/networking/network_security"))
	root := d.Root()
	var keys []string
	for _, m := range root.Members() {
		keys = append(keys, m.Key())
	}
	if !reflect.DeepEqual(keys, []string{"schema_version", "skills", "domains"}) || d.Find("/domains/0").Members()[0].Key() != "name" {
		t.Errorf("members %v:\n%s", keys, d.Encode())
	}
}
