package check

import (
	"context"
	"errors"
	"io"
	"os"
	"strings"
	"unsafe"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/app/input"
	"github.com/oncard/oncard/internal/app/report"
	"github.com/oncard/oncard/internal/fetch"
	"github.com/oncard/oncard/internal/gcpolicy"
	"github.com/oncard/oncard/internal/inflight"
	"github.com/oncard/oncard/internal/verdict"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
)

// fileResult is what one file's validation leaves behind: the findings and
// where each finding's value ends (report.File, what the reporters show),
// never the Doc once checked, so that memory stays bounded however many
// files a run checks.
type fileResult struct {
	report.File
	// readErr is why the file could not be read; Diags then holds its
	// io/unreadable finding.
	readErr error
	// onlineErr is why the --online check could not be made.
	onlineErr error
	// configErr is why the .oncard.json governing the file could not be
	// read; failOn is the threshold in force for it.
	configErr error
	failOn    verdict.FailOn
	// doc is the parsed document, only until the worker is done with it
	// (the online check needs it); results waiting for output hold none.
	doc *model.Doc
	// url is where a fetched document came from ("" for a local one).
	url string
	// followed are the documents --follow fetched for this catalog,
	// reported after it.
	followed []fileResult
}

// checkFiles runs check on every path with a pool of workers and hands
// the results to emit in argument order, as soon as each one and all before
// it are done (internal/inflight). The files being checked add up to at
// most gcpolicy.BytesInFlight (a larger one is checked alone), so memory
// does not grow with the number of CPUs. emit runs once at a time, in
// order, on the worker that completes the next result in line (what it
// writes the caller reads once checkFiles has returned); an error from it,
// or ctx ending, stops the run.
//
// The files' sizes are read once, before the first is checked: for the
// budget, and for the collector's settings of the run (gcpolicy.ForFiles),
// which the binary's start-up leaves to it.
func checkFiles(ctx context.Context, paths []string, workers int, check func(path string) fileResult, emit func(fileResult) error) error {
	budget := make([]int64, len(paths))
	var regular []int64
	for i, p := range paths {
		size, isRegular := fileSize(p)
		budget[i] = size
		if isRegular {
			regular = append(regular, size)
		}
	}
	defer gcpolicy.Apply(gcpolicy.ForFiles(regular))()
	return inflight.Run(ctx, len(paths), func(i int) int64 { return budget[i] },
		workers, gcpolicy.BytesInFlight, func(i int) fileResult { return check(paths[i]) }, emit)
}

// workspace is the memory one worker reuses from file to file: the arena
// the files' trees are carved from (model.Arena) and the buffer they are
// read into. A run of many files then makes next to no garbage: on 5,000
// cards of 89 KB, the trees were two thirds of what it allocated and the
// bytes read nearly all the rest.
type workspace struct {
	arena model.Arena
	buf   []byte
	// read is the bytes the file at hand was read into, while they may be
	// reused (a local file's).
	read []byte
}

// workspaceKeep bounds the buffer a workspace keeps for the next file: a
// large file's is given back to the collector.
const workspaceKeep = 8 << 20

// workspaces holds the workspaces of the files being checked, one a
// worker.
type workspaces chan *workspace

func newWorkspaces(workers int) workspaces { return make(workspaces, workers) }

func (w workspaces) get() *workspace {
	select {
	case ws := <-w:
		return ws
	default:
		return new(workspace)
	}
}

// put takes ws back once its file is checked and r, the file's result,
// holds nothing of its tree (r.doc dropped): the strings of r that share
// the bytes read are copied, as the next file is read over them.
func (w workspaces) put(ws *workspace, r *fileResult) {
	ws.arena.Reset()
	if ws.read != nil {
		r.detach(ws.read)
		if cap(ws.read) <= workspaceKeep {
			ws.buf = ws.read[:0]
		}
		ws.read = nil
	}
	select {
	case w <- ws:
	default: // more in use than workers: let this one go
	}
}

// detach copies the strings of r's findings that share src: a finding
// may quote the document as it was read (a key, a value).
func (r *fileResult) detach(src []byte) {
	for _, diags := range [][]validate.Diagnostic{r.Diags, r.Ignored} {
		for i := range diags {
			d := &diags[i]
			for _, s := range []*string{&d.Pointer, &d.Code, &d.Message, &d.Hint, &d.Source, &d.Excerpt} {
				*s = cloneIfIn(*s, src)
			}
		}
	}
	for i, why := range r.IgnoredWhy {
		r.IgnoredWhy[i] = cloneIfIn(why, src)
	}
	r.Note = cloneIfIn(r.Note, src)
	for i := range r.followed {
		// A document --follow fetched is cross-checked against the entry
		// that links it, whose text is in src.
		r.followed[i].detach(src)
	}
}

// cloneIfIn returns a copy of s when its bytes lie in buf's memory, else s.
func cloneIfIn(s string, buf []byte) string {
	if shares(s, buf) {
		return strings.Clone(s)
	}
	return s
}

// shares reports whether the bytes of s lie in buf's memory (up to its
// capacity).
func shares(s string, buf []byte) bool {
	if s == "" || cap(buf) == 0 {
		return false
	}
	p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
	base := uintptr(unsafe.Pointer(unsafe.SliceData(buf)))
	return p >= base && p < base+uintptr(cap(buf))
}

