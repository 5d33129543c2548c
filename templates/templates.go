// Package templates holds the starter documents `oncard new` offers: complete,
// valid cards and catalogs that a person edits rather than a blank page.
package templates

import (
	"embed"
	"sort"
)

//go:embed files/*.json
var files embed.FS

// template describes one starter document; order is the order Names lists
// them in (the simplest first).
type template struct {
	file        string
	order       int
	description string
}

var catalog = map[string]template{
	"minimal": {"files/minimal.json", 0,
		"A2A v1.0 Agent Card with one interface and one skill: the smallest complete card."},
	"on-request": {"files/on-request.json", 1,
		"Agent Card with the On Request extension: skills a person at the operator handles (the Example Bank card)."},
	"oasf-discovery": {"files/oasf-discovery.json", 2,
		"Agent Card with the OASF discovery extension (schema 1.1.0): its skills and domains in the OASF taxonomy."},
	"full": {"files/full.json", 3,
		"Agent Card with both extensions: On Request skills for people at the bank, and OASF skills and domains for discovery."},
	"catalog": {"files/catalog.json", 4,
		"AI Catalog listing two agent cards, one carrying its OASF skills and domains."},
}

// Names returns the template names, simplest first.
func Names() []string {
	names := make([]string, 0, len(catalog))
	for n := range catalog {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool { return catalog[names[i]].order < catalog[names[j]].order })
	return names
}

// Get returns a fresh copy of the template's bytes (callers may modify it).
func Get(name string) ([]byte, bool) {
	t, ok := catalog[name]
	if !ok {
		return nil, false
	}
	b, err := files.ReadFile(t.file)
	if err != nil {
		return nil, false
	}
	return b, true
}

// Describe returns a one-line description of the template, or "".
func Describe(name string) string { return catalog[name].description }
