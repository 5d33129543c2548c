package oasfclient

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/oncard/oncard/internal/oasfclient/servertest"
	"github.com/oncard/oncard/model/oasf"
)

// TestSyncWritesCacheAndLoadCacheRegisters syncs every version from the
// stand-in server, then loads the cache the way a fresh process would: the
// server-only 1.2.0 becomes known, with descriptions.
func TestSyncWritesCacheAndLoadCacheRegisters(t *testing.T) {
	srv := servertest.New(t)
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)

	c := newClient(t, srv.URL, Options{})
	synced, err := c.Sync(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(synced) != 3 {
		t.Fatalf("synced %d versions, want 3", len(synced))
	}
	host := originFolder(c.base)
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
	synced, err := newClient(t, srv.URL, Options{}).Sync(context.Background(), []string{"1.0.0"})
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
	synced, err := c.Sync(context.Background(), nil)
	if err == nil || KindOf(err) != ErrMalformed {
		t.Fatalf("err = %v, want ErrMalformed for 1.1.0", err)
	}
	if len(synced) != 2 {
		t.Errorf("the other versions are still synced: %+v", synced)
	}
	if _, err := os.Stat(filepath.Join(cache, "oncard", "oasf", originFolder(c.base), "1.1.0")); err == nil {
		t.Errorf("a cache folder was created for the broken version")
	}
}

func TestSyncRefusesUnsafeVersionNames(t *testing.T) {
	srv := servertest.New(t)
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	srv.Fault("/api/versions", servertest.Status(200, `{"versions":[{"schema_version":"../../etc"}]}`))
	_, err := newClient(t, srv.URL, Options{}).Sync(context.Background(), nil)
	if KindOf(err) != ErrBadVersion {
		t.Errorf("err = %v, want ErrBadVersion", err)
	}
}

// A damaged cache entry costs nothing until its version is used: loading
// the cache succeeds and lists it, the other versions work, and the first
// use reports an error naming the damaged file.
func TestLoadCacheSkipsDamagedEntries(t *testing.T) {
	root := t.TempDir()
	writeEntry(t, root, "https_example.org", "7.0.0", "{", tinyTree("damaged"))
	writeEntry(t, root, "https_example.org", "7.0.1", tinyTree("fine"), tinyTree("fine"))
	incomplete := filepath.Join(root, "https_example.org", "7.0.2")
	if err := os.MkdirAll(incomplete, 0o755); err != nil {
		t.Fatal(err)
	}
	loaded, err := LoadCacheDir(root)
	if err != nil || len(loaded) != 3 {
		t.Fatalf("loaded = %+v, err = %v; want the 3 folders registered, nothing read", loaded, err)
	}
	if fine := oasf.Get("7.0.1"); fine == nil || fine.Skills.ByID(1).Caption != "fine" {
		t.Fatalf("the sound entry next to a damaged one: %+v", fine)
	}
	if hasLoadError("7.0.0") {
		t.Fatal("the damaged 7.0.0 was read although nothing used it")
	}
	if oasf.Get("7.0.0") != nil || oasf.Get("7.0.2") != nil {
		t.Fatal("a damaged entry was registered as a taxonomy")
	}
	for _, c := range []struct{ version, file string }{
		{"7.0.0", filepath.Join(root, "https_example.org", "7.0.0", "skill_categories.json")},
		{"7.0.2", filepath.Join(incomplete, "skill_categories.json")},
	} {
		err := loadError(c.version)
		if err == nil {
			t.Errorf("no load error reported for %s; LoadErrors() = %v", c.version, oasf.LoadErrors())
			continue
		}
		for _, want := range []string{c.file, "oncard oasf sync"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("the %s error %q does not name %q", c.version, err, want)
			}
		}
		if slices.Contains(oasf.Versions(), c.version) {
			t.Errorf("Versions() = %v still lists the damaged %s", oasf.Versions(), c.version)
		}
	}
	if loaded, err := LoadCacheDir(filepath.Join(root, "absent")); err != nil || loaded != nil {
		t.Errorf("a missing cache: %v, %v", loaded, err)
	}
}

