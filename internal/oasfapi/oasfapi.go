// Package oasfapi holds what an OASF schema server answers and is asked,
// without the network: the lookup of one class, a validation result and
// its findings, and the two outcomes a caller tells apart from failures (no
// such class; a version the server does not serve). internal/oasfclient
// speaks HTTP with these; validate's online check reads them through
// validate.SchemaServer, so that the rules import no network code.
package oasfapi

import (
	"encoding/json"
	"errors"
	"fmt"
)

// Query selects one class: by id, by name (short name or full path), or
// both (the server then checks that they agree).
type Query struct {
	ID   *int
	Name string
}

// ByID and ByName build a Query.
func ByID(id int) Query        { return Query{ID: &id} }
func ByName(name string) Query { return Query{Name: name} }

// Finding is one error or warning of a server validation. The client makes
// every field safe before returning it: Type is a lower-case identifier
// (anything else becomes "_"), Message and AttributePath have control and
// invisible format characters escaped (model.SafeText).
type Finding struct {
	Type          string          `json:"error"`
	Message       string          `json:"message"`
	AttributePath string          `json:"attribute_path,omitempty"`
	Attribute     string          `json:"attribute,omitempty"`
	Value         json.RawMessage `json:"value,omitempty"`
}

// Validation is the answer of POST /api/<v>/validate/object/<name>.
type Validation struct {
	Errors       []Finding `json:"errors"`
	Warnings     []Finding `json:"warnings"`
	ErrorCount   int       `json:"error_count"`
	WarningCount int       `json:"warning_count"`
}

// LacksObject reports whether the server answered that it defines no
// object by that name (released servers and "discovery").
func (v *Validation) LacksObject(object string) bool {
	want := fmt.Sprintf(`Unknown "name" value; no object is defined for %s.`, object)
	for _, f := range v.Errors {
		if f.Type == "name_unknown" && f.Message == want {
			return true
		}
	}
	return false
}

// The answers that are not failures: errors.Is tells them apart in a
// client's errors.
var (
	// ErrNotFound is the server having no such class (or route) in a
	// version it serves.
	ErrNotFound = errors.New("no such class")
	// ErrVersionNotServed is the server not serving the schema version
	// asked about.
	ErrVersionNotServed = errors.New("schema version not served")
)
