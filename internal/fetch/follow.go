package fetch

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/oncard/oncard/internal/safehttp"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
)

// DefaultMaxDocuments is how many documents one Follow fetches at most.
const DefaultMaxDocuments = 100

// Follower fetches what an AI Catalog's entries link to (`validate
// --follow`). The zero value is usable.
type Follower struct {
	// Client fetches; nil is NewClient().
	Client *safehttp.Client
	// MaxBytes is the size cap of a document of the kind an entry's type
	// announces (card or catalog); nil caps every one at
	// model.DefaultLimits.MaxBytes.
	MaxBytes func(kind validate.Kind) int64
	// MaxDepth is how many levels of linked catalogs are fetched below the
	// one followed; 0 is validate.MaxCatalogNesting, the AI Catalog limit
	// (a catalog linked deeper is a catalog/nested-depth-exceeded error).
	MaxDepth int
	// MaxDocuments bounds the fetches of one Follow; 0 is
	// DefaultMaxDocuments. Entries past it get a fetch/not-followed warning.
	MaxDocuments int
	// Validate is passed to the validator of each fetched document
	// (SchemaHosts); its Path and BaseURL are set per document.
	Validate validate.Options
	// Check, when set, judges each fetched document instead (the
	// command's one pipeline: rules, signatures, online check).
	Check func(ctx context.Context, data []byte, url string) validate.Result
}

// Followed is one fetched document, validated.
type Followed struct {
	Name string        // the URL requested: how findings name the document
	Kind validate.Kind // as detected ("" when it did not parse)
	Doc  *model.Doc    // nil when it did not parse
	// Diags are the document's findings, located in its text: how it was
	// served (fetch/content-type), its validation, and for a catalog the
	// findings of following its own entries.
	Diags []validate.Diagnostic
}

// Follow fetches, once each, the documents the entries of catalog link to
// by url: Agent Cards, and AI Catalogs whose entries it follows in turn
// (inline nested catalogs are walked too). catalog was read from base (its
// URL; "" for a local file, whose relative and file: links validation reads
// from disk and Follow leaves alone).
//
// It returns the findings about catalog itself, located in its text: each
// entry cross-checked with its document (validate.CheckFetchedEntry),
// fetch failures at the entry's url, limits reached. docs are the fetched
// documents in the order met (a catalog before what it links), each with
// its own findings. Documents are fetched one at a time, so no host gets
// two requests at once. The error is ctx's, when it ends the walk.
func (f *Follower) Follow(ctx context.Context, catalog *model.Doc, base string) (findings []validate.Diagnostic, docs []*Followed, err error) {
	w := &walk{f: f, seen: map[string]*fetched{}}
	if f.Client != nil {
		w.client = f.Client
	} else {
		w.client = NewClient()
	}
	if base != "" {
		// The catalog itself: a link back to it is cross-checked, not
		// fetched again.
		w.seen[base] = &fetched{doc: &Followed{Name: base, Kind: validate.KindCatalog, Doc: catalog}}
	}
	findings = w.catalog(ctx, catalog, catalog.Root(), "", base, 0)
	validate.SortDiagnostics(findings)
	return findings, w.docs, ctx.Err()
}

// walk is the state of one Follow.
type walk struct {
	f      *Follower
	client *safehttp.Client
	seen   map[string]*fetched // by URL requested
	docs   []*Followed
	count  int // documents fetched (or attempted)
}

// fetched is a URL's outcome, shared by every entry that links it.
type fetched struct {
	doc *Followed // nil when the fetch failed (err)
	err *Error
}

