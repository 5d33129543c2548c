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

// Link is a document a catalog entry links by URL, as Options.Follow got
// it: where it was fetched from, the document (nil when it did not parse)
// and the kind it was detected as.
type Link struct {
	URL  string
	Doc  *model.Doc
	Kind Kind
	// Checking says the document is one whose walk is under way (the
	// catalog being checked, or one that links to it): only its kind is
	// known, and only the entry's type is checked against it.
	Checking bool
}

// FollowFunc gets the document an entry's url names, for `oncard validate
// --follow`: raw is the url as written, base the URL of the catalog that
// holds it ("" for a local file), kind what the entry's type announces
// (KindCard or KindCatalog), level how many catalogs below the one being
// checked the document would sit. It returns the document, or the finding
// that says why there is none (the walk places it at the entry's url), or
// neither: the url names a local file (Options.Resolve reads those), the
// document is being checked already (a link back to a catalog that contains
// it), or the run was interrupted.
type FollowFunc func(raw, base string, kind Kind, level int) (*Link, *Diagnostic)

// follow hands an entry's url to Options.Follow, so that the one catalog
// walk serves the documents of this machine (Resolve) and those of the
// network alike, and cross-checks the entry with what it got: its type
// against the document's kind, its version and OASF discovery payload
// against the card's, and the publisher domain of a urn:air identifier
// against the host serving the card.
func (w *catalogWalk) follow(r *report, entry *model.Node, ep string, depth int, file string) {
	if w.opts.Follow == nil || entry.Get("data") != nil {
		return
	}
	raw, ok := entry.Get("url").Str()
	if !ok || raw == "" {
		return
	}
	if _, how := w.localRef(raw, file); how != refRemote {
		return // a file: read through Resolve, or refused
	}
	var kind Kind
	switch entryType := entry.Get("type"); {
	case catTextIs(entryType, mediaTypeA2ACard):
		kind = KindCard
	case catTextIs(entryType, mediaTypeCatalog):
		kind = KindCatalog
	default:
		typ, _ := entryType.Str()
		r.emitAs(RuleFetchNotFollowed, Info, ep+"/type", fmt.Sprintf("%s not fetched: oncard checks Agent Cards and AI Catalogs, not %s", model.SafeText(clip(raw, 120)), model.SafeText(clip(typ, 80))), "")
		return
	}
	link, failure := w.opts.Follow(raw, w.opts.BaseURL, kind, depth+1)
	switch {
	case failure != nil:
		r.emitAs(RuleFor(failure.Code), failure.Severity, ep+"/url", failure.Message, failure.Hint)
	case link != nil:
		checkLinked(r, entry, ep, link)
	}
}

// checkLinked cross-checks the entry at ep with the document its url
// served.
func checkLinked(r *report, entry *model.Node, ep string, link *Link) {
	where := model.SafeText(clip(link.URL, 120))
	isCard := catTextIs(entry.Get("type"), mediaTypeA2ACard)
	isCatalog := catTextIs(entry.Get("type"), mediaTypeCatalog)
	switch {
	case link.Checking && (isCard && link.Kind != KindCard || isCatalog && link.Kind != KindCatalog):
		typ, _ := entry.Get("type").Str()
		r.emit(ruleCatalogEntryTypeMismatch, ep+"/type", fmt.Sprintf("type is %s but %s serves %s", model.SafeText(typ), where, documentPhrase(link.Kind)), "list the document with the type of what it is, or fix the url")
	case link.Checking:
	case link.Doc == nil && isCard:
		r.emit(ruleCatalogCardUnreadable, ep+"/url", fmt.Sprintf("card %s not cross-checked: it is not valid JSON (its own findings say where)", where), "")
	case link.Doc == nil && isCatalog:
		r.emit(ruleCatalogNestedCatalogInvalid, ep+"/url", fmt.Sprintf("nested catalog %s is not valid JSON (its own findings say where)", where), "")
	case isCard && link.Kind != KindCard, isCatalog && link.Kind != KindCatalog:
		typ, _ := entry.Get("type").Str()
		r.emit(ruleCatalogEntryTypeMismatch, ep+"/type", fmt.Sprintf("type is %s but %s serves %s", model.SafeText(typ), where, documentPhrase(link.Kind)), "list the document with the type of what it is, or fix the url")
	case isCard:
		compareEntryWithCard(r, entry, ep, link.Doc.Root(), where, false)
		checkIdentifierHost(r, entry, ep, link.URL)
	}
}

// NestingTooDeep is the finding of a linked catalog that would sit level
// levels deep, beyond MaxCatalogNesting (a FollowFunc's answer).
func NestingTooDeep(level int) Diagnostic {
	return ruleCatalogNestedDepthExceeded.New(nestingMessage(level), "")
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
