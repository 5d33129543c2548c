package fetch

import (
	"context"
	"errors"
	"fmt"

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
	// Check judges each fetched document: the command's one pipeline
	// (rules, signatures, online check), with follow as its
	// validate.Options.Follow, so that its own links are followed too.
	Check func(ctx context.Context, data []byte, url string, follow validate.FollowFunc) validate.Result
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

// Walk is one --follow run from one catalog: its FollowFunc, handed to
// the catalog's validation (validate.Options.Follow), fetches each linked
// document once, judges it (its own links followed the same way, one level
// deeper), and keeps it for the report. The catalog walk is validate's: the
// entries are walked once, for local files and URLs alike. Documents are
// fetched one at a time, so no host gets two requests at once.
type Walk struct {
	f      *Follower
	ctx    context.Context
	client *safehttp.Client
	seen   map[string]*fetched // by URL requested
	docs   []*Followed
	count  int // documents fetched (or attempted)
}

// Start begins a walk.
func (f *Follower) Start(ctx context.Context) *Walk {
	w := &Walk{f: f, ctx: ctx, seen: map[string]*fetched{}}
	if f.Client != nil {
		w.client = f.Client
	} else {
		w.client = NewClient()
	}
	return w
}

// From says the walk starts from the catalog fetched from base ("" for a
// local file, whose relative links validation reads from disk): a link back
// to it is not fetched again.
func (w *Walk) From(base string) {
	if base != "" {
		w.seen[base] = &fetched{} // being checked: not fetched again
	}
}

// Docs are the documents fetched, in the order met (a catalog before what
// it links), each with its own findings.
func (w *Walk) Docs() []*Followed { return w.docs }

// Follow is the validate.FollowFunc of a document offset levels below the
// catalog the walk started from.
func (w *Walk) Follow(offset int) validate.FollowFunc {
	return func(raw, base string, kind validate.Kind, level int) (*validate.Link, *validate.Diagnostic) {
		if w.ctx.Err() != nil {
			return nil, nil
		}
		target, local, err := resolve(raw, base)
		if local {
			return nil, nil // validation reads it from disk
		}
		if err != nil {
			d := failure(err)
			return nil, &d
		}
		depth := offset + level
		if kind == validate.KindCatalog && depth > w.maxDepth() {
			d := validate.NestingTooDeep(depth)
			return nil, &d
		}
		got, known := w.seen[target]
		if !known {
			if w.count >= w.maxDocuments() {
				d := validate.RuleFetchNotFollowed.At(nil, "", validate.Warning,
					fmt.Sprintf("%s not fetched: --follow fetches at most %d documents", model.SafeText(clip(target, 120)), w.maxDocuments()), "")
				return nil, &d
			}
			w.count++
			got = w.fetch(target, kind, depth)
		}
		switch {
		case got.err != nil:
			d := failure(got.err)
			return nil, &d
		case got.doc != nil && got.done:
			return &validate.Link{URL: target, Doc: got.doc.Doc, Kind: got.doc.Kind}, nil
		case !got.done && w.ctx.Err() == nil:
			// A link back to a catalog whose walk is under way (only a
			// catalog's walk follows links): its kind is all there is.
			return &validate.Link{URL: target, Kind: validate.KindCatalog, Checking: true}, nil
		}
		return nil, nil // interrupted
	}
}

// fetched is a URL's outcome, shared by every entry that links it.
type fetched struct {
	doc  *Followed // nil when the fetch failed (err)
	err  *Error
	done bool // doc is judged (a link back to it while it is, is a cycle)
}

// fetch gets and judges one document, depth levels below the walk's
// catalog; a failure is kept in the result.
func (w *Walk) fetch(target string, kind validate.Kind, depth int) *fetched {
	max := int64(model.DefaultLimits.MaxBytes)
	if w.f.MaxBytes != nil {
		max = w.f.MaxBytes(kind)
	}
	d, err := get(w.ctx, w.client, target, max)
	var failed *Error
	switch {
	case errors.As(err, &failed):
		got := &fetched{err: failed}
		w.seen[target] = got
		return got
	case err != nil:
		return &fetched{} // canceled: the walk stops
	}
	doc := &Followed{Name: target}
	w.docs = append(w.docs, doc) // before what it links
	got := &fetched{doc: doc}
	w.seen[target] = got
	res := w.f.Check(w.ctx, d.Data, d.URL, w.Follow(depth))
	doc.Kind, doc.Doc, doc.Diags = res.Kind, res.Doc, append(d.Findings, res.Diags...)
	got.done = true
	return got
}

func (w *Walk) maxDepth() int {
	if w.f.MaxDepth > 0 {
		return w.f.MaxDepth
	}
	return validate.MaxCatalogNesting
}

func (w *Walk) maxDocuments() int {
	if w.f.MaxDocuments > 0 {
		return w.f.MaxDocuments
	}
	return DefaultMaxDocuments
}

// failure is a fetch failure as a finding without a place (the walk puts
// it at the entry's url).
func failure(err error) validate.Diagnostic {
	if e, ok := err.(*Error); ok {
		return e.Diagnostic()
	}
	return validate.RuleFetchRefused.New(model.SafeText(err.Error()), "")
}
