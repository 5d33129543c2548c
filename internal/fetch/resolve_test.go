package fetch

import (
	"context"
	"errors"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/oncard/oncard/internal/safehttp"
	"github.com/oncard/oncard/validate"
)

// originServer answers paths with bodies (200, JSON) and sends the Link
// header on every answer when set; it records the paths asked, in order.
func originServer(t *testing.T, bodies map[string]string, link string) (*httptest.Server, func() []string) {
	t.Helper()
	var mu sync.Mutex
	var asked []string
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		asked = append(asked, r.URL.Path)
		mu.Unlock()
		if link != "" {
			w.Header().Set("Link", link)
		}
		body, ok := bodies[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, body)
	}))
	srv.Config.ErrorLog = log.New(io.Discard, "", 0)
	srv.StartTLS()
	t.Cleanup(srv.Close)
	return srv, func() []string { mu.Lock(); defer mu.Unlock(); return append([]string(nil), asked...) }
}

// TestResolveOrigin: a bare origin is looked up as clients do, and the
// document says what was found.
func TestResolveOrigin(t *testing.T) {
	const catalog, card, legacy = `{"specVersion":"1.0","entries":[]}`, `{"name":"card"}`, `{"name":"legacy"}`
	cases := []struct {
		name     string
		bodies   map[string]string
		link     string
		wantPath string
		wantBody string
		code     string
		severity validate.Severity
		asked    []string
	}{
		{"the catalog first", map[string]string{WellKnownCatalogPath: catalog, WellKnownCardPath: card}, "",
			WellKnownCatalogPath, catalog, CodeResolved, validate.Info, []string{WellKnownCatalogPath}},
		{"then the card", map[string]string{WellKnownCardPath: card, WellKnownLegacyCardPath: legacy}, "",
			WellKnownCardPath, card, CodeResolved, validate.Info, []string{WellKnownCatalogPath, WellKnownCardPath}},
		{"a Link header names the catalog", map[string]string{"/agents/catalog.json": catalog, WellKnownCardPath: card}, `</agents/catalog.json>; rel="ai-catalog"`,
			"/agents/catalog.json", catalog, CodeResolved, validate.Info, []string{WellKnownCatalogPath, "/agents/catalog.json"}},
		{"a Link elsewhere is not followed", map[string]string{WellKnownCardPath: card}, `<https://other.example/catalog.json>; rel="ai-catalog"`,
			WellKnownCardPath, card, CodeResolved, validate.Info, []string{WellKnownCatalogPath, WellKnownCardPath}},
		{"the legacy agent.json last, with a warning", map[string]string{WellKnownLegacyCardPath: legacy}, "",
			WellKnownLegacyCardPath, legacy, CodeLegacyCard, validate.Warning, []string{WellKnownCatalogPath, WellKnownCardPath, WellKnownLegacyCardPath}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv, asked := originServer(t, tc.bodies, tc.link)
			client := safehttp.New(safehttp.Options{HTTPClient: srv.Client()})
			d, err := Read(context.Background(), srv.URL+"/", Options{Client: client})
			if err != nil {
				t.Fatal(err)
			}
			if d.Name != srv.URL+tc.wantPath || string(d.Data) != tc.wantBody {
				t.Errorf("found %s: %s", d.Name, d.Data)
			}
			if len(d.Findings) != 1 || d.Findings[0].Code != tc.code || d.Findings[0].Severity != tc.severity || !strings.Contains(d.Findings[0].Message, tc.wantPath) {
				t.Errorf("findings %+v", d.Findings)
			}
			if got := asked(); strings.Join(got, " ") != strings.Join(tc.asked, " ") {
				t.Errorf("asked %v, want %v", got, tc.asked)
			}
		})
	}

	// Nothing there: the card's 404, naming every URL tried.
	srv, _ := originServer(t, nil, "")
	_, err := Read(context.Background(), srv.URL, Options{Client: safehttp.New(safehttp.Options{HTTPClient: srv.Client()})})
	var e *Error
	if !errors.As(err, &e) || e.Code != CodeStatus || !strings.Contains(e.Msg, "404") || !strings.Contains(e.Msg, WellKnownLegacyCardPath) {
		t.Errorf("nothing found: %v", err)
	}
}

func TestCatalogLink(t *testing.T) {
	h := http.Header{}
	h.Add("Link", `<https://a.example/style.css>; rel=stylesheet, </c.json>; rel="alternate ai-catalog"`)
	base, _ := safehttp.CheckURL("https://a.example/.well-known/agent-card.json")
	if got := catalogLink(h, base); got != "https://a.example/c.json" {
		t.Errorf("catalogLink = %q", got)
	}
	if got := catalogLink(http.Header{"Link": {`<x>; rel="next"`}}, base); got != "" {
		t.Errorf("no ai-catalog link: %q", got)
	}
}
