package validate

// ---- The AI Catalog shapes, checked in code ----
//
// A catalog of 10,000 entries must be checked well within the budget of
// "add one card to a 10,000-entry catalog in under 200 ms", and the JSON
// Schema run (with the conversion of the whole catalog to map[string]any it
// needs) took ~190 ms alone. So the shapes of schemas/catalog.schema.json
// (catalog, host, entry, publisher, signature, extensions) are checked here,
// reading the Doc's nodes directly and building pointers only for findings.
//
// The embedded schema stays the source of truth: TestCatalogShapeMatchesSchema
// generates thousands of catalogs and requires this code and checkSchema
// with catalogSchemaDef to report the same codes, pointers and sentences.
// The codes are the schema's x-code / x-missing-code annotations; the
// sentences are the ones the schema explainer (schema.go) writes. The schema
// has no spec sections in its descriptions, so no sentence ends in one.

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/oncard/oncard/model"
)

// Codes of the shape findings, as the schema's x-code annotations name them.
const ()

// catMediaTypePattern is the schema's pattern for an entry's type; the
// explainer has no words for it, so the sentence quotes it.
const catMediaTypePattern = `^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*$`

// catPath is the pointer of an object in the catalog (the catalog itself, an
// entry, or a member object of either), kept in parts and joined only when a
// finding needs it: most of 10,000 entries have no finding.
type catPath struct {
	base   string // pointer of the catalog, or of its entries array
	index  int    // entry index under base, or -1
	member string // member object under that ("host", "publisher", …), or ""
}

func (p catPath) String() string {
	s := p.base
	if p.index >= 0 {
		s += "/" + strconv.Itoa(p.index)
	}
	if p.member != "" {
		s += "/" + ptrToken(p.member)
	}
	return s
}

// child is the pointer of a member of the object at p.
func (p catPath) child(name string) string { return p.String() + "/" + ptrToken(name) }

// in is the path of the member object name of the object at p (which has
// no member part itself).
func (p catPath) in(name string) catPath { return catPath{p.base, p.index, name} }

// catMust is one schema sentence about the member name of the object at p:
// "name must …".
func catMust(r *report, p catPath, name string, rule *Rule, rest string) {
	r.emit(rule, p.child(name), model.SafeText(name)+" must "+rest, "")
}

// catMissing reports required members of the object at p that are absent.
func catMissing(r *report, obj *model.Node, p catPath, rule *Rule, names ...string) {
	for _, name := range names {
		if obj.Get(name) == nil {
			r.emit(rule, p.child(name), `missing required member "`+name+`"`, "")
		}
	}
}

// catWantString checks a member that must be a string; it reports whether
// it is one (the schema checks nothing else once the type fails).
func catWantString(r *report, p catPath, m *model.Member, rule *Rule) bool {
	if m.Value.Kind == model.String {
		return true
	}
	catMust(r, p, m.Key(), rule, "be a string"+gotType(m.Value))
	return false
}

// catWantKind is catWantString for objects and arrays.
func catWantKind(r *report, p catPath, m *model.Member, kind model.Kind, rule *Rule) bool {
	if m.Value.Kind == kind {
		return true
	}
	catMust(r, p, m.Key(), rule, "be an "+kind.String()+gotType(m.Value))
	return false
}

// checkCatalogShape is checkSchema with catalogSchemaDef, in code, for the
// catalog node at ptr.
func checkCatalogShape(r *report, cat *model.Node, ptr string) {
	if cat == nil {
		return
	}
	if cat.Kind != model.Object {
		r.emitAs(ruleCatalogSchema, Error, ptr, "the catalog must be an object"+gotType(cat), "")
		return
	}
	p := catPath{base: ptr, index: -1}
	catMissing(r, cat, p, ruleCatalogSpecVersion, "specVersion")
	catMissing(r, cat, p, ruleCatalogEntriesNotArray, "entries")
	for _, m := range cat.Members() {
		switch m.Key() {
		case "specVersion":
			if catWantString(r, p, &m, ruleCatalogSpecVersion) {
				if s, _ := m.Value.Str(); !isCatMajorMinor(s) {
					catMust(r, p, m.Key(), ruleCatalogSpecVersion, `be "Major.Minor" (like "1.0")`+gotNode(m.Value))
				}
			}
		case "host":
			checkCatalogHostShape(r, m.Value, p.in("host"))
		case "entries":
			if catWantKind(r, p, &m, model.Array, ruleCatalogEntriesNotArray) {
				entries := ptr + "/entries"
				for i, entry := range m.Value.All() {
					checkCatalogEntryShape(r, entry, catPath{base: entries, index: i})
				}
			}
		case "signature":
			checkCatalogSignatureShape(r, m.Value, p.in("signature"))
		case "extensions":
			checkCatalogExtensionsShape(r, m.Value, p, m.Key())
		}
	}
}

