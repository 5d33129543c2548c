package model

import "strings"

// DocKind names what a document is: which of oncard's formats it follows.
type DocKind string

const (
	KindCard      DocKind = "card"
	KindOnRequest DocKind = "onrequest" // On Request params (or the whole AgentExtension entry)
	KindReply     DocKind = "reply"
	KindDiscovery DocKind = "discovery"
	KindCatalog   DocKind = "catalog"
	KindEntry     DocKind = "entry" // one AI Catalog entry on its own (what `oncard preview` prints)
	// KindRecord is an OASF record (an agent's directory record: name,
	// version, authors, skills, domains, locators, …); only its
	// schema_version, skills and domains are oncard's to check.
	KindRecord DocKind = "record"
	// KindUnknown is a document that is none of the kinds: a package.json,
	// a tsconfig, a card with none of a card's members. It is never
	// guessed to be a card.
	KindUnknown DocKind = "unknown"
)

// Kinds lists every kind a document can be checked as, in the order the
// CLI documents them (KindUnknown is not one).
var Kinds = []DocKind{KindCard, KindOnRequest, KindReply, KindDiscovery, KindCatalog, KindEntry, KindRecord}

// Detection is what DetectKindDetail found: the kind, and whether the call
// was close (another kind had evidence too, or the kind's own was thin), so
// that the output can say which kind was assumed.
type Detection struct {
	Kind DocKind
	// Close is true when the evidence was not clear-cut; Others then names
	// the other kinds that had some (possibly none: thin evidence alone).
	Close  bool
	Others []DocKind
}

// DetectKind tells which kind a parsed document is, from the members only
// each kind has. A document with none of them is KindUnknown.
func DetectKind(doc *Doc) DocKind { return DetectKindDetail(doc).Kind }

// cardMarkers are members only an Agent Card has (v1.0, v0.3, and the proto
// snake_case spellings ProtoJSON readers accept). name, description,
// version, url and provider are not among them: a package.json has the
// first three.
var cardMarkers = []string{
	"supportedInterfaces", "supported_interfaces",
	"capabilities",
	"defaultInputModes", "default_input_modes", "defaultOutputModes", "default_output_modes",
	"securitySchemes", "security_schemes", "securityRequirements", "security_requirements",
	"preferredTransport", "preferred_transport", "additionalInterfaces", "additional_interfaces",
	"supportsAuthenticatedExtendedCard", "protocolVersion", "protocol_version",
}

// DetectKindDetail is DetectKind with how sure the detection is.
func DetectKindDetail(doc *Doc) Detection {
	if doc == nil {
		return Detection{Kind: KindUnknown}
	}
	// The outline is enough: the evidence is the root's members and its
	// skills, never the items ParseOwnedEach streamed.
	root := doc.shallow()
	if root == nil || root.Kind != Object {
		return Detection{Kind: KindUnknown}
	}
	ev := kindEvidence(root)
	order := []DocKind{KindCatalog, KindReply, KindOnRequest, KindRecord, KindDiscovery, KindEntry, KindCard}
	var found []DocKind
	for _, k := range order {
		if ev[k] > 0 {
			found = append(found, k)
		}
	}
	if len(found) == 0 {
		return Detection{Kind: KindUnknown}
	}
	d := Detection{Kind: found[0], Others: found[1:]}
	// Strong evidence is two markers or more (catalog, reply and discovery
	// are recognised by two members, or one that nothing else has).
	d.Close = len(d.Others) > 0 || ev[d.Kind] < 2
	return d
}

// kindEvidence scores each kind by the members only it has; 0 means none.
func kindEvidence(root *Node) map[DocKind]int {
	ev := map[DocKind]int{}
	r := readRoot(root)
	has := func(k string) bool { return r.get(k) != nil }
	count := func(keys ...string) int {
		n := 0
		for _, k := range keys {
			if has(k) {
				n++
			}
		}
		return n
	}

	if has("specVersion") || has("entries") {
		ev[KindCatalog] = 1 + count("specVersion", "entries", "host")
	}
	if has("status") && has("skillId") {
		ev[KindReply] = 2 + count("personEntry")
	}
	if r.get("uri").Text() == OnRequestURI {
		ev[KindOnRequest] = 2 // the whole AgentExtension entry: unmistakable
	}
	if has("schema_version") {
		// A discovery payload has schema_version, skills and domains and
		// nothing else; an OASF record has them among its own members.
		if n := count(recordMarkers...); n > 0 {
			ev[KindRecord] = 1 + n
		} else if has("skills") || has("domains") {
			ev[KindDiscovery] = 1 + count("skills", "domains")
		}
	}
	card := count(cardMarkers...)
	if sk := r.get("skills"); sk != nil && sk.Kind == Array && !has("schema_version") {
		if card == 0 && isOnRequestParams(r) {
			if ev[KindOnRequest] == 0 {
				ev[KindOnRequest] = 2
			}
		} else {
			card++
		}
	}
	if card > 0 {
		// A card usually has name and description too; they firm up
		// the call but do not make one.
		ev[KindCard] = card + count("name", "description")/2
	}
	if has("identifier") && (has("type") || has("url") || has("data")) {
		ev[KindEntry] = count("identifier", "type", "publisher", "digest")
		if has("url") || has("data") {
			ev[KindEntry]++
		}
	}
	return ev
}

