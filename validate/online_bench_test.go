package validate

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/oncard/oncard/internal/oasfclient/servertest"
	"github.com/oncard/oncard/model"
)

// BenchmarkOnlineFallback is one `validate --online` of a card against a
// released server on this machine (the stand-in): one POST answered
// name_unknown, the two category trees, then one lookup per id and name.
// It measures oncard's side (requests, parsing, comparing), not a network.
func BenchmarkOnlineFallback(b *testing.B) {
	srv := servertest.New(b)
	data, err := os.ReadFile(filepath.Join("testdata", "online", "card.json"))
	if err != nil {
		b.Fatal(err)
	}
	doc, err := model.Parse(data)
	if err != nil {
		b.Fatal(err)
	}
	offline := Document(doc, "", nil)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Online(context.Background(), doc, "", offline, OnlineOptions{Server: schemaServer(b, srv.URL, nil)}); err != nil {
			b.Fatal(err)
		}
	}
}
