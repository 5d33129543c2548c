// Package oasfclient talks to an OASF schema server (the public one at
// https://schema.oasf.outshift.com or one run locally): it lists the
// versions the server holds, syncs their skill and domain trees into the
// user cache, looks single classes up and asks the server to validate an
// object.
//
// The HTTP client is deliberately strict because its answers end up in
// validation verdicts: https only (plain http only for loopback), bounded
// connect and total time, a cap on the response size, no redirect to another
// host, and proxy variables honoured. Every failure is an *Error whose
// message says what went wrong in words a user can act on.
package oasfclient

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// DefaultServer is the public OASF schema server.
const DefaultServer = "https://schema.oasf.outshift.com"

// Defaults of the client's limits.
const (
	DefaultConnectTimeout = 5 * time.Second
	DefaultTimeout        = 15 * time.Second
	DefaultMaxBody        = 8 << 20 // the largest taxonomy tree is ~140 KB
	maxRedirects          = 5
)

// Options tune a Client. The zero value gives the documented defaults.
type Options struct {
	ConnectTimeout time.Duration // TCP connect (and TLS handshake) limit
	Timeout        time.Duration // whole request, body included
	MaxBody        int64         // largest accepted response body, in bytes
	// HTTPClient replaces the client built from the options above (tests
	// use it to trust a TLS test server). Its CheckRedirect is replaced by
	// the same-host rule; its Timeout is kept.
	HTTPClient *http.Client
}

// Client is a connection to one schema server.
type Client struct {
	base    *url.URL // scheme://host[:port][/prefix], no trailing slash
	http    *http.Client
	maxBody int64
}

// New checks the server URL and builds a client for it. The URL is the
// server's root (e.g. https://schema.oasf.outshift.com); routes are added
// below it as /api/<version>/….
func New(server string, o Options) (*Client, error) {
	base, err := parseServerURL(server)
	if err != nil {
		return nil, err
	}
	if o.ConnectTimeout <= 0 {
		o.ConnectTimeout = DefaultConnectTimeout
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.MaxBody <= 0 {
		o.MaxBody = DefaultMaxBody
	}
	hc := o.HTTPClient
	if hc == nil {
		hc = &http.Client{Timeout: o.Timeout, Transport: newTransport(o.ConnectTimeout)}
	} else {
		copied := *hc
		hc = &copied
		if hc.Timeout <= 0 {
			hc.Timeout = o.Timeout
		}
	}
	hc.CheckRedirect = sameHostRedirects
	return &Client{base: base, http: hc, maxBody: o.MaxBody}, nil
}

// URL is the server's root URL as given (normalised).
func (c *Client) URL() string { return c.base.String() }

// Host is the server's host[:port], used to name its cache folder.
func (c *Client) Host() string { return c.base.Host }

func newTransport(connect time.Duration) *http.Transport {
	dialer := &net.Dialer{Timeout: connect, KeepAlive: 30 * time.Second}
	return &http.Transport{
		Proxy:                 http.ProxyFromEnvironment,
		DialContext:           dialer.DialContext,
		TLSHandshakeTimeout:   connect,
		ResponseHeaderTimeout: 0, // bounded by the client's total Timeout
		MaxIdleConns:          4,
		IdleConnTimeout:       30 * time.Second,
		ForceAttemptHTTP2:     true,
	}
}

// parseServerURL accepts https URLs, and http URLs whose host is loopback
// (a schema server run locally). A trailing slash is dropped.
func parseServerURL(server string) (*url.URL, error) {
	u, err := url.Parse(strings.TrimSpace(server))
	if err != nil || u.Host == "" || (u.Scheme != "https" && u.Scheme != "http") {
		return nil, &Error{Kind: ErrBadURL, URL: server,
			Msg: fmt.Sprintf("%q is not a schema server URL: expected https://host[:port]", server)}
	}
	if u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return nil, &Error{Kind: ErrBadURL, URL: server,
			Msg: fmt.Sprintf("%q is not a schema server URL: no credentials, query or fragment allowed", server)}
	}
	if u.Scheme == "http" && !IsLoopback(u.Hostname()) {
		return nil, &Error{Kind: ErrBadURL, URL: server,
			Msg: fmt.Sprintf("refusing plain http to %s: use https (http is allowed only for localhost)", u.Host)}
	}
	u.Path = strings.TrimRight(u.Path, "/")
	u.RawPath = ""
	return u, nil
}

