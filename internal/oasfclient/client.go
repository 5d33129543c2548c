// Package oasfclient talks to an OASF schema server (the public one at
// https://schema.oasf.outshift.com or one run locally): it lists the
// versions the server holds, syncs their skill and domain trees into the
// user cache, looks single classes up and asks the server to validate an
// object.
//
// All traffic goes through internal/safehttp (https only, plain http only
// for loopback, bounded time and size, no redirect to another host, proxy
// variables honoured, no credentials in messages). Every failure is an
// *Error whose message says what went wrong in words a user can act on;
// text that comes from the server is made safe to print (model.SafeText)
// before it reaches a message.
package oasfclient

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/oncard/oncard/internal/safehttp"
	"github.com/oncard/oncard/model"
)

// DefaultServer is the public OASF schema server.
const DefaultServer = "https://schema.oasf.outshift.com"

// Defaults of the client's limits.
const (
	DefaultConnectTimeout = safehttp.DefaultConnectTimeout
	DefaultTimeout        = safehttp.DefaultTimeout
	DefaultMaxBody        = safehttp.DefaultMaxBytes // the largest taxonomy tree is ~280 KB
)

// Options tune a Client. The zero value gives the documented defaults.
type Options struct {
	ConnectTimeout time.Duration // TCP connect (and TLS handshake) limit
	Timeout        time.Duration // whole request, body included
	MaxBody        int64         // largest accepted response body, in bytes
	// Proxy picks a request's proxy; nil reads the proxy variables.
	Proxy func(*http.Request) (*url.URL, error)
	// HTTPClient replaces the client built from the options above (tests
	// use it to trust a TLS test server). Its CheckRedirect is replaced by
	// the same-host rule; its Timeout is kept.
	HTTPClient *http.Client
}

// Client is a connection to one schema server.
type Client struct {
	base *url.URL // scheme://host[:port][/prefix], no trailing slash
	http *safehttp.Client

	mu       sync.Mutex
	legacy   map[string][]legacyClass // per version: the array a 1.0.0/1.0.1 server answers
	versions *VersionList
}

// New checks the server URL and builds a client for it. The URL is the
// server's root (e.g. https://schema.oasf.outshift.com); routes are added
// below it as /api/<version>/….
func New(server string, o Options) (*Client, error) {
	base, err := parseServerURL(server)
	if err != nil {
		return nil, err
	}
	hc := safehttp.New(safehttp.Options{ConnectTimeout: o.ConnectTimeout, Timeout: o.Timeout, MaxBytes: o.MaxBody,
		Subject: "the schema server", Proxy: o.Proxy, HTTPClient: o.HTTPClient})
	return &Client{base: base, http: hc}, nil
}

// URL is the server's root URL as given (normalised).
func (c *Client) URL() string { return c.base.String() }

// Host is the server's host[:port], the name it goes by in messages.
func (c *Client) Host() string { return c.base.Host }

// parseServerURL accepts https URLs, and http URLs whose host is loopback
// (a schema server run locally). A trailing slash is dropped. Messages never
// repeat credentials.
func parseServerURL(server string) (*url.URL, error) {
	if u, err := url.Parse(strings.TrimSpace(server)); err != nil || u.Host == "" || (u.Scheme != "https" && u.Scheme != "http") {
		return nil, &Error{Kind: ErrBadURL, URL: safehttp.Redact(server),
			Msg: fmt.Sprintf("%q is not a schema server URL: expected https://host[:port]", model.SafeText(safehttp.Redact(server)))}
	}
	u, err := safehttp.CheckURL(server)
	if err != nil {
		return nil, fromSafe(err)
	}
	if u.RawQuery != "" || u.Fragment != "" || u.ForceQuery {
		return nil, &Error{Kind: ErrBadURL, URL: safehttp.Redact(server),
			Msg: fmt.Sprintf("%q is not a schema server URL: no query or fragment allowed", model.SafeText(safehttp.Redact(server)))}
	}
	u.Path = strings.TrimRight(u.Path, "/")
	u.RawPath = ""
	u.Host = strings.ToLower(u.Host)
	return u, nil
}

// endpoint builds <base>/api/<segments...>, escaping each segment.
func (c *Client) endpoint(query url.Values, segments ...string) *url.URL {
	u := *c.base
	u.Path = c.base.Path + "/api"
	for _, s := range segments {
		u.Path += "/" + s
	}
	escaped := make([]string, 0, len(segments))
	for _, s := range segments {
		escaped = append(escaped, url.PathEscape(s))
	}
	u.RawPath = c.base.EscapedPath() + "/api/" + strings.Join(escaped, "/")
	if query != nil {
		u.RawQuery = query.Encode()
	}
	return &u
}

// do sends a request and returns the status and the body. Transport
// failures become *Error values; HTTP statuses are the caller's to judge.
func (c *Client) do(ctx context.Context, method string, u *url.URL, body []byte) (int, []byte, error) {
	resp, err := c.http.Do(ctx, safehttp.Request{Method: method, URL: u, Body: body})
	if err != nil {
		return 0, nil, fromSafe(err)
	}
	return resp.Status, resp.Body, nil
}

// doStream GETs u, copying the body of a 200 answer to w (at most max
// bytes, more is ErrTooLarge); other answers' bodies are returned.
func (c *Client) doStream(ctx context.Context, u *url.URL, w io.Writer, max int64) (int, []byte, error) {
	resp, err := c.http.Do(ctx, safehttp.Request{URL: u, Stream: w, MaxBytes: max})
	if err != nil {
		return 0, nil, fromSafe(err)
	}
	return resp.Status, resp.Body, nil
}

// fromSafe turns a safehttp failure into this package's *Error, keeping
// its (already safe) sentence.
func fromSafe(err error) error {
	var se *safehttp.Error
	if !errors.As(err, &se) {
		return err
	}
	kind := map[safehttp.ErrKind]ErrKind{
		safehttp.ErrBadURL: ErrBadURL, safehttp.ErrUnreachable: ErrUnreachable, safehttp.ErrProxy: ErrProxy,
		safehttp.ErrTimeout: ErrTimeout, safehttp.ErrCanceled: ErrCanceled, safehttp.ErrRedirect: ErrRedirect,
		safehttp.ErrTooLarge: ErrTooLarge, safehttp.ErrStatus: ErrStatus,
	}[se.Kind]
	return &Error{Kind: kind, URL: se.URL, Status: se.Status, Msg: se.Msg, Err: se}
}
