package validate

import "github.com/oncard/oncard/model"

// isDiscoveryURI reports whether an extension uri names the OASF discovery
// object on an accepted schema server.
func isDiscoveryURI(r *report, uri string) bool {
	return false // todo: implemented in the OASF work
}

// checkDiscoveryDecl checks one OASF discovery AgentExtension entry of a card
// (ext at extPtr); its params are the discovery payload.
func checkDiscoveryDecl(r *report, ext *model.Node, extPtr string) {
	// todo: implemented in the OASF work
}

// checkDiscoveryPayload checks a discovery payload at ptr (standalone, in a
// card's extension params, or in a catalog entry's extensions).
func checkDiscoveryPayload(r *report, payload *model.Node, ptr string) {
	// todo: implemented in the OASF work
}
