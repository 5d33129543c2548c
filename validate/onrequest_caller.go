package validate

// The On Request warning for person entries that look specific to one
// caller (OR-3.8): an e-mail address, a UUID or a random token in the path.

import (
	"fmt"
	"strings"
)

// checkCallerSpecific warns when an https entry's path looks like it names
// one caller: an "@", an e-mail address, a UUID or a long random token
// (interpretation of OR-3.8: the entry is the same for every caller and
// carries nothing about the person; a schema cannot see that).
func checkCallerSpecific(r *report, entry string, at itemPtr) {
	rest, ok := strings.CutPrefix(entry, "https://")
	if !ok {
		return
	}
	_, path, _ := strings.Cut(rest, "/")
	if !mayBeCallerSpecific(path) {
		return
	}
	for path != "" {
		var seg string
		seg, path, _ = strings.Cut(path, "/")
		if why := callerSpecific(seg); why != "" {
			r.emit(ruleOnrequestCallerSpecificEntry, at.member("personEntry"), fmt.Sprintf("personEntry path segment %q looks specific to one caller (%s); the entry must be the same for every caller and carry nothing about the person (OR-3.8)",
				clip(seg, 60), why), "use one address for everybody, e.g. https://example.com/support")
			return
		}
	}
}

// mayBeCallerSpecific is false for a path no segment of which callerSpecific
// can object to: without a digit, an @ or a % (an e-mail address and a
// token need one of them), and without a segment of a UUID's length. Most
// entries' paths are words, and are passed over eight bytes at a time,
// then a segment at a time.
func mayBeCallerSpecific(path string) bool {
	i := 0
	for ; i+8 <= len(path); i += 8 {
		x := load64(path, i)
		const ones = 0x0101010101010101
		if digitBytes(x)|zeroBytes(x^ones*'@')|zeroBytes(x^ones*'%') != 0 {
			return true
		}
	}
	for ; i < len(path); i++ {
		if c := path[i]; c-'0' <= 9 || c == '@' || c == '%' {
			return true
		}
	}
	for len(path) >= uuidLen { // a shorter path has no segment of that length
		var seg string
		seg, path, _ = strings.Cut(path, "/")
		if len(seg) == uuidLen {
			return true
		}
	}
	return false
}

// callerSpecific says why a path segment looks caller-specific, or "".
func callerSpecific(seg string) string {
	switch {
	case seg == "":
		return ""
	case strings.Contains(seg, "@") || strings.Contains(seg, "%40"):
		return "it contains an @, like an e-mail address or a user handle"
	case isUUID(seg):
		return "it is a UUID"
	case isRandomToken(seg):
		return "it looks like a random token"
	}
	return ""
}

const uuidLen = 36

func isUUID(s string) bool {
	if len(s) != uuidLen {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if i == 8 || i == 13 || i == 18 || i == 23 {
			if c != '-' {
				return false
			}
			continue
		}
		if !isHex(c) {
			return false
		}
	}
	return true
}

// isRandomToken: 16+ hex digits with at least one digit, or 20+ base64url
// characters mixing letters and at least 3 digits in one dash-free word.
// Readable slugs ("support-for-business-accounts") are not tokens.
func isRandomToken(s string) bool {
	letters, digits, hexOnly := 0, 0, true
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			digits++
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
			letters++
			hexOnly = hexOnly && isHex(c)
		case c == '_' || c == '-':
			hexOnly = false
		default:
			return false
		}
	}
	if hexOnly && len(s) >= 16 && digits > 0 {
		return true
	}
	if len(s) < 20 || digits < 3 || letters == 0 {
		return false
	}
	// The longest dash- or underscore-free run decides: words are short.
	longest := 0
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return r == '-' || r == '_' }) {
		longest = max(longest, len(w))
	}
	return longest >= 20
}

func isHex(c byte) bool {
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
}
