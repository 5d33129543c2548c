package validate

import "github.com/oncard/oncard/model"

// OnRequestURI identifies the On Request extension.
const OnRequestURI = "https://agent-capability.org/ext/on-request/v1"

// checkOnRequestDecl checks one On Request AgentExtension entry of a card
// (ext at extPtr, e.g. /capabilities/extensions/0) against the card's root.
func checkOnRequestDecl(r *report, ext *model.Node, extPtr string, card *model.Node) {
	// todo: implemented in the On Request work
}
