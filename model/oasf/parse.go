package oasf

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/oncard/oncard/internal/jsonwords"
)

// maxParseDepth bounds the nesting ParseCategories follows. Released
// taxonomies are three levels deep; a hostile body cannot exhaust the stack.
const maxParseDepth = 32

// categoryNode is one node of the server's nested tree. Classes stays raw so
// that its members can be read in order (a Go map would lose the order the
// server lists them in, which is the order the picker shows).
type categoryNode struct {
	Name        string          `json:"name"`
	ID          *int            `json:"id"`
	Caption     string          `json:"caption"`
	Description string          `json:"description"`
	Category    bool            `json:"category"`
	Classes     json.RawMessage `json:"classes"`
}

// ParseCategories builds a Taxonomy from the bodies of the schema server's
// GET /api/<v>/skill_categories and /api/<v>/domain_categories: an object of
// top-level nodes {name, id, caption, description, category?, classes{…}}.
// Descriptions are kept (they come from the server at run time). Malformed
// input yields an error naming the offending node; it never panics.
func ParseCategories(version, source string, skillCategories, domainCategories []byte) (*Taxonomy, error) {
	if version == "" {
		return nil, errors.New("oasf: empty schema_version")
	}
	tax := &Taxonomy{Version: version, Source: source}
	for _, part := range []struct {
		kind Kind
		body []byte
		dst  **Tree
	}{{Skills, skillCategories, &tax.Skills}, {Domains, domainCategories, &tax.Domains}} {
		var classes []*Class
		if err := parseClassMap(part.body, "", 0, &classes); err != nil {
			return nil, fmt.Errorf("oasf %s %s categories: %w", version, part.kind, err)
		}
		if len(classes) == 0 {
			return nil, fmt.Errorf("oasf %s %s categories: no classes", version, part.kind)
		}
		t, err := newTree(version, part.kind, classes)
		if err != nil {
			return nil, fmt.Errorf("oasf %s: %w", version, err)
		}
		*part.dst = t
	}
	return tax, nil
}

// parseClassMap reads an object whose members are nodes, appending each node
// and then its descendants (depth first) to out.
func parseClassMap(data []byte, parent string, depth int, out *[]*Class) error {
	if depth > maxParseDepth {
		return fmt.Errorf("classes nested deeper than %d levels under %q", maxParseDepth, parent)
	}
	data = bytes.TrimSpace(data)
	if len(data) == 0 || bytes.Equal(data, []byte("null")) {
		if depth == 0 {
			return errors.New("empty body")
		}
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil {
		return fmt.Errorf("not JSON: %w", err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return fmt.Errorf("expected an object of classes under %q, found %s", where(parent), describeToken(tok))
	}
	for dec.More() {
		keyTok, err := dec.Token()
		if err != nil {
			return fmt.Errorf("under %q: %w", where(parent), err)
		}
		key, _ := keyTok.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return fmt.Errorf("class %q under %q: %w", key, where(parent), err)
		}
		var n categoryNode
		if err := json.Unmarshal(raw, &n); err != nil {
			// Describe, not Explain: a line and column within raw would
			// not be the line and column of the body.
			return fmt.Errorf("class %q under %q: %s", key, where(parent), jsonwords.Describe(raw, err))
		}
		if n.Name == "" {
			return fmt.Errorf("class %q under %q has no name", key, where(parent))
		}
		if n.ID == nil {
			return fmt.Errorf("class %q has no id", n.Name)
		}
		c := &Class{
			ID: *n.ID, Name: n.Name, Caption: n.Caption, Parent: parent,
			Category: n.Category, Description: n.Description,
		}
		*out = append(*out, c)
		if err := parseClassMap(n.Classes, c.Name, depth+1, out); err != nil {
			return err
		}
	}
	if _, err := dec.Token(); err != nil { // the closing brace
		return fmt.Errorf("under %q: %w", where(parent), err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return fmt.Errorf("unexpected data after the classes under %q", where(parent))
	}
	return nil
}

func where(parent string) string {
	if parent == "" {
		return "(top level)"
	}
	return parent
}

func describeToken(tok json.Token) string {
	switch v := tok.(type) {
	case json.Delim:
		if v == '[' {
			return "an array"
		}
		return string(v)
	case string:
		return "a string"
	case float64, json.Number:
		return "a number"
	case bool:
		return "a boolean"
	case nil:
		return "null"
	}
	return "an unexpected value" // json.Decoder yields no other token
}
