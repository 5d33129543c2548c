package fetch

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/oncard/oncard/internal/safehttp"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
)

// The well-known paths a bare origin is looked up at, in the order
// clients try them (A2A-AGENT-CARD.md, "Where clients look for a card";
// a2aproject/A2A#2240 for the catalog).
const (
	WellKnownCatalogPath    = "/.well-known/ai-catalog.json"
	WellKnownLegacyCardPath = "/.well-known/agent.json" // v0.2 and older clients
)

// Codes of what resolving a bare origin found (their rules are validate's).
var (
	CodeResolved   = validate.RuleFetchResolved.Code   // which document a bare origin led to
	CodeLegacyCard = validate.RuleFetchLegacyCard.Code // found only at the v0.2 /.well-known/agent.json
)

// isBareOrigin says whether a URL names a host and nothing else.
func isBareOrigin(u *url.URL) bool {
	return (u.Path == "" || u.Path == "/") && u.RawQuery == "" && u.Fragment == ""
}

// resolveOrigin finds what the bare origin u publishes, as a client looks
// for it: the AI Catalog at /.well-known/ai-catalog.json first (the host's
// list of its agents; oncard validate --follow then checks the cards its
// entries list), a catalog a `Link: <…>; rel="ai-catalog"` header of any
// answer points to (on the same host), then the Agent Card at
// /.well-known/agent-card.json, then the legacy /.well-known/agent.json
// (with a warning). The document carries a finding saying which it found.
// Nothing found is the *Error of the card's well-known URL, which is what
// most clients ask for.
func resolveOrigin(ctx context.Context, c *safehttp.Client, u *url.URL, maxBytes int64) (*Document, error) {
	r := &resolver{ctx: ctx, c: c, origin: u, maxBytes: maxBytes}
	shown := model.SafeText(u.Scheme + "://" + u.Host)
	follow := "oncard validate --follow " + shown + " also checks the cards its entries list"

	if d := r.try(r.at(WellKnownCatalogPath)); d != nil {
		return r.found(d, validate.Info, CodeResolved, shown+" publishes an AI Catalog at "+WellKnownCatalogPath+", which clients try first", follow)
	}
	if d := r.tryLink(); d != nil {
		return r.found(d, validate.Info, CodeResolved, shown+" names its AI Catalog in a Link header (rel=\"ai-catalog\"): "+model.SafeText(d.Name), follow)
	}
	card := r.at(WellKnownCardPath)
	if d := r.try(card); d != nil {
		return r.found(d, validate.Info, CodeResolved, shown+" has no AI Catalog at "+WellKnownCatalogPath+"; its Agent Card is at "+WellKnownCardPath, "")
	}
	cardErr := r.last
	if d := r.tryLink(); d != nil { // a Link on the card's answer
		return r.found(d, validate.Info, CodeResolved, shown+" names its AI Catalog in a Link header (rel=\"ai-catalog\"): "+model.SafeText(d.Name), follow)
	}
	if d := r.try(r.at(WellKnownLegacyCardPath)); d != nil {
		return r.found(d, validate.Warning, CodeLegacyCard, shown+" serves its card only at the legacy "+WellKnownLegacyCardPath+
			" (A2A v0.2 and older): v0.3 and v1.0 clients ask for "+WellKnownCardPath+" and find nothing", "serve the card at "+WellKnownCardPath+" too")
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	var e *Error
	if errors.As(cardErr, &e) {
		e.Msg += " (tried, in the order clients do: " + model.SafeText(strings.Join(r.tried, ", ")) + ")"
	}
	return nil, cardErr
}

// resolver holds what resolving one origin has seen.
type resolver struct {
	ctx      context.Context
	c        *safehttp.Client
	origin   *url.URL
	maxBytes int64
	tried    []string
	last     error  // why the last try found nothing
	link     string // the first rel="ai-catalog" Link of any answer
}

func (r *resolver) at(path string) *url.URL {
	v := *r.origin
	v.Path, v.RawPath = path, ""
	return &v
}

// try fetches target; nil (r.last saying why) unless it answered 200.
func (r *resolver) try(target *url.URL) *Document {
	if r.ctx.Err() != nil || slices.Contains(r.tried, target.String()) {
		return nil
	}
	r.tried = append(r.tried, target.String())
	resp, err := r.c.Do(r.ctx, safehttp.Request{URL: target, MaxBytes: r.maxBytes, Accept: "application/json, */*;q=0.5"})
	if err != nil {
		r.last = fromSafe(target.String(), err)
		return nil
	}
	if r.link == "" {
		r.link = catalogLink(resp.Header, resp.FinalURL)
	}
	if resp.Status != http.StatusOK {
		r.last = fromSafe(target.String(), &safehttp.Error{Kind: safehttp.ErrStatus, URL: safehttp.Redact(target.String()), Status: resp.Status,
			Msg: fmt.Sprintf("%s answered %d %s to GET %s", model.SafeText(target.Host), resp.Status, http.StatusText(resp.Status), model.SafeText(target.EscapedPath()))})
		return nil
	}
	d := &Document{Name: target.String(), Data: resp.Body, URL: safehttp.Redact(resp.FinalURL.String()), ContentType: resp.ContentType}
	if f, ok := ContentTypeFinding(resp.ContentType); ok {
		d.Findings = append(d.Findings, f)
	}
	return d
}

// tryLink fetches the catalog a Link header named, when it is on the
// origin's own host (a Link elsewhere is a hint oncard does not follow).
func (r *resolver) tryLink() *Document {
	if r.link == "" {
		return nil
	}
	u, err := safehttp.CheckURL(r.link)
	if err != nil || !strings.EqualFold(u.Host, r.origin.Host) {
		return nil
	}
	return r.try(u)
}

func (r *resolver) found(d *Document, sev validate.Severity, code, msg, hint string) (*Document, error) {
	d.Findings = append(d.Findings, validate.RuleFor(code).At(nil, "", sev, msg, hint))
	return d, nil
}

// catalogLink returns the target of a `Link: <…>; rel="ai-catalog"`
// header, resolved against the answer's URL; "" when there is none.
func catalogLink(h http.Header, base *url.URL) string {
	for _, v := range h.Values("Link") {
		for _, link := range strings.Split(v, ",") {
			target, params, ok := strings.Cut(strings.TrimSpace(link), ";")
			target = strings.TrimSpace(target)
			if !ok || !strings.HasPrefix(target, "<") || !strings.HasSuffix(target, ">") {
				continue
			}
			for _, p := range strings.Split(params, ";") {
				name, val, _ := strings.Cut(strings.TrimSpace(p), "=")
				if !strings.EqualFold(strings.TrimSpace(name), "rel") {
					continue
				}
				for _, rel := range strings.Fields(strings.Trim(strings.TrimSpace(val), `"`)) {
					if strings.EqualFold(rel, "ai-catalog") {
						ref, err := url.Parse(target[1 : len(target)-1])
						if err != nil || base == nil {
							return ""
						}
						return base.ResolveReference(ref).String()
					}
				}
			}
		}
	}
	return ""
}
