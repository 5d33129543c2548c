package validate

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/oncard/oncard/internal/reference"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// TestPublishedSchemas: each kind's schema is valid JSON with its stable
// $id and compiles; the On Request schema is the seed, byte for byte.
func TestPublishedSchemas(t *testing.T) {
	ids := map[Kind]string{
		KindCard:      "https://oncard.dev/schemas/a2a-card-v1.schema.json",
		KindCatalog:   "https://oncard.dev/schemas/catalog.schema.json",
		KindEntry:     "https://oncard.dev/schemas/entry.schema.json",
		KindOnRequest: "https://agent-capability.org/ext/on-request/v1/schema.json",
		KindDiscovery: "https://oncard.dev/schemas/discovery.schema.json",
	}
	for _, k := range PublishedKinds {
		data, err := PublishedSchema(k)
		if err != nil {
			t.Fatal(err)
		}
		var head struct {
			ID string `json:"$id"`
		}
		if err := json.Unmarshal(data, &head); err != nil {
			t.Fatalf("%s: %v", k, err)
		}
		if head.ID != ids[k] {
			t.Errorf("%s: $id %q, want %q", k, head.ID, ids[k])
		}
		compileSchema(t, data)
	}
	if _, err := PublishedSchema(KindReply); err == nil {
		t.Error("a schema for reply (it is part of onrequest's)")
	}
	seed, err := os.ReadFile(reference.Spec(t, "on-request-v1.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := PublishedSchema(KindOnRequest); !bytes.Equal(got, seed) {
		t.Error("oncard schema onrequest differs from the seed schema")
	}
}

func compileSchema(t *testing.T, data []byte) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("file:///published.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("file:///published.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestEntrySchemaIsTheCatalogsEntry: the entry schema accepts and refuses
// an entry exactly as the catalog schema does inside a catalog.
func TestEntrySchemaIsTheCatalogsEntry(t *testing.T) {
	entryData, _ := PublishedSchema(KindEntry)
	catalogData, _ := PublishedSchema(KindCatalog)
	entry, catalog := compileSchema(t, entryData), compileSchema(t, catalogData)
	for _, e := range []string{
		`{"identifier": "urn:a", "type": "application/a2a-agent-card+json", "url": "https://a.example/card.json"}`,
		`{"identifier": "urn:a"}`,
		`{"identifier": "", "type": "a/b"}`,
		`{"identifier": "urn:a", "type": "not a media type"}`,
		`{"identifier": "urn:a", "type": "a/b", "publisher": {"identifier": "p"}}`,
		`{"identifier": "urn:a", "type": "a/b", "extensions": {"bad key": 1}}`,
		`{"identifier": "urn:a", "type": "a/b", "updatedAt": "yesterday"}`,
	} {
		var v, c any
		_ = json.Unmarshal([]byte(e), &v)
		_ = json.Unmarshal([]byte(`{"specVersion": "1.0", "entries": [`+e+`]}`), &c)
		entryErr, catalogErr := entry.Validate(v), catalog.Validate(c)
		if (entryErr == nil) != (catalogErr == nil) {
			t.Errorf("%s: entry schema %v, catalog schema %v", e, entryErr, catalogErr)
		}
	}
	if !strings.Contains(string(entryData), `"$ref": "#/$defs/entry"`) {
		t.Error("the entry schema does not refer to the entry definition")
	}
}
