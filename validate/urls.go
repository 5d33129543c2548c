package validate

import (
	"net"
	"net/url"
	"strings"

	"github.com/oncard/oncard/model"
)

// coreBindings are the protocol bindings A2A v1.0 defines; anything else
// must be a URI naming a custom binding.
var coreBindings = []string{"JSONRPC", "GRPC", "HTTP+JSON"}

// checkInterfaces checks each supportedInterfaces entry: a reachable
// absolute URL (gRPC may be host:port), a known binding, a Major.Minor
// version.
func checkInterfaces(r *report, root *model.Node) {
	name, ifaces := namedMember(root, "supportedInterfaces")
	if ifaces == nil || ifaces.Kind != model.Array {
		return
	}
	checkSomeV1Interface(r, "/"+name, ifaces)
	for i, it := range ifaces.All() {
		if it.Kind != model.Object {
			continue
		}
		ptr := indexPtr("/"+name, i)
		binding, _ := strValue(memberOf(it, "protocolBinding"))
		if binding != "" {
			checkBinding(r, ptr+"/protocolBinding", binding)
		}
		if v, ok := strValue(memberOf(it, "protocolVersion")); ok && v != "" && !isMajorMinor(v) {
			r.emit(ruleA2AProtocolVersion, ptr+"/protocolVersion", "protocolVersion "+quoted(shorten(v))+" is not Major.Minor", majorMinorHint(v))
		}
		if u, ok := strValue(it.Get("url")); ok && u != "" {
			checkURL(r, ptr+"/url", u, Error, binding == "GRPC")
		}
	}
}

// ruleA2ANoV1Interface: a v1.0 card whose interfaces all say 0.x.

// checkSomeV1Interface: a card written in the v1.0 shape must offer v1.0
// clients an interface. When every interface that states a version states
// a 0.x one, v1.0 clients have none to use, and v0.3 clients do not read
// supportedInterfaces at all (a dual card gives them its top-level url).
func checkSomeV1Interface(r *report, ptr string, ifaces *model.Node) {
	stated := 0
	for i := 0; i < ifaces.Len(); i++ {
		v, ok := strValue(memberOf(ifaces.Index(i), "protocolVersion"))
		if !ok || v == "" {
			continue
		}
		if !strings.HasPrefix(v, "0.") {
			return
		}
		stated++
	}
	if stated == 0 {
		return
	}
	r.emit(ruleA2ANoV1Interface, ptr, "every interface says protocolVersion 0.x: a v1.0 card offers v1.0 clients no interface", `add an interface with protocolVersion "1.0" (a dual card lists one for each version), or keep the card in the v0.3 shape`)
}

func checkBinding(r *report, ptr, binding string) {
	if contains(coreBindings, binding) || (isAbsURI(binding) && strings.Contains(binding, "/")) {
		return
	}
	hint := "use JSONRPC, GRPC or HTTP+JSON, or a URI naming a custom binding"
	if core := nearCoreBinding(binding); core != "" {
		hint = "did you mean " + quoted(core) + "? bindings are case-sensitive"
	}
	r.emit(ruleA2AProtocolBinding, ptr, "protocol binding "+quoted(shorten(binding))+" is neither a core binding nor a URI", hint)
}

// nearCoreBinding recognises the usual misspellings: "json-rpc", "grpc",
// "REST", "http+json".
func nearCoreBinding(s string) string {
	norm := strings.NewReplacer("-", "", "_", "", " ", "").Replace(strings.ToUpper(s))
	switch norm {
	case "JSONRPC", "JSONRPC2.0":
		return "JSONRPC"
	case "GRPC":
		return "GRPC"
	case "HTTP+JSON", "HTTPJSON", "REST", "HTTP":
		return "HTTP+JSON"
	}
	return ""
}

// checkV03Endpoint checks the endpoint fields of a v0.3 card.
func checkV03Endpoint(r *report, root *model.Node) {
	if t, ok := strValue(root.Get("preferredTransport")); ok && t != "" {
		checkBinding(r, "/preferredTransport", t)
	}
	if v, ok := strValue(root.Get("protocolVersion")); ok && v != "" && !strings.HasPrefix(v, "0.") {
		r.emit(ruleA2AProtocolVersion, "/protocolVersion", "protocolVersion "+quoted(shorten(v))+" claims a version the card's shape does not have (top-level url, no supportedInterfaces: v0.3)", `a v1.0 card lists supportedInterfaces with protocolVersion "1.0"; a v0.3 card writes "0.3.0"`)
	}
	if u, ok := strValue(root.Get("url")); ok && u != "" {
		transport, _ := strValue(root.Get("preferredTransport"))
		checkURL(r, "/url", u, Error, transport == "GRPC")
	}
}

