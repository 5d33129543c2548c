package model

import (
	"net/url"
	"strconv"
	"strings"
)

// DiscoveryCatalogKey is the AI Catalog entry extensions key of the OASF
// discovery payload (permanent).
const DiscoveryCatalogKey = "org.agntcy.oasf.discovery.v1"

// IsDiscoveryURI reports whether an A2A extension uri names the OASF
// discovery object: an absolute http(s) URL whose path ends in
// /objects/discovery. Whether the schema server is an accepted one is the
// validator's concern.
func IsDiscoveryURI(uri string) bool {
	u, err := url.Parse(uri)
	if err != nil || u.Host == "" || (u.Scheme != "https" && u.Scheme != "http") {
		return false
	}
	return strings.HasSuffix(strings.TrimSuffix(u.Path, "/"), "/objects/discovery")
}

// DiscoveryURIVersion returns the version segment of a discovery URI
// (".../1.1.0/objects/discovery" -> "1.1.0"), or "".
func DiscoveryURIVersion(uri string) string {
	u, err := url.Parse(uri)
	if err != nil {
		return ""
	}
	segs := strings.Split(strings.Trim(u.Path, "/"), "/")
	if len(segs) < 3 {
		return ""
	}
	return segs[len(segs)-3]
}

// Discovery is a view of an OASF discovery payload ({schema_version, skills,
// domains}) at Ptr: a card extension's params, a catalog entry's extension
// value, or a standalone payload ("").
type Discovery struct {
	Doc *Doc
	Ptr string
}

// ClassRef is a reference to a skill or domain class: a name, an id or
// both. ID is 0 when absent (OASF ids are positive).
type ClassRef struct {
	Name string `json:"name,omitempty"`
	ID   int64  `json:"id,omitempty"`
}

// SchemaVersion is the payload's schema_version.
func (v *Discovery) SchemaVersion() string {
	return v.Doc.Find(v.Ptr).Get("schema_version").Text()
}

// Skills and Domains return the references in order. A reference whose id
// is not an integer reads with ID 0 (the validator reports it).
func (v *Discovery) Skills() []ClassRef  { return v.refs("skills") }
func (v *Discovery) Domains() []ClassRef { return v.refs("domains") }

func (v *Discovery) refs(key string) []ClassRef {
	n := v.Doc.Find(v.Ptr).Get(key)
	out := make([]ClassRef, 0, n.Len())
	for i := 0; i < n.Len(); i++ {
		it := n.Index(i)
		r := ClassRef{Name: it.Get("name").Text()}
		if id := it.Get("id"); id != nil && id.Kind == Number {
			r.ID, _ = strconv.ParseInt(string(id.Raw()), 10, 64)
		}
		out = append(out, r)
	}
	return out
}
