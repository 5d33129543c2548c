package oasfclient

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/oncard/oncard/internal/oasfapi"
	"github.com/oncard/oncard/internal/oasfclient/servertest"
	"github.com/oncard/oncard/model/oasf"
)

// The tests below talk to servertest, a local stand-in for the real OASF
// schema server (which CI cannot reach) that answers exactly as OASF.md
// documents, from the fixtures in ../shared/reference/oasf/api.

func newClient(t *testing.T, url string, o Options) *Client {
	t.Helper()
	c, err := New(url, o)
	if err != nil {
		t.Fatalf("New(%q): %v", url, err)
	}
	return c
}

func TestVersions(t *testing.T) {
	srv := servertest.New(t)
	list, err := newClient(t, srv.URL, Options{}).Versions(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(list.Names(), ",")
	if got != "1.2.0,1.1.0,1.0.0" {
		t.Errorf("versions = %s, want 1.2.0,1.1.0,1.0.0", got)
	}
	if list.Default == nil || list.Default.Name() != "1.1.0" {
		t.Errorf("default = %+v, want 1.1.0", list.Default)
	}
}

func TestLookup404CarriesServerMessage(t *testing.T) {
	srv := servertest.New(t)
	_, err := newClient(t, srv.URL, Options{}).Class(context.Background(), "1.1.0", oasf.Skills, oasfapi.ByID(99999))
	if !errors.Is(err, oasfapi.ErrNotFound) {
		t.Fatalf("err = %v, want not found", err)
	}
	e := err.(*Error)
	if e.ServerMessage != "No skill found with id 99999" || e.Status != 404 {
		t.Errorf("error = %+v", e)
	}
	if !strings.Contains(err.Error(), "404") || !strings.Contains(err.Error(), "No skill found with id 99999") {
		t.Errorf("message %q should name the status and the server's words", err)
	}
}

func TestServerError500(t *testing.T) {
	srv := servertest.New(t)
	srv.Fault("/api/versions", servertest.Status(500, `{"error":"database on fire"}`))
	_, err := newClient(t, srv.URL, Options{}).Versions(context.Background())
	if KindOf(err) != ErrStatus {
		t.Fatalf("err = %v, want ErrStatus", err)
	}
	if !strings.Contains(err.Error(), "500 Internal Server Error") || !strings.Contains(err.Error(), "database on fire") {
		t.Errorf("message = %q", err)
	}
}

func TestTimeout(t *testing.T) {
	srv := servertest.New(t)
	srv.Fault("/api/versions", servertest.Hang())
	_, err := newClient(t, srv.URL, Options{Timeout: 200 * time.Millisecond}).Versions(context.Background())
	if KindOf(err) != ErrTimeout {
		t.Fatalf("err = %v (kind %d), want ErrTimeout", err, KindOf(err))
	}
	if !strings.Contains(err.Error(), "did not answer") || !strings.Contains(err.Error(), "200ms") {
		t.Errorf("message = %q", err)
	}
}

func TestMalformedJSON(t *testing.T) {
	srv := servertest.New(t)
	srv.Fault("/api/1.1.0/skill_categories", servertest.Status(200, `{"software_engineering": {`))
	srv.Fault("/api/versions", servertest.Status(200, `{"versions": "1.1.0"}`))
	c := newClient(t, srv.URL, Options{})
	if _, err := c.Categories(context.Background(), "1.1.0", oasf.Skills); KindOf(err) != ErrMalformed {
		t.Errorf("truncated tree: err = %v, want ErrMalformed", err)
	}
	_, err := c.Versions(context.Background())
	if KindOf(err) != ErrMalformed || !strings.Contains(err.Error(), "not what the OASF API documents") {
		t.Errorf("wrong shape: err = %v, want ErrMalformed", err)
	}
}

func TestOversizedBody(t *testing.T) {
	srv := servertest.New(t)
	srv.Fault("/api/1.1.0/skill_categories", servertest.Oversized(4096))
	c := newClient(t, srv.URL, Options{MaxBody: 1024})
	_, err := c.Categories(context.Background(), "1.1.0", oasf.Skills)
	if KindOf(err) != ErrTooLarge || !strings.Contains(err.Error(), "1 KiB limit") {
		t.Errorf("err = %v, want ErrTooLarge naming the limit", err)
	}
	// The real trees fit the default cap.
	srv.Fault("/api/1.1.0/skill_categories", nil)
	if _, err := newClient(t, srv.URL, Options{}).Categories(context.Background(), "1.1.0", oasf.Skills); err != nil {
		t.Errorf("default cap: %v", err)
	}
}

func TestRedirectToAnotherHostRefused(t *testing.T) {
	srv := servertest.New(t)
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t.Errorf("the client followed a redirect to another host: %s", r.URL)
	}))
	defer other.Close()
	// 127.0.0.1 and localhost are different hosts to the rule, as they
	// should be: the rule compares what the URL says.
	srv.Fault("/api/versions", servertest.Redirect(other.URL+"/api/versions"))
	_, err := newClient(t, srv.URL, Options{}).Versions(context.Background())
	if KindOf(err) != ErrRedirect || !strings.Contains(err.Error(), "refused a redirect") {
		t.Errorf("err = %v, want a refused redirect", err)
	}
}

