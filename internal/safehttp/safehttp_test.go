package safehttp

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// kindOf returns the ErrKind of err, or 0 when err is not an *Error.
func kindOf(err error) ErrKind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return 0
}

func TestGet(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/moved":
			http.Redirect(w, r, "/card.json", http.StatusFound)
		case "/card.json":
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, `{"name":"agent"}`)
		case "/big":
			_, _ = io.WriteString(w, strings.Repeat("x", 2048))
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	c := New(Options{Subject: "the agent card host"})
	body, ctype, final, err := c.Get(context.Background(), srv.URL+"/moved", 0)
	if err != nil || string(body) != `{"name":"agent"}` || ctype != "application/json" || final != srv.URL+"/card.json" {
		t.Errorf("Get = %q, %q, %q, %v", body, ctype, final, err)
	}
	_, _, _, err = c.Get(context.Background(), srv.URL+"/big", 1024)
	if kindOf(err) != ErrTooLarge || !strings.Contains(err.Error(), "1 KiB limit") || !strings.Contains(err.Error(), "the agent card host") {
		t.Errorf("oversize: %v", err)
	}
	_, _, _, err = c.Get(context.Background(), srv.URL+"/nothing", 0)
	if kindOf(err) != ErrStatus || err.(*Error).Status != 404 {
		t.Errorf("404: %v", err)
	}
}

func TestRedirectToAnotherHostRefused(t *testing.T) {
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t.Errorf("followed a redirect to another host: %s", r.URL)
	}))
	defer other.Close()
	// localhost and 127.0.0.1 are different hosts to the rule.
	elsewhere := strings.Replace(other.URL, "127.0.0.1", "localhost", 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, elsewhere+"/x", http.StatusFound)
	}))
	defer srv.Close()
	_, _, _, err := New(Options{}).Get(context.Background(), srv.URL, 0)
	if kindOf(err) != ErrRedirect || !strings.Contains(err.Error(), "refused a redirect") {
		t.Errorf("err = %v, want ErrRedirect", err)
	}
}

func TestCheckURL(t *testing.T) {
	for raw, ok := range map[string]bool{
		"https://agent.example/.well-known/agent-card.json": true,
		"https://agent.example:8443/card?x=1":               true,
		"http://localhost:8080/card":                        true,
		"http://127.0.0.1/card":                             true,
		"http://[::1]:9/card":                               true,
		"http://agent.example/card":                         false,
		"http://10.0.0.1/card":                              false,
		"ftp://agent.example/card":                          false,
		"agent.example/card":                                false,
		"https://alice:s3cret@agent.example/card":           false,
		"": false,
	} {
		_, err := CheckURL(raw)
		if (err == nil) != ok {
			t.Errorf("CheckURL(%q) = %v, want ok=%v", raw, err, ok)
		}
		if err != nil && (kindOf(err) != ErrBadURL || strings.Contains(err.Error(), "s3cret")) {
			t.Errorf("CheckURL(%q): %v", raw, err)
		}
	}
}

func TestRedact(t *testing.T) {
	for in, want := range map[string]string{
		"https://alice:s3cret@host.example/p?q=1":                  "https://host.example/p?q=1",
		"https://host.example/p@x":                                 "https://host.example/p@x",
		`Get "http://u:p@proxy:3128": refused; http://a@b.example`: `Get "http://proxy:3128": refused; http://b.example`,
		"no url here, mail@example.com":                            "no url here, mail@example.com",
	} {
		if got := Redact(in); got != want {
			t.Errorf("Redact(%q) = %q, want %q", in, got, want)
		}
	}
}

// A proxy that refuses CONNECT is named (without its credentials) with its
// status. The proxy is injected: net/http reads the proxy variables once
// per process (oasfclient's TestProxyFromEnvironment covers them).
func TestProxyRefusalNamesTheProxy(t *testing.T) {
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "no", http.StatusForbidden)
	}))
	defer proxy.Close()
	pu, _ := url.Parse(strings.Replace(proxy.URL, "http://", "http://alice:s3cret@", 1))
	c := New(Options{Proxy: http.ProxyURL(pu), Subject: "the schema server"})
	_, _, _, err := c.Get(context.Background(), "https://schema.example.test/api/versions", 0)
	if kindOf(err) != ErrProxy {
		t.Fatalf("err = %v, want ErrProxy", err)
	}
	msg := err.Error()
	if !strings.Contains(msg, "the proxy "+proxy.URL) || !strings.Contains(msg, "403 Forbidden") || strings.Contains(msg, "s3cret") {
		t.Errorf("message %q should name the proxy and its 403, without credentials", msg)
	}
}
