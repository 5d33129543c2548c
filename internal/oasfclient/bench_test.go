package oasfclient

import (
	"context"
	"testing"

	"github.com/oncard/oncard/internal/oasfclient/servertest"
	"github.com/oncard/oncard/model/oasf"
)

// BenchmarkLoadCache is the startup cost every command pays once the
// three stand-in versions (1.0.0, 1.1.0, 1.2.0) are synced.
func BenchmarkLoadCache(b *testing.B) {
	syncedCache(b)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := LoadCache(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSync is one full sync (3 versions, 7 requests) from a local
// server: parsing and writing, not the network.
func BenchmarkSync(b *testing.B) {
	srv := servertest.New(b)
	b.Setenv("XDG_CACHE_HOME", b.TempDir())
	c, err := New(srv.URL, Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.Sync(context.Background(), nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLoadCacheAndUseOne is what a command that uses one synced
// version pays: registering the cache, then reading and parsing 1.2.0 on
// its first Get (the other two versions are never read).
func BenchmarkLoadCacheAndUseOne(b *testing.B) {
	syncedCache(b)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := LoadCache(); err != nil {
			b.Fatal(err)
		}
		if oasf.Get(servertest.ServerOnlyVersion) == nil {
			b.Fatal("1.2.0 not loaded")
		}
	}
}

// syncedCache syncs the stand-in's three versions into a fresh cache
// directory, as `oncard oasf sync` would.
func syncedCache(b *testing.B) {
	b.Helper()
	srv := servertest.New(b)
	b.Setenv("XDG_CACHE_HOME", b.TempDir())
	c, err := New(srv.URL, Options{})
	if err != nil {
		b.Fatal(err)
	}
	if _, err := c.Sync(context.Background(), nil); err != nil {
		b.Fatal(err)
	}
}
