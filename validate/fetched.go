package validate

// Documents fetched over the network (`oncard validate URL`, `--follow`):
// the fetching is internal/fetch's; the rules that compare a catalog entry
// with the document its url serves are here, with the catalog's others.

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/oncard/oncard/model"
)

// MaxCatalogNesting is the AI Catalog depth limit: a catalog may link
// catalogs nested at most this many levels below it.
const MaxCatalogNesting = maxCatalogNesting

// SortDiagnostics orders diagnostics by position, as every validator
// returns them: for callers that merge findings of several sources.
func SortDiagnostics(d []Diagnostic) { sortDiagnostics(d) }

// localRef is localRef for this walk: a fetched catalog (BaseURL set)
// names no local file, whatever its urls say, and without a resolver
// (Options.Resolve) nothing local is read.
func (w *catalogWalk) localRef(raw, file string) (string, refHow) {
	if w.opts.BaseURL != "" {
		return "", refRemote
	}
	ref, how := localRef(raw, file)
	if how == refLocal && (w.opts.Resolve == nil || w.opts.Path == "") {
		return "", refNoBase
	}
	return ref, how
}

// CheckFetchedEntry cross-checks the catalog entry at entryPtr with the
// document fetched from its url (fetchedURL): fetched is nil when that
// document did not parse, and kind is what it was detected as. Findings are
// located in the catalog. The entry is checked as validation checks an
// entry whose card is at hand: its type against the document's kind, its
// version and OASF discovery payload against the card's, and the publisher
// domain of a urn:air identifier against the host serving the card.
func CheckFetchedEntry(catalog *model.Doc, entryPtr string, fetched *model.Doc, kind Kind, fetchedURL string, opts *Options) []Diagnostic {
	r := newReport(catalog, opts)
	entry := catalog.Find(entryPtr)
	if entry == nil || entry.Kind != model.Object {
		return nil
	}
	where := model.SafeText(clip(fetchedURL, 120))
	isCard := catTextIs(entry.Get("type"), mediaTypeA2ACard)
	isCatalog := catTextIs(entry.Get("type"), mediaTypeCatalog)
	switch {
	case fetched == nil && isCard:
		r.emit(ruleCatalogCardUnreadable, entryPtr+"/url", fmt.Sprintf("card %s not cross-checked: it is not valid JSON (its own findings say where)", where), "")
	case fetched == nil && isCatalog:
		r.emit(ruleCatalogNestedCatalogInvalid, entryPtr+"/url", fmt.Sprintf("nested catalog %s is not valid JSON (its own findings say where)", where), "")
	case isCard && kind != KindCard, isCatalog && kind != KindCatalog:
		typ, _ := entry.Get("type").Str()
		r.emit(ruleCatalogEntryTypeMismatch, entryPtr+"/type", fmt.Sprintf("type is %s but %s serves %s", model.SafeText(typ), where, documentPhrase(kind)), "list the document with the type of what it is, or fix the url")
	case isCard:
		compareEntryWithCard(r, entry, entryPtr, fetched.Root(), where, false)
		checkIdentifierHost(r, entry, entryPtr, fetchedURL)
	}
	return r.sorted()
}

// NestedTooDeep is the finding of an entry (at urlPtr in catalog) whose
// linked catalog would sit level levels deep, beyond MaxCatalogNesting.
func NestedTooDeep(catalog *model.Doc, urlPtr string, level int) Diagnostic {
	r := newReport(catalog, nil)
	r.emit(ruleCatalogNestedDepthExceeded, urlPtr, nestingMessage(level), "")
	return r.diags[0]
}

// checkIdentifierHost: urn:air:{publisher-domain}:… names who publishes the
// agent; a card served from a host outside that domain is worth a note (a
// hosting provider may be the reason, so it is not a warning).
func checkIdentifierHost(r *report, entry *model.Node, ep, fetchedURL string) {
	id, ok := entry.Get("identifier").Str()
	if !ok || !strings.HasPrefix(strings.ToLower(id), "urn:air:") {
		return
	}
	domain, _, _ := strings.Cut(id[len("urn:air:"):], ":")
	u, err := url.Parse(fetchedURL)
	if domain == "" || err != nil {
		return
	}
	host, domain := strings.ToLower(u.Hostname()), strings.ToLower(domain)
	if host == domain || strings.HasSuffix(host, "."+domain) {
		return
	}
	r.emit(ruleCatalogIdentifierHostMismatch, ep+"/identifier", fmt.Sprintf("identifier names the publisher domain %q, but the card is served from %s", model.SafeText(clip(domain, 80)), model.SafeText(host)), "check the identifier names the publisher of this card")
}

// documentPhrase names a detected kind in a sentence.
func documentPhrase(k Kind) string {
	switch k {
	case KindCard:
		return "an Agent Card"
	case KindCatalog:
		return "an AI Catalog"
	case KindReply:
		return "an On Request reply"
	case KindOnRequest:
		return "On Request params"
	case KindDiscovery:
		return "an OASF discovery payload"
	}
	return "a document of unknown kind"
}