// LoadCacheDir reads no taxonomy: it succeeds even when every entry is
// unreadable, and lists every version folder with a valid name.
func TestLoadCacheDirReadsNoTaxonomy(t *testing.T) {
	root := t.TempDir()
	writeEntry(t, root, "https_example.org", "7.6.0", "{", "{")
	for _, odd := range []string{"..x", "-dash"} {
		if err := os.MkdirAll(filepath.Join(root, "https_example.org", odd), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	loaded, err := LoadCacheDir(root)
	if err != nil || len(loaded) != 1 || loaded[0].Version != "7.6.0" || loaded[0].Origin != "https://example.org" {
		t.Fatalf("loaded = %+v, err = %v", loaded, err)
	}
	if hasLoadError("7.6.0") {
		t.Error("LoadCacheDir read a taxonomy")
	}
	if !slices.Contains(oasf.Versions(), "7.6.0") {
		t.Errorf("Versions() = %v lacks the registered 7.6.0", oasf.Versions())
	}
}

// A synced copy of an embedded version that is damaged leaves the embedded
// snapshot in place.
func TestLoadCacheDamagedCopyFallsBackToEmbedded(t *testing.T) {
	emb := oasf.Embedded(oasf.DefaultVersion)
	if emb == nil {
		t.Fatalf("no embedded %s", oasf.DefaultVersion)
	}
	root := t.TempDir()
	writeEntry(t, root, "https_example.org", oasf.DefaultVersion, tinyTree("x"), "{")
	if _, err := LoadCacheDir(root); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { oasf.Register(emb) }) // later tests see a sound 1.1.0
	if got := oasf.Get(oasf.DefaultVersion); got != emb {
		t.Errorf("Get(%s) = %v, want the embedded snapshot", oasf.DefaultVersion, got)
	}
	if err := loadError(oasf.DefaultVersion); err == nil || !strings.Contains(err.Error(), "domain_categories.json") {
		t.Errorf("load error = %v, want one naming domain_categories.json", err)
	}
}

// When the preferred copy of a version is damaged, the next server's copy
// is used.
func TestLoadCacheDamagedPublicCopyGivesWay(t *testing.T) {
	root := t.TempDir()
	writeEntry(t, root, "https_schema.oasf.outshift.com", "7.8.0", "{", tinyTree("public"))
	writeEntry(t, root, "https_mirror.example.org", "7.8.0", tinyTree("mirror"), tinyTree("mirror"))
	if _, err := LoadCacheDir(root); err != nil {
		t.Fatal(err)
	}
	tax := oasf.Get("7.8.0")
	if tax == nil || tax.Skills.ByID(1).Caption != "mirror" || tax.Source != "https://mirror.example.org" {
		t.Errorf("registered %+v, want the mirror's copy", tax)
	}
}

// writeEntry writes one cached version the way Sync lays it out.
func writeEntry(t *testing.T, root, host, version, skills, domains string) {
	t.Helper()
	dir := filepath.Join(root, host, version)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for f, body := range map[string]string{"skill_categories.json": skills, "domain_categories.json": domains} {
		if err := os.WriteFile(filepath.Join(dir, f), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// tinyTree is a one-category tree whose category is captioned caption.
func tinyTree(caption string) string {
	return `{"a": {"name": "a", "id": 1, "caption": "` + caption + `", "category": true,
		"classes": {"b": {"name": "a/b", "id": 101, "caption": "B"}}}}`
}

// loadError is the reported load error of a version, or nil.
func loadError(version string) error {
	for _, err := range oasf.LoadErrors() {
		if strings.Contains(err.Error(), "OASF "+version+" ") {
			return err
		}
	}
	return nil
}

func hasLoadError(version string) bool { return loadError(version) != nil }

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
	write("https_schema.oasf.outshift.com", "public")
	write("https_zz.example.org", "mirror")
	write("https_aa.example.org", "local")
	loaded, err := LoadCacheDir(root)
	if err != nil || len(loaded) != 3 {
		t.Fatalf("loaded %+v, %v", loaded, err)
	}
	tax := oasf.Get("7.7.7")
	if tax == nil || tax.Skills.ByID(1).Caption != "public" || tax.Source != "https://schema.oasf.outshift.com" {
		t.Errorf("registered %+v, want the public server's copy", tax)
	}
}
