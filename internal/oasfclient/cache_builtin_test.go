package oasfclient

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/oncard/oncard/internal/oasfclient/servertest"
	"github.com/oncard/oncard/model/oasf"
)

// restoreBuiltin puts the built-in version back in the registry after a
// test that registered a synced copy of it.
func restoreBuiltin(t *testing.T, version string) {
	emb := oasf.Embedded(version)
	if emb == nil {
		t.Fatalf("no built-in %s", version)
	}
	t.Cleanup(func() { oasf.Register(emb) })
}

// A server that answers for a built-in version with a trimmed tree: the
// copy is stored and reported, and the built-in stays in use, in this
// process and in later ones, until the user asks for the synced copy.
func TestSyncedCopyThatDiffersIsNotUsedUnlessAsked(t *testing.T) {
	srv := servertest.New(t)
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	restoreBuiltin(t, "1.1.0")
	builtin := oasf.Embedded("1.1.0")
	// The trimmed server: one category of the real tree.
	srv.Fault("/api/1.1.0/skill_categories", servertest.Status(200, `{"software_engineering": {"name": "software_engineering", "id": 6,
		"caption": "Software Engineering", "category": true,
		"classes": {"code_debugging": {"name": "software_engineering/code_debugging", "id": 606, "caption": "Code Debugging"}}}}`))
	c := newClient(t, srv.URL, Options{})
	synced, err := c.Sync(context.Background(), []string{"1.1.0"})
	if err != nil {
		t.Fatal(err)
	}
	if len(synced) != 1 || !strings.Contains(synced[0].DiffersFromBuiltin, "skills missing") {
		t.Fatalf("synced = %+v, want the difference reported", synced)
	}
	if got := oasf.Get("1.1.0"); got != builtin {
		t.Errorf("after sync, Get(1.1.0) = %v, want the built-in", got.Source)
	}

	// A later run.
	root := filepath.Join(cache, "oncard", "oasf")
	if _, err := LoadCacheDir(root); err != nil {
		t.Fatal(err)
	}
	if got := oasf.Get("1.1.0"); got != builtin {
		t.Errorf("later run: Get(1.1.0) from %s, want the built-in", got.Source)
	}
	err = loadError("1.1.0")
	if err == nil || !strings.Contains(err.Error(), "is not used") || !strings.Contains(err.Error(), "skills missing") ||
		!strings.Contains(err.Error(), "--oasf-use-synced") || !strings.Contains(err.Error(), srv.URL) {
		t.Errorf("report = %v, want one naming the server, the difference and how to use the copy", err)
	}

	// Asked for: the synced copy is used.
	if _, err := LoadCacheDir(root, LoadOptions{UseSynced: true}); err != nil {
		t.Fatal(err)
	}
	if got := oasf.Get("1.1.0"); got == builtin || got.Source != srv.URL || got.Skills.Len() != 2 {
		t.Errorf("asked for the synced copy, got %+v", got)
	}
	if loadError("1.1.0") != nil {
		t.Errorf("a copy used on request is still reported: %v", loadError("1.1.0"))
	}
}

// A synced copy with the same classes as the built-in is used: it adds the
// descriptions and changes no verdict.
func TestSyncedCopyThatMatchesIsUsed(t *testing.T) {
	srv := servertest.New(t)
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	restoreBuiltin(t, "1.1.0")
	synced, err := newClient(t, srv.URL, Options{}).Sync(context.Background(), []string{"1.1.0"})
	if err != nil || synced[0].DiffersFromBuiltin != "" {
		t.Fatalf("synced = %+v, %v", synced, err)
	}
	if _, err := LoadCacheDir(filepath.Join(cache, "oncard", "oasf")); err != nil {
		t.Fatal(err)
	}
	got := oasf.Get("1.1.0")
	if got.Source != srv.URL || got.Skills.ByID(60602).Description == "" {
		t.Errorf("Get(1.1.0) from %s, want the synced copy with descriptions", got.Source)
	}
}