// checkCatalogHostShape is #/$defs/host. Its members without an x-code of
// their own report the host's code.
func checkCatalogHostShape(r *report, host *model.Node, p catPath) {
	if host.Kind != model.Object {
		r.emitAs(ruleCatalogHostMemberMissing, Error, p.String(), "host must be an object"+gotType(host), "")
		return
	}
	catMissing(r, host, p, ruleCatalogHostMemberMissing, "displayName")
	for _, m := range host.Members() {
		switch m.Key() {
		case "displayName":
			if catWantString(r, p, &m, ruleCatalogHostMemberMissing) && catEmpty(m.Value) {
				catMust(r, p, m.Key(), ruleCatalogHostMemberMissing, "not be empty")
			}
		case "identifier":
			catWantString(r, p, &m, ruleCatalogSchema)
		case "documentationUrl", "logoUrl":
			if catWantString(r, p, &m, ruleCatalogSchema) {
				if s, _ := m.Value.Str(); s == "" {
					catMust(r, p, m.Key(), ruleCatalogSchema, "not be empty")
				} else if !isSchemaURI(s) {
					catMust(r, p, m.Key(), ruleCatalogSchema, "be a valid URI"+gotNode(m.Value))
				}
			}
		}
	}
}

// checkCatalogEntryShape is #/$defs/entry for the entry at p.
func checkCatalogEntryShape(r *report, entry *model.Node, p catPath) {
	if entry.Kind != model.Object {
		r.emitAs(ruleCatalogEntryMemberMissing, Error, p.String(), "entries["+strconv.Itoa(p.index)+"] must be an object"+gotType(entry), "")
		return
	}
	catMissing(r, entry, p, ruleCatalogEntryMemberMissing, "identifier", "type")
	for _, m := range entry.Members() {
		switch m.Key() {
		case "identifier":
			if catWantString(r, p, &m, ruleCatalogSchema) && catEmpty(m.Value) {
				catMust(r, p, m.Key(), ruleCatalogSchema, "not be empty")
			}
		case "type":
			if catWantString(r, p, &m, ruleCatalogSchema) {
				if s, _ := m.Value.Str(); !isCatMediaType(s) {
					catMust(r, p, m.Key(), ruleCatalogSchema, "match the pattern "+catMediaTypePattern+gotNode(m.Value))
				}
			}
		case "url":
			if catWantString(r, p, &m, ruleCatalogSchema) {
				if s, _ := m.Value.Str(); !isCatURIReference(s) {
					catMust(r, p, m.Key(), ruleCatalogSchema, "be a valid URI reference"+gotNode(m.Value))
				}
			}
		case "version", "displayName", "description":
			catWantString(r, p, &m, ruleCatalogSchema)
		case "tags":
			if catWantKind(r, p, &m, model.Array, ruleCatalogSchema) {
				for j, tag := range m.Value.All() {
					if tag.Kind != model.String {
						r.emitAs(ruleCatalogSchema, Error, p.child("tags")+"/"+strconv.Itoa(j), "tags["+strconv.Itoa(j)+"] must be a string"+gotType(tag), "")
					}
				}
			}
		case "updatedAt":
			catCheckTimestamp(r, p, &m)
		case "publisher":
			checkCatalogPublisherShape(r, m.Value, p.in("publisher"))
		case "digest":
			catWantString(r, p, &m, ruleCatalogDigestInvalid) // the form is checkDigest's
		case "trustManifests":
			if catWantKind(r, p, &m, model.Array, ruleCatalogTrustManifestsEmpty) && m.Value.Len() == 0 {
				catMust(r, p, m.Key(), ruleCatalogTrustManifestsEmpty, "have at least 1 entry")
			}
		case "extensions":
			checkCatalogExtensionsShape(r, m.Value, p, m.Key())
		}
	}
}

// checkCatalogPublisherShape is #/$defs/publisher. Its members without an
// x-code of their own report the publisher's code.
func checkCatalogPublisherShape(r *report, pub *model.Node, p catPath) {
	if pub.Kind != model.Object {
		r.emitAs(ruleCatalogPublisherMemberMissing, Error, p.String(), "publisher must be an object"+gotType(pub), "")
		return
	}
	catMissing(r, pub, p, ruleCatalogPublisherMemberMissing, "identifier", "displayName")
	for _, m := range pub.Members() {
		switch m.Key() {
		case "identifier", "displayName":
			if catWantString(r, p, &m, ruleCatalogPublisherMemberMissing) && catEmpty(m.Value) {
				catMust(r, p, m.Key(), ruleCatalogPublisherMemberMissing, "not be empty")
			}
		case "identityType":
			catWantString(r, p, &m, ruleCatalogSchema)
		}
	}
}

