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
// origin is looked up as clients do, fetch.Read; for kind "card", it is
// its /.well-known/agent-card.json), fetched through
// internal/fetch, as a document of the given kind ("" when it is to be
// detected) under its size cap (max is --max-size, 0 for the per-kind
// defaults). Over the cap it returns a *TooLargeError; a failed fetch is a
// *fetch.Error.
func Read(ctx context.Context, arg string, stdin io.Reader, kind string, max int) (*fetch.Document, error) {
	return ReadInto(ctx, arg, stdin, kind, max, nil)
}

// ReadInto is Read for a caller that reads many documents one after
// another: a local regular file that fits in into's capacity is read into
// it (the Document's Data then shares into).
func ReadInto(ctx context.Context, arg string, stdin io.Reader, kind string, max int, into []byte) (*fetch.Document, error) {
	if kind == "card" && fetch.Classify(arg) == fetch.URL {
		// A card is asked for (preview, catalog add, --card): a bare
		// origin is its well-known card, not the catalog a client would
		// look for first.
		if u, err := fetch.DocumentURL(arg); err == nil {
			arg = u
		}
	}
	in, err := fetch.Read(ctx, arg, fetch.Options{
		Client:    Client(),
		MaxBytes:  int64(fetchLimit(arg, kind, max)),
		ReadLocal: func(path string) ([]byte, error) { return readFile(ctx, path, stdin, kind, max, into) },
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
	return readFile(ctx, path, stdin, kind, max, nil)
}

// readFile is ReadFile reading a regular file into into when it fits
// (safefile.Cap.Into).
func readFile(ctx context.Context, path string, stdin io.Reader, kind string, max int, into []byte) ([]byte, error) {
	c := readCap(path, kind, max)
	c.Into = into
	var data []byte
	var err error
	if path == "-" {
		if stdin == nil {
			stdin = os.Stdin
		}
		data, err = safefile.ReadFrom(ctx, stdin, c)
	} else {
		data, _, err = safefile.Read(ctx, path, c)
	}
	var big *safefile.TooLargeError
	switch {
	case errors.As(err, &big):
		return nil, &TooLargeError{Size: big.Size, Limit: int(big.Limit)}
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

// readCap is how much a read of a local document may take, following its
// kind: --max-size when given; the kind's default cap when the kind was
// given, or when the name says catalog; else the Document cap, which the
// first bytes may raise to the catalog cap (a catalog with another name).
// Anything else stops at the Document cap, /dev/zero included.
func readCap(path, kind string, max int) safefile.Cap {
	switch {
	case max > 0:
		return safefile.Cap{Max: int64(max)}
	case kind != "":
		return safefile.Cap{Max: int64(sizecap.Default(kind))}
	case path != "-" && sizecap.NamedCatalog(path):
		return safefile.Cap{Max: sizecap.Catalog}
	}
	return safefile.Cap{Max: sizecap.Document, Grow: sizecap.HeadIsCatalog, GrowMax: sizecap.Catalog}
}

// fetchLimit is how much a fetch of a document may take: --max-size when
// given, the catalog cap for a catalog (by its kind, or by its URL when the
// kind is to be detected), else sizecap.Fetch.
func fetchLimit(arg, kind string, max int) int {
	switch {
	case max > 0:
		return max
	case kind == "catalog", kind == "" && sizecap.NamedCatalog(arg):
		return sizecap.Catalog
	}
	return sizecap.Fetch
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
	d := validate.RuleJSONTooLarge.New(e.Error(), "oncard reads documents up to this size (catalogs up to 256 MiB, anything else up to 16 MiB, 8 MiB when fetched); --max-size changes it")
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
