package fetch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/oncard/oncard/internal/safehttp"
	"github.com/oncard/oncard/validate"
)

// route is what the test server answers on one path.
type route struct {
	status      int // 0 is 200
	contentType string
	body        string
	redirect    string // a Location: the answer is 302
}

// server is a local HTTPS server answering routes, counting requests per
// path. BASE in a body is replaced by its own URL.
type server struct {
	*httptest.Server
	mu     sync.Mutex
	routes map[string]route
	hits   map[string]int
	// onRequest, when set, runs before each answer.
	onRequest func(path string)
}

func newServer(t testing.TB, routes map[string]route) *server {
	t.Helper()
	s := &server{routes: routes, hits: map[string]int{}}
	s.Server = httptest.NewUnstartedServer(http.HandlerFunc(s.serve))
	s.Config.ErrorLog = log.New(io.Discard, "", 0) // handshakes a test makes fail on purpose
	s.StartTLS()
	t.Cleanup(s.Close)
	return s
}

func (s *server) serve(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.hits[r.URL.Path]++
	rt, ok := s.routes[r.URL.Path]
	hook := s.onRequest
	s.mu.Unlock()
	if hook != nil {
		hook(r.URL.Path)
	}
	switch {
	case !ok:
		http.NotFound(w, r)
	case rt.redirect != "":
		http.Redirect(w, r, rt.redirect, http.StatusFound)
	default:
		if rt.contentType != "" {
			w.Header().Set("Content-Type", rt.contentType)
		} else {
			w.Header()["Content-Type"] = nil // no type at all (net/http would sniff one)
		}
		w.WriteHeader(max(rt.status, 200))
		_, _ = w.Write([]byte(strings.ReplaceAll(rt.body, "BASE", s.URL)))
	}
}

func (s *server) hitsOf(path string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hits[path]
}

// client trusts the server's certificate, and nothing else.
func (s *server) client() *safehttp.Client {
	return safehttp.New(safehttp.Options{HTTPClient: s.Client()})
}

