package model

import (
	"strconv"
	"strings"
)

// Spec member orders. Doc.Set inserts a new member after the last member
// that precedes it in these lists, so a field a person adds lands where the
// spec (and every example of it) puts it. Lists follow the proto field order
// of A2A v1.0 (a2a.proto, lf.a2a.v1) and the member tables of the other specs.
var (
	// agentCardOrder is AgentCard in proto field order. The v0.3 top-level
	// members a dual card keeps are listed next to their v1.0 counterparts.
	agentCardOrder = []string{
		"name", "description", "supportedInterfaces",
		"protocolVersion", "url", "preferredTransport", "additionalInterfaces", // v0.3
		"provider", "version", "documentationUrl", "capabilities",
		"securitySchemes", "securityRequirements",
		"security", // v0.3
		"defaultInputModes", "defaultOutputModes", "skills",
		"supportsAuthenticatedExtendedCard", // v0.3
		"signatures", "iconUrl",
	}
	agentProviderOrder     = []string{"organization", "url"}
	agentInterfaceOrder    = []string{"url", "protocolBinding", "tenant", "protocolVersion"}
	agentCapabilitiesOrder = []string{"streaming", "pushNotifications", "extensions", "extendedAgentCard"}
	agentExtensionOrder    = []string{"uri", "description", "required", "params"}
	agentSkillOrder        = []string{
		"id", "name", "description", "tags", "examples",
		"inputModes", "outputModes", "securityRequirements",
		"security", // v0.3
	}
	agentSignatureOrder = []string{"protected", "signature", "header"}

	// securitySchemeOrders gives the members of each SecurityScheme variant.
	securitySchemeOrders = map[string][]string{
		"apiKeySecurityScheme":        {"description", "location", "name"},
		"httpAuthSecurityScheme":      {"description", "scheme", "bearerFormat"},
		"oauth2SecurityScheme":        {"description", "flows", "oauth2MetadataUrl"},
		"openIdConnectSecurityScheme": {"description", "openIdConnectUrl"},
		"mtlsSecurityScheme":          {"description"},
	}

	onRequestParamsOrder = []string{"skills"}
	onRequestEntryOrder  = []string{"id", "personEntry", "assistantAccess", "completion"}
	onRequestReplyOrder  = []string{"status", "skillId", "personEntry"}

	discoveryOrder    = []string{"schema_version", "skills", "domains"}
	discoveryRefOrder = []string{"name", "id"}

	catalogOrder = []string{"specVersion", "host", "entries", "extensions", "signature"}
	hostOrder    = []string{"displayName", "identifier", "documentationUrl", "logoUrl"}
	// entryOrder matches the seed example of oasf-discovery-extension.md
	// (identifier, type, version, url, extensions) with the optional members
	// of AI-CATALOG.md's table in between.
	entryOrder = []string{
		"identifier", "type", "displayName", "description", "version",
		"url", "data", "tags", "updatedAt", "publisher", "digest",
		"trustManifests", "extensions",
	}
	publisherOrder = []string{"identifier", "displayName", "identityType"}
)

// isIndex reports whether a reference token is an array index.
func isIndex(tok string) bool {
	if tok == "" {
		return false
	}
	_, err := strconv.Atoi(tok)
	return err == nil && !strings.HasPrefix(tok, "-")
}

// CardMemberOrder returns the spec member order for the object at ptr in an
// A2A Agent Card, or nil where the spec fixes none. The uri of an extension
// decides the order inside its params, so the document is consulted.
func CardMemberOrder(d *Doc) func(ptr string) []string {
	return func(ptr string) []string {
		toks, err := SplitPointer(ptr)
		if err != nil {
			return nil
		}
		return cardOrderAt(d, toks)
	}
}

