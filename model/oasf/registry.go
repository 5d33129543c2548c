package oasf

import (
	"embed"
	"path"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// The snapshots are regenerated from the reference fixtures of the schema
// server's responses (see internal/gen).
//go:generate go run ./internal/gen -in ../../../shared/reference/oasf/api -out data

//go:embed data/*.json
var snapshots embed.FS

// EmbeddedSource is the Source of a taxonomy loaded from the snapshots
// built into the binary.
const EmbeddedSource = "embedded"

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
	registered = map[string]*Taxonomy{} // synced versions; they take precedence
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

// Get returns the taxonomy of a schema_version: a registered (synced) one if
// there is one, else the embedded snapshot; nil when the version is unknown.
func Get(version string) *Taxonomy {
	registryMu.RLock()
	t := registered[version]
	registryMu.RUnlock()
	if t != nil {
		return t
	}
	if l := embedded[version]; l != nil {
		if t, err := l.load(); err == nil {
			return t
		}
	}
	return nil
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
// oldest first.
func Versions() []string {
	seen := make(map[string]bool, len(embedded))
	var vs []string
	for v := range embedded {
		seen[v] = true
		vs = append(vs, v)
	}
	registryMu.RLock()
	for v := range registered {
		if !seen[v] {
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
	registryMu.Lock()
	registered[t.Version] = t
	registryMu.Unlock()
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
