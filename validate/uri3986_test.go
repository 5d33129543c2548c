package validate

import "testing"

// Cases of the JSON Schema test suite (draft 2020-12, optional/format/uri
// and uri-reference), and the ones oncard's documents meet.
func TestRFC3986Formats(t *testing.T) {
	uris := map[string]bool{
		"http://foo.bar/?baz=qux#quux":                        true,
		"http://foo.com/blah_(wikipedia)_blah#cite-1":         true,
		"http://foo.bar/?q=Test%20URL-encoded%20stuff":        true,
		"http://xn--nw2a.xn--j6w193g/":                        true,
		"http://-.~_!$&'()*+,;=:%40:80%2f::::::@example.com":  true,
		"http://223.255.255.254":                              true,
		"ftp://ftp.is.co.za/rfc/rfc1808.txt":                  true,
		"ldap://[2001:db8::7]/c=GB?objectClass?one":           true,
		"mailto:John.Doe@example.com":                         true,
		"news:comp.infosystems.www.servers.unix":              true,
		"tel:+1-816-555-1212":                                 true,
		"urn:oasis:names:specification:docbook:dtd:xml:4.1.2": true,
		"https://agent.example.com:8443/a2a":                  true,
		"//foo.bar/?baz=qux#quux":                             false,
		"/abc":                                                false,
		`\\WINDOWS\fileshare`:                                 false,
		"abc":                                                 false,
		"http:// shouldfail.com":                              false,
		":// should fail":                                     false,
		"bar,baz:foo":                                         false,
		"https://[@example.org/test.txt":                      false,
		`https://example.org/foobar\.txt`:                     false,
		"https://example.org/foo bar":                         false,
		"http://ƒøø.ßår/?∂éœ=πîx#πîüx":                        false,
		"https://exa mple.com":                                false,
		"https://example.com/%zz":                             false,
		"https://example.com/é":                               false,
	}
	for s, want := range uris {
		if got := isSchemaURI(s); got != want {
			t.Errorf("format uri %q = %v, want %v", s, got, want)
		}
	}
	refs := map[string]bool{
		"http://foo.bar/?baz=qux#quux": true,
		"//foo.bar/?baz=qux#quux":      true,
		"/abc":                         true,
		"abc":                          true,
		"#fragment":                    true,
		"":                             true,
		`\\WINDOWS\fileshare`:          false,
		`#frag\ment`:                   false,
		"http://ƒøø.ßår/?∂éœ=πîx#πîüx": false,
		"card é.json": false,
	}
	for s, want := range refs {
		if got := isCatURIReference(s); got != want {
			t.Errorf("format uri-reference %q = %v, want %v", s, got, want)
		}
	}
}