func cardOrderAt(d *Doc, t []string) []string {
	switch {
	case len(t) == 0:
		return agentCardOrder
	case len(t) == 1 && t[0] == "provider":
		return agentProviderOrder
	case len(t) == 1 && t[0] == "capabilities":
		return agentCapabilitiesOrder
	case len(t) == 2 && (t[0] == "supportedInterfaces" || t[0] == "additionalInterfaces") && isIndex(t[1]):
		return agentInterfaceOrder
	case len(t) == 2 && t[0] == "skills" && isIndex(t[1]):
		return agentSkillOrder
	case len(t) == 2 && t[0] == "signatures" && isIndex(t[1]):
		return agentSignatureOrder
	case len(t) == 3 && t[0] == "securitySchemes":
		return securitySchemeOrders[t[2]]
	case len(t) >= 3 && t[0] == "capabilities" && t[1] == "extensions" && isIndex(t[2]):
		if len(t) == 3 {
			return agentExtensionOrder
		}
		if t[3] != "params" || d == nil {
			return nil
		}
		uri := d.Find(Pointer(t[:3]...)).Get("uri").Text()
		switch {
		case uri == OnRequestURI:
			return onRequestParamsOrderAt(t[4:])
		case IsDiscoveryURI(uri):
			return discoveryOrderAt(t[4:])
		}
	}
	return nil
}

// onRequestParamsOrderAt orders members inside On Request params; t is
// relative to the params object.
func onRequestParamsOrderAt(t []string) []string {
	switch {
	case len(t) == 0:
		return onRequestParamsOrder
	case len(t) == 2 && t[0] == "skills" && isIndex(t[1]):
		return onRequestEntryOrder
	}
	return nil
}

// discoveryOrderAt orders members inside a discovery payload; t is relative
// to the payload.
func discoveryOrderAt(t []string) []string {
	switch {
	case len(t) == 0:
		return discoveryOrder
	case len(t) == 2 && (t[0] == "skills" || t[0] == "domains") && isIndex(t[1]):
		return discoveryRefOrder
	}
	return nil
}

// CatalogMemberOrder returns the spec member order for the object at ptr in
// an AI Catalog, or nil where the spec fixes none.
func CatalogMemberOrder(ptr string) []string {
	t, err := SplitPointer(ptr)
	if err != nil {
		return nil
	}
	switch {
	case len(t) == 0:
		return catalogOrder
	case len(t) == 1 && t[0] == "host":
		return hostOrder
	case len(t) >= 2 && t[0] == "entries" && isIndex(t[1]):
		r := t[2:]
		switch {
		case len(r) == 0:
			return entryOrder
		case len(r) == 1 && r[0] == "publisher":
			return publisherOrder
		case len(r) >= 2 && r[0] == "extensions" && r[1] == DiscoveryCatalogKey:
			return discoveryOrderAt(r[2:])
		}
	}
	return nil
}

// OnRequestParamsMemberOrder is the member order for a standalone On
// Request params document.
func OnRequestParamsMemberOrder(ptr string) []string {
	t, err := SplitPointer(ptr)
	if err != nil {
		return nil
	}
	return onRequestParamsOrderAt(t)
}

// DiscoveryMemberOrder is the member order for a standalone discovery
// payload document.
func DiscoveryMemberOrder(ptr string) []string {
	t, err := SplitPointer(ptr)
	if err != nil {
		return nil
	}
	return discoveryOrderAt(t)
}

// ReplyMemberOrder is the member order for a standalone On Request reply.
func ReplyMemberOrder(ptr string) []string {
	if ptr == "" {
		return onRequestReplyOrder
	}
	return nil
}

// EntryMemberOrder is the member order for a standalone AI Catalog entry
// (the order of an entry inside a catalog, from its root).
func EntryMemberOrder(ptr string) []string {
	if ptr == "" {
		return CatalogMemberOrder("/entries/0")
	}
	return CatalogMemberOrder("/entries/0" + ptr)
}

// InstallKindOrder installs the spec member order of kind in d: a session
// detects the kind once, when it opens the file, and keeps it for every
// later version of the Doc.
func InstallKindOrder(d *Doc, kind DocKind) {
	switch kind {
	case KindCard:
		d.SetMemberOrder(CardMemberOrder(d))
	case KindCatalog:
		d.SetMemberOrder(CatalogMemberOrder)
	case KindEntry:
		d.SetMemberOrder(EntryMemberOrder)
	case KindDiscovery:
		d.SetMemberOrder(DiscoveryMemberOrder)
	case KindOnRequest:
		d.SetMemberOrder(OnRequestParamsMemberOrder)
	case KindReply:
		d.SetMemberOrder(ReplyMemberOrder)
	}
}
