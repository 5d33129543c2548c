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

func TestDiscoveryViewInCard(t *testing.T) {
	d := loadView(t, "card-v10.json")
	v, ok := NewCard(d).Discovery()
	if !ok {
		t.Fatal("no discovery view")
	}
	if v.SchemaVersion() != "1.1.0" || !v.HasDomains() {
		t.Error("schema_version/domains")
	}
	if got := v.Skills(); !reflect.DeepEqual(got, []ClassRef{{"business_professional/customer_support/support_operations", 120601}}) {
		t.Errorf("Skills() = %+v", got)
	}
	if got := v.Domains(); !reflect.DeepEqual(got, []ClassRef{{"finance_and_business/banking", 201}}) {
		t.Errorf("Domains() = %+v", got)
	}
	before := d.Encode()
	must(t, v.SetDomains([]ClassRef{{Name: "finance_and_business/payments", ID: 207}}))
	oneLineChanged(t, before, d.Encode(), `"domains": [{"name": "finance_and_business/payments", "id": 207}]`)
	must(t, v.SetSchemaVersion("1.0.0"))
	if v.SchemaVersion() != "1.0.0" {
		t.Error("SetSchemaVersion")
	}
}

func TestDiscoveryStandalone(t *testing.T) {
	d, err := Parse([]byte(`{"schema_version": "1.1.0", "skills": [{"id": "60602"}, {"name": "a/b"}, {"id": 6.0e4}]}`))
	must(t, err)
	v := NewDiscovery(d)
	if got := v.Skills(); !reflect.DeepEqual(got, []ClassRef{{}, {Name: "a/b"}, {}}) {
		t.Errorf("non-integer ids read as 0: %+v", got)
	}
	if v.HasDomains() || len(v.Domains()) != 0 {
		t.Error("domains")
	}
	must(t, v.AddDomain(ClassRef{Name: "technology/networking/network_security", ID: 10305}))
	must(t, v.AddSkill(ClassRef{ID: 60602}))
	if len(v.Domains()) != 1 || v.Skills()[3].ID != 60602 {
		t.Errorf("add: %s", d.Encode())
	}
	must(t, v.DeleteSkill(0))
	must(t, v.DeleteDomain(0))
	must(t, v.SetDomains(nil))
	if v.HasDomains() || len(v.Skills()) != 3 {
		t.Errorf("delete: %s", d.Encode())
	}
	must(t, v.SetSkills(nil))
	if n := d.Find("/skills"); n == nil || n.Kind != Array || n.Len() != 0 {
		t.Errorf("SetSkills(nil) should write []: %s", d.Encode())
	}
}
