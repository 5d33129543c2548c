package model

import (
	"reflect"
	"strings"
	"testing"
)

func TestCatalogReaders(t *testing.T) {
	c := NewCatalog(loadView(t, "catalog.json"))
	if c.Len() != 1 {
		t.Errorf("Len() = %d", c.Len())
	}
	e := c.Entry(0)
	if e.Identifier() != "urn:air:harbor.example:agents:harbor-helpdesk" || e.Type() != MediaTypeA2ACard ||
		e.Version() != "2.3.1" || e.URL() != "https://helpdesk.harbor.example/.well-known/agent-card.json" ||
		e.HasData() || e.Data() != nil {
		t.Errorf("entry readers")
	}
	if !reflect.DeepEqual(e.ExtensionKeys(), []string{DiscoveryCatalogKey}) {
		t.Errorf("keys: %v", e.ExtensionKeys())
	}
	if c.Entry(1) != nil || len(c.Entries()) != 1 {
		t.Error("Entry out of range")
	}
	if c.Find("urn:air:harbor.example:agents:harbor-helpdesk", "2.3.1") != 0 || c.Find("urn:air:harbor.example:agents:harbor-helpdesk", "") != -1 {
		t.Error("Find")
	}
}

// The catalog editor writes entries at pointers; each edit changes one line.
func TestCatalogPointerEditsChangeOneLine(t *testing.T) {
	for _, tc := range []struct {
		ptr   string
		value any
		want  string
	}{
		{"/specVersion", "0.9", `"specVersion": "0.9",`},
		{"/host/displayName", "Harbor", `"host": {"displayName": "Harbor", "identifier": "urn:air:harbor.example"},`},
		{EntryPtr(0) + "/identifier", "urn:example:a", `"identifier": "urn:example:a",`},
		{EntryPtr(0) + "/version", "2.4.0", `"version": "2.4.0",`},
		{EntryPtr(0) + "/type", MediaTypeCatalog, `"type": "application/ai-catalog+json",`},
		{EntryPtr(0) + "/tags", []string{"a", "b"}, `"tags": ["a", "b"],`},
	} {
		t.Run(tc.ptr, func(t *testing.T) {
			d := NewCatalog(loadView(t, "catalog.json")).Doc
			before := d.Encode()
			must(t, d.SetValue(tc.ptr, tc.value))
			oneLineChanged(t, before, d.Encode(), tc.want)
		})
	}
}

func TestCatalogEntryEdits(t *testing.T) {
	d := loadView(t, "catalog.json")
	c := NewCatalog(d)
	e := c.Entry(0)
	must(t, setDeep(d, e.Ptr+"/displayName", []byte(`"Helpdesk"`)))
	out := string(d.Encode())
	if strings.Index(out, `"displayName": "Helpdesk"`) > strings.Index(out, `"version": "2.3.1"`) {
		t.Errorf("displayName not before version:\n%s", out)
	}
	must(t, deleteIfPresent(d, e.Ptr+"/displayName"))
	must(t, e.SetExtension("com.example.x", []byte(`{"a":1}`)))
	if !reflect.DeepEqual(e.ExtensionKeys(), []string{DiscoveryCatalogKey, "com.example.x"}) {
		t.Errorf("keys %v", e.ExtensionKeys())
	}
	must(t, e.DeleteExtension("com.example.x"))
	must(t, e.DeleteExtension(DiscoveryCatalogKey))
	if e.ExtensionKeys() != nil || strings.Contains(string(d.Encode()), `"extensions"`) {
		t.Errorf("empty extensions map not removed:\n%s", d.Encode())
	}
	i, err := c.AddEntry([]byte(`{"identifier":"urn:example:b","type":"application/a2a-agent-card+json","data":{}}`))
	must(t, err)
	if i != 1 || c.Entry(1).Identifier() != "urn:example:b" || !c.Entry(1).HasData() {
		t.Fatal("AddEntry")
	}
	must(t, c.DeleteEntry(1))
	if c.Len() != 1 {
		t.Error("DeleteEntry")
	}
	if !strings.Contains(string(d.Encode()), `"x-extra": true`) {
		t.Error("unknown member lost")
	}
}

func TestCatalogCreatesHostAndEntries(t *testing.T) {
	d, err := Parse([]byte("{\n  \"specVersion\": \"1.0\"\n}\n"))
	must(t, err)
	c := NewCatalog(d)
	_, err = c.AddEntry([]byte(`{"identifier":"urn:example:a","type":"application/a2a-agent-card+json","url":"https://a.example/c.json"}`))
	must(t, err)
	must(t, setDeep(d, "/host/displayName", []byte(`"Example"`)))
	out := string(d.Encode())
	if !(strings.Index(out, `"specVersion"`) < strings.Index(out, `"host"`) && strings.Index(out, `"host"`) < strings.Index(out, `"entries"`)) {
		t.Errorf("catalog member order:\n%s", out)
	}
}

func TestCatalogUpsertEntry(t *testing.T) {
	d := loadView(t, "catalog.json")
	c := NewCatalog(d)
	before := d.Encode()
	// The same identifier and version, same content: nothing changes.
	same := []byte(`{"identifier": "urn:air:harbor.example:agents:harbor-helpdesk", "type": "application/a2a-agent-card+json", "version": "2.3.1", "url": "https://helpdesk.harbor.example/.well-known/agent-card.json", "extensions": {"org.agntcy.oasf.discovery.v1": {"schema_version": "1.1.0", "skills": [{"id": 120601}]}}}`)
	i, added, err := c.UpsertEntry(same)
	must(t, err)
	if i != 0 || added {
		t.Fatalf("UpsertEntry = %d, %v", i, added)
	}
	if string(d.Encode()) != string(before) {
		t.Errorf("an identical entry changed the catalog:\n%s", d.Encode())
	}
	// A new version of the card: only the version line changes; tags kept.
	newer := []byte(strings.Replace(string(same), `"2.3.1"`, `"2.4.0"`, 1))
	_, added, err = c.UpsertEntry(newer)
	must(t, err)
	if added {
		t.Fatal("a newer version was appended")
	}
	oneLineChanged(t, before, d.Encode(), `"version": "2.4.0",`)
	// The card dropped its discovery extension: the key and the empty map go.
	_, _, err = c.UpsertEntry([]byte(`{"identifier": "urn:air:harbor.example:agents:harbor-helpdesk", "type": "application/a2a-agent-card+json", "version": "2.4.0", "url": "https://helpdesk.harbor.example/.well-known/agent-card.json"}`))
	must(t, err)
	if e := c.Entry(0); e.ExtensionKeys() != nil || d.Find(e.Ptr+"/tags/0").Text() != "support" {
		t.Errorf("after dropping discovery:\n%s", d.Encode())
	}
	// Another identifier is appended; data replaces url on update.
	i, added, err = c.UpsertEntry([]byte(`{"identifier": "urn:example:other", "type": "application/a2a-agent-card+json", "url": "https://o.example/c.json"}`))
	must(t, err)
	if i != 1 || !added {
		t.Fatalf("append: %d %v", i, added)
	}
	_, _, err = c.UpsertEntry([]byte(`{"identifier": "urn:example:other", "type": "application/a2a-agent-card+json", "data": {"name": "O"}}`))
	must(t, err)
	if e := c.Entry(1); !e.HasData() || e.URL() != "" {
		t.Errorf("data/url:\n%s", d.Encode())
	}
	if _, _, err := c.UpsertEntry([]byte(`[1]`)); err == nil {
		t.Error("array entry accepted")
	}
	if _, err := Parse(d.Encode()); err != nil {
		t.Fatal(err)
	}
}
