package validate

import (
	"fmt"
	"net"
	"net/url"
	"strings"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/oasf"
)

// The OASF discovery extension (oasf-discovery-extension.md): the payload
// {schema_version, skills, domains} on its own, in an A2A card extension's
// params, or in an AI Catalog entry's extensions. The references are checked
// by CheckReference (oasfrefs.go) against the taxonomy of the payload's own
// schema_version.
// The same structure as a JSON Schema: schemas/discovery.schema.json, held to this code by discovery_schema_test.go.

// Diagnostic codes of this file that are not a server error type.
const ()

// discoveryMembers are the payload's members; draftMembers come from a later
// upstream draft of the discovery object that the extension does not use.
var (
	discoveryMembers = []string{"schema_version", "skills", "domains"}
	draftMembers     = []string{"formats", "distributions"}
)

// discovery validates a standalone discovery payload (Discovery in api.go).
func discovery(doc *model.Doc, opts *Options) []Diagnostic {
	r := newReport(doc, opts)
	checkDiscoveryPayload(r, doc.Root(), "")
	checkDocumentIJSON(r)
	return r.sorted()
}

// isDiscoveryURI reports whether an extension uri names the OASF discovery
// object: <scheme>://<host>/…/<version>/objects/discovery. It says yes for
// any host, so that checkDiscoveryDecl can tell the author when the server
// is not an accepted one (and how to accept it) instead of the extension
// passing unnoticed.
func isDiscoveryURI(r *report, uri string) bool {
	return model.IsDiscoveryURI(uri)
}

// checkDiscoveryDecl checks one OASF discovery AgentExtension entry of a card
// (ext at extPtr); its params are the discovery payload.
func checkDiscoveryDecl(r *report, ext *model.Node, extPtr string) {
	uri := ext.Get("uri").Text()
	if !checkDiscoveryURI(r, uri, extPtr+"/uri") {
		return
	}
	params := ext.Get("params")
	if params == nil {
		r.emit(ruleOASFParamsMissing, extPtr+"/params", "the OASF discovery extension has no params; they carry the discovery payload", `add "params": {"schema_version": "`+oasf.DefaultVersion+`", "skills": [...], "domains": [...]}`)
		return
	}
	checkDiscoveryPayload(r, params, extPtr+"/params")
	if params.Kind != model.Object {
		return
	}
	uriVersion := model.DiscoveryURIVersion(uri)
	if payloadVersion, ok := params.Get("schema_version").Str(); ok && uriVersion != "" && uriVersion != payloadVersion {
		r.emit(ruleOASFURIVersionMismatch, extPtr+"/uri", fmt.Sprintf("the extension uri names OASF %s but the payload's schema_version is %s",
			model.SafeText(uriVersion), model.SafeText(payloadVersion)), "the payload's schema_version is the one that counts; use "+
			model.SafeText(strings.Replace(uri, "/"+uriVersion+"/objects/", "/"+payloadVersion+"/objects/", 1))+
			" so that the two agree")
	}
}

// checkDiscoveryURI checks the identifier of the extension and reports
// whether consumers would recognise it (so that its params count as a
// discovery payload).
func checkDiscoveryURI(r *report, uri, ptr string) bool {
	u, err := url.Parse(uri)
	if err != nil || u.Host == "" {
		r.emit(ruleOASFURIMalformed, ptr, "the discovery extension uri "+quoted(shorten(uri))+" is not an absolute URL", "use <schema server>/<version>/objects/discovery, e.g. https://schema.oasf.outshift.com/"+oasf.DefaultVersion+"/objects/discovery")
		return false
	}
	host := strings.ToLower(u.Hostname())
	if !schemaHostAccepted(r.opts.SchemaHosts, host, u.Port()) {
		r.emit(ruleOASFURIHostNotAccepted, ptr, "the uri has the OASF discovery path, but "+quoted(u.Host)+" is not an accepted OASF schema server, so it is not recognised as the discovery extension and its params were not checked", "accept the server with `--schema-host "+model.SafeText(u.Host)+"` or the schema_hosts setting of the config file; or use https://schema.oasf.outshift.com/"+oasf.DefaultVersion+"/objects/discovery")
		return false
	}
	if u.Scheme == "http" && !schemaHostIsLoopback(host) {
		r.emit(ruleOASFURIInsecure, ptr, "the discovery extension uri uses http on "+quoted(u.Host)+"; plain http is for a schema server on this machine only", "use https://"+model.SafeText(u.Host+u.Path))
	}
	if v := model.DiscoveryURIVersion(uri); v == "" || !looksLikeVersion(v) {
		r.emit(ruleOASFURIMalformed, ptr, "the discovery extension uri "+quoted(shorten(uri))+" has no version before /objects/discovery", "use <schema server>/<version>/objects/discovery with the payload's schema_version, e.g. .../"+oasf.DefaultVersion+"/objects/discovery")
	}
	return true
}

