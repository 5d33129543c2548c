package oasf

import (
	"errors"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

// isolateRegistry lets a test register versions freely: the synced
// versions registered before it are put back when it ends.
func isolateRegistry(t *testing.T) {
	t.Helper()
	registryMu.Lock()
	saved := registered
	registered = map[string]*syncedTaxonomy{}
	registryMu.Unlock()
	t.Cleanup(func() {
		registryMu.Lock()
		registered = saved
		registryMu.Unlock()
	})
}

// tinyTaxonomy parses a one-category taxonomy of a version.
func tinyTaxonomy(t *testing.T, version string) *Taxonomy {
	t.Helper()
	tree := `{"a":{"name":"a","id":1,"caption":"A","category":true,"classes":{"b":{"name":"a/b","id":101,"caption":"B"}}}}`
	tax, err := ParseCategories(version, "http://localhost:8080", []byte(tree), []byte(tree))
	if err != nil {
		t.Fatal(err)
	}
	return tax
}

// A lazily registered version is listed without being read, and read once
// however many goroutines ask for it at the same time.
func TestRegisterLazyLoadsOnceOnFirstGet(t *testing.T) {
	isolateRegistry(t)
	tax := tinyTaxonomy(t, "7.1.0")
	var loads atomic.Int32
	RegisterLazy("7.1.0", "localhost:8080", func() (*Taxonomy, error) {
		loads.Add(1)
		return tax, nil
	})
	if !slices.Contains(Versions(), "7.1.0") {
		t.Fatalf("Versions() = %v lacks the lazily registered 7.1.0", Versions())
	}
	if n := loads.Load(); n != 0 {
		t.Fatalf("registering and listing read the taxonomy %d times, want 0", n)
	}
	if errs := LoadErrors(); len(errs) != 0 {
		t.Errorf("LoadErrors() before any use = %v", errs)
	}
	var wg sync.WaitGroup
	got := make([]*Taxonomy, 16)
	for i := range got {
		wg.Go(func() { got[i] = Get("7.1.0") })
	}
	wg.Wait()
	for i, g := range got {
		if g != tax {
			t.Fatalf("Get #%d = %p, want the loaded taxonomy %p", i, g, tax)
		}
	}
	if n := loads.Load(); n != 1 {
		t.Errorf("the loader ran %d times, want 1", n)
	}
	if Embedded("7.1.0") != nil {
		t.Error("Embedded returned a synced version")
	}
}

// A synced version that cannot be loaded gives way to the embedded snapshot
// of the same version, and the reason is reported.
func TestRegisterLazyFailureFallsBackToEmbedded(t *testing.T) {
	isolateRegistry(t)
	emb := Embedded(DefaultVersion)
	if emb == nil {
		t.Fatalf("no embedded %s", DefaultVersion)
	}
	RegisterLazy(DefaultVersion, "mirror.example", func() (*Taxonomy, error) {
		return nil, errors.New("/cache/mirror.example/1.1.0/skill_categories.json: unexpected end of JSON input")
	})
	if got := Get(DefaultVersion); got != emb {
		t.Fatalf("Get(%s) = %v, want the embedded snapshot", DefaultVersion, got)
	}
	if !slices.Contains(Versions(), DefaultVersion) {
		t.Errorf("Versions() = %v lost the embedded %s", Versions(), DefaultVersion)
	}
	errs := LoadErrors()
	if len(errs) != 1 {
		t.Fatalf("LoadErrors() = %v, want one", errs)
	}
	for _, want := range []string{DefaultVersion, "mirror.example", "skill_categories.json"} {
		if !strings.Contains(errs[0].Error(), want) {
			t.Errorf("load error %q does not name %q", errs[0], want)
		}
	}
}

// Without an embedded snapshot, a version that fails to load becomes
// unknown: no longer listed, Get returns nil.
func TestRegisterLazyFailureMakesVersionUnknown(t *testing.T) {
	isolateRegistry(t)
	var loads atomic.Int32
	RegisterLazy("7.2.0", "example.org", func() (*Taxonomy, error) {
		loads.Add(1)
		return nil, errors.New("damaged")
	})
	RegisterLazy("7.3.0", "example.org", func() (*Taxonomy, error) {
		t.Error("a version nobody asked for was read")
		return nil, errors.New("unused")
	})
	if !slices.Contains(Versions(), "7.2.0") {
		t.Fatalf("Versions() = %v lacks 7.2.0 before its first use", Versions())
	}
	for range 2 { // the second Get must not retry the load
		if Get("7.2.0") != nil {
			t.Fatal("a version that failed to load was returned")
		}
	}
	if loads.Load() != 1 {
		t.Errorf("a failed load was retried: %d loads", loads.Load())
	}
	if slices.Contains(Versions(), "7.2.0") {
		t.Errorf("Versions() = %v still lists the version that failed", Versions())
	}
	if !slices.Contains(Versions(), "7.3.0") {
		t.Errorf("Versions() = %v lost the unused 7.3.0", Versions())
	}
	errs := LoadErrors()
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "7.2.0") || !strings.Contains(errs[0].Error(), "damaged") {
		t.Errorf("LoadErrors() = %v, want the 7.2.0 failure only", errs)
	}
}

