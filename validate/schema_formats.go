package validate

// JSON Schema formats and the schemas' patterns, in code: the shapes checked
// in code (onrequest_shape.go, catalog_shape.go) must accept exactly what
// jsonschema/v6 accepts, and run without its regexp engine or url decoding
// on the common inputs. The differential tests hold them to the schemas.

import (
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// ---- formats, as jsonschema/v6 asserts them ----

// isSchemaURI is JSON Schema's format "uri" as the schemas assert it
// (registered in initSchemaCompiler): jsonschema/v6's check (net/url
// parses it, an IPv6 host is bracketed and valid, it has a scheme) and
// RFC 3986's syntax, which is what makes it ASCII only.
func isSchemaURI(s string) bool {
	if isPlainEntry(s) {
		return true
	}
	u, ok := parseSchemaURL(s)
	return ok && u.IsAbs() && isRFC3986URI(s)
}

// isCatURIReference is format "uri-reference" likewise: no backslash,
// net/url parses it, an IPv6 host is bracketed and valid, and RFC 3986's
// URI-reference syntax.
func isCatURIReference(s string) bool {
	if isPlainEntry(s) {
		return true
	}
	if strings.Contains(s, `\`) {
		return false
	}
	_, ok := parseSchemaURL(s)
	return ok && isRFC3986Reference(s)
}

// parseSchemaURL is jsonschema/v6's parseURL, under both formats: net/url,
// plus the check of an IPv6 host that net/url does not make.
func parseSchemaURL(s string) (*url.URL, bool) {
	u, err := url.Parse(s)
	if err != nil {
		return nil, false
	}
	if host := u.Hostname(); strings.Contains(host, ":") {
		if !strings.Contains(u.Host, "[") || !strings.Contains(u.Host, "]") {
			return nil, false
		}
		addr, err := netip.ParseAddr(host)
		if err != nil || addr.Zone() != "" {
			return nil, false
		}
	}
	return u, true
}

// isPlainEntry recognises, without parsing, the common entries net/url
// surely accepts as absolute: tel:+ followed by digits and ( ) . -, or
// https:// with a host of letters, digits, dots and dashes and a path of
// unreserved characters and slashes. Anything else goes to url.Parse.
func isPlainEntry(s string) bool {
	if rest, ok := strings.CutPrefix(s, "tel:+"); ok {
		return allOf(rest, &plainTelByte)
	}
	rest, ok := strings.CutPrefix(s, "https://")
	if !ok {
		return false
	}
	host, path, _ := strings.Cut(rest, "/")
	return host != "" && allOf(host, &plainHostByte) && allOf(path, &plainPathByte)
}

// The bytes of a plain tel: number after its "+", of a plain host, and of
// a plain path (unreserved characters and slashes).
var plainTelByte, plainHostByte, plainPathByte = byteClass("0123456789().-"), byteClass(alnum + ".-"), byteClass(alnum + "-._~/")

func isASCIIAlnum(c byte) bool {
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

func isCatASCIIAlpha(c byte) bool { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') }

// isCatDateTime is format "date-time" as jsonschema/v6 asserts it (its
// validateDateTime, rule for rule, including what strconv.Atoi accepts in a
// two-digit field: "+5" and "-0").
func isCatDateTime(s string) bool {
	if len(s) < 20 || (s[10] != 't' && s[10] != 'T') {
		return false
	}
	if _, err := time.Parse("2006-01-02", s[:10]); err != nil {
		return false
	}
	t := s[11:]
	if t[2] != ':' || t[5] != ':' {
		return false
	}
	h, okH := catTwoDigits(t[0:2])
	m, okM := catTwoDigits(t[3:5])
	second, okS := catTwoDigits(t[6:8])
	if !okH || !okM || !okS || h > 23 || m > 59 || second > 60 {
		return false
	}
	t = t[8:]
	if rem, ok := strings.CutPrefix(t, "."); ok {
		digits := 0
		for digits < len(rem) && rem[digits] >= '0' && rem[digits] <= '9' {
			digits++
		}
		if digits == 0 {
			return false
		}
		t = rem[digits:]
	}
	if t != "z" && t != "Z" {
		if len(t) != 6 || t[3] != ':' {
			return false
		}
		sign := 0
		switch t[0] {
		case '+':
			sign = -1
		case '-':
			sign = 1
		default:
			return false
		}
		zh, okZH := catTwoDigits(t[1:3])
		zm, okZM := catTwoDigits(t[4:6])
		if !okZH || !okZM || zh > 23 || zm > 59 {
			return false
		}
		hm := h*60 + m + sign*(zh*60+zm)
		if hm < 0 {
			hm += 24 * 60
		}
		h, m = hm/60, hm%60
	}
	return second < 60 || (h == 23 && m == 59)
}

// catTwoDigits reads a two-character field the way strconv.Atoi does,
// refusing negative values as validateDateTime does.
func catTwoDigits(s string) (int, bool) {
	n, err := strconv.Atoi(s)
	return n, err == nil && n >= 0
}

// ---- the catalog schema's patterns, without a regexp engine ----

// isCatMajorMinor is the pattern ^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$.
func isCatMajorMinor(s string) bool {
	major, minor, ok := strings.Cut(s, ".")
	return ok && isCatNumber(major) && isCatNumber(minor)
}

// isCatNumber is (0|[1-9][0-9]*).
func isCatNumber(s string) bool {
	if s == "" || (s[0] == '0' && len(s) > 1) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// isCatMediaType is catMediaTypePattern: two restricted-name tokens joined
// by one slash.
func isCatMediaType(s string) bool {
	kind, sub, ok := strings.Cut(s, "/")
	return ok && isCatMediaToken(kind) && isCatMediaToken(sub)
}

// isCatMediaToken is [A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*.
func isCatMediaToken(s string) bool {
	if s == "" || !isASCIIAlnum(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !isASCIIAlnum(s[i]) && strings.IndexByte("!#$&^_.+-", s[i]) < 0 {
			return false
		}
	}
	return true
}

// isCatExtensionKey is the propertyNames anyOf of #/$defs/extensions: an
// absolute URI starting scheme://, or a reverse-DNS name.
func isCatExtensionKey(k string) bool {
	return isCatReverseDNS(k) || (hasCatURLScheme(k) && isSchemaURI(k))
}

// hasCatURLScheme is the pattern ^[A-Za-z][A-Za-z0-9+.-]*://.
func hasCatURLScheme(s string) bool {
	scheme, _, ok := strings.Cut(s, "://")
	return ok && isURIScheme(scheme)
}

// isURIScheme is [A-Za-z][A-Za-z0-9+.-]*, RFC 3986's scheme.
func isURIScheme(s string) bool {
	if s == "" || !isCatASCIIAlpha(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if c := s[i]; !isASCIIAlnum(c) && c != '+' && c != '.' && c != '-' {
			return false
		}
	}
	return true
}

// isCatReverseDNS is the pattern
// ^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)+$:
// two or more dot-separated labels of letters, digits and inner dashes.
func isCatReverseDNS(s string) bool {
	labels := 0
	for rest := s; ; labels++ {
		label, tail, more := strings.Cut(rest, ".")
		if label == "" || !isASCIIAlnum(label[0]) || !isASCIIAlnum(label[len(label)-1]) {
			return false
		}
		for i := 1; i < len(label)-1; i++ {
			if !isASCIIAlnum(label[i]) && label[i] != '-' {
				return false
			}
		}
		if !more {
			return labels >= 1
		}
		rest = tail
	}
}