func TestRedirectWithinHostFollowed(t *testing.T) {
	srv := servertest.New(t)
	srv.Fault("/old/api/versions", servertest.Redirect(srv.URL+"/api/versions"))
	list, err := newClient(t, srv.URL+"/old", Options{}).Versions(context.Background())
	if err != nil || len(list.Names()) != 3 {
		t.Fatalf("same-host redirect: %v, %v", list, err)
	}
}

func TestServerURLRules(t *testing.T) {
	for _, tc := range []struct {
		url string
		ok  bool
	}{
		{"https://schema.oasf.outshift.com", true},
		{"https://schema.oasf.outshift.com/", true},
		{"http://localhost:8080", true},
		{"http://127.0.0.1:8080", true},
		{"http://[::1]:8080", true},
		{"http://schema.oasf.outshift.com", false},
		{"http://10.0.0.5:8080", false},
		{"ftp://schema.oasf.outshift.com", false},
		{"schema.oasf.outshift.com", false},
		{"https://user:pw@schema.oasf.outshift.com", false},
		{"", false},
	} {
		_, err := New(tc.url, Options{})
		if (err == nil) != tc.ok {
			t.Errorf("New(%q) err = %v, want ok=%v", tc.url, err, tc.ok)
		}
		if err != nil && KindOf(err) != ErrBadURL {
			t.Errorf("New(%q) kind = %d", tc.url, KindOf(err))
		}
	}
	_, err := New("http://schema.example.com", Options{})
	if err == nil || !strings.Contains(err.Error(), "use https") {
		t.Errorf("plain http to a remote host: %v", err)
	}
}

func TestUnreachable(t *testing.T) {
	dead := httptest.NewServer(http.NotFoundHandler())
	url := dead.URL
	dead.Close() // nothing listens there any more
	_, err := newClient(t, url, Options{}).Versions(context.Background())
	if KindOf(err) != ErrUnreachable || !strings.Contains(err.Error(), "cannot reach the schema server") {
		t.Errorf("err = %v, want ErrUnreachable", err)
	}
}

func TestValidateObject(t *testing.T) {
	srv := servertest.New(t)
	c := newClient(t, srv.URL, Options{})
	v, err := c.ValidateObject(context.Background(), "1.1.0", "discovery", []byte(`{"schema_version":"1.1.0","skills":[]}`))
	if err != nil {
		t.Fatal(err)
	}
	if !v.LacksObject("discovery") || v.ErrorCount != 1 {
		t.Errorf("validation = %+v, want the name_unknown answer", v)
	}
	_, err = c.ValidateObject(context.Background(), "1.1.0", "discovery", []byte(`[1]`))
	if KindOf(err) != ErrBadRequest || !strings.Contains(err.Error(), "Unexpected body. Expected a JSON object.") {
		t.Errorf("non-object body: %v", err)
	}
}

// TestProxyFromEnvironment checks that HTTPS_PROXY is honoured. The
// standard library reads the proxy variables once per process, so the check
// runs in a child process with the variable set from the start.
func TestProxyFromEnvironment(t *testing.T) {
	if os.Getenv("ONCARD_PROXY_CHILD") == "1" {
		proxyChild(t)
		return
	}
	seen := make(chan string, 1)
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case seen <- r.Method + " " + r.Host:
		default:
		}
		http.Error(w, "proxy says no", http.StatusForbidden)
	}))
	defer proxy.Close()
	cmd := exec.Command(os.Args[0], "-test.run=^TestProxyFromEnvironment$", "-test.v")
	cmd.Env = append(os.Environ(), "ONCARD_PROXY_CHILD=1", "HTTPS_PROXY="+strings.Replace(proxy.URL, "http://", "http://alice:s3cret@", 1), "NO_PROXY=", "no_proxy=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	select {
	case got := <-seen:
		if got != "CONNECT schema.example.test:443" {
			t.Errorf("proxy saw %q, want CONNECT schema.example.test:443", got)
		}
	default:
		t.Errorf("the request did not go through HTTPS_PROXY\n%s", out)
	}
}

func proxyChild(t *testing.T) {
	c := newClient(t, "https://schema.example.test", Options{Timeout: 5 * time.Second})
	_, err := c.Versions(context.Background())
	if KindOf(err) != ErrProxy {
		t.Fatalf("err = %v, want ErrProxy (the proxy refuses)", err)
	}
	// The proxy is named (without its credentials), and so is its answer.
	proxy, _ := url.Parse(os.Getenv("HTTPS_PROXY"))
	if !strings.Contains(err.Error(), "the proxy http://"+proxy.Host) || !strings.Contains(err.Error(), "Forbidden") {
		t.Errorf("message %q should name the proxy %s and its answer", err, proxy.Host)
	}
	if strings.Contains(err.Error(), "s3cret") {
		t.Errorf("message %q repeats the proxy's password", err)
	}
	t.Logf("through the proxy: %v", err)
}