// checkCatalogSignatureShape is #/$defs/signature.
func checkCatalogSignatureShape(r *report, sig *model.Node, p catPath) {
	if sig.Kind != model.Object {
		r.emitAs(ruleCatalogSchema, Error, p.String(), "signature must be an object"+gotType(sig), "")
		return
	}
	catMissing(r, sig, p, ruleCatalogSchema, "signer", "profile", "issuedAt", "jws")
	for _, m := range sig.Members() {
		switch m.Key() {
		case "signer", "profile", "jws":
			catWantString(r, p, &m, ruleCatalogSchema)
		case "issuedAt", "expiresAt":
			catCheckTimestamp(r, p, &m)
		}
	}
}

// checkCatalogExtensionsShape is #/$defs/extensions for the member name of
// the object at parent: an object whose keys are URLs or reverse-DNS names.
func checkCatalogExtensionsShape(r *report, ext *model.Node, parent catPath, name string) {
	if ext.Kind != model.Object {
		r.emitAs(ruleCatalogSchema, Error, parent.child(name), model.SafeText(name)+" must be an object"+gotType(ext), "")
		return
	}
	for _, m := range ext.Members() {
		if isCatExtensionKey(m.Key()) {
			continue
		}
		// The schema's anyOf fails with one sentence per branch; its first
		// branch stops at the format when the key is not a URI at all.
		first := "a URL"
		if !isSchemaURI(m.Key()) {
			first = "a valid URI"
		}
		r.emitAs(ruleCatalogExtensionKeyInvalid, Error, parent.in(name).child(m.Key()), fmt.Sprintf("the key %q must be %s, or a reverse-DNS name (like org.example.ext)", m.Key(), first), "")
	}
}

// catCheckTimestamp is {"type": "string", "format": "date-time"} with the
// timestamp code.
func catCheckTimestamp(r *report, p catPath, m *model.Member) {
	if !catWantString(r, p, m, ruleCatalogTimestampInvalid) {
		return
	}
	if s, _ := m.Value.Str(); !isCatDateTime(s) {
		catMust(r, p, m.Key(), ruleCatalogTimestampInvalid, "be an RFC 3339 date-time (like 2026-11-30T12:00:00Z)"+gotNode(m.Value))
	}
}

// catEmpty: a string node whose value is "" (minLength 1 fails). Any escape
// decodes to at least one character, so the raw token tells.
func catEmpty(n *model.Node) bool { return string(n.Raw()) == `""` }

// ---- helpers of catalog.go's own checks, kept free of regexps and
// allocations: they run once per entry of catalogs of 10,000 entries ----

// catTextIs: n is a string node whose value is want, compared on the raw
// token when it has no escapes (no decoding, no allocation).
func catTextIs(n *model.Node, want string) bool {
	raw, ok := stringBytes(n)
	return ok && string(raw) == want
}

// isPlainHTTPS: an https url that certainly parses with scheme https (see
// isPlainEntry), so it needs no further look.
func isPlainHTTPS(s string) bool { return strings.HasPrefix(s, "https://") && isPlainEntry(s) }

// isCatIdentifierURI is ^[A-Za-z][A-Za-z0-9+.-]*:[^\s]+$ (RE2's \s is ASCII
// space, \t, \n, \f, \r): a scheme, a colon, and something without spaces.
func isCatIdentifierURI(s string) bool {
	scheme, rest, ok := strings.Cut(s, ":")
	return ok && rest != "" && isURIScheme(scheme) && !strings.ContainsAny(rest, " \t\n\f\r")
}

// catDigestParts splits a digest of the form ^([a-z0-9-]+):([0-9a-f]+)$.
func catDigestParts(s string) (alg, hex string, ok bool) {
	alg, hex, ok = strings.Cut(s, ":")
	if !ok || alg == "" || hex == "" {
		return "", "", false
	}
	for i := 0; i < len(alg); i++ {
		if c := alg[i]; (c < 'a' || c > 'z') && (c < '0' || c > '9') && c != '-' {
			return "", "", false
		}
	}
	for i := 0; i < len(hex); i++ {
		if c := hex[i]; (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return "", "", false
		}
	}
	return alg, hex, true
}
