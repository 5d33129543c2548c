// Package input reads what a command's argument names (a file, "-" for
// standard input, or a URL) within the size cap of its kind, so that a
// huge or endless input costs bounded memory and time, and loads an Agent
// Card from it for the commands that use one.
package input

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/app/report"
	"github.com/oncard/oncard/internal/fetch"
	"github.com/oncard/oncard/internal/safefile"
	"github.com/oncard/oncard/internal/sizecap"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
)

// Client is the one fetch client of a run: its connections are reused
// from one URL argument to the next, and by --follow.
var Client = sync.OnceValue(fetch.NewClient)

// Read reads what arg names: a local file, "-" (stdin), or a URL (a bare
// origin is its /.well-known/agent-card.json), fetched through
// internal/fetch, as a document of the given kind ("" when it is to be
// detected) under its size cap (max is --max-size, 0 for the per-kind
// defaults). Over the cap it returns a *TooLargeError; a failed fetch is a
// *fetch.Error.
func Read(ctx context.Context, arg string, stdin io.Reader, kind string, max int) (*fetch.Document, error) {
	in, err := fetch.Read(ctx, arg, fetch.Options{
		Client:    Client(),
		MaxBytes:  int64(limit(kind, max)),
		ReadLocal: func(path string) ([]byte, error) { return ReadFile(ctx, path, stdin, kind, max) },
	})
	if err != nil {
		return nil, err
	}
	if in.Remote() { // a local file was checked as it was read
		if err := checkCap(kind, in.Data, max); err != nil {
			return nil, err
		}
	}
	return in, nil
}

// ReadFile reads a local file ("-" is stdin) of the given kind ("" when it
// is to be detected) but never more than its size cap (sizecap.For; max
// is --max-size, 0 for the per-kind defaults). Over the cap it returns a
// *TooLargeError. A named pipe or a device is read too (for `oncard
// validate <(cmd)`), without blocking on the open and only until ctx is
// cancelled (Ctrl-C, SIGTERM).
func ReadFile(ctx context.Context, path string, stdin io.Reader, kind string, max int) ([]byte, error) {
	lim := limit(kind, max)
	var data []byte
	var err error
	if path == "-" {
		if stdin == nil {
			stdin = os.Stdin
		}
		data, err = safefile.ReadFrom(ctx, stdin, int64(lim))
	} else {
		data, _, err = safefile.Read(ctx, path, int64(lim))
	}
	var big *safefile.TooLargeError
	switch {
	case errors.As(err, &big):
		return nil, &TooLargeError{Size: big.Size, Limit: lim}
	case err != nil && ctx.Err() != nil:
		return nil, ctx.Err()
	case err != nil && path == "-":
		return nil, fmt.Errorf("cannot read %s: %w", report.StdinName, err)
	case err != nil:
		return nil, cleanPathError(err)
	}
	if err := checkCap(kind, data, max); err != nil {
		return nil, err
	}
	return data, nil
}

// limit is the most a read of a document of the given kind takes before
// its detected kind is known: --max-size when given, the kind's default
// cap when the kind was given, else the largest default.
func limit(kind string, max int) int {
	switch {
	case max > 0:
		return max
	case kind != "":
		return sizecap.Default(kind)
	}
	return sizecap.Largest
}

// checkCap is the cap of the kind the data turns out to be (a catalog may
// be larger than a card): the one re-check after a read, local or fetched.
func checkCap(kind string, data []byte, max int) error {
	if c := sizecap.For(kind, data, max); len(data) > c {
		return &TooLargeError{Size: int64(len(data)), Limit: c}
	}
	return nil
}

// TooLargeError is an input over its size cap (sizecap). It is reported
// as the parser reports it (json/too-large), but without reading the whole
// input first.
type TooLargeError struct {
	Size  int64 // -1 when unknown (a pipe)
	Limit int
}

func (e *TooLargeError) Error() string {
	lim := fmt.Sprintf("the limit of %.1f MiB (%d bytes)", float64(e.Limit)/(1<<20), e.Limit)
	if e.Size < 0 {
		return "the document is larger than " + lim
	}
	return fmt.Sprintf("the document is %.1f MiB (%d bytes), larger than %s", float64(e.Size)/(1<<20), e.Size, lim)
}

// Diagnostic reports the limit the way the parser would have.
func (e *TooLargeError) Diagnostic() validate.Diagnostic {
	d := validate.RuleJSONTooLarge.New(e.Error(), "oncard reads documents up to this size (catalogs up to 256 MiB, anything else up to 16 MiB); --max-size changes it")
	d.Line, d.Column = 1, 1
	return d
}

// cleanPathError turns "open x: no such file or directory" (or "read x: is
// a directory") into "cannot read x: no such file or directory".
func cleanPathError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("cannot read %s: %w", pe.Path, pe.Err)
	}
	return err
}

// SourceOptions sets what validation needs to know of where a document
// came from: its file (local links resolve against it), or its URL (it
// names no local file).
func SourceOptions(opts *validate.Options, in *fetch.Document) {
	switch {
	case in.Remote():
		opts.Path, opts.BaseURL = "", in.URL
	case in.Name != "-":
		opts.Path = in.Name
	}
}

// EntryURL is the url an entry for a card argument gets when --url is not
// given: where the card was fetched from, or "" (derived from the card) for
// a local file.
func EntryURL(flag, arg string) string {
	if flag != "" || fetch.Classify(arg) != fetch.URL {
		return flag
	}
	u, err := fetch.DocumentURL(arg)
	if err != nil {
		return ""
	}
	return u
}

// Name is how an input is named in messages: made safe for a terminal,
// standard input as <stdin>.
func Name(path string) string {
	if path == "-" {
		return report.StdinName
	}
	return model.SafeText(path)
}

// CountStdin counts the arguments that name standard input ("-").
func CountStdin(paths []string) int {
	n := 0
	for _, p := range paths {
		if p == "-" {
			n++
		}
	}
	return n
}

// StdinOnce refuses standard input named more than once: it can be read
// once (an app.UsageError).
func StdinOnce(paths []string) error {
	if n := CountStdin(paths); n > 1 {
		return app.UsageError{Msg: fmt.Sprintf(`"-" (standard input) given %d times; it can be read once`, n)}
	}
	return nil
}