// checkCardURLs checks the URLs outside supportedInterfaces: provider,
// icon, documentation, the v0.3 endpoint copies of a dual or leftover card,
// and the security schemes' token and metadata URLs.
func checkCardURLs(r *report, root *model.Node) {
	for _, p := range []struct {
		ptr  string
		node *model.Node
	}{
		{"/provider/url", root.Get("provider").Get("url")},
		{"/iconUrl", root.Get("iconUrl")},
		{"/documentationUrl", root.Get("documentationUrl")},
	} {
		if u, ok := strValue(p.node); ok && u != "" {
			checkURL(r, p.ptr, u, Warning, false)
		}
	}
	if root.Get("supportedInterfaces") != nil { // v0.3 cards had theirs checked as the endpoint
		if u, ok := strValue(root.Get("url")); ok && u != "" {
			checkURL(r, "/url", u, Warning, false)
		}
	}
	if extra := root.Get("additionalInterfaces"); extra != nil && extra.Kind == model.Array {
		for i, it := range extra.All() {
			transport, _ := strValue(it.Get("transport"))
			if transport != "" {
				checkBinding(r, indexPtr("/additionalInterfaces", i)+"/transport", transport)
			}
			if u, ok := strValue(it.Get("url")); ok && u != "" {
				checkURL(r, indexPtr("/additionalInterfaces", i)+"/url", u, Warning, transport == "GRPC")
			}
		}
	}
	forEachScheme(root, func(ptr string, body *model.Node) {
		for _, k := range []string{"openIdConnectUrl", "oauth2MetadataUrl"} {
			if u, ok := strValue(body.Get(k)); ok && u != "" {
				checkURL(r, ptr+"/"+k, u, Warning, false)
			}
		}
		flows := body.Get("flows")
		if flows == nil || flows.Kind != model.Object {
			return
		}
		for _, f := range flows.Members() {
			if f.Value.Kind != model.Object {
				continue
			}
			for _, k := range []string{"authorizationUrl", "tokenUrl", "refreshUrl", "deviceAuthorizationUrl"} {
				if u, ok := strValue(f.Value.Get(k)); ok && u != "" {
					checkURL(r, ptr+"/flows/"+escapePointerToken(f.Key())+"/"+k, u, Warning, false)
				}
			}
		}
	})
}

// checkURL reports a URL that is not absolute (at severity bad) and one
// that is not https (a warning; loopback http gets a gentler one).
// hostPortOK (a gRPC endpoint) also accepts a bare host:port and
// non-http schemes.
func checkURL(r *report, ptr, raw string, bad Severity, hostPortOK bool) {
	if hostPortOK && isHostPort(raw) {
		return
	}
	u, err := url.Parse(raw)
	if err != nil || u.Scheme == "" || !isHostname(u.Hostname()) {
		r.emitAs(ruleA2AInvalidURL, bad, ptr, quoted(shorten(raw))+" is not an absolute URL",
			"write the full address, e.g. https://agent.example.com/a2a")
		return
	}
	switch strings.ToLower(u.Scheme) {
	case "https", "wss":
	case "http", "ws":
		if isLoopback(u.Hostname()) {
			r.emit(ruleA2AInsecureURL, ptr, quoted(shorten(raw))+" uses "+u.Scheme+" on a loopback address", "fine for local testing; publish the card with https URLs")
			return
		}
		r.emit(ruleA2AInsecureURL, ptr, quoted(shorten(raw))+" does not use https", "clients send credentials and data to it: serve it over https")
	default:
		if hostPortOK { // gRPC targets name their own schemes (dns:, grpcs://)
			return
		}
		r.emitAs(ruleA2AInvalidURL, Warning, ptr, quoted(shorten(raw))+" uses the scheme "+quoted(u.Scheme)+", not https", "A2A clients reach agents over https")
	}
}

// isHostname accepts DNS names and IP literals, and rejects the template
// placeholders cards are published with by mistake ("<LOOKER_URL>",
// "{BASE_URL}").
func isHostname(h string) bool {
	if h == "" {
		return false
	}
	if net.ParseIP(h) != nil {
		return true
	}
	for i := 0; i < len(h); i++ {
		c := h[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '.' || c == '_' || c >= 0x80) {
			return false
		}
	}
	return true
}

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") || strings.HasSuffix(strings.ToLower(host), ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// isHostPort accepts "host:port" with a numeric port.
func isHostPort(s string) bool {
	host, port, err := net.SplitHostPort(s)
	if err != nil || host == "" || port == "" {
		return false
	}
	for i := 0; i < len(port); i++ {
		if port[i] < '0' || port[i] > '9' {
			return false
		}
	}
	return !strings.ContainsAny(host, "/?#@ ")
}

// isAbsURI reports an RFC 3986 absolute URI (ASCII only): a scheme, then
// a hierarchical part or an opaque one ("urn:...").
func isAbsURI(s string) bool {
	colon := strings.IndexByte(s, ':')
	if colon <= 0 || colon == len(s)-1 || !isRFC3986URI(s) {
		return false
	}
	for i := 0; i < colon; i++ {
		c := s[i]
		alpha := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if !alpha && (i == 0 || !(c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.')) {
			return false
		}
	}
	u, err := url.Parse(s)
	if err != nil {
		return false
	}
	if strings.HasPrefix(s[colon:], "://") {
		return u.Host != ""
	}
	return true
}

// isMajorMinor accepts "1.0", "0.3", "12.4": no patch number, no "v".
func isMajorMinor(s string) bool {
	dot := strings.IndexByte(s, '.')
	return dot > 0 && isDigits(s[:dot]) && isDigits(s[dot+1:])
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func majorMinorHint(v string) string {
	parts := strings.Split(strings.TrimPrefix(v, "v"), ".")
	if len(parts) >= 2 && isDigits(parts[0]) && isDigits(parts[1]) {
		return "write " + quoted(parts[0]+"."+parts[1]) + " (no patch number)"
	}
	return `write the A2A version as Major.Minor, e.g. "1.0"`
}
