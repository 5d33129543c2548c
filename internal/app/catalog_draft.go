package app

import "slices"

// DraftCatalog is the Catalog step's settings as a draft keeps them, so
// that --resume restores what to write besides the card. A yes to
// replacing a catalog file is not kept: it is asked again.
type DraftCatalog struct {
	Identifier  string `json:"identifier,omitempty"`
	URL         string `json:"url,omitempty"`
	SpecVersion string `json:"specVersion,omitempty"`
	HostName    string `json:"hostName,omitempty"`
	// Write is one of draftWriteNames ("" or unknown: nothing).
	Write string `json:"write,omitempty"`
	Path  string `json:"path,omitempty"`
}

// draftWriteNames name the catalogWrite values in a draft (by name, not
// number, so that a reordering of the choices cannot change a draft).
var draftWriteNames = map[CatalogWrite]string{
	WriteNothing:      "nothing",
	WriteEntry:        "entry",
	WriteNewCatalog:   "new-catalog",
	WriteIntoExisting: "add-to-existing",
}

// DraftCatalogOf is what a draft stores for c (nil for the defaults).
func DraftCatalogOf(c CatalogSettings) *DraftCatalog {
	if c == (CatalogSettings{}) {
		return nil
	}
	return &DraftCatalog{Identifier: c.Identifier, URL: c.URL, SpecVersion: c.SpecVersion,
		HostName: c.HostName, Write: draftWriteNames[c.Write], Path: c.Path}
}

// Settings reads the draft's values back; what a hand-edited or newer
// draft holds that this version does not know falls back to the default.
func (d *DraftCatalog) Settings() CatalogSettings {
	if d == nil {
		return CatalogSettings{}
	}
	c := CatalogSettings{Identifier: d.Identifier, URL: d.URL, HostName: d.HostName, Path: d.Path}
	for w, name := range draftWriteNames {
		if name == d.Write {
			c.Write = w
		}
	}
	if slices.Contains(CatalogSpecVersions, d.SpecVersion) {
		c.SpecVersion = d.SpecVersion
	}
	return c
}
