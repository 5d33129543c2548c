package validate

import (
	"errors"
	"net/netip"
	"strings"
)

// RFC 3986 syntax, as strict as the JSON Schema test suite asserts the
// formats "uri" and "uri-reference": ASCII only (an IRI such as
// "http://ƒøø.ßår/" is not a URI), no space or backslash, every "%"
// followed by two hex digits, each part made of the characters its rule
// allows, an IP literal that is a valid IPv6 address or IPvFuture.

// isRFC3986URI: URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ].
func isRFC3986URI(s string) bool {
	colon := strings.IndexByte(s, ':')
	if colon <= 0 || !isScheme3986(s[:colon]) {
		return false
	}
	return relativePart3986(s[colon+1:], true)
}

// isRFC3986Reference: URI-reference = URI / relative-ref.
func isRFC3986Reference(s string) bool {
	if colon := strings.IndexByte(s, ':'); colon > 0 {
		// A colon before any "/", "?" or "#" makes a scheme: it must
		// be a valid one (relative-ref forbids a colon in its first
		// segment).
		if i := strings.IndexAny(s, "/?#"); i < 0 || colon < i {
			return isRFC3986URI(s)
		}
	}
	return relativePart3986(s, false)
}

// relativePart3986 checks hier-part (afterScheme) or relative-part, then
// the query and fragment.
func relativePart3986(s string, afterScheme bool) bool {
	rest, frag, hasFrag := strings.Cut(s, "#")
	if hasFrag && !allChars3986(frag, pcharExtra+"/?") {
		return false
	}
	rest, query, hasQuery := strings.Cut(rest, "?")
	if hasQuery && !allChars3986(query, pcharExtra+"/?") {
		return false
	}
	if auth, ok := strings.CutPrefix(rest, "//"); ok {
		authority, path := auth, ""
		if i := strings.IndexByte(auth, '/'); i >= 0 {
			authority, path = auth[:i], auth[i:]
		}
		return authority3986(authority) && allChars3986(path, pcharExtra+"/")
	}
	if !afterScheme {
		// relative-ref: the first segment of a rootless path has no colon.
		first, _, _ := strings.Cut(rest, "/")
		if strings.IndexByte(first, ':') >= 0 {
			return false
		}
	}
	return allChars3986(rest, pcharExtra+"/")
}

// pcharExtra are the characters of pchar beyond unreserved and
// pct-encoded: sub-delims, ":" and "@".
const pcharExtra = "!$&'()*+,;=:@"

// allChars3986 accepts unreserved characters, pct-encoded octets and the
// extra characters listed.
func allChars3986(s, extra string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case isASCIIAlnum(c) || c == '-' || c == '.' || c == '_' || c == '~':
		case c == '%':
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				return false
			}
			i += 2
		case strings.IndexByte(extra, c) >= 0:
		default:
			return false
		}
	}
	return true
}

// isScheme3986: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ).
func isScheme3986(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !isCatASCIIAlpha(c) && (i == 0 || !(c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.')) {
			return false
		}
	}
	return s != ""
}

// authority3986: [ userinfo "@" ] host [ ":" port ].
func authority3986(a string) bool {
	if at := strings.LastIndexByte(a, '@'); at >= 0 {
		if !allChars3986(a[:at], "!$&'()*+,;=:") {
			return false
		}
		a = a[at+1:]
	}
	if strings.HasPrefix(a, "[") {
		end := strings.IndexByte(a, ']')
		if end < 0 || !ipLiteral3986(a[1:end]) {
			return false
		}
		port := a[end+1:]
		if port == "" {
			return true
		}
		p, ok := strings.CutPrefix(port, ":")
		return ok && (p == "" || isDigits(p))
	}
	host := a
	if i := strings.LastIndexByte(a, ':'); i >= 0 {
		host = a[:i]
		if port := a[i+1:]; port != "" && !isDigits(port) {
			return false
		}
	}
	return allChars3986(host, "!$&'()*+,;=")
}

// ipLiteral3986: IPv6address / IPvFuture (no zone identifier).
func ipLiteral3986(s string) bool {
	if rest, ok := strings.CutPrefix(strings.ToLower(s), "v"); ok {
		hex, tail, ok := strings.Cut(rest, ".")
		if !ok || hex == "" || tail == "" {
			return false
		}
		for i := 0; i < len(hex); i++ {
			if !isHex(hex[i]) {
				return false
			}
		}
		return allChars3986(tail, "!$&'()*+,;=:")
	}
	addr, err := netip.ParseAddr(s)
	return err == nil && addr.Is6() && addr.Zone() == ""
}

// errNotRFC3986 is what the schema validator is told when a value fails
// the strict formats.
var errNotRFC3986 = errors.New("not an RFC 3986 URI")
