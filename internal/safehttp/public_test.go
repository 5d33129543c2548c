package safehttp

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
)

func TestIsPublicAddress(t *testing.T) {
	for addr, want := range map[string]bool{
		"93.184.215.14": true, "2606:4700::6810:84e5": true,
		"127.0.0.1": false, "127.8.9.10": false, "::1": false, "::ffff:127.0.0.1": false,
		"10.1.2.3": false, "172.16.0.1": false, "192.168.1.1": false, "fd00::1": false,
		"100.64.0.1": false, "169.254.169.254": false, "fe80::1": false,
		"0.0.0.0": false, "::": false, "224.0.0.1": false, "255.255.255.255": false,
	} {
		if got := IsPublicAddress(netip.MustParseAddr(addr)); got != want {
			t.Errorf("IsPublicAddress(%s) = %v, want %v", addr, got, want)
		}
	}
}

// TestGetPublicRefusesThisMachine: GetPublic sends nothing to a host that
// names this machine or a private network, whether the URL says so (an
// address literal, localhost) or the name resolves there; Get still
// fetches from there.
func TestGetPublicRefusesThisMachine(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		_, _ = w.Write([]byte(`{"keys": []}`))
	}))
	defer srv.Close()
	// A resolver of our own: every name is the test server on 127.0.0.1
	// (its certificate is for example.com, among others).
	transport := srv.Client().Transport.(*http.Transport).Clone()
	transport.DialContext = func(ctx context.Context, network, _ string) (net.Conn, error) {
		return (&net.Dialer{}).DialContext(ctx, network, srv.Listener.Addr().String())
	}
	c := New(Options{Subject: "the key server", HTTPClient: &http.Client{Transport: transport}})
	ctx := context.Background()

	port := srv.Listener.Addr().(*net.TCPAddr).Port
	for _, u := range []string{
		srv.URL + "/jwks.json",
		"https://localhost/jwks.json",
		"https://keys.localhost./jwks.json",
		"https://[::1]:8443/jwks.json",
		"https://[::ffff:127.0.0.1]/jwks.json",
		"https://10.0.0.7/jwks.json",
		"https://169.254.169.254/latest/meta-data",
		"https://example.com/jwks.json", // resolves to 127.0.0.1
	} {
		_, _, _, err := c.GetPublic(ctx, u, 0)
		if kindOf(err) != ErrNotPublic {
			t.Errorf("GetPublic(%s): %v, want ErrNotPublic", u, err)
			continue
		}
		if !strings.Contains(err.Error(), "this machine") && !strings.Contains(err.Error(), "private network") && !strings.Contains(err.Error(), "link-local") {
			t.Errorf("GetPublic(%s): message %q does not say where the host is", u, err)
		}
	}
	_, _, _, err := c.GetPublic(ctx, "https://example.com:"+strconv.Itoa(port)+"/jwks.json", 0)
	if err == nil || err.Error() != "example.com:"+strconv.Itoa(port)+" resolves to 127.0.0.1, an address of this machine" {
		t.Errorf("a name resolving to loopback: %v", err)
	}
	if n := hits.Load(); n != 0 {
		t.Fatalf("GetPublic sent %d requests to this machine", n)
	}
	if body, _, _, err := c.Get(ctx, "https://example.com/jwks.json", 0); err != nil || string(body) != `{"keys": []}` {
		t.Errorf("Get: %q, %v", body, err)
	}
	if n := hits.Load(); n != 1 {
		t.Errorf("Get sent %d requests, want 1", n)
	}
}
