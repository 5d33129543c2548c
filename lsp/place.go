package lsp

import (
	"strconv"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/oasf"
	"github.com/oncard/oncard/validate"
)

// place is which format a part of a document follows: a card's extension
// params are On Request params or an OASF discovery payload, a catalog
// entry's discovery extension is a payload, and so on.
type place struct {
	Kind  validate.Kind // the format there
	Start string        // its schema's fragment ("" for the file's root)
	Base  []string      // the path of that part in the document
	Rel   []string      // the path inside that part
}

// placeOf finds the place of path in a document of kind; doc (the latest
// parsed version, possibly older than the text) tells which extension an
// entry of capabilities.extensions is, and may be nil.
func placeOf(kind validate.Kind, doc *model.Doc, path []string) place {
	switch kind {
	case validate.KindCard:
		if len(path) >= 4 && path[0] == "capabilities" && path[1] == "extensions" && path[3] == "params" {
			uri := doc.Find("/capabilities/extensions/" + path[2] + "/uri").Text()
			switch {
			case uri == model.OnRequestURI:
				return place{validate.KindOnRequest, "#/$defs/params", path[:4], path[4:]}
			case model.IsDiscoveryURI(uri):
				return place{validate.KindDiscovery, "", path[:4], path[4:]}
			}
		}
	case validate.KindOnRequest:
		if doc.Find("/uri") != nil || len(path) > 0 && path[0] == "params" {
			return place{kind, "#/$defs/agentExtension", nil, path}
		}
		return place{kind, "#/$defs/params", nil, path}
	case validate.KindReply:
		return place{kind, "#/$defs/reply", nil, path}
	case validate.KindCatalog:
		if len(path) >= 4 && path[0] == "entries" && path[2] == "extensions" && path[3] == model.DiscoveryCatalogKey {
			return place{validate.KindDiscovery, "", path[:4], path[4:]}
		}
	case model.KindRecord:
		// An OASF record's skills and domains are referenced as a
		// discovery payload's are; its other members are the schema
		// server's (no schema here).
		if len(path) > 0 && (path[0] == "skills" || path[0] == "domains") {
			return place{validate.KindDiscovery, "", nil, path}
		}
	case validate.KindEntry:
		if len(path) >= 2 && path[0] == "extensions" && path[1] == model.DiscoveryCatalogKey {
			return place{validate.KindDiscovery, "", path[:2], path[2:]}
		}
	}
	return place{kind, "", nil, path}
}

// oasfRef is a reference to an OASF class the cursor is on: which
// taxonomy, and whether on the name or the id.
type oasfRef struct {
	Kind   oasf.Kind
	Member string // "name" or "id"
}

// oasfRefAt tells whether a place is a discovery payload's skills[i].name
// or .id (or domains').
func oasfRefAt(p place) (oasfRef, bool) {
	if p.Kind != validate.KindDiscovery || len(p.Rel) != 3 {
		return oasfRef{}, false
	}
	if _, err := strconv.Atoi(p.Rel[1]); err != nil || (p.Rel[2] != "name" && p.Rel[2] != "id") {
		return oasfRef{}, false
	}
	switch p.Rel[0] {
	case "skills":
		return oasfRef{oasf.Skills, p.Rel[2]}, true
	case "domains":
		return oasfRef{oasf.Domains, p.Rel[2]}, true
	}
	return oasfRef{}, false
}

// taxonomyFor is the OASF taxonomy a payload refers to: its
// schema_version (or the version of a card extension's discovery URI),
// else the oasfVersion setting, else the default; nil when the version is
// unknown.
func taxonomyFor(doc *model.Doc, p place, setting string) *oasf.Taxonomy {
	version := ""
	if doc != nil {
		base := doc.Find(model.Pointer(p.Base...))
		version = base.Get("schema_version").Text()
		if version == "" && len(p.Base) == 4 && p.Base[0] == "capabilities" {
			version = model.DiscoveryURIVersion(doc.Find("/capabilities/extensions/" + p.Base[2] + "/uri").Text())
		}
	}
	if version == "" {
		version = setting
	}
	if version == "" {
		version = oasf.DefaultVersion
	}
	return oasf.Get(version)
}
