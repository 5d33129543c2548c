package validate

import "github.com/oncard/oncard/model"

// Detect tells which kind a parsed document is, from the members only each
// kind has. Anything unrecognised is treated as a card (the commonest
// document), so that its validation explains what is missing.
func Detect(doc *model.Doc) Kind {
	if doc == nil {
		return KindCard
	}
	root := doc.Root()
	if root == nil || root.Kind != model.Object {
		return KindCard
	}
	switch {
	case root.Get("specVersion") != nil || root.Get("entries") != nil:
		return KindCatalog
	case root.Get("status") != nil && root.Get("skillId") != nil:
		return KindReply
	case root.Get("uri").Text() == OnRequestURI:
		return KindOnRequest // the whole AgentExtension entry
	case root.Get("schema_version") != nil && root.Get("skills") != nil:
		return KindDiscovery
	case isOnRequestParams(root):
		return KindOnRequest
	}
	return KindCard
}

// isOnRequestParams recognises {"skills": [{"id": ..., "personEntry": ...}]}:
// a skills list whose entries carry personEntry, with none of the members
// that make a card.
func isOnRequestParams(root *model.Node) bool {
	skills := root.Get("skills")
	if skills == nil || skills.Kind != model.Array {
		return false
	}
	for _, k := range []string{"name", "description", "capabilities", "supportedInterfaces", "url", "version"} {
		if root.Get(k) != nil {
			return false
		}
	}
	for _, sk := range skills.Items {
		if sk.Get("personEntry") != nil {
			return true
		}
	}
	return false
}
