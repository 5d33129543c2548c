package app

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/oncard/oncard/internal/cardsig"
	"github.com/oncard/oncard/internal/safehttp"
	"github.com/oncard/oncard/validate"
)

// keySetServer serves an empty JWK set over https on this machine and
// counts the requests it gets.
func keySetServer(t *testing.T) (*httptest.Server, *atomic.Int32) {
	var hits atomic.Int32
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Header().Set("Content-Type", "application/jwk-set+json")
		w.Write([]byte(`{"keys": []}`))
	}))
	t.Cleanup(srv.Close)
	return srv, &hits
}

func TestJKUAccepted(t *testing.T) {
	hosts := []string{"keys.example", "pinned.example:8443", "[::1]"}
	for _, tc := range []struct {
		jku  string
		want bool
	}{
		{"https://keys.example/jwks.json", true},
		{"https://KEYS.example:9000/jwks.json", true},
		{"https://pinned.example:8443/jwks.json", true},
		{"https://pinned.example/jwks.json", false}, // port 443, not 8443
		{"https://[::1]:8443/jwks.json", true},
		{"https://evil.example/jwks.json", false},
		{"https://keys.example.evil.example/jwks.json", false},
	} {
		err := JKUAccepted(hosts, tc.jku)
		if (err == nil) != tc.want {
			t.Errorf("%s: %v, want accepted %v", tc.jku, err, tc.want)
		}
		if err != nil && !errors.Is(err, cardsig.ErrJKUNotAccepted) {
			t.Errorf("%s: %v does not wrap ErrJKUNotAccepted", tc.jku, err)
		}
	}
	err := JKUAccepted(hosts, "https://evil.example/jwks.json")
	if !strings.Contains(err.Error(), "--schema-host evil.example") {
		t.Errorf("the refusal does not say how to accept the host: %v", err)
	}
}

// TestKeySetFetcherOnce: many cards naming one key set, verified in
// parallel, fetch it once; a refused origin is never requested.
func TestKeySetFetcherOnce(t *testing.T) {
	srv, hits := keySetServer(t)
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	// The test server is on this machine: named with its port, as
	// --schema-host 127.0.0.1:PORT would.
	f := &KeySetFetcher{Client: safehttp.New(safehttp.Options{HTTPClient: srv.Client()}), Hosts: []string{strings.TrimPrefix(srv.URL, "https://")}}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			data, err := f.JKUFor("")(context.Background(), srv.URL+"/jwks.json")
			if err != nil || string(data) != `{"keys": []}` {
				t.Errorf("%q, %v", data, err)
			}
		})
	}
	wg.Wait()
	if n := hits.Load(); n != 1 {
		t.Errorf("fetched %d times, want once", n)
	}
	refusing := &KeySetFetcher{Client: safehttp.New(safehttp.Options{HTTPClient: srv.Client()}), Hosts: []string{"keys.example"}}
	if _, err := refusing.JKUFor("")(context.Background(), srv.URL+"/jwks.json"); !errors.Is(err, cardsig.ErrJKUNotAccepted) {
		t.Errorf("a loopback jku off the list: %v", err)
	}
	if _, err := f.Get(context.Background(), srv.URL+"/other.json"); err != nil {
		t.Fatal(err)
	}
	if n := hits.Load(); n != 2 {
		t.Errorf("%d requests, want 2 (the refused jku is never requested)", n)
	}
}

