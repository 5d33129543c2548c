package main

import (
	"context"
	"errors"
	"io"

	"github.com/oncard/oncard/internal/app/report"
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
	// doc is the parsed document, only until the worker is done with it
	// (the online check needs it); results waiting for output hold none.
	doc *model.Doc
}

// validateFiles runs check on every path with a pool of workers and hands
// the results to emit in argument order, as soon as each one and all before
// it are done. At most a few results per worker wait in memory. emit runs
// on the caller's goroutine; an error from it, or ctx ending, stops the run.
func validateFiles(ctx context.Context, paths []string, workers int, check func(path string) fileResult, emit func(fileResult) error) error {
	workers = max(1, min(workers, len(paths)))
	type job struct {
		path string
		done chan fileResult
	}
	jobs := make(chan job)
	// pending holds the result channels in argument order; its capacity
	// bounds how far the workers may run ahead of the output.
	pending := make(chan chan fileResult, 4*workers)
	stop := make(chan struct{})
	defer close(stop)

	for range workers {
		go func() {
			for j := range jobs {
				j.done <- check(j.path) // done has room for one: never blocks
			}
		}()
	}
	go func() {
		defer close(pending)
		defer close(jobs)
		for _, p := range paths {
			if ctx.Err() != nil {
				return
			}
			done := make(chan fileResult, 1)
			select {
			case pending <- done:
			case <-stop:
				return
			case <-ctx.Done():
				return
			}
			select {
			case jobs <- job{p, done}:
			case <-stop:
				return
			case <-ctx.Done():
				return
			}
		}
	}()

	for done := range pending {
		select {
		case r := <-done:
			if err := emit(r); err != nil {
				return err
			}
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return ctx.Err()
}

// validateFile reads and validates one file. Options are copied so that
// each file gets its own Path.
func validateFile(path string, kind validate.Kind, opts validate.Options, stdin io.Reader) fileResult {
	r := fileResult{File: report.File{Arg: path, Kind: kind}}
	data, err := readLimited(path, stdin)
	var big *tooLargeError
	if errors.As(err, &big) {
		r.Diags = []validate.Diagnostic{big.diagnostic()}
		return r
	}
	if err != nil {
		r.readErr = err
		r.Diags = []validate.Diagnostic{unreadableDiagnostic(err)}
		return r
	}
	if path != "-" {
		opts.Path = path
	}
	doc, detected, diags := validate.Bytes(data, kind, &opts)
	if detected != "" {
		// A document that does not parse has no detected kind; it keeps
		// the one --kind asked for (or none).
		r.Kind = detected
	}
	r.Diags, r.doc = diags, doc
	r.Ends = valueEnds(doc, diags)
	return r
}

// codeUnreadable is the diagnostic of a file that could not be read at all
// (missing, a directory, no permission). It is a public code, catalogued in
// docs/DIAGNOSTICS.md like the validator's.
const codeUnreadable = "io/unreadable"

// unreadableDiagnostic records a read failure as an error finding, so that
// the JSON and SARIF outputs list the file and their summaries count it. It
// has no position: nothing of the file was seen.
func unreadableDiagnostic(err error) validate.Diagnostic {
	return validate.Diagnostic{Severity: validate.Error, Code: codeUnreadable,
		Message: err.Error(),
		Hint:    "check the path, that it names a file (not a directory), and that it may be read"}
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
		if n == nil || n.End <= 0 {
			continue
		}
		line, col := doc.LineCol(n.End)
		ends[i] = report.Position{Line: line, Col: col}
	}
	return ends
}
