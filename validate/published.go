package validate

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// SchemaBaseID is where oncard's own schemas are named ($id): stable
// names that editors and SchemaStore can refer to. The On Request schema
// keeps the $id its specification gives it.
const SchemaBaseID = "https://oncard.dev/schemas/"

// PublishedKinds are the kinds PublishedSchema has a schema for, in the
// order `oncard schema` lists them.
var PublishedKinds = []Kind{KindCard, KindCatalog, KindEntry, KindOnRequest, KindDiscovery}

// publishedFiles are the embedded files behind each kind (the entry's is
// derived from the catalog's).
var publishedFiles = map[Kind]string{
	KindCard:      "a2a-card-v1.schema.json",
	KindCatalog:   "catalog.schema.json",
	KindEntry:     "catalog.schema.json",
	KindOnRequest: onRequestSchemaFile,
	KindDiscovery: "discovery.schema.json",
}

// PublishedSchema returns the JSON Schema oncard checks a kind of
// document with: the embedded file byte for byte (the On Request schema as
// published with its specification), or, for a catalog entry on its own,
// the catalog schema's entry definition as a schema of its own
// (EntrySchema).
func PublishedSchema(kind Kind) ([]byte, error) {
	file, ok := publishedFiles[kind]
	if !ok {
		return nil, fmt.Errorf("no schema for %q; one of card, catalog, entry, onrequest, discovery", kind)
	}
	data, err := schemaFiles.ReadFile("schemas/" + file)
	if err != nil {
		return nil, err
	}
	if kind == KindEntry {
		return entrySchema(data)
	}
	return data, nil
}

// entrySchema makes the schema of one AI Catalog entry from the catalog
// schema: its $defs that an entry uses, verbatim, under a root that refers
// to the entry definition. Nothing is added to what the catalog schema
// says about an entry.
func entrySchema(catalog []byte) ([]byte, error) {
	var c struct {
		Schema string                     `json:"$schema"`
		Defs   map[string]json.RawMessage `json:"$defs"`
	}
	if err := json.Unmarshal(catalog, &c); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	head := []struct{ k, v string }{
		{"$schema", c.Schema},
		{"$id", SchemaBaseID + "entry.schema.json"},
		{"title", "AI Catalog entry (one entry of application/ai-catalog+json on its own), structure as oncard checks it"},
		{"description", "The entry definition of " + SchemaBaseID + "catalog.schema.json, as a schema of its own (what oncard preview prints). Rules that need more than one member are checked in code."},
		{"$ref", "#/$defs/entry"},
	}
	b.WriteString("{\n")
	for _, h := range head {
		k, _ := json.Marshal(h.k)
		v, _ := json.Marshal(h.v)
		fmt.Fprintf(&b, "  %s: %s,\n", k, v)
	}
	b.WriteString("  \"$defs\": {")
	for i, name := range []string{"entry", "publisher", "extensions"} {
		def, ok := c.Defs[name]
		if !ok {
			return nil, fmt.Errorf("catalog schema has no $defs/%s", name)
		}
		if i > 0 {
			b.WriteByte(',')
		}
		// The definition's bytes as written: it sits at the same depth
		// in both files, so its indentation fits.
		k, _ := json.Marshal(name)
		fmt.Fprintf(&b, "\n    %s: %s", k, def)
	}
	b.WriteString("\n  }\n}\n")
	return b.Bytes(), nil
}
