// Package fetch reads the documents oncard checks from wherever an argument
// names them: a local file, standard input ("-"), or a URL where a card or
// catalog is deployed. A bare origin (https://agents.example) means the
// card at its /.well-known/agent-card.json.
//
// URLs are fetched through internal/safehttp, so the same rules hold as for
// the OASF server: https only (plain http only to this machine), no
// credentials, bounded time, a size cap, redirects only within the same
// host, proxy variables honoured. A failure is an *Error with a stable
// fetch/… code, reported as a finding like a file that cannot be read. A
// document served with a Content-Type other than JSON is read anyway, with
// a fetch/content-type warning: clients may refuse it.
//
// Follow (follow.go) goes one step further for an AI Catalog: it fetches
// what the catalog's entries link to and cross-checks each with its entry.
package fetch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/url"
	"os"
	"strings"

	"github.com/oncard/oncard/internal/safehttp"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
)

// WellKnownCardPath is where a host serves its Agent Card (A2A discovery).
const WellKnownCardPath = "/.well-known/agent-card.json"

// The codes of the findings of this package, whose rules validate declares
// like every other.
var (
	CodeContentType = validate.RuleFetchContentType.Code // served with a Content-Type that is not JSON
	CodeRefused     = validate.RuleFetchRefused.Code     // the URL, or a redirect, breaks the rules above
	CodeUnreachable = validate.RuleFetchUnreachable.Code // no answer: DNS, connection, TLS, proxy, timeout
	CodeStatus      = validate.RuleFetchStatus.Code      // an answer other than 200
	CodeTooLarge    = validate.RuleFetchTooLarge.Code    // a body over the size cap
	CodeNotFollowed = validate.RuleFetchNotFollowed.Code // --follow left an entry's url alone (limits, type)
)

// Source says what an argument names.
type Source int

const (
	Path  Source = iota // a local file
	Stdin               // "-"
	URL                 // http:// or https://
)

// Classify tells a URL from a path by its scheme alone: an argument that
// starts with https:// or http:// (any case) is a URL, "-" is standard
// input, anything else a path (a file whose name starts with "https:" is
// reached as ./https:…).
func Classify(arg string) Source {
	switch {
	case arg == "-":
		return Stdin
	case hasPrefixFold(arg, "https://"), hasPrefixFold(arg, "http://"):
		return URL
	}
	return Path
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// DocumentURL checks a URL argument (safehttp.CheckURL) and expands a bare
// origin (no path, or "/") to its well-known Agent Card.
func DocumentURL(raw string) (string, error) {
	u, err := safehttp.CheckURL(raw)
	if err != nil {
		return "", fromSafe(raw, err)
	}
	if u.Path == "" || u.Path == "/" {
		u.Path, u.RawPath = WellKnownCardPath, ""
	}
	return u.String(), nil
}

// NewClient is the client oncard fetches documents with: safehttp's
// defaults (its connect and total timeouts, proxy variables).
func NewClient() *safehttp.Client { return safehttp.New(safehttp.Options{}) }

// Options tune Read.
type Options struct {
	// Client fetches URLs; nil is NewClient().
	Client *safehttp.Client
	// MaxBytes caps a fetched body; 0 is model.DefaultLimits.MaxBytes.
	// The caller passes the cap of the kind of document it expects.
	MaxBytes int64
	// ReadLocal reads a path or "-" (stdin); nil reads the file, or
	// os.Stdin, up to MaxBytes. The command passes its own reader, which
	// reports an oversized or unreadable file its own way.
	ReadLocal func(path string) ([]byte, error)
}

func (o Options) maxBytes() int64 {
	if o.MaxBytes > 0 {
		return o.MaxBytes
	}
	return int64(model.DefaultLimits.MaxBytes)
}

// Document is what Read returns.
type Document struct {
	// Name is how the document is shown in findings: the path as given,
	// "-" for stdin, or the URL fetched (after bare-origin expansion; a URL
	// never carries credentials, they are refused).
	Name string
	Data []byte
	// URL is where the data finally came from (after same-host
	// redirects); "" for a local document. Relative links in the
	// document resolve against it.
	URL string
	// ContentType is the Content-Type the server sent ("" for local).
	ContentType string
	// Findings are about how the document was served (fetch/content-type),
	// not about its content: the caller adds them to the validator's.
	Findings []validate.Diagnostic
}

// Remote reports whether the document was fetched.
func (d *Document) Remote() bool { return d.URL != "" }

// Read reads what arg names: a URL is fetched (see DocumentURL), "-" and
// paths are read by o.ReadLocal. A failed fetch is an *Error; a canceled
// ctx is ctx's error.
func Read(ctx context.Context, arg string, o Options) (*Document, error) {
	if Classify(arg) != URL {
		read := o.ReadLocal
		if read == nil {
			read = func(p string) ([]byte, error) { return readLocal(p, o.maxBytes()) }
		}
		data, err := read(arg)
		if err != nil {
			return nil, err
		}
		return &Document{Name: arg, Data: data}, nil
	}
	target, err := DocumentURL(arg)
	if err != nil {
		return nil, err
	}
	client := o.Client
	if client == nil {
		client = NewClient()
	}
	return get(ctx, client, target, o.maxBytes())
}

// get fetches target (checked already) within maxBytes.
func get(ctx context.Context, c *safehttp.Client, target string, maxBytes int64) (*Document, error) {
	body, ctype, final, err := c.Get(ctx, target, maxBytes)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		var e *Error
		if !errors.As(fromSafe(target, err), &e) {
			// safehttp documents *Error only; anything else still becomes
			// a finding, never a silent gap.
			e = &Error{URL: safehttp.Redact(target), Code: CodeUnreachable, Err: err,
				Msg: fmt.Sprintf("cannot fetch %s: %s", model.SafeText(safehttp.Redact(target)), model.SafeText(safehttp.Redact(err.Error())))}
		}
		return nil, e
	}
	d := &Document{Name: target, Data: body, URL: final, ContentType: ctype}
	if f, ok := ContentTypeFinding(ctype); ok {
		d.Findings = append(d.Findings, f)
	}
	return d, nil
}