// What a loader returns is checked: a nil or incomplete taxonomy, or one of
// another version, is a load error; a panicking loader is one too.
func TestRegisterLazyRejectsBadResults(t *testing.T) {
	isolateRegistry(t)
	other := tinyTaxonomy(t, "7.4.1")
	cases := map[string]func() (*Taxonomy, error){
		"7.4.0": func() (*Taxonomy, error) { return nil, nil },
		"7.4.2": func() (*Taxonomy, error) { return &Taxonomy{Version: "7.4.2"}, nil },
		"7.4.3": func() (*Taxonomy, error) { return other, nil },
		"7.4.4": func() (*Taxonomy, error) { panic("boom") },
	}
	for v, load := range cases {
		RegisterLazy(v, "example.org", load)
	}
	for v := range cases {
		if got := Get(v); got != nil {
			t.Errorf("Get(%s) = %v, want nil", v, got)
		}
	}
	if errs := LoadErrors(); len(errs) != len(cases) {
		t.Errorf("LoadErrors() = %v, want %d errors", errs, len(cases))
	} else if !strings.Contains(errs[0].Error(), "7.4.0") || !strings.Contains(errs[3].Error(), "boom") {
		t.Errorf("LoadErrors() not in version order or not explicit: %v", errs)
	}
	RegisterLazy("", "example.org", func() (*Taxonomy, error) { return other, nil })
	RegisterLazy("7.4.5", "example.org", nil)
	if slices.Contains(Versions(), "") || slices.Contains(Versions(), "7.4.5") {
		t.Errorf("an empty version or a nil loader was registered: %v", Versions())
	}
}

// The last registration of a version wins, eager or lazy, and replacing a
// failed lazy registration clears its error.
func TestRegisterAndRegisterLazyReplaceEachOther(t *testing.T) {
	isolateRegistry(t)
	first, second := tinyTaxonomy(t, "7.5.0"), tinyTaxonomy(t, "7.5.0")
	Register(first)
	RegisterLazy("7.5.0", "example.org", func() (*Taxonomy, error) { return second, nil })
	if Get("7.5.0") != second {
		t.Error("RegisterLazy did not replace Register")
	}
	RegisterLazy("7.5.0", "example.org", func() (*Taxonomy, error) { return nil, errors.New("damaged") })
	if Get("7.5.0") != nil || len(LoadErrors()) != 1 {
		t.Fatalf("the damaged replacement: Get = %v, LoadErrors = %v", Get("7.5.0"), LoadErrors())
	}
	Register(first) // e.g. oncard oasf sync fetched it again
	if Get("7.5.0") != first || len(LoadErrors()) != 0 {
		t.Errorf("Register after a failure: Get = %v, LoadErrors = %v", Get("7.5.0"), LoadErrors())
	}
}

// Preload reads every named lazy version (each once), and only those.
func TestPreloadLoadsTheNamedVersions(t *testing.T) {
	isolateRegistry(t)
	var loads [3]atomic.Int32
	for i, v := range []string{"7.9.0", "7.9.1", "7.9.2"} {
		tax := tinyTaxonomy(t, v)
		RegisterLazy(v, "example.org", func() (*Taxonomy, error) {
			loads[i].Add(1)
			return tax, nil
		})
	}
	Preload("7.9.0", "7.9.1", "7.9.1", DefaultVersion, "no-such-version")
	Preload("7.9.0")
	for i, want := range []int32{1, 1, 0} {
		if got := loads[i].Load(); got != want {
			t.Errorf("version #%d loaded %d times, want %d", i, got, want)
		}
	}
	if Get("7.9.1") == nil {
		t.Error("a preloaded version is not returned")
	}
}
