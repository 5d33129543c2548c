package taxonomy

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"testing"

	"github.com/oncard/oncard/internal/oasfclient"
	"github.com/oncard/oncard/internal/oasfclient/servertest"
)

// BenchmarkShowCached* are `oncard oasf show 60602` after the cache was
// filled: registering the cache (as every command does at start) and
// showing the class in every known version. Sync is what `oncard oasf
// sync` stores from a server listing 40 versions of real size (copies of
// 1.1.0's trees, byte for byte); Full is a cache holding all 40 (synced
// one by one with --version).
func BenchmarkShowCachedSync(b *testing.B) { benchShowCached(b, false) }
func BenchmarkShowCachedFull(b *testing.B) { benchShowCached(b, true) }

func benchShowCached(b *testing.B, all bool) {
	srv := servertest.New(b)
	var many []string
	for i := range 40 {
		many = append(many, fmt.Sprintf("2.%d.0", i))
	}
	if err := srv.AddCopies("1.1.0", many...); err != nil {
		b.Fatal(err)
	}
	cache := b.TempDir()
	b.Setenv("XDG_CACHE_HOME", cache)
	c, err := oasfclient.New(srv.URL, oasfclient.Options{})
	if err != nil {
		b.Fatal(err)
	}
	var versions []string
	if all {
		versions = many
	}
	for len(versions) > 0 || !all {
		n := min(len(versions), 20) // under the total cap of one sync
		if _, err := c.Sync(context.Background(), versions[:n]); err != nil {
			b.Fatal(err)
		}
		versions = versions[n:]
		if !all {
			break
		}
	}
	root := filepath.Join(cache, "oncard", "oasf")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := oasfclient.LoadCacheDir(root); err != nil {
			b.Fatal(err)
		}
		if err := Show(io.Discard, io.Discard, "", false, "60602"); err != nil {
			b.Fatal(err)
		}
	}
}
