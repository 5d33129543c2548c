// Package safehttp is the one HTTP client oncard uses to fetch anything
// from the network (an OASF schema server, a deployed agent card). What it
// fetches ends up in validation verdicts, so it is deliberately strict:
//
//   - https only; plain http only to this machine (localhost, 127.0.0.0/8,
//     ::1), for a server run locally;
//   - a URL with user:password@ is refused, and no message or error ever
//     contains credentials (of the URL or of a proxy): see Redact;
//   - bounded connect time (TCP and TLS handshake) and total time (body
//     included);
//   - a cap on the response body: a larger answer is an error, not a
//     truncated body;
//   - redirects only within the same scheme and host[:port] (at most 5): a
//     server that sends the client elsewhere would have its answers come
//     from somewhere else;
//   - proxy variables (HTTPS_PROXY, NO_PROXY, …) honoured, and a proxy that
//     refuses is named in the message;
//   - on request (GetPublic, Request.PublicOnly), nothing on this machine or
//     a private network: for URLs a fetched document chose (a signature's
//     jku), which must not make oncard reach what only this machine can.
//
// Every failure is an *Error with a Kind a caller can act on and a Msg that
// is a complete sentence for the user. Use:
//
//	c := safehttp.New(safehttp.Options{Subject: "the agent card host"})
//	body, contentType, finalURL, err := c.Get(ctx, "https://agent.example/.well-known/agent-card.json", 1<<20)
package safehttp

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/oncard/oncard/model"
)

// Defaults of the limits.
const (
	DefaultConnectTimeout = 5 * time.Second
	DefaultTimeout        = 15 * time.Second
	DefaultMaxBytes       = 8 << 20
	MaxRedirects          = 5
)

// Options tune a Client. The zero value gives the documented defaults.
type Options struct {
	ConnectTimeout time.Duration // TCP connect and TLS handshake limit
	Timeout        time.Duration // whole request, body included
	MaxBytes       int64         // default cap of a response body, in bytes
	// Subject names the remote side in messages ("the schema server", "the
	// agent card host"); "" is "the server".
	Subject string
	// Proxy picks the proxy of a request; nil is http.ProxyFromEnvironment
	// (which reads the environment once per process: tests inject a proxy
	// here instead of setting variables).
	Proxy func(*http.Request) (*url.URL, error)
	// HTTPClient replaces the client built from the options above (tests
	// use it to trust a TLS test server). Its CheckRedirect is replaced by
	// the same-host rule; its Timeout is kept when set; an *http.Transport
	// of it is copied and its dialing given the PublicOnly check.
	HTTPClient *http.Client
}

// Client fetches over HTTP(S) under the rules of the package. Safe for
// concurrent use.
type Client struct {
	http     *http.Client
	proxy    func(*http.Request) (*url.URL, error)
	maxBytes int64
	subject  string
	connect  time.Duration // the limit of connecting and of the TLS handshake
}