// IsJSONMediaType reports whether a Content-Type value is JSON:
// application/json or application/<anything>+json (the catalog's and the
// card's own media types), parameters allowed.
func IsJSONMediaType(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		return false
	}
	return mt == "application/json" || (strings.HasPrefix(mt, "application/") && strings.HasSuffix(mt, "+json"))
}

// ContentTypeFinding is the warning about a document served as something
// other than JSON (ok false when it is JSON). The document is still
// checked: the finding is about the server, which a strict client would
// not read it from.
func ContentTypeFinding(contentType string) (validate.Diagnostic, bool) {
	if IsJSONMediaType(contentType) {
		return validate.Diagnostic{}, false
	}
	what := fmt.Sprintf("served as %q", model.SafeText(clip(contentType, 80)))
	if strings.TrimSpace(contentType) == "" {
		what = "served without a Content-Type"
	}
	return validate.RuleFetchContentType.New(what+", not as JSON; clients that check the media type will not read it",
		"serve it as application/json (or its own application/…+json type)"), true
}

// Error is a fetch that failed: the URL was refused, nothing answered, the
// answer was not 200 or was too large. Msg names the URL and why.
type Error struct {
	URL  string // as requested, without credentials
	Code string // one of the Code… constants
	Msg  string
	Err  error // the *safehttp.Error
}

func (e *Error) Error() string { return e.Msg }
func (e *Error) Unwrap() error { return e.Err }

// Diagnostic is the failure as an error finding without a position
// (nothing of the document was seen).
func (e *Error) Diagnostic() validate.Diagnostic {
	return validate.RuleFor(e.Code).New(e.Msg, hints[e.Code])
}

var hints = map[string]string{
	CodeRefused:     "oncard fetches https URLs only (plain http only from this machine), without user:password@, and follows redirects only within the same host",
	CodeUnreachable: "check the host name and the network, and HTTPS_PROXY and NO_PROXY when a proxy is needed",
	CodeStatus:      "publish the document at this URL (a bare origin means " + WellKnownCardPath + ")",
	CodeTooLarge:    "check that the URL names a card or a catalog; one this large almost certainly is not",
}

// fromSafe turns a safehttp failure into an *Error naming the URL.
func fromSafe(target string, err error) error {
	var se *safehttp.Error
	if !errors.As(err, &se) {
		return err
	}
	code := CodeUnreachable
	switch se.Kind {
	case safehttp.ErrBadURL, safehttp.ErrRedirect:
		code = CodeRefused
	case safehttp.ErrStatus:
		code = CodeStatus
	case safehttp.ErrTooLarge:
		code = CodeTooLarge
	}
	shown := model.SafeText(clip(safehttp.Redact(target), 200))
	return &Error{URL: safehttp.Redact(target), Code: code, Err: err,
		Msg: fmt.Sprintf("cannot fetch %s: %s", shown, se.Msg)}
}

// readLocal is the default ReadLocal: the file (or stdin) up to max bytes.
func readLocal(path string, max int64) ([]byte, error) {
	var r io.Reader = os.Stdin
	name := "<stdin>"
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r, name = f, path
	}
	data, err := io.ReadAll(io.LimitReader(r, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, fmt.Errorf("%s is larger than the %s limit", model.SafeText(name), safehttp.ByteSize(max))
	}
	return data, nil
}

// clip shortens s to at most n runes, marking the cut.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}

// resolve turns an entry's url into the URL to fetch: an absolute URL as
// it is, a relative one against base (the catalog's own URL). A bare
// origin is not expanded: a catalog's consumer fetches the url as written,
// so oncard checks what it gets there. local is
// true for what only a local catalog can name (relative to a file, file:),
// which validation already reads from disk.
func resolve(raw, base string) (target string, local bool, err error) {
	u, perr := url.Parse(strings.TrimSpace(raw))
	if perr != nil {
		return "", false, fromSafe(raw, &safehttp.Error{Kind: safehttp.ErrBadURL,
			Msg: fmt.Sprintf("%q is not a URL", model.SafeText(clip(raw, 80)))})
	}
	switch {
	case u.IsAbs() && (strings.EqualFold(u.Scheme, "https") || strings.EqualFold(u.Scheme, "http")):
		return checked(u.String())
	case base == "" && (u.Scheme == "" || strings.EqualFold(u.Scheme, "file")):
		return "", true, nil
	case u.Scheme == "":
		b, err := url.Parse(base)
		if err != nil {
			return "", false, err
		}
		return checked(b.ResolveReference(u).String())
	}
	return "", false, fromSafe(raw, &safehttp.Error{Kind: safehttp.ErrBadURL,
		Msg: fmt.Sprintf("%q is not an http(s) URL; a fetched catalog can only link documents on the web", model.SafeText(clip(raw, 80)))})
}

func checked(target string) (string, bool, error) {
	u, err := safehttp.CheckURL(target)
	if err != nil {
		return "", false, fromSafe(target, err)
	}
	return u.String(), false, nil
}
