// Package templates holds the starter documents `oncard new` offers: complete,
// valid cards and catalogs that a person edits rather than a blank page.
package templates

import "embed"

//go:embed files/*.json
var files embed.FS

// template is one starter document.
type template struct {
	name        string
	file        string
	description string
}

// all lists the templates in the order Names gives them: the simplest first.
var all = []template{
	{"minimal", "files/minimal.json",
		"A2A v1.0 Agent Card with one interface and one skill: the smallest complete card."},
	{"on-request", "files/on-request.json",
		"Agent Card with the On Request extension: skills a person at the operator handles (the Example Bank card)."},
	{"oasf-discovery", "files/oasf-discovery.json",
		"Agent Card with the OASF discovery extension (schema 1.1.0): its skills and domains in the OASF taxonomy."},
	{"full", "files/full.json",
		"Agent Card with both extensions: On Request skills for people at the bank, and OASF skills and domains for discovery."},
	{"catalog", "files/catalog.json",
		"AI Catalog listing two agent cards, one carrying its OASF skills and domains."},
}

func lookup(name string) (template, bool) {
	for _, t := range all {
		if t.name == name {
			return t, true
		}
	}
	return template{}, false
}

// Names returns the template names, simplest first.
func Names() []string {
	names := make([]string, len(all))
	for i, t := range all {
		names[i] = t.name
	}
	return names
}

// Get returns a fresh copy of the template's bytes (callers may modify it).
func Get(name string) ([]byte, bool) {
	t, ok := lookup(name)
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
func Describe(name string) string {
	t, _ := lookup(name)
	return t.description
}