// New builds a Client.
func New(o Options) *Client {
	if o.ConnectTimeout <= 0 {
		o.ConnectTimeout = DefaultConnectTimeout
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.MaxBytes <= 0 {
		o.MaxBytes = DefaultMaxBytes
	}
	if o.Subject == "" {
		o.Subject = "the server"
	}
	if o.Proxy == nil {
		o.Proxy = http.ProxyFromEnvironment
	}
	var hc *http.Client
	if o.HTTPClient == nil {
		hc = &http.Client{Timeout: o.Timeout, Transport: newTransport(o.ConnectTimeout, o.Proxy)}
	} else {
		copied := *o.HTTPClient
		hc = &copied
		if hc.Timeout <= 0 {
			hc.Timeout = o.Timeout
		}
		if t, ok := hc.Transport.(*http.Transport); ok {
			t = t.Clone()
			guardDial(t)
			hc.Transport = t
		}
	}
	c := &Client{http: hc, proxy: o.Proxy, maxBytes: o.MaxBytes, subject: o.Subject, connect: o.ConnectTimeout}
	if t, ok := hc.Transport.(*http.Transport); ok && t.TLSHandshakeTimeout > 0 {
		c.connect = t.TLSHandshakeTimeout
	}
	hc.CheckRedirect = c.sameHostRedirects
	quietTransportLog()
	return c
}

var quietOnce sync.Once

// quietTransportLog keeps net/http's own log lines off stderr: its
// Transport reports some server misbehaviour with the standard logger
// ("Unsolicited response received on idle HTTP channel starting with …",
// quoting the server's bytes), which would reach the terminal unasked and
// out of place. oncard reports what matters of a request itself. Nothing
// else in oncard writes to the standard logger; one that was given another
// writer is left alone.
func quietTransportLog() {
	quietOnce.Do(func() {
		if log.Writer() == os.Stderr {
			log.SetOutput(io.Discard)
		}
	})
}

func newTransport(connect time.Duration, proxy func(*http.Request) (*url.URL, error)) *http.Transport {
	dialer := &net.Dialer{Timeout: connect, KeepAlive: 30 * time.Second}
	t := &http.Transport{
		Proxy:                 proxy,
		DialContext:           dialer.DialContext,
		TLSHandshakeTimeout:   connect,
		ResponseHeaderTimeout: 0, // bounded by the client's total Timeout
		MaxIdleConns:          4,
		IdleConnTimeout:       30 * time.Second,
		ForceAttemptHTTP2:     true,
		// net/http reports a refused CONNECT with the status text alone;
		// keep the proxy and the status so the message can name both.
		OnProxyConnectResponse: func(_ context.Context, proxy *url.URL, _ *http.Request, resp *http.Response) error {
			if resp.StatusCode == http.StatusOK {
				return nil
			}
			return &proxyRefusal{proxy: Redact(proxy.Scheme + "://" + proxy.Host), status: resp.StatusCode}
		},
	}
	guardDial(t)
	return t
}

// proxyRefusal is a proxy answering CONNECT with a status other than 200.
type proxyRefusal struct {
	proxy  string
	status int
}

func (p *proxyRefusal) Error() string {
	return fmt.Sprintf("the proxy %s answered %d %s", p.proxy, p.status, http.StatusText(p.status))
}

// Request is one request for Do.
type Request struct {
	Method string // "" is GET
	URL    *url.URL
	Body   []byte // sent as Content-Type ContentType when not nil
	// Accept and ContentType default to application/json.
	Accept, ContentType string
	MaxBytes            int64 // 0 is the client's cap
	// Stream, when set, receives the body of a 200 answer as it arrives
	// (up to MaxBytes; more is ErrTooLarge), instead of Response.Body: a
	// large answer is never held in memory. Other answers are read into
	// Body as usual, up to errorBodyBytes.
	Stream io.Writer
	// PublicOnly refuses a host on this machine or a private network
	// (IsPublicAddress): by name or address literal before anything is
	// sent, and by the address actually connected to when there is no
	// proxy (a name that resolves there). Through a proxy, which resolves
	// names itself, only the first check applies.
	PublicOnly bool
}

// Response is a complete answer, whatever its status.
type Response struct {
	Status      int
	Body        []byte
	ContentType string
	FinalURL    *url.URL    // where the answer came from, after redirects
	Header      http.Header // the answer's headers (Link, for one)
}

// Get fetches rawURL (checked by CheckURL) and returns the body of a 200
// answer, its Content-Type and the URL it finally came from. Any other
// status is an *Error of Kind ErrStatus (Status set). maxBytes caps the
// body (0 is the client's cap).
func (c *Client) Get(ctx context.Context, rawURL string, maxBytes int64) (body []byte, contentType, finalURL string, err error) {
	return c.get(ctx, rawURL, maxBytes, false)
}

// GetPublic is Get for a URL that a fetched document chose rather than the
// user: it refuses, as an *Error of Kind ErrNotPublic, a host on this
// machine or a private network (see Request.PublicOnly).
func (c *Client) GetPublic(ctx context.Context, rawURL string, maxBytes int64) (body []byte, contentType, finalURL string, err error) {
	return c.get(ctx, rawURL, maxBytes, true)
}

func (c *Client) get(ctx context.Context, rawURL string, maxBytes int64, publicOnly bool) (body []byte, contentType, finalURL string, err error) {
	u, err := CheckURL(rawURL)
	if err != nil {
		return nil, "", "", err
	}
	resp, err := c.Do(ctx, Request{URL: u, MaxBytes: maxBytes, Accept: "application/json, */*;q=0.5", PublicOnly: publicOnly})
	if err != nil {
		return nil, "", "", err
	}
	if resp.Status != http.StatusOK {
		return nil, "", "", &Error{Kind: ErrStatus, URL: Redact(u.String()), Status: resp.Status,
			Msg: fmt.Sprintf("%s at %s answered %d %s to GET %s", c.subject, u.Host, resp.Status, http.StatusText(resp.Status), model.SafeText(u.EscapedPath()))}
	}
	return resp.Body, resp.ContentType, Redact(resp.FinalURL.String()), nil
}

// Do sends one request to a URL the caller checked (CheckURL) and returns
// the answer whatever its status: statuses are the caller's to judge.
// Transport failures, a redirect elsewhere and an oversized body are
// *Error values.
func (c *Client) Do(ctx context.Context, r Request) (*Response, error) {
	if r.URL == nil {
		return nil, &Error{Kind: ErrBadURL, Msg: "no URL to fetch"}
	}
	if _, err := CheckURL(r.URL.String()); err != nil {
		return nil, err
	}
	method := r.Method
	if method == "" {
		method = http.MethodGet
	}
	limit := r.MaxBytes
	if limit <= 0 {
		limit = c.maxBytes
	}
	var rd io.Reader
	if r.Body != nil {
		rd = bytes.NewReader(r.Body)
	}
	req, err := http.NewRequestWithContext(ctx, method, r.URL.String(), rd)
	if err != nil {
		return nil, &Error{Kind: ErrBadURL, URL: Redact(r.URL.String()), Msg: fmt.Sprintf("cannot build the request: %s", model.SafeText(Redact(err.Error())))}
	}
	if r.PublicOnly {
		if where := nonPublicHost(r.URL.Hostname()); where != "" {
			return nil, &Error{Kind: ErrNotPublic, URL: Redact(r.URL.String()),
				Msg: fmt.Sprintf("%s is %s", model.SafeText(r.URL.Host), where)}
		}
		if p, perr := c.proxy(req); perr == nil && p == nil {
			// No proxy: the dialer sees the address the name resolves to.
			req = req.WithContext(context.WithValue(ctx, publicOnlyKey{}, true))
		}
	}
	accept, ctype := r.Accept, r.ContentType
	if accept == "" {
		accept = "application/json"
	}
	if ctype == "" {
		ctype = "application/json"
	}
	req.Header.Set("Accept", accept)
	req.Header.Set("User-Agent", "oncard")
	if r.Body != nil {
		req.Header.Set("Content-Type", ctype)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, c.transportError(req, err)
	}
	defer resp.Body.Close()
	var data []byte
	var n int64
	switch {
	case r.Stream != nil && resp.StatusCode == http.StatusOK:
		n, err = io.Copy(r.Stream, io.LimitReader(resp.Body, limit+1))
		if err != nil && ctx.Err() == nil && !isReadError(err) {
			return nil, err // the writer's (a full disk): not the server's
		}
	case r.Stream != nil:
		data, err = io.ReadAll(io.LimitReader(resp.Body, min(limit, errorBodyBytes)))
		n = int64(len(data))
	default:
		data, err = io.ReadAll(io.LimitReader(resp.Body, limit+1))
		n = int64(len(data))
	}
	if err != nil {
		return nil, c.transportError(req, err)
	}
	if n > limit {
		return nil, &Error{Kind: ErrTooLarge, URL: Redact(r.URL.String()),
			Msg: fmt.Sprintf("the answer of %s to %s %s is larger than the %s limit", c.subject, method, model.SafeText(r.URL.EscapedPath()), ByteSize(limit))}
	}
	final := r.URL
	if resp.Request != nil && resp.Request.URL != nil {
		final = resp.Request.URL
	}
	return &Response{Status: resp.StatusCode, Body: data, ContentType: resp.Header.Get("Content-Type"), FinalURL: final, Header: resp.Header}, nil
}

// errorBodyBytes caps what is read of an answer other than 200 when the
// body of a 200 would have been streamed: enough for an {"error": …}.
const errorBodyBytes = 64 << 10

// isReadError reports whether an io.Copy error came from reading the body
// (the network), not from writing it out. The writers oncard streams to
// (files) return *fs.PathError.
func isReadError(err error) bool {
	var pe *fs.PathError
	return !errors.As(err, &pe)
}

// CheckURL accepts https URLs, and http URLs whose host is loopback. A URL
// with credentials (user:password@) is refused; the message does not repeat
// them.
func CheckURL(raw string) (*url.URL, error) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.Host == "" || (u.Scheme != "https" && u.Scheme != "http") {
		return nil, &Error{Kind: ErrBadURL, URL: Redact(raw),
			Msg: fmt.Sprintf("%q is not a usable URL: expected https://host[:port]/…", model.SafeText(Redact(raw)))}
	}
	if u.User != nil {
		return nil, &Error{Kind: ErrBadURL, URL: Redact(raw),
			Msg: fmt.Sprintf("%q carries credentials (user:password@): oncard does not send them; remove them from the URL", model.SafeText(Redact(raw)))}
	}
	if u.Scheme == "http" && !IsLoopback(u.Hostname()) {
		return nil, &Error{Kind: ErrBadURL, URL: Redact(raw),
			Msg: fmt.Sprintf("refusing plain http to %s: use https (http is allowed only for localhost)", model.SafeText(u.Host))}
	}
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

// Redact removes user:password@ from every URL in s (a URL alone, or a
// message that contains URLs), so that credentials never reach a message,
// a log or a cache file.
func Redact(s string) string {
	if !strings.Contains(s, "@") {
		return s
	}
	var b strings.Builder
	for {
		i := strings.Index(s, "://")
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i+3])
		s = s[i+3:]
		// The authority ends at the first of "/?#", whitespace or quote.
		end := strings.IndexAny(s, "/?#\" \t\n'")
		if end < 0 {
			end = len(s)
		}
		if at := strings.LastIndex(s[:end], "@"); at >= 0 {
			s = s[at+1:]
		}
	}
}