// rootReader reads the members of a document's root that kindEvidence asks
// about: by Get, or for a root of many members from one read of them all.
// A document that is one wide object (a million members, packed) is
// otherwise searched from its first member for each of the twenty names
// asked, which took more time than its parse.
type rootReader struct {
	root  *Node
	found map[string]*Node // of a root of many members: the members asked about
}

func readRoot(root *Node) rootReader {
	r := rootReader{root: root}
	if root.Len() < indexedMin {
		return r
	}
	r.found = map[string]*Node{}
	root.eachName(func(i int, key string) {
		if evidenceNames[key] {
			r.found[key] = root.memberAt(i).Value
		}
	})
	return r
}

// get returns the root's member named key: from the one read for a name
// of evidenceNames, by Get for any other, so that a name asked but not
// listed is found all the same, only more slowly.
func (r rootReader) get(key string) *Node {
	if evidenceAsked != nil {
		evidenceAsked(key)
	}
	if r.found != nil && evidenceNames[key] {
		return r.found[key]
	}
	return r.root.Get(key)
}

// evidenceAsked, set by a test, hears each name get is asked.
var evidenceAsked func(key string)

// evidenceNames are the members of the root kindEvidence and
// isOnRequestParams ask about (TestEvidenceNamesAreTheNamesAsked).
var evidenceNames = func() map[string]bool {
	names := map[string]bool{}
	for _, list := range [][]string{cardMarkers, recordMarkers, onRequestParamsExcludes, {
		"specVersion", "entries", "host", "status", "skillId", "personEntry", "uri", "schema_version",
		"skills", "domains", "name", "description", "identifier", "type", "url", "data", "publisher", "digest",
	}} {
		for _, k := range list {
			names[k] = true
		}
	}
	return names
}()

// recordMarkers are members of an OASF record (the objects/record class of
// the OASF schema) that a discovery payload does not have.
var recordMarkers = []string{"name", "version", "description", "authors", "created_at", "locators", "modules", "annotations"}

// KindFromName is the kind a file name or URL path names: the well-known
// names A2A and the AI Catalog publish at (agent-card.json, the legacy
// agent.json, ai-catalog.json, anything under /.well-known/ named like
// them) and the names the pre-commit hook selects (*agent-card*.json,
// ai-catalog*.json). It is evidence as strong as content: a document at
// such a name is checked as that kind even when its members look like no
// kind at all.
func KindFromName(name string) (DocKind, bool) {
	if i := strings.IndexAny(name, "?#"); i >= 0 && strings.Contains(name, "://") {
		name = name[:i] // a URL's query and fragment name no file
	}
	base := strings.ToLower(name[strings.LastIndexAny(name, `/\`)+1:])
	if !strings.HasSuffix(base, ".json") {
		return "", false
	}
	switch {
	case base == "agent.json", strings.Contains(base, "agent-card"):
		return KindCard, true
	case strings.HasPrefix(base, "ai-catalog"):
		return KindCatalog, true
	}
	return "", false
}

// onRequestParamsExcludes are members of a card that On Request params
// do not have.
var onRequestParamsExcludes = []string{"name", "description", "url", "version"}

// isOnRequestParams recognises {"skills": [{"id": ..., "personEntry": ...}]}:
// a skills list whose entries carry personEntry, with none of the members
// that make a card.
func isOnRequestParams(root rootReader) bool {
	skills := root.get("skills")
	if skills == nil || skills.Kind != Array {
		return false
	}
	for _, k := range onRequestParamsExcludes {
		if root.get(k) != nil {
			return false
		}
	}
	for i := 0; i < skills.Len(); i++ {
		if skills.Index(i).Get("personEntry") != nil {
			return true
		}
	}
	return false
}

// KindNames lists the names of Kinds, for messages and flag help.
func KindNames() string {
	names := make([]string, len(Kinds))
	for i, k := range Kinds {
		names[i] = string(k)
	}
	return strings.Join(names, ", ")
}