// A version's files are replaced as one unit: whatever step a crash
// interrupts, a reader finds the complete old set or the complete new one,
// and the next write cleans up.
func TestVersionSetIsWrittenAsOneUnit(t *testing.T) {
	set := func(caption string) []cacheFile {
		return []cacheFile{{skillFile, []byte(tinyTree(caption))}, {domainFile, []byte(tinyTree(caption))},
			{sourceFile, []byte(`{"server":"https://example.org","version":"7.9.0"}`)}}
	}
	for step, want := range map[int]string{1: "old", 2: "old", 3: "new"} {
		root := t.TempDir()
		dir := filepath.Join(root, "https_example.org", "7.9.0")
		if err := writeVersionDir(dir, set("old"), nil); err != nil {
			t.Fatal(err)
		}
		err := writeVersionDir(dir, set("new"), func(s int) bool { return s == step })
		if err != errCrash {
			t.Fatalf("step %d: err = %v, want the simulated crash", step, err)
		}
		if _, err := LoadCacheDir(root); err != nil {
			t.Fatal(err)
		}
		tax := oasf.Get("7.9.0")
		if tax == nil || tax.Skills.ByID(1).Caption != want || tax.Domains.ByID(1).Caption != want {
			t.Errorf("crash after step %d: read %+v, want the %s set", step, tax, want)
		}
		// The next sync finishes cleanly and leaves nothing behind.
		if err := writeVersionDir(dir, set("newer"), nil); err != nil {
			t.Fatal(err)
		}
		entries, _ := os.ReadDir(filepath.Dir(dir))
		if len(entries) != 1 || entries[0].Name() != "7.9.0" {
			var names []string
			for _, e := range entries {
				names = append(names, e.Name())
			}
			t.Errorf("crash after step %d: leftovers %v", step, names)
		}
	}
}

// The cache is keyed by the whole origin: scheme, host and port (and a
// path prefix), not the host alone.
func TestCacheKeyedByOrigin(t *testing.T) {
	for in, want := range map[string]string{
		"https://schema.oasf.outshift.com":      "https_schema.oasf.outshift.com",
		"https://schema.oasf.outshift.com:443/": "https_schema.oasf.outshift.com",
		"https://Schema.Example:8443":           "https_schema.example_8443",
		"http://localhost:8080":                 "http_localhost_8080",
		"http://127.0.0.1":                      "http_127.0.0.1",
		"http://[::1]:9000":                     "http___1_9000",
	} {
		got, err := OriginFolder(in)
		if err != nil || got != want {
			t.Errorf("OriginFolder(%q) = %q, %v; want %q", in, got, err, want)
		}
		if !originFolderRE().MatchString(got) {
			t.Errorf("%q is not accepted back by LoadCache", got)
		}
	}
	https, _ := OriginFolder("https://localhost:8080")
	plain, _ := OriginFolder("http://localhost:8080")
	if https == plain {
		t.Errorf("https and http on one host and port share %q", https)
	}
	a, _ := OriginFolder("https://h.example/oasf")
	b, _ := OriginFolder("https://h.example/other")
	if a == b || !strings.HasPrefix(a, "https_h.example+") {
		t.Errorf("path prefixes: %q, %q", a, b)
	}
	if got := originURL("http___1_9000"); got != "http://[::1]:9000" {
		t.Errorf("originURL = %q", got)
	}

	// Two servers on one host, different ports: two cache folders.
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	var folders []string
	for range 2 {
		srv := servertest.New(t)
		c := newClient(t, srv.URL, Options{})
		synced, err := c.Sync(context.Background(), []string{"1.0.0"})
		if err != nil {
			t.Fatal(err)
		}
		folders = append(folders, filepath.Base(filepath.Dir(synced[0].Dir)))
	}
	if folders[0] == folders[1] || !strings.HasPrefix(folders[0], "http_127.0.0.1_") {
		t.Errorf("folders = %v, want one per origin", folders)
	}
}