// sameHostRedirects follows a redirect only to the same scheme and host the
// request started with.
func (c *Client) sameHostRedirects(req *http.Request, via []*http.Request) error {
	first := via[0].URL
	if len(via) >= MaxRedirects {
		return &Error{Kind: ErrRedirect, URL: Redact(first.String()),
			Msg: fmt.Sprintf("%s at %s redirected more than %d times", c.subject, first.Host, MaxRedirects)}
	}
	if !strings.EqualFold(req.URL.Host, first.Host) || req.URL.Scheme != first.Scheme {
		return &Error{Kind: ErrRedirect, URL: Redact(first.String()),
			Msg: fmt.Sprintf("refused a redirect from %s to %s: %s may only redirect within its own host",
				first.Scheme+"://"+first.Host, model.SafeText(req.URL.Scheme+"://"+req.URL.Host), c.subject)}
	}
	return nil
}

// transportError turns what net/http returns into a sentence.
func (c *Client) transportError(req *http.Request, err error) error {
	u := req.URL
	var own *Error
	if errors.As(err, &own) { // the redirect rule
		return own
	}
	var netErr net.Error
	var op *net.OpError
	var refusal *proxyRefusal
	var private *nonPublicDial
	switch {
	case errors.As(err, &private):
		return &Error{Kind: ErrNotPublic, URL: Redact(u.String()), Err: err,
			Msg: fmt.Sprintf("%s resolves to %s, %s", model.SafeText(u.Host), private.ip, nonPublicWords(private.ip))}
	case errors.As(err, &refusal):
		return &Error{Kind: ErrProxy, URL: Redact(u.String()), Err: err,
			Msg: fmt.Sprintf("the proxy %s refused to connect to %s at %s: it answered %d %s (check HTTPS_PROXY and NO_PROXY)",
				refusal.proxy, c.subject, u.Host, refusal.status, http.StatusText(refusal.status))}
	case errors.Is(err, context.Canceled):
		return &Error{Kind: ErrCanceled, URL: Redact(u.String()), Err: err, Msg: fmt.Sprintf("the request to %s was interrupted", c.subject)}
	case (errors.As(err, &netErr) && netErr.Timeout()) && strings.Contains(err.Error(), "TLS handshake timeout"):
		// The handshake has its own limit, the connect one: name it.
		return &Error{Kind: ErrTimeout, URL: Redact(u.String()), Err: err,
			Msg: fmt.Sprintf("%s at %s did not complete the TLS handshake in time (limit %s)", c.subject, u.Host, c.connect)}
	case errors.As(err, &op) && op.Op == "dial" && op.Timeout():
		return &Error{Kind: ErrTimeout, URL: Redact(u.String()), Err: err,
			Msg: fmt.Sprintf("%s at %s did not accept the connection in time (limit %s)", c.subject, u.Host, c.connect)}
	case errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &netErr) && netErr.Timeout()):
		return &Error{Kind: ErrTimeout, URL: Redact(u.String()), Err: err,
			Msg: fmt.Sprintf("%s at %s did not answer %s %s in time (limit %s)", c.subject, u.Host, req.Method, model.SafeText(u.EscapedPath()), c.http.Timeout)}
	case errors.As(err, &op) && op.Op == "proxyconnect":
		proxy := "the configured proxy"
		if p, perr := c.proxy(req); perr == nil && p != nil {
			proxy = "the proxy " + Redact(p.Scheme+"://"+p.Host)
		}
		return &Error{Kind: ErrProxy, URL: Redact(u.String()), Err: err,
			Msg: fmt.Sprintf("cannot reach %s at %s through %s: %s (check HTTPS_PROXY and NO_PROXY)",
				c.subject, u.Host, proxy, model.SafeText(Redact(rootCause(op.Err))))}
	}
	return &Error{Kind: ErrUnreachable, URL: Redact(u.String()), Err: err,
		Msg: fmt.Sprintf("cannot reach %s at %s: %s", c.subject, u.Host, model.SafeText(Redact(rootCause(err))))}
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

