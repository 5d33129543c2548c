package model

import (
	"net/url"
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
