package app

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/oncard/oncard/internal/cardsig"
	"github.com/oncard/oncard/internal/safehttp"
)

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
	var hits atomic.Int32
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Header().Set("Content-Type", "application/jwk-set+json")
		w.Write([]byte(`{"keys": []}`))
	}))
	defer srv.Close()
	f := &KeySetFetcher{Client: safehttp.New(safehttp.Options{HTTPClient: srv.Client()}), Hosts: []string{"127.0.0.1"}}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			data, err := f.JKU(context.Background(), srv.URL+"/jwks.json")
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
	if _, err := refusing.JKU(context.Background(), srv.URL+"/jwks.json"); !errors.Is(err, cardsig.ErrJKUNotAccepted) {
		t.Errorf("a loopback jku off the list: %v", err)
	}
	if _, err := f.Get(context.Background(), srv.URL+"/other.json"); err != nil {
		t.Fatal(err)
	}
	if n := hits.Load(); n != 2 {
		t.Errorf("%d requests, want 2 (the refused jku is never requested)", n)
	}
}
