package validate

import (
	"encoding/base64"
	"encoding/json"
	"net/netip"
	"net/url"
	"strings"

	"github.com/oncard/oncard/model"
)

// Hosts a client should not be sent to. A client connects to the card's
// interfaces and fetches its icon, its OAuth and OpenID Connect metadata;
// a registry that ingests cards fetches them too, from inside its own
// network. A card that names this machine, a private network or the cloud
// metadata service turns that fetch into a request the card's author could
// not make (server-side request forgery).

// cardURL is one URL of the card a client or registry may fetch.
type cardURL struct {
	ptr  string
	node *model.Node
}

// interfaceURLs are the URLs clients connect to: the v1.0 interfaces, a
// v0.3 or dual card's url and additionalInterfaces.
func interfaceURLs(root *model.Node) []cardURL {
	var out []cardURL
	name, ifaces := namedMember(root, "supportedInterfaces")
	for i, it := range ifaces.All() {
		if u := it.Get("url"); u != nil {
			out = append(out, cardURL{indexPtr("/"+name, i) + "/url", u})
		}
	}
	if u := root.Get("url"); u != nil {
		out = append(out, cardURL{"/url", u})
	}
	for i, it := range root.Get("additionalInterfaces").All() {
		if u := it.Get("url"); u != nil {
			out = append(out, cardURL{indexPtr("/additionalInterfaces", i) + "/url", u})
		}
	}
	return out
}

// fetchedURLs are interfaceURLs and the other URLs a client fetches: the
// provider's, the documentation, the icon, and the security schemes'
// OAuth and metadata URLs.
func fetchedURLs(root *model.Node) []cardURL {
	out := interfaceURLs(root)
	for _, p := range []cardURL{
		{"/provider/url", root.Get("provider").Get("url")},
		{"/documentationUrl", root.Get("documentationUrl")},
		{"/iconUrl", root.Get("iconUrl")},
	} {
		if p.node != nil {
			out = append(out, p)
		}
	}
	forEachScheme(root, func(ptr string, body *model.Node) {
		for _, k := range []string{"openIdConnectUrl", "oauth2MetadataUrl"} {
			if u := body.Get(k); u != nil {
				out = append(out, cardURL{ptr + "/" + k, u})
			}
		}
		flows := body.Get("flows")
		if flows == nil || flows.Kind != model.Object {
			return
		}
		for _, f := range flows.Members() {
			for _, k := range []string{"authorizationUrl", "tokenUrl", "refreshUrl", "deviceAuthorizationUrl"} {
				if u := f.Value.Get(k); u != nil {
					out = append(out, cardURL{ptr + "/flows/" + escapePointerToken(f.Key()) + "/" + k, u})
				}
			}
		}
	})
	return out
}

// checkHosts reports the card's URLs on hosts a client should not be sent
// to, and signatures whose jku a verifier should not trust.
func checkHosts(r *report, root *model.Node) {
	for _, u := range fetchedURLs(root) {
		if host := urlHost(u.node); host != "" {
			checkHost(r, u.ptr, host, "a client or registry that fetches it")
		}
	}
	checkJKUs(r, root)
}

// checkHost reports host when it is internal (security/internal-host) or
// a public IP address (security/ip-host). who says who is sent there.
func checkHost(r *report, ptr, host, who string) {
	what, internal := classifyHost(host)
	switch {
	case internal:
		r.emit(ruleSecurityInternalHost, ptr, memberName(ptr)+" points at "+what+": "+who+" is sent inside its own network", "publish the card with the agent's public https URLs")
	case what != "":
		r.emit(ruleSecurityIPHost, ptr, memberName(ptr)+" names "+what+" instead of a host name: it hides who runs the agent, and no certificate names it as usual", "use the agent's DNS name")
	}
}

// metadataAddrs are the cloud providers' instance metadata services.
var metadataAddrs = []netip.Addr{
	netip.MustParseAddr("169.254.169.254"), // AWS, GCP, Azure, OpenStack, …
	netip.MustParseAddr("fd00:ec2::254"),   // AWS over IPv6
	netip.MustParseAddr("100.100.100.200"), // Alibaba Cloud
}

var sharedAddressSpace = netip.MustParsePrefix("100.64.0.0/10") // RFC 6598, carrier-grade NAT

// internalSuffixes are names that never resolve on the public Internet.
var internalSuffixes = []string{".local", ".internal", ".localhost", ".localdomain", ".lan", ".home.arpa", ".intranet", ".corp", ".home", ".test", ".invalid", ".onion"}