func fixture(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestClassify(t *testing.T) {
	for arg, want := range map[string]Source{
		"-":                          Stdin,
		"card.json":                  Path,
		"./https://x":                Path,
		"https:card.json":            Path,
		"https://agents.example":     URL,
		"HTTPS://agents.example/c":   URL,
		"http://localhost:8080/card": URL,
		"ftp://agents.example/card":  Path,
		"":                           Path,
	} {
		if got := Classify(arg); got != want {
			t.Errorf("Classify(%q) = %v, want %v", arg, got, want)
		}
	}
}

func TestDocumentURL(t *testing.T) {
	for raw, want := range map[string]string{
		"https://agents.example":               "https://agents.example/.well-known/agent-card.json",
		"https://agents.example/":              "https://agents.example/.well-known/agent-card.json",
		"https://agents.example:8443":          "https://agents.example:8443/.well-known/agent-card.json",
		"https://agents.example/a/card.json":   "https://agents.example/a/card.json",
		"https://agents.example/a/":            "https://agents.example/a/",
		"http://127.0.0.1:9/":                  "http://127.0.0.1:9/.well-known/agent-card.json",
		"https://agents.example/card.json?v=2": "https://agents.example/card.json?v=2",
	} {
		got, err := DocumentURL(raw)
		if err != nil || got != want {
			t.Errorf("DocumentURL(%q) = %q, %v; want %q", raw, got, err, want)
		}
	}
	for _, raw := range []string{"http://agents.example", "https://alice:s3cret@agents.example", "https://", "http://10.0.0.1/card"} {
		_, err := DocumentURL(raw)
		var e *Error
		if !errors.As(err, &e) || e.Code != CodeRefused {
			t.Errorf("DocumentURL(%q) = %v, want a %s error", raw, err, CodeRefused)
			continue
		}
		if strings.Contains(e.Msg, "s3cret") || strings.Contains(e.URL, "s3cret") {
			t.Errorf("DocumentURL(%q): the password is in %q / %q", raw, e.Msg, e.URL)
		}
	}
}

func TestIsJSONMediaType(t *testing.T) {
	for ct, want := range map[string]bool{
		"application/json":                           true,
		"application/json; charset=utf-8":            true,
		"Application/JSON":                           true,
		"application/a2a-agent-card+json":            true,
		"application/ai-catalog+json; charset=UTF-8": true,
		"text/html; charset=utf-8":                   false,
		"text/plain":                                 false,
		"text/json":                                  false,
		"application/jsonp":                          false,
		"application/octet-stream":                   false,
		"":                                           false,
		"application/json; =":                        false, // does not parse
	} {
		if got := IsJSONMediaType(ct); got != want {
			t.Errorf("IsJSONMediaType(%q) = %v, want %v", ct, got, want)
		}
		d, warned := ContentTypeFinding(ct)
		if warned == want {
			t.Errorf("ContentTypeFinding(%q) warned = %v", ct, warned)
		}
		if warned && (d.Code != CodeContentType || d.Severity != validate.Warning) {
			t.Errorf("ContentTypeFinding(%q) = %+v", ct, d)
		}
	}
}

func TestReadURL(t *testing.T) {
	card := fixture(t, "card.json")
	srv := newServer(t, map[string]route{
		"/.well-known/agent-card.json": {contentType: "application/json; charset=utf-8", body: card},
		"/html":                        {contentType: "text/html; charset=utf-8", body: card},
		"/untyped":                     {body: card},
		"/moved":                       {redirect: "/.well-known/agent-card.json"},
		"/away":                        {redirect: "https://localhost:1/card.json"},
		"/huge":                        {contentType: "application/json", body: `{"name": "` + strings.Repeat("x", 16384) + `"}`},
		"/error":                       {status: 500, body: "boom"},
	})
	ctx := context.Background()
	opts := Options{Client: srv.client(), MaxBytes: 8192}

	// A bare origin is the well-known card.
	d, err := Read(ctx, srv.URL, opts)
	if err != nil {
		t.Fatal(err)
	}
	want := srv.URL + WellKnownCardPath
	if d.Name != want || d.URL != want || string(d.Data) != card || len(d.Findings) != 1 || d.Findings[0].Code != CodeResolved || !d.Remote() {
		t.Errorf("bare origin: %q %q findings %v", d.Name, d.URL, d.Findings)
	}

	// A redirect within the host is followed; the name stays the URL asked.
	d, err = Read(ctx, srv.URL+"/moved", opts)
	if err != nil || d.Name != srv.URL+"/moved" || d.URL != want {
		t.Errorf("redirect: %v %+v", err, d)
	}

	// Not JSON: read anyway, with the warning.
	for path, served := range map[string]string{"/html": `served as "text/html; charset=utf-8"`, "/untyped": "served without a Content-Type"} {
		d, err = Read(ctx, srv.URL+path, opts)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if len(d.Findings) != 1 || d.Findings[0].Code != CodeContentType || !strings.Contains(d.Findings[0].Message, served) {
			t.Errorf("%s: findings %+v, want one %s saying %s", path, d.Findings, CodeContentType, served)
		}
		if string(d.Data) != card {
			t.Errorf("%s: the body was not kept", path)
		}
	}

	// Failures: each an *Error naming the URL, with its code.
	for path, code := range map[string]string{
		"/away":    CodeRefused,
		"/huge":    CodeTooLarge,
		"/error":   CodeStatus,
		"/missing": CodeStatus,
	} {
		_, err := Read(ctx, srv.URL+path, opts)
		var e *Error
		if !errors.As(err, &e) || e.Code != code {
			t.Errorf("%s: %v, want a %s error", path, err, code)
			continue
		}
		if !strings.Contains(e.Msg, srv.URL+path) {
			t.Errorf("%s: message %q does not name the URL", path, e.Msg)
		}
		if d := e.Diagnostic(); d.Severity != validate.Error || d.Code != code || d.Hint == "" {
			t.Errorf("%s: diagnostic %+v", path, d)
		}
	}
	if n := srv.hitsOf("/card.json"); n != 0 {
		t.Errorf("the redirect to another host was followed")
	}
}

func TestReadUntrustedCertificate(t *testing.T) {
	srv := newServer(t, map[string]route{"/c": {body: "{}"}})
	// The default client trusts the system's roots, not the test server.
	_, err := Read(context.Background(), srv.URL+"/c", Options{})
	var e *Error
	if !errors.As(err, &e) || e.Code != CodeUnreachable || !strings.Contains(e.Msg, "certificate") {
		t.Errorf("err = %v, want %s about the certificate", err, CodeUnreachable)
	}
}

func TestReadUnreachable(t *testing.T) {
	srv := newServer(t, nil)
	url := srv.URL
	srv.Close()
	_, err := Read(context.Background(), url+"/card.json", Options{})
	var e *Error
	if !errors.As(err, &e) || e.Code != CodeUnreachable || !strings.Contains(e.Msg, url+"/card.json") {
		t.Errorf("err = %v, want %s naming the URL", err, CodeUnreachable)
	}
}

func TestReadCanceled(t *testing.T) {
	srv := newServer(t, map[string]route{"/c": {body: "{}"}})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Read(ctx, srv.URL+"/c", Options{Client: srv.client()})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}

func TestReadLocal(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "card.json")
	if err := os.WriteFile(path, []byte(`{"name": "x"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	d, err := Read(context.Background(), path, Options{})
	if err != nil || d.Name != path || string(d.Data) != `{"name": "x"}` || d.Remote() {
		t.Errorf("Read(%q) = %+v, %v", path, d, err)
	}
	if _, err := Read(context.Background(), path, Options{MaxBytes: 4}); err == nil || !strings.Contains(err.Error(), "larger than the 4 bytes limit") {
		t.Errorf("over the cap: %v", err)
	}
	// The caller's reader gets paths and "-", never URLs.
	var asked []string
	read := func(p string) ([]byte, error) { asked = append(asked, p); return []byte("{}"), nil }
	for _, arg := range []string{"-", "a.json"} {
		if _, err := Read(context.Background(), arg, Options{ReadLocal: read}); err != nil {
			t.Fatal(err)
		}
	}
	if fmt.Sprint(asked) != "[- a.json]" {
		t.Errorf("ReadLocal got %v", asked)
	}
}
