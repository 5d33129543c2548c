package oasfclient

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/oncard/oncard/internal/oasfclient/servertest"
)

// A server listing 40 versions: a sync without --version fetches the
// newest and the built-in ones only, a handful, and stores nothing else.
func TestSyncDefaultsToAHandfulOfVersions(t *testing.T) {
	srv := servertest.New(t)
	var many []string
	for i := range 40 {
		many = append(many, fmt.Sprintf("2.%d.0", i))
	}
	if err := srv.AddCopies("1.1.0", many...); err != nil {
		t.Fatal(err)
	}
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	synced, err := newClient(t, srv.URL, Options{}).Sync(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range synced {
		got = append(got, s.Version)
	}
	if want := []string{"2.39.0", "1.1.0", "1.0.0"}; !slices.Equal(got, want) {
		t.Errorf("synced %v, want %v", got, want)
	}
	if n := srv.CountRequests("GET /api/2."); n != 2 {
		t.Errorf("%d requests for the 2.x versions, want the newest's 2", n)
	}
	origin, _ := OriginFolder(srv.URL)
	entries, _ := os.ReadDir(filepath.Join(cache, "oncard", "oasf", origin))
	if len(entries) != 3 {
		t.Errorf("the cache holds %d versions", len(entries))
	}
	// Named versions are fetched whatever they are.
	synced, err = newClient(t, srv.URL, Options{}).Sync(context.Background(), []string{"2.3.0", "2.7.0"})
	if err != nil || len(synced) != 2 {
		t.Errorf("named versions: %+v %v", synced, err)
	}
	if got := defaultVersions(append(many, "1.0.0", "1.1.0", "1.2.0", "10.0.0")); !slices.Equal(got, []string{"10.0.0", "1.1.0", "1.0.0"}) {
		t.Errorf("defaultVersions: %v", got)
	}
}

// A tree over the per-version cap is refused while it streams, and
// nothing of that version is stored; the other versions are.
func TestSyncCapsEachVersion(t *testing.T) {
	srv := servertest.New(t)
	srv.Fault("/api/1.2.0/skill_categories", servertest.Oversized(MaxVersionBytes+1))
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	synced, err := newClient(t, srv.URL, Options{}).Sync(context.Background(), nil)
	if err == nil || !strings.Contains(err.Error(), "OASF 1.2.0 from "+strings.TrimPrefix(srv.URL, "http://")+" is larger than the 8 MiB oncard stores of one version; not stored") {
		t.Errorf("err = %v", err)
	}
	if len(synced) != 2 {
		t.Errorf("synced %+v", synced)
	}
	origin, _ := OriginFolder(srv.URL)
	if _, err := os.Stat(filepath.Join(cache, "oncard", "oasf", origin, "1.2.0")); err == nil {
		t.Error("the oversized version was stored")
	}
	if leftovers, _ := filepath.Glob(filepath.Join(cache, "oncard", "oasf", origin, ".tmp-*")); len(leftovers) != 0 {
		t.Errorf("left behind: %v", leftovers)
	}
}

// A sync stops storing once its total would pass the cap (reached here
// with real trees by lowering it), and says so.
func TestSyncCapsTheTotal(t *testing.T) {
	srv := servertest.New(t)
	budget := syncBudget
	syncBudget = 300 << 10 // one real version (about 200 KB), not two
	t.Cleanup(func() { syncBudget = budget })
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	synced, err := newClient(t, srv.URL, Options{}).Sync(context.Background(), nil)
	if len(synced) != 1 || err == nil || !strings.Contains(err.Error(), "would take this sync past the ") {
		t.Errorf("synced %d, err = %v", len(synced), err)
	}
}
