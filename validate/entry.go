package validate

import (
	"github.com/oncard/oncard/model"
)

// entry validates one AI Catalog entry on its own: the file `oncard
// preview` prints and the Catalog step writes when it writes the entry
// alone. It is checked exactly as it would be inside a catalog (its shape,
// url or data, identifier, digest, discovery payload, an inline card, and
// the cross-check with its card), with pointers from the entry's root.
func entry(doc *model.Doc, opts *Options) []Diagnostic {
	r := newReport(doc, opts)
	root := doc.Root()
	if root == nil || root.Kind != model.Object {
		r.emitAs(ruleCatalogEntryMemberMissing, Error, "", "an AI Catalog entry must be an object"+gotType(root), "")
		return r.sorted()
	}
	checkCatalogEntryShape(r, root, catPath{base: "", index: -1})
	checkIJSON(r, root, "")
	checkArtifactSource(r, root, "")
	checkIdentifier(r, root, "", 0, map[string]identifierSeen{})
	checkDigest(r, root.Get("digest"), "/digest")
	if payload := root.Get("extensions").Get(discoveryExtensionKey); payload != nil {
		checkDiscoveryPayload(r, payload, "/extensions/"+discoveryExtensionKey)
	}
	w := newCatalogWalk(r.opts)
	switch entryType := root.Get("type"); {
	case catTextIs(entryType, mediaTypeCatalog):
		w.nested(r, root, "", 0, rootRef(r.opts))
	case catTextIs(entryType, mediaTypeA2ACard):
		if data := root.Get("data"); data != nil && data.Kind == model.Object {
			checkInlineCard(r, data, "/data")
		}
		w.crossCheckCard(r, root, "", rootRef(r.opts), true)
	}
	return r.sorted()
}

// ruleValidateUnknownDocument: a document that is none of the kinds oncard checks.

// unknownDocument is the one finding on a document that is none of the
// kinds: judging a package.json as an Agent Card would bury it in card
// errors and fail every CI run over **/*.json.
func unknownDocument(doc *model.Doc) []Diagnostic {
	what := "it has none of the members that mark one"
	if root := doc.Root(); root == nil || root.Kind != model.Object {
		what = "every kind is a JSON object, found " + kindName(root.Kind)
	}
	return []Diagnostic{ruleValidateUnknownDocument.atStart(
		"not an Agent Card, On Request params or reply, OASF discovery payload, AI Catalog or catalog entry ("+what+"); nothing was checked",
		"to check it as one of them anyway, pass --kind KIND ("+model.KindNames()+")")}
}