// catalog follows the entries of the catalog object node at ptr in doc,
// depth levels below the followed catalog; base is doc's URL.
func (w *walk) catalog(ctx context.Context, doc *model.Doc, node *model.Node, ptr, base string, depth int) []validate.Diagnostic {
	var out []validate.Diagnostic
	entries := node.Get("entries")
	for i := 0; i < entries.Len() && ctx.Err() == nil; i++ {
		entry := entries.Index(i)
		if entry.Kind != model.Object {
			continue // the catalog's validation reports it
		}
		ep := ptr + "/entries/" + strconv.Itoa(i)
		typ, _ := entry.Get("type").Str()
		if data := entry.Get("data"); data != nil {
			if typ == model.MediaTypeCatalog && data.Kind == model.Object && depth+1 <= w.maxDepth() {
				out = append(out, w.catalog(ctx, doc, data, ep+"/data", base, depth+1)...)
			}
			continue // an inline card is validated with its catalog
		}
		raw, ok := entry.Get("url").Str()
		if !ok || raw == "" {
			continue
		}
		var kind validate.Kind
		switch typ {
		case model.MediaTypeA2ACard:
			kind = validate.KindCard
		case model.MediaTypeCatalog:
			kind = validate.KindCatalog
		default:
			out = append(out, at(doc, ep+"/type", validate.Info, CodeNotFollowed,
				fmt.Sprintf("%s not fetched: oncard checks Agent Cards and AI Catalogs, not %s", model.SafeText(clip(raw, 120)), model.SafeText(clip(typ, 80))), ""))
			continue
		}
		target, local, err := resolve(raw, base)
		if local {
			continue // validation reads it from disk
		}
		if err != nil {
			out = append(out, failure(doc, ep+"/url", err))
			continue
		}
		if kind == validate.KindCatalog && depth+1 > w.maxDepth() {
			out = append(out, validate.NestedTooDeep(doc, ep+"/url", depth+1))
			continue
		}
		got, known := w.seen[target]
		if !known {
			if w.count >= w.maxDocuments() {
				out = append(out, at(doc, ep+"/url", validate.Warning, CodeNotFollowed,
					fmt.Sprintf("%s not fetched: --follow fetches at most %d documents", model.SafeText(clip(target, 120)), w.maxDocuments()), ""))
				continue
			}
			w.count++
			got = w.fetch(ctx, target, kind)
			if ctx.Err() != nil {
				break
			}
			w.seen[target] = got
		}
		switch {
		case got.err != nil:
			out = append(out, failure(doc, ep+"/url", got.err))
		case got.doc != nil:
			out = append(out, validate.CheckFetchedEntry(doc, ep, got.doc.Doc, got.doc.Kind, target, &w.f.Validate)...)
		}
		if !known && got.doc != nil && got.doc.Kind == validate.KindCatalog && got.doc.Doc != nil {
			sub := w.catalog(ctx, got.doc.Doc, got.doc.Doc.Root(), "", target, depth+1)
			got.doc.Diags = append(got.doc.Diags, sub...)
			validate.SortDiagnostics(got.doc.Diags)
		}
	}
	return out
}

// fetch gets and validates one document; a failure is kept in the result.
func (w *walk) fetch(ctx context.Context, target string, kind validate.Kind) *fetched {
	max := int64(model.DefaultLimits.MaxBytes)
	if w.f.MaxBytes != nil {
		max = w.f.MaxBytes(kind)
	}
	d, err := get(ctx, w.client, target, max)
	var failed *Error
	switch {
	case errors.As(err, &failed):
		return &fetched{err: failed}
	case err != nil:
		return &fetched{} // canceled: the walk stops
	}
	var res validate.Result
	if w.f.Check != nil {
		res = w.f.Check(ctx, d.Data, d.URL)
	} else {
		opts := w.f.Validate
		opts.Path, opts.BaseURL = "", d.URL
		res = validate.Check(d.Data, "", &opts)
	}
	got := &Followed{Name: target, Kind: res.Kind, Doc: res.Doc, Diags: append(d.Findings, res.Diags...)}
	w.docs = append(w.docs, got)
	return &fetched{doc: got}
}

func (w *walk) maxDepth() int {
	if w.f.MaxDepth > 0 {
		return w.f.MaxDepth
	}
	return validate.MaxCatalogNesting
}

func (w *walk) maxDocuments() int {
	if w.f.MaxDocuments > 0 {
		return w.f.MaxDocuments
	}
	return DefaultMaxDocuments
}

// at is a finding located at ptr in doc.
func at(doc *model.Doc, ptr string, sev validate.Severity, code, msg, hint string) validate.Diagnostic {
	return validate.RuleFor(code).At(doc, ptr, sev, msg, hint)
}

// failure is a fetch failure as a finding at ptr (an entry's url).
func failure(doc *model.Doc, ptr string, err error) validate.Diagnostic {
	if e, ok := err.(*Error); ok {
		d := e.Diagnostic()
		return at(doc, ptr, d.Severity, d.Code, d.Message, d.Hint)
	}
	return at(doc, ptr, validate.Error, CodeRefused, model.SafeText(err.Error()), "")
}
