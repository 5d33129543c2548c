package main

import (
	"context"
	"io"
	"sync"

	"github.com/oncard/oncard/internal/app/report"
	"github.com/oncard/oncard/internal/fetch"
	"github.com/oncard/oncard/internal/sizecap"
	"github.com/oncard/oncard/validate"
)

// fetchClient is the one client of a run: its connections are reused from
// one URL argument to the next, and by --follow.
var fetchClient = sync.OnceValue(fetch.NewClient)

// readInput reads what an argument names: a local file, "-" (stdin), or a
// URL (a bare origin is its /.well-known/agent-card.json), fetched through
// internal/fetch. Local files keep readLimited's cap and errors; a failed
// fetch is a *fetch.Error.
func readInput(ctx context.Context, arg string, stdin io.Reader) (*fetch.Document, error) {
	return readInputCapped(ctx, arg, stdin, "card", 0)
}

// readInputCapped is readInput for a document of the given kind ("" when
// it is to be detected) under its size cap (readCapped; max is --max-size).
func readInputCapped(ctx context.Context, arg string, stdin io.Reader, kind string, max int) (*fetch.Document, error) {
	in, err := fetch.Read(ctx, arg, fetch.Options{
		Client:    fetchClient(),
		MaxBytes:  int64(readLimit(kind, max)),
		ReadLocal: func(path string) ([]byte, error) { return readCapped(ctx, path, stdin, kind, max) },
	})
	if err == nil && in.Remote() {
		if c := sizecap.For(kind, in.Data, max); len(in.Data) > c {
			return nil, &tooLargeError{size: int64(len(in.Data)), limit: c}
		}
	}
	return in, err
}

// sourceOptions sets what validation needs to know of where a document
// came from: its file (local links resolve against it), or its URL (it
// names no local file).
func sourceOptions(opts *validate.Options, in *fetch.Document) {
	switch {
	case in.Remote():
		opts.Path, opts.BaseURL = "", in.URL
	case in.Name != "-":
		opts.Path = in.Name
	}
}

// entryURL is the url an entry for a card argument gets when --url is not
// given: where the card was fetched from, or "" (derived from the card) for
// a local file.
func entryURL(flag, arg string) string {
	if flag != "" || fetch.Classify(arg) != fetch.URL {
		return flag
	}
	u, err := fetch.DocumentURL(arg)
	if err != nil {
		return ""
	}
	return u
}

// follow fetches what the catalog of r links (validate --follow) and adds
// the results: findings about the catalog's entries to r, each fetched
// document as a result of its own, named by its URL (with its doc, for the
// caller's further checks; the caller drops it).
func follow(ctx context.Context, r *fileResult, opts validate.Options) {
	if r.Kind != validate.KindCatalog || r.doc == nil {
		return
	}
	f := &fetch.Follower{Client: fetchClient(), Validate: validate.Options{SchemaHosts: opts.SchemaHosts}}
	findings, docs, err := f.Follow(ctx, r.doc, r.url)
	if err != nil {
		return // interrupted: the run ends with ctx's error
	}
	if len(findings) > 0 {
		r.Diags = append(r.Diags, findings...)
		validate.SortDiagnostics(r.Diags)
		r.Ends = valueEnds(r.doc, r.Diags)
	}
	for _, d := range docs {
		r.followed = append(r.followed, fileResult{File: report.File{Arg: d.Name, Kind: d.Kind, Diags: d.Diags, Ends: valueEnds(d.Doc, d.Diags)}, url: d.Name, doc: d.Doc})
	}
}
