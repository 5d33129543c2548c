package oasf

import (
	"embed"
	"errors"
	"fmt"
	"path"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// The snapshots are regenerated from the reference fixtures of the schema
// server's responses (see internal/gen).
//go:generate go run ./internal/gen -in ../../../shared/reference/oasf/api -out data

//go:embed data/*.json
var snapshots embed.FS

// EmbeddedSource is the Source of a taxonomy loaded from the snapshots
// built into the binary.
const EmbeddedSource = "embedded"

// ErrSyncedNotUsed is what a RegisterLazy loader wraps to say that a
// synced copy is sound but deliberately not used (it differs from the
// built-in version and the user did not ask for it): the version falls
// back to the built-in snapshot and LoadErrors reports it as "is not used"
// rather than "cannot be used".
var ErrSyncedNotUsed = errors.New("the synced copy is not used")

// lazyTaxonomy decodes one embedded snapshot the first time it is asked for.
type lazyTaxonomy struct {
	file string
	once sync.Once
	tax  *Taxonomy
	err  error
}

func (l *lazyTaxonomy) load() (*Taxonomy, error) {
	l.once.Do(func() {
		data, err := snapshots.ReadFile(l.file)
		if err != nil {
			l.err = err
			return
		}
		l.tax, l.err = decodeSnapshot(data, EmbeddedSource)
	})
	return l.tax, l.err
}

var (
	embedded = loadEmbeddedIndex() // version -> snapshot; fixed at init

	registryMu sync.RWMutex
	registered = map[string]*syncedTaxonomy{} // synced versions; they take precedence
)

func loadEmbeddedIndex() map[string]*lazyTaxonomy {
	entries, _ := snapshots.ReadDir("data")
	m := make(map[string]*lazyTaxonomy, len(entries))
	for _, e := range entries {
		v := strings.TrimSuffix(e.Name(), ".json")
		m[v] = &lazyTaxonomy{file: path.Join("data", e.Name())}
	}
	return m
}

// registeredEntry returns the synced entry of a version, or nil.
func registeredEntry(version string) *syncedTaxonomy {
	registryMu.RLock()
	defer registryMu.RUnlock()
	return registered[version]
}

// Get returns the taxonomy of a schema_version: a registered (synced) one if
// there is one and it loads, else the embedded snapshot; nil when the
// version is unknown. A synced version registered with RegisterLazy is read
// here, on its first use; when that fails the error is kept for LoadErrors
// and the embedded snapshot of the same version, if any, is returned.
func Get(version string) *Taxonomy {
	if s := registeredEntry(version); s != nil {
		if t, err := s.get(); err == nil {
			return t
		}
	}
	return Embedded(version)
}

// Embedded returns the embedded snapshot of a version even when a synced
// one is registered, or nil.
func Embedded(version string) *Taxonomy {
	if l := embedded[version]; l != nil {
		if t, err := l.load(); err == nil {
			return t
		}
	}
	return nil
}

// Versions lists the known schema_versions (embedded and registered),
// oldest first. It reads no synced taxonomy: a lazily registered version is
// listed until a Get finds it cannot be loaded.
func Versions() []string {
	seen := make(map[string]bool, len(embedded))
	var vs []string
	for v := range embedded {
		seen[v] = true
		vs = append(vs, v)
	}
	registryMu.RLock()
	for v, s := range registered {
		if !seen[v] && s.loadErr() == nil {
			vs = append(vs, v)
		}
	}
	registryMu.RUnlock()
	sort.Slice(vs, func(i, j int) bool { return versionLess(vs[i], vs[j]) })
	return vs
}

// Register adds or replaces a taxonomy (a version synced from a server).
// Safe for concurrent use. A nil taxonomy, one without a version or without
// both trees is ignored.
func Register(t *Taxonomy) {
	if t == nil || t.Version == "" || t.Skills == nil || t.Domains == nil {
		return
	}
	setRegistered(t.Version, loadedTaxonomy(t))
}

// RegisterLazy adds or replaces a synced version whose taxonomy is read only
// when first asked for (by Get, or anything built on it), so that versions a
// command does not use cost it nothing. load runs at most once, even under
// concurrent Gets. source says where the version comes from (a server URL
// or a cache folder); it names the version in load errors. When load fails,
// or returns a taxonomy without both trees or of another version, the
// version is no longer listed by Versions, Get falls back to the embedded
// snapshot of that version (if any), and the error is reported by
// LoadErrors. An empty version or a nil load is ignored.
func RegisterLazy(version, source string, load func() (*Taxonomy, error)) {
	if version == "" || load == nil {
		return
	}
	setRegistered(version, &syncedTaxonomy{version: version, source: source, load: load})
}

func setRegistered(version string, s *syncedTaxonomy) {
	registryMu.Lock()
	registered[version] = s
	registryMu.Unlock()
}

// Preload reads the given lazily registered versions in parallel, so that a
// caller about to use several of them (listing every version, searching
// across versions) pays for the slowest parse rather than their sum.
// Unknown, embedded and already loaded versions are skipped; failures are
// reported by LoadErrors as for Get.
func Preload(versions ...string) {
	var wg sync.WaitGroup
	for _, v := range versions {
		if s := registeredEntry(v); s != nil && !s.done.Load() {
			wg.Go(func() { _, _ = s.get() })
		}
	}
	wg.Wait()
}

// LoadErrors returns why lazily registered versions could not be loaded, in
// version order: only versions something has asked for so far (a version
// never used is never read). Each error names the version and what failed.
func LoadErrors() []error {
	registryMu.RLock()
	var failed []*syncedTaxonomy
	for _, s := range registered {
		if s.loadErr() != nil {
			failed = append(failed, s)
		}
	}
	registryMu.RUnlock()
	sort.Slice(failed, func(i, j int) bool { return versionLess(failed[i].version, failed[j].version) })
	errs := make([]error, len(failed))
	for i, s := range failed {
		errs[i] = s.loadErr()
	}
	return errs
}

// syncedTaxonomy is one registered (synced) version. Register stores one
// already loaded; RegisterLazy one that is read on its first Get.
type syncedTaxonomy struct {
	version string
	source  string
	load    func() (*Taxonomy, error)

	once sync.Once
	done atomic.Bool // set after tax/err are final: loadErr reads them without loading
	tax  *Taxonomy
	err  error
}

// loadedTaxonomy wraps a taxonomy that is already parsed.
func loadedTaxonomy(t *Taxonomy) *syncedTaxonomy {
	s := &syncedTaxonomy{version: t.Version, source: t.Source}
	s.once.Do(func() { s.tax = t })
	s.done.Store(true)
	return s
}

// get loads the taxonomy once and returns it, or why it cannot be used.
func (s *syncedTaxonomy) get() (*Taxonomy, error) {
	s.once.Do(func() {
		defer s.done.Store(true)
		t, err := s.safeLoad()
		switch {
		case err != nil:
		case t == nil || t.Skills == nil || t.Domains == nil:
			err = fmt.Errorf("no skill or domain tree")
		case t.Version != s.version:
			err = fmt.Errorf("it holds version %q", t.Version)
		}
		if errors.Is(err, ErrSyncedNotUsed) {
			s.err = fmt.Errorf("synced OASF %s from %s is not used: %w", s.version, s.source, err)
			return
		}
		if err != nil {
			s.err = fmt.Errorf("synced OASF %s from %s cannot be used: %w", s.version, s.source, err)
			return
		}
		s.tax = t
	})
	return s.tax, s.err
}

// safeLoad runs the loader; a panic in it becomes an error so that one bad
// cache entry cannot take a command down.
func (s *syncedTaxonomy) safeLoad() (t *Taxonomy, err error) {
	defer func() {
		if r := recover(); r != nil {
			t, err = nil, fmt.Errorf("loading failed: %v", r)
		}
	}()
	return s.load()
}

// loadErr is the load error once the version was asked for; nil before
// that, and nil when it loaded.
func (s *syncedTaxonomy) loadErr() error {
	if !s.done.Load() {
		return nil
	}
	return s.err
}

// versionLess orders "major.minor.patch[-pre]" numerically; anything else
// sorts after, by text.
func versionLess(a, b string) bool {
	pa, oka := parseVersion(a)
	pb, okb := parseVersion(b)
	switch {
	case oka && okb:
		for i := range pa.nums {
			if pa.nums[i] != pb.nums[i] {
				return pa.nums[i] < pb.nums[i]
			}
		}
		if pa.pre != pb.pre { // a release sorts after its prereleases
			return pa.pre != "" && (pb.pre == "" || pa.pre < pb.pre)
		}
		return false
	case oka != okb:
		return oka
	}
	return a < b
}

type parsedVersion struct {
	nums [3]int
	pre  string
}

func parseVersion(v string) (parsedVersion, bool) {
	var p parsedVersion
	core, pre, _ := strings.Cut(v, "-")
	p.pre = pre
	parts := strings.Split(core, ".")
	if len(parts) != 3 {
		return p, false
	}
	for i, s := range parts {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			return p, false
		}
		p.nums[i] = n
	}
	return p, true
}