// classifyHost says what host is: internal (true) with what it is, a
// public IP literal (false, what), or a public name (false, "").
func classifyHost(host string) (string, bool) {
	if addr, ok := parseIPLiteral(host); ok {
		addr = addr.Unmap()
		switch {
		case contains2(metadataAddrs, addr):
			return "a cloud metadata service address", true
		case addr.IsLoopback():
			return "a loopback address (this machine)", true
		case addr.IsUnspecified():
			return "the unspecified address (this machine)", true
		case addr.IsLinkLocalUnicast() || addr.IsLinkLocalMulticast():
			return "a link-local address", true
		case addr.IsPrivate():
			return "a private network address", true
		case sharedAddressSpace.Contains(addr):
			return "a carrier-grade NAT address (100.64.0.0/10)", true
		case addr.IsMulticast() || addr.IsInterfaceLocalMulticast():
			return "a multicast address", true
		}
		return "a public IP address", false
	}
	switch {
	case host == "localhost":
		return "localhost (this machine)", true
	case !strings.Contains(host, "."):
		return "a single-label name, resolved only inside a network", true
	}
	for _, suffix := range internalSuffixes {
		if strings.HasSuffix(host, suffix) {
			return "a " + suffix + " name, resolved only inside a network", true
		}
	}
	return "", false
}

func contains2(list []netip.Addr, a netip.Addr) bool {
	for _, b := range list {
		if a == b {
			return true
		}
	}
	return false
}

// parseIPLiteral reads an IP address as a URL's host gives it (IPv6 without
// its brackets, maybe with a zone).
func parseIPLiteral(host string) (netip.Addr, bool) {
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if i := strings.IndexByte(host, '%'); i >= 0 {
		host = host[:i]
	}
	if !mayBeIPLiteral(host) {
		return netip.Addr{}, false // a host name: ParseAddr's error would be made for nothing
	}
	addr, err := netip.ParseAddr(host)
	return addr, err == nil
}

// mayBeIPLiteral is false for a host netip.ParseAddr cannot read: without
// a colon it reads IPv4 only, digits and dots (TestIPLiteralShortCut).
func mayBeIPLiteral(host string) bool {
	if strings.IndexByte(host, ':') >= 0 {
		return true
	}
	for i := 0; i < len(host); i++ {
		if c := host[i]; (c < '0' || c > '9') && c != '.' {
			return false
		}
	}
	return true
}

func isIPLiteral(host string) bool {
	_, ok := parseIPLiteral(host)
	return ok
}

// checkJKUs: a signature's jku names the key set a verifier would fetch
// to check it. Over http anyone on the path can swap the keys; on another
// registrable domain than the card's interfaces, whoever holds that domain
// vouches for the card. Its host is checked like the card's URLs.
func checkJKUs(r *report, root *model.Node) {
	// The interfaces' domains, read when a jku's is to be compared with
	// them: most cards carry no signature.
	var home []string
	homeRead := false
	homeDomains := func() []string {
		if !homeRead {
			homeRead = true
			for _, u := range interfaceURLs(root) {
				if d := r.registrableDomain(urlHost(u.node)); d != "" && !contains(home, d) {
					home = append(home, d)
				}
			}
		}
		return home
	}
	for i, sig := range root.Get("signatures").All() {
		jku, ok := signatureJKU(sig)
		if !ok {
			continue
		}
		ptr := indexPtr("/signatures", i) + "/protected"
		label := "signature " + indexPtr("", i)[1:] + "'s jku"
		u, err := url.Parse(jku)
		switch {
		case err != nil || u.Host == "":
			r.emit(ruleSecurityJKU, ptr, label+" is not an absolute URL: a verifier cannot fetch its key set", "publish the key set at an https URL on the agent's domain")
			continue
		case !strings.EqualFold(u.Scheme, "https"):
			r.emit(ruleSecurityJKU, ptr, label+" does not use https: anyone on the path can swap the keys it names", "publish the key set over https")
		}
		host := strings.ToLower(u.Hostname())
		if _, internal := classifyHost(host); internal {
			checkHost(r, ptr, host, "a verifier that fetches its key set")
			continue
		}
		if d := r.registrableDomain(host); d != "" && len(homeDomains()) > 0 && !contains(home, d) {
			r.emit(ruleSecurityJKU, ptr, label+" is on another registrable domain than the card's interfaces: whoever holds that domain vouches for the card", "publish the key set on the agent's own domain, or give verifiers the keys (--jwks)")
		}
	}
}

// signatureJKU reads the jku of a signature's protected header; false when
// there is none or the header cannot be read (signature/bad-jws says so).
func signatureJKU(sig *model.Node) (string, bool) {
	p, ok := strValue(sig.Get("protected"))
	if !ok || p == "" {
		return "", false
	}
	raw, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(p, "="))
	if err != nil {
		return "", false
	}
	var h struct {
		JKU *string `json:"jku"`
	}
	if json.Unmarshal(raw, &h) != nil || h.JKU == nil {
		return "", false
	}
	return *h.JKU, true
}