// SchemaHostAccepted reports whether host (lower case, IPv6 without
// brackets) and port are on the accepted-hosts list (nil is
// DefaultSchemaHosts): an entry "host" accepts any port, "host:port" only
// that port. The same list decides which signature jku origins are fetched.
func SchemaHostAccepted(hosts []string, host, port string) bool {
	return schemaHostAccepted(hosts, host, port)
}

// schemaHostAccepted: an entry "host" accepts any port, "host:port" only
// that port. IPv6 entries are written in brackets ("[::1]").
func schemaHostAccepted(hosts []string, host, port string) bool {
	if hosts == nil {
		hosts = DefaultSchemaHosts
	}
	for _, entry := range hosts {
		h, p := splitHostEntry(entry)
		if h == host && (p == "" || p == port) {
			return true
		}
	}
	return false
}

func splitHostEntry(entry string) (host, port string) {
	entry = strings.ToLower(strings.TrimSpace(entry))
	if h, p, err := net.SplitHostPort(entry); err == nil {
		return h, p
	}
	return strings.TrimSuffix(strings.TrimPrefix(entry, "["), "]"), ""
}

// schemaHostIsLoopback: plain http is fine for a schema server on this machine.
func schemaHostIsLoopback(host string) bool {
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// looksLikeVersion: digits and dots, optionally a prerelease ("1.2.0-dev").
func looksLikeVersion(v string) bool {
	core, _, _ := strings.Cut(v, "-")
	if core == "" || strings.Trim(core, "0123456789.") != "" {
		return false
	}
	return core[0] != '.' && core[len(core)-1] != '.'
}

// checkDiscoveryPayload checks a discovery payload at ptr (standalone, in a
// card's extension params, or in a catalog entry's extensions).
func checkDiscoveryPayload(r *report, payload *model.Node, ptr string) {
	if payload == nil || payload.Kind != model.Object {
		r.emit(ruleOASFNotObject, ptr, "the OASF discovery payload must be a JSON object, found "+describeNode(payload), `{"schema_version": "`+oasf.DefaultVersion+`", "skills": [{"name": "…", "id": …}], "domains": [...]}`)
		return
	}
	for _, m := range payload.Members() {
		checkPayloadMember(r, m.Key(), ptr)
	}
	checkTaxonomyReferences(r, payload, ptr)
}

// checkTaxonomyReferences checks the schema_version, skills and domains of
// an object that carries them: a discovery payload, or an OASF record.
func checkTaxonomyReferences(r *report, payload *model.Node, ptr string) {
	tax := checkSchemaVersion(r, payload.Get("schema_version"), ptr)

	skills := payload.Get("skills")
	switch {
	case skills == nil:
		r.emit(ruleOASFAttributeRequiredMissing, ptr+"/skills", `Required attribute "skills" is missing.`, `add "skills": [{"name": "…", "id": …}]; `+"`oncard oasf search` finds them")
	case skills.Kind != model.Array:
		r.emit(ruleOASFAttributeWrongType, ptr+"/skills", wrongTypeMessage("skills", "array", skills), "skills is an array of references")
	case skills.Len() == 0:
		r.emit(ruleOASFSkillsEmpty, ptr+"/skills", "skills is empty: the artifact cannot be found by skill", "list at least one skill")
	}
	domains := payload.Get("domains")
	switch {
	case domains == nil:
		r.emit(ruleOASFAttributeRecommendedMissing, ptr+"/domains", `Recommended attribute "domains" is missing.`, "domains are recommended: they let consumers find the artifact by field, e.g. "+domainExample())
	case domains.Kind != model.Array:
		r.emit(ruleOASFAttributeWrongType, ptr+"/domains", wrongTypeMessage("domains", "array", domains), "domains is an array of references")
	}
	if tax == nil {
		return // no taxonomy to check the references against
	}
	checkReferences(r, tax.Skills, oasf.Skills, skills, ptr, "skills")
	checkReferences(r, tax.Domains, oasf.Domains, domains, ptr, "domains")
}

func checkPayloadMember(r *report, key, ptr string) {
	for _, m := range discoveryMembers {
		if key == m {
			return
		}
	}
	at := ptr + "/" + escapeToken(key)
	for _, m := range draftMembers {
		if key == m {
			r.emit(ruleOASFDraftMember, at, quoted(key)+" belongs to a later upstream draft of the OASF discovery object, not to the discovery extension", "released schema servers reject it; keep the payload to schema_version, skills and domains")
			return
		}
	}
	r.emit(ruleOASFAttributeUnknown, at, fmt.Sprintf("Unknown attribute at \"%s\"; attribute \"%s\" is not defined in object \"discovery\".",
		model.SafeText(key), model.SafeText(key)), "a discovery payload has schema_version, skills and domains")
}

// checkSchemaVersion returns the taxonomy the references are checked
// against, or nil (after reporting why).
func checkSchemaVersion(r *report, n *model.Node, ptr string) *oasf.Taxonomy {
	if n != nil {
		if v, ok := n.Str(); ok {
			if tax := oasf.Get(v); tax != nil {
				return tax // the common case, with no pointer to build
			}
		}
	}
	at := ptr + "/schema_version"
	if n == nil {
		r.emit(ruleOASFAttributeRequiredMissing, at, `Required attribute "schema_version" is missing.`, `add "schema_version": "`+oasf.DefaultVersion+`" (the OASF version the ids and names come from)`)
		return nil
	}
	v, ok := n.Str()
	if !ok {
		r.emit(ruleOASFAttributeWrongType, at, wrongTypeMessage("schema_version", "string_t", n), `schema_version is a string, e.g. "`+oasf.DefaultVersion+`"`)
		return nil
	}
	tax := oasf.Get(v)
	if tax == nil {
		known := oasf.Versions()
		r.emit(ruleOASFVersionUnknown, at, fmt.Sprintf("schema_version %s is not a known OASF version (known: %s)", quoted(v), strings.Join(known, ", ")), "ids and names only mean something for their version; use one of "+strings.Join(known, ", ")+
			", or fetch it from a schema server with `oncard oasf sync`")
	}
	return tax
}

// checkReferences checks every reference of the array member name of the
// payload at payloadPtr, then duplicates. The array's pointer is built only
// for a finding (catalogs check one payload per entry). The common case is
// a list of plain references (isPlainReference): their duplicates are
// found by their ids, without resolving each reference again.
func checkReferences(r *report, t *oasf.Tree, k oasf.Kind, refs *model.Node, payloadPtr, name string) {
	if refs == nil || refs.Kind != model.Array {
		return
	}
	ptr := ""
	var room [64]int
	ids, allPlain := room[:0], true
	hinted := func(typ string) bool { return r.lists(oasfTypeRule(typ)) }
	for i, ref := range refs.AllTransient() {
		if id, ok := plainReferenceID(t, ref); ok {
			ids = append(ids, id)
			continue
		}
		allPlain = false
		for _, f := range checkReference(t, k, i, ref, hinted) {
			if ptr == "" {
				ptr = payloadPtr + "/" + name
			}
			r.emit(oasfTypeRule(f.Type), indexPtr(ptr, i)+f.Pointer, f.Message, f.Hint)
		}
	}
	dupRule := oasfTypeRule("attribute_array_duplicate")
	dup := func(c *oasf.Class, i, j int) {
		r.emitLazy(dupRule, func() (string, string, string) {
			if ptr == "" {
				ptr = payloadPtr + "/" + name
			}
			f := duplicateFinding(k, c, i, j)
			return ptr + f.Pointer, f.Message, f.Hint
		})
	}
	if allPlain {
		duplicateIDs(t, ids, dup)
	} else {
		eachDuplicate(t, refs, dup)
	}
}

func domainExample() string {
	if t := oasf.Get(oasf.DefaultVersion); t != nil {
		if c := t.Domains.ByID(10305); c != nil {
			return fmt.Sprintf("{\"name\": %q, \"id\": %d}", c.Name, c.ID)
		}
	}
	return `{"name": "…", "id": …}`
}

// describeNode names a JSON type for a sentence ("an array", "nothing").
func describeNode(n *model.Node) string {
	if n == nil {
		return "nothing"
	}
	switch n.Kind {
	case model.Object, model.Array:
		return "an " + n.Kind.String()
	case model.Null:
		return "null"
	}
	return "a " + n.Kind.String()
}