// TestJKUOnThisMachineOnlyWhenNamed: loopback is among the default
// accepted hosts (for a local OASF server), but a card's jku there, or on
// a default host whose name resolves there, is not fetched; it is once the
// user names the host (--schema-host HOST:PORT, or the config file's
// jku_hosts or schema_hosts).
func TestJKUOnThisMachineOnlyWhenNamed(t *testing.T) {
	srv, hits := keySetServer(t)
	hostPort := strings.TrimPrefix(srv.URL, "https://")
	jku := srv.URL + "/jwks.json"
	cfgDir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", cfgDir)
	writeConfig := func(body string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Join(cfgDir, "oncard"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(cfgDir, "oncard", "config.json"), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	fetcher := func(hosts []string) *KeySetFetcher {
		return &KeySetFetcher{Client: safehttp.New(safehttp.Options{HTTPClient: srv.Client()}), Hosts: hosts}
	}
	defaults := validate.DefaultSchemaHosts

	writeConfig(`{}`)
	// The card is served from the jku's own origin, so only the address
	// rule refuses it.
	_, err := fetcher(defaults).JKUFor(srv.URL+"/.well-known/agent-card.json")(context.Background(), jku)
	if !errors.Is(err, cardsig.ErrJKUNotAccepted) {
		t.Fatalf("a loopback jku with the default hosts: %v, want ErrJKUNotAccepted", err)
	}
	want := hostPort + " is an address of this machine; a jku is fetched from there only from a host you name " +
		"(the jku_hosts setting of the config file, or --schema-host " + hostPort + ")"
	if err.Error() != want {
		t.Errorf("message %q\nwant    %q", err, want)
	}
	if n := hits.Load(); n != 0 {
		t.Fatalf("the refused jku was requested %d times", n)
	}

	// A default host whose name resolves to this machine: refused on the
	// address connected to, before anything is sent.
	transport := srv.Client().Transport.(*http.Transport).Clone()
	transport.DialContext = func(ctx context.Context, network, _ string) (net.Conn, error) {
		return (&net.Dialer{}).DialContext(ctx, network, srv.Listener.Addr().String())
	}
	rebound := &KeySetFetcher{Client: safehttp.New(safehttp.Options{HTTPClient: &http.Client{Transport: transport}}), Hosts: defaults}
	_, err = rebound.JKUFor("https://schema.oasf.outshift.com/card.json")(context.Background(), "https://schema.oasf.outshift.com/jwks.json")
	if !errors.Is(err, cardsig.ErrJKUNotAccepted) || !strings.Contains(err.Error(), "schema.oasf.outshift.com resolves to 127.0.0.1, an address of this machine") {
		t.Errorf("a default host resolving to loopback: %v", err)
	}
	if n := hits.Load(); n != 0 {
		t.Fatalf("the refused jku was requested %d times", n)
	}

	writeConfig(`{"jku_hosts": ["https://keys.example/"]}`)
	if _, err := fetcher(defaults).JKUFor("")(context.Background(), jku); err == nil || !strings.Contains(err.Error(), "jku_hosts[0]") {
		t.Errorf("a jku_hosts entry that is not a host: %v", err)
	}

	for name, c := range map[string]struct {
		config string
		hosts  []string
	}{
		"--schema-host HOST:PORT": {`{}`, append(slices.Clone(defaults), hostPort)},
		"jku_hosts":               {`{"jku_hosts": ["127.0.0.1"]}`, defaults},
		"schema_hosts":            {`{"schema_hosts": ["127.0.0.1"]}`, defaults},
	} {
		writeConfig(c.config)
		before := hits.Load()
		if data, err := fetcher(c.hosts).JKUFor("")(context.Background(), jku); err != nil || string(data) != `{"keys": []}` {
			t.Errorf("%s: %q, %v", name, data, err)
		}
		if hits.Load() != before+1 {
			t.Errorf("%s: not fetched", name)
		}
	}
}

// TestJKUOnlyOnTheCardsOwnOrigin: a jku on an accepted host that the user
// did not name is followed only for a card served from that origin; a
// host the user named is followed for any card.
func TestJKUOnlyOnTheCardsOwnOrigin(t *testing.T) {
	srv, hits := keySetServer(t)
	hostPort := strings.TrimPrefix(srv.URL, "https://")
	jku := srv.URL + "/jwks.json"
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	client := safehttp.New(safehttp.Options{HTTPClient: srv.Client()})
	// The server's host named as an accepted host, but counted as a
	// default: as schema.oasf.outshift.com would be.
	defaults := validate.DefaultSchemaHosts
	f := &KeySetFetcher{Client: client, Hosts: defaults}
	for _, card := range []string{"", "https://elsewhere.example/.well-known/agent-card.json"} {
		_, err := f.JKUFor(card)(context.Background(), "https://schema.oasf.outshift.com/jwks.json")
		if !errors.Is(err, cardsig.ErrJKUNotAccepted) || !strings.Contains(err.Error(), "is not the card's own origin") {
			t.Errorf("card %q: a default host's jku elsewhere: %v", card, err)
		}
	}
	named := &KeySetFetcher{Client: client, Hosts: append(slices.Clone(defaults), hostPort)}
	if _, err := named.JKUFor("https://elsewhere.example/card.json")(context.Background(), jku); err != nil {
		t.Errorf("a host the user named: %v", err)
	}
	if n := hits.Load(); n != 1 {
		t.Errorf("%d requests, want 1", n)
	}
	if !sameOrigin("https://a.example/jwks.json", "https://A.example:443/card") || sameOrigin("https://a.example/k", "https://a.example:8443/c") || sameOrigin("https://a.example/k", "") {
		t.Error("sameOrigin")
	}
}

// TestConfiguredKeySets: the config file's jwks (relative to its folder)
// are read as one key set, named for messages; an unreadable one is an
// error naming it.
func TestConfiguredKeySets(t *testing.T) {
	cfgDir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", cfgDir)
	dir := filepath.Join(cfgDir, "oncard")
	if err := os.MkdirAll(filepath.Join(dir, "keys"), 0o755); err != nil {
		t.Fatal(err)
	}
	key, err := cardsig.ParseSigningKey(pemKeyForTest(t))
	if err != nil {
		t.Fatal(err)
	}
	set, err := json.Marshal(key.PublicKeySet("partner", "EdDSA"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "keys", "partner.json"), set, 0o644); err != nil {
		t.Fatal(err)
	}
	if keys, _, err := ConfiguredKeySets(); err != nil || keys != nil {
		t.Fatalf("no config: %v, %v", keys, err)
	}
	if err := os.WriteFile(filepath.Join(dir, "config.json"), []byte(`{"jwks": ["keys/partner.json"]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	keys, from, err := ConfiguredKeySets()
	if err != nil || keys.Len() != 1 || from != "key sets of the config file's jwks" {
		t.Fatalf("%v %q %v", keys, from, err)
	}
	if err := os.WriteFile(filepath.Join(dir, "config.json"), []byte(`{"jwks": ["keys/missing.json"]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := ConfiguredKeySets(); err == nil || !strings.Contains(err.Error(), "jwks[0]") {
		t.Errorf("a missing key set: %v", err)
	}
}