// ByteSize writes a size the way limits are usually given (8 MiB).
func ByteSize(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	if n >= 1<<10 && n%(1<<10) == 0 {
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// publicOnlyKey marks the context of a PublicOnly request sent without a
// proxy: its connections must reach a public address.
type publicOnlyKey struct{}

// guardDial makes t's connections for PublicOnly requests check the
// address they reached. The check is on the connected address, not on a
// lookup of its own, so that a name cannot resolve one way for the check
// and another for the connection.
func guardDial(t *http.Transport) {
	dial := t.DialContext
	if dial == nil {
		dial = (&net.Dialer{}).DialContext
	}
	t.DialContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		conn, err := dial(ctx, network, addr)
		if err != nil || ctx.Value(publicOnlyKey{}) == nil {
			return conn, err
		}
		ip := netip.Addr{}
		if tcp, ok := conn.RemoteAddr().(*net.TCPAddr); ok {
			ip, _ = netip.AddrFromSlice(tcp.IP)
		}
		if !IsPublicAddress(ip) {
			conn.Close()
			return nil, &nonPublicDial{ip: ip.Unmap()}
		}
		return conn, nil
	}
}

// nonPublicDial is a PublicOnly connection that reached an address on this
// machine or a private network.
type nonPublicDial struct{ ip netip.Addr }

func (e *nonPublicDial) Error() string {
	return "connected to " + e.ip.String() + ", " + nonPublicWords(e.ip)
}

// sharedAddressSpace is 100.64.0.0/10 (RFC 6598, carrier-grade NAT):
// reachable only inside a provider's network, like the private ranges.
var sharedAddressSpace = netip.MustParsePrefix("100.64.0.0/10")

// IsPublicAddress reports whether ip is an address of the public internet:
// not loopback, private (RFC 1918, RFC 4193), shared (RFC 6598),
// link-local, multicast or unspecified.
func IsPublicAddress(ip netip.Addr) bool {
	ip = ip.Unmap()
	return ip.IsValid() && ip.IsGlobalUnicast() && !ip.IsPrivate() && !sharedAddressSpace.Contains(ip)
}

// nonPublicHost says what a host (without port) is when it names this
// machine or a private network by itself ("an address of this machine"),
// and "" otherwise, including for names that only resolve there.
func nonPublicHost(host string) string {
	host = strings.TrimSuffix(strings.Trim(host, "[]"), ".")
	lower := strings.ToLower(host)
	if lower == "localhost" || strings.HasSuffix(lower, ".localhost") {
		return "a name of this machine"
	}
	if ip, err := netip.ParseAddr(host); err == nil && !IsPublicAddress(ip) {
		return nonPublicWords(ip)
	}
	return ""
}

// nonPublicWords says where a non-public address is.
func nonPublicWords(ip netip.Addr) string {
	ip = ip.Unmap()
	switch {
	case ip.IsLoopback():
		return "an address of this machine"
	case ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast():
		return "a link-local address"
	case ip.IsPrivate() || sharedAddressSpace.Contains(ip):
		return "an address of a private network"
	}
	return "not an address of the public internet"
}
