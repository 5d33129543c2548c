package fetch

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// BenchmarkFollow100Cards: validate --follow of a catalog listing 100
// cards, all on one local HTTPS server (one connection, kept alive):
// the cost of fetching, validating and cross-checking each card, without
// the latency of a real network.
func BenchmarkFollow100Cards(b *testing.B) {
	card, routes := fixture(b, "card.json"), map[string]route{}
	var entries []string
	for i := range 100 {
		routes[fmt.Sprintf("/a/%d.json", i)] = route{contentType: "application/json", body: card}
		entries = append(entries, fmt.Sprintf(`{"identifier": "urn:x:%d", "type": "application/a2a-agent-card+json", "version": "1.4.0", "url": "BASE/a/%d.json"}`, i, i))
	}
	srv := newServer(b, routes)
	doc := parseServed(b, srv, `{"specVersion": "1.0", "entries": [`+strings.Join(entries, ",")+`]}`)
	f := &Follower{Client: srv.client()}
	b.ReportAllocs()
	for b.Loop() {
		got, docs, err := follow(f, context.Background(), doc, "")
		if err != nil || len(docs) != 100 || len(got) != 0 {
			b.Fatalf("Follow: %v, %d documents, findings %v", err, len(docs), findings(got))
		}
	}
}