// fileSize is the size of the file at path for the in-flight budget, and
// whether it is a regular file; what cannot be known (standard input, a
// pipe) counts as the whole budget.
func fileSize(path string) (size int64, regular bool) {
	if path != "-" {
		if fi, err := os.Stat(path); err == nil && fi.Mode().IsRegular() {
			return fi.Size(), true
		} else if err != nil {
			return 0, false // not readable (or a URL): reported without being read
		}
	}
	return gcpolicy.BytesInFlight, false
}

// checkFile reads (or fetches) and validates one file. Options are
// copied so that each file gets its own Path.
//
// With a workspace (ws), the file is read into its buffer and its tree
// carved from its arena; the caller hands both back (workspaces.put) once
// done with the result.
func checkFile(ctx context.Context, judge *app.Judge, path string, kind validate.Kind, maxSize int, stdin io.Reader, walk *fetch.Walk, ws *workspace) fileResult {
	r := fileResult{File: report.File{Arg: path, Kind: kind}, failOn: verdict.DefaultFailOn}
	var into []byte
	if ws != nil {
		into = ws.buf
	}
	in, err := input.ReadInto(ctx, path, stdin, string(kind), maxSize, into)
	var big *input.TooLargeError
	var failed *fetch.Error
	switch {
	case errors.As(err, &big):
		r.Diags = []validate.Diagnostic{big.Diagnostic()}
		return r
	case errors.As(err, &failed):
		r.Arg, r.readErr = failed.URL, err
		r.Diags = []validate.Diagnostic{failed.Diagnostic()}
		return r
	case err != nil:
		r.readErr = err
		r.Diags = []validate.Diagnostic{unreadableDiagnostic(err)}
		return r
	}
	s := app.Subject{Data: in.Data, Name: path, Kind: kind, Owned: true} // read or fetched for this file alone
	if ws != nil {
		j := *judge
		j.Options.Arena = &ws.arena
		judge = &j
		if !in.Remote() {
			ws.read = in.Data
		}
	}
	if in.Remote() {
		r.Arg, r.url = in.Name, in.URL
		s.URL = in.URL
	} else if in.Name == "-" {
		s.Name = "-"
	}
	if walk != nil {
		// --follow: the catalog's one walk also gets what its entries link
		// by URL.
		walk.From(s.URL)
		j := *judge
		j.Options.Follow = walk.Follow(0)
		judge = &j
	}
	v := judge.Check(ctx, s)
	v.Diags = append(in.Findings, v.Diags...) // how it was served, then what it says
	if v.Kind != "" {
		// A document that does not parse has no detected kind; it keeps
		// the one --kind asked for (or none).
		r.Kind = v.Kind
	}
	r.Diags, r.doc, r.Note = v.Diags, v.Doc, v.AssumedKindNote()
	r.onlineErr, r.configErr, r.failOn = v.OnlineErr, v.ConfigErr, v.FailOn
	if v.Config != nil {
		r.Policy, r.Ignored, r.IgnoredWhy = v.Config.Path, v.Ignored, v.IgnoredWhy
	}
	r.Ends = valueEnds(v.Doc, v.Diags)
	return r
}

// unreadableDiagnostic records a read failure as an error finding, so that
// the JSON and SARIF outputs list the file and their summaries count it. It
// has no position: nothing of the file was seen.
func unreadableDiagnostic(err error) validate.Diagnostic {
	return validate.RuleIOUnreadable.New(err.Error(),
		"check the path, that it names a file (not a directory), and that it may be read")
}

// valueEnds finds where the value each diagnostic points at ends, so that a
// SARIF region covers it. Missing members (and unparsable files) have no
// end.
func valueEnds(doc *model.Doc, diags []validate.Diagnostic) []report.Position {
	if doc == nil || len(diags) == 0 {
		return nil
	}
	ends := make([]report.Position, len(diags))
	for i, d := range diags {
		n := doc.Find(d.Pointer)
		if n == nil || n.End() <= 0 {
			continue
		}
		line, col := doc.LineCol(n.End())
		ends[i] = report.Position{Line: line, Col: col}
	}
	return ends
}

// follower is --follow's fetcher for the run's judge: each document it
// fetches is judged by the same pipeline, its own links followed.
func follower(judge *app.Judge) *fetch.Follower {
	return &fetch.Follower{Client: input.Client(),
		Check: func(ctx context.Context, data []byte, url string, follow validate.FollowFunc) validate.Result {
			j := *judge
			j.Options.Follow = follow
			return j.Check(ctx, app.Subject{Data: data, Name: url, URL: url}).Result
		}}
}

// follow adds the documents a --follow walk fetched for r's catalog as
// results of their own, named by their URL (with their doc, for the
// caller's further checks; the caller drops it).
func (r *fileResult) follow(walk *fetch.Walk) {
	for _, d := range walk.Docs() {
		r.followed = append(r.followed, fileResult{File: report.File{Arg: d.Name, Kind: d.Kind, Diags: d.Diags, Ends: valueEnds(d.Doc, d.Diags)}, url: d.Name, doc: d.Doc})
	}
}
