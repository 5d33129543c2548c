package server

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/oncard/oncard/model/oasf"
	"github.com/oncard/oncard/model/oasf/server/servertest"
)

// TestSyncWritesCacheAndLoadCacheRegisters syncs every version from the
// stand-in server, then loads the cache the way a fresh process would: the
// server-only 1.2.0 becomes known, with descriptions.
func TestSyncWritesCacheAndLoadCacheRegisters(t *testing.T) {
	srv := servertest.New(t)
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)

	c := newClient(t, srv.URL, Options{})
	synced, err := c.Sync(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	if len(synced) != 3 {
		t.Fatalf("synced %d versions, want 3", len(synced))
	}
	host := strings.ReplaceAll(c.Host(), ":", "_")
	for _, v := range []string{"1.0.0", "1.1.0", "1.2.0"} {
		for _, f := range []string{"skill_categories.json", "domain_categories.json", "source.json"} {
			p := filepath.Join(cache, "oncard", "oasf", host, v, f)
			if _, err := os.Stat(p); err != nil {
				t.Errorf("missing %s: %v", p, err)
			}
		}
	}
	// What was written is the server's answer, byte for byte.
	want, _ := c.Categories(context.Background(), "1.2.0", oasf.Skills)
	got, _ := os.ReadFile(filepath.Join(cache, "oncard", "oasf", host, "1.2.0", "skill_categories.json"))
	if string(got) != string(want) {
		t.Errorf("cached 1.2.0 skill tree differs from the server's answer")
	}

	loaded, err := LoadCache()
	if err != nil {
		t.Fatal(err)
	}
	if len(loaded) != 3 {
		t.Errorf("loaded %d versions, want 3: %+v", len(loaded), loaded)
	}
	tax := oasf.Get(servertest.ServerOnlyVersion)
	if tax == nil {
		t.Fatalf("oasf.Get(%q) = nil after LoadCache; versions = %v", servertest.ServerOnlyVersion, oasf.Versions())
	}
	if tax.Source != srv.URL {
		t.Errorf("source = %q, want %q", tax.Source, srv.URL)
	}
	added := tax.Skills.ByID(servertest.NewSkillID)
	if added == nil || added.Name != servertest.NewSkillName || added.Description != servertest.NewSkillDesc {
		t.Errorf("the 1.2.0-only skill = %+v", added)
	}
	if eh := tax.Skills.ByName("software_engineering/code_debugging/error_handling"); eh == nil || eh.Description == "" {
		t.Errorf("synced classes carry descriptions: %+v", eh)
	}
	if !slices.Contains(oasf.Versions(), servertest.ServerOnlyVersion) {
		t.Errorf("oasf.Versions() = %v lacks %s", oasf.Versions(), servertest.ServerOnlyVersion)
	}
}

func TestSyncOneVersion(t *testing.T) {
	srv := servertest.New(t)
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	synced, err := newClient(t, srv.URL, Options{}).Sync(context.Background(), "1.0.0")
	if err != nil {
		t.Fatal(err)
	}
	if len(synced) != 1 || synced[0].Version != "1.0.0" || synced[0].Skills == 0 || synced[0].Domains == 0 {
		t.Errorf("synced = %+v", synced)
	}
	if n := srv.CountRequests("GET /api/versions"); n != 0 {
		t.Errorf("syncing one version asked for the version list %d times", n)
	}
}

// A broken tree from the server never reaches the cache.
func TestSyncRejectsBrokenTree(t *testing.T) {
	srv := servertest.New(t)
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	srv.Fault("/api/1.1.0/domain_categories", servertest.Status(200, `{"x": {`))
	c := newClient(t, srv.URL, Options{})
	synced, err := c.Sync(context.Background(), "")
	if err == nil || KindOf(err) != ErrMalformed {
		t.Fatalf("err = %v, want ErrMalformed for 1.1.0", err)
	}
	if len(synced) != 2 {
		t.Errorf("the other versions are still synced: %+v", synced)
	}
	if _, err := os.Stat(filepath.Join(cache, "oncard", "oasf", strings.ReplaceAll(c.Host(), ":", "_"), "1.1.0")); err == nil {
		t.Errorf("a cache folder was created for the broken version")
	}
}

func TestSyncRefusesUnsafeVersionNames(t *testing.T) {
	srv := servertest.New(t)
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	srv.Fault("/api/versions", servertest.Status(200, `{"versions":[{"schema_version":"../../etc"}]}`))
	_, err := newClient(t, srv.URL, Options{}).Sync(context.Background(), "")
	if KindOf(err) != ErrBadVersion {
		t.Errorf("err = %v, want ErrBadVersion", err)
	}
}

func TestLoadCacheSkipsDamagedEntries(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "example.org", "7.0.0")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	_ = os.WriteFile(filepath.Join(dir, "skill_categories.json"), []byte(`{`), 0o644)
	loaded, err := LoadCacheDir(root)
	if err == nil || len(loaded) != 0 {
		t.Errorf("loaded = %+v, err = %v; want the damaged entry reported", loaded, err)
	}
	if loaded, err := LoadCacheDir(filepath.Join(root, "absent")); err != nil || loaded != nil {
		t.Errorf("a missing cache: %v, %v", loaded, err)
	}
}

// When two servers were synced with the same version, the public server's
// copy is the one registered.
func TestLoadCachePrefersThePublicServer(t *testing.T) {
	root := t.TempDir()
	write := func(host, caption string) {
		dir := filepath.Join(root, host, "7.7.7")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		tree := `{"a": {"name": "a", "id": 1, "caption": "` + caption + `", "category": true,
			"classes": {"b": {"name": "a/b", "id": 101, "caption": "B"}}}}`
		for _, f := range []string{"skill_categories.json", "domain_categories.json"} {
			if err := os.WriteFile(filepath.Join(dir, f), []byte(tree), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	write("schema.oasf.outshift.com", "public")
	write("zz.example.org", "mirror")
	write("aa.example.org", "local")
	loaded, err := LoadCacheDir(root)
	if err != nil || len(loaded) != 3 {
		t.Fatalf("loaded %+v, %v", loaded, err)
	}
	tax := oasf.Get("7.7.7")
	if tax == nil || tax.Skills.ByID(1).Caption != "public" || tax.Source != "https://schema.oasf.outshift.com" {
		t.Errorf("registered %+v, want the public server's copy", tax)
	}
}