// IsLoopback reports whether host (without port) names this machine.
func IsLoopback(host string) bool {
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// sameHostRedirects follows a redirect only to the same scheme and host the
// request started with: a schema server that sends us elsewhere is either
// misconfigured or hostile, and its answers would not be its own.
func sameHostRedirects(req *http.Request, via []*http.Request) error {
	first := via[0].URL
	if len(via) >= maxRedirects {
		return &Error{Kind: ErrRedirect, URL: first.String(),
			Msg: fmt.Sprintf("the schema server at %s redirected more than %d times", first.Host, maxRedirects)}
	}
	if !strings.EqualFold(req.URL.Host, first.Host) || req.URL.Scheme != first.Scheme {
		return &Error{Kind: ErrRedirect, URL: first.String(),
			Msg: fmt.Sprintf("refused a redirect from %s to %s: the schema server may only redirect within its own host",
				first.Scheme+"://"+first.Host, req.URL.Scheme+"://"+req.URL.Host)}
	}
	return nil
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

// do sends a request and returns the status and the body (at most maxBody
// bytes). Transport failures become *Error values; HTTP statuses are the
// caller's to judge.
func (c *Client) do(ctx context.Context, method string, u *url.URL, body []byte) (int, []byte, error) {
	var rd io.Reader
	if body != nil {
		rd = strings.NewReader(string(body))
	}
	req, err := http.NewRequestWithContext(ctx, method, u.String(), rd)
	if err != nil {
		return 0, nil, &Error{Kind: ErrBadURL, URL: u.String(), Msg: err.Error()}
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", "oncard")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return 0, nil, c.transportError(method, u, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, c.maxBody+1))
	if err != nil {
		return 0, nil, c.transportError(method, u, err)
	}
	if int64(len(data)) > c.maxBody {
		return 0, nil, &Error{Kind: ErrTooLarge, URL: u.String(),
			Msg: fmt.Sprintf("the answer of the schema server to %s %s is larger than the %s limit", method, u.Path, byteSize(c.maxBody))}
	}
	return resp.StatusCode, data, nil
}

// transportError turns what net/http returns into a sentence.
func (c *Client) transportError(method string, u *url.URL, err error) error {
	var own *Error
	if errors.As(err, &own) { // our redirect rule
		return own
	}
	var netErr net.Error
	switch {
	case errors.Is(err, context.Canceled):
		return &Error{Kind: ErrCanceled, URL: u.String(), Msg: "the request to the schema server was interrupted", Err: err}
	case errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &netErr) && netErr.Timeout()):
		return &Error{Kind: ErrTimeout, URL: u.String(), Err: err,
			Msg: fmt.Sprintf("the schema server at %s did not answer %s %s in time (limit %s)", c.base.Host, method, u.Path, c.http.Timeout)}
	}
	return &Error{Kind: ErrUnreachable, URL: u.String(), Err: err,
		Msg: fmt.Sprintf("cannot reach the schema server at %s: %s", c.base.Host, rootCause(err))}
}

// rootCause strips the "Get \"url\": " wrappers net/http adds, keeping the
// part that explains the failure (e.g. "connection refused").
func rootCause(err error) string {
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	var op *net.OpError
	if errors.As(err, &op) && op.Err != nil {
		return op.Err.Error()
	}
	return err.Error()
}

func byteSize(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	if n >= 1<<10 && n%(1<<10) == 0 {
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
