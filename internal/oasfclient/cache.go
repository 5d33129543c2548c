package oasfclient

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/google/renameio/v2"

	"github.com/oncard/oncard/model/oasf"
)

// Cache layout, under os.UserCacheDir() ($XDG_CACHE_HOME on Linux):
//
//	oncard/oasf/<host>/<version>/skill_categories.json
//	oncard/oasf/<host>/<version>/domain_categories.json
//	oncard/oasf/<host>/<version>/source.json   (server URL and sync time)
//
// <host> is the server's host[:port] with ":" written as "_" so that the
// name is a valid folder name everywhere.
const (
	skillFile  = "skill_categories.json"
	domainFile = "domain_categories.json"
	sourceFile = "source.json"
)

// CacheDir is the folder that holds every synced server.
func CacheDir() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no user cache directory to keep OASF taxonomies in: %w", err)
	}
	return filepath.Join(dir, "oncard", "oasf"), nil
}

// safeVersion is what a version from a server must look like before it
// becomes a folder name (no "/", no "..").
var safeVersion = regexp.MustCompile(`^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$`)

func checkVersion(v string) error {
	if !safeVersion.MatchString(v) || strings.Contains(v, "..") {
		return &Error{Kind: ErrBadVersion, Msg: fmt.Sprintf("%q is not a schema version oncard can store", v)}
	}
	return nil
}

func hostFolder(host string) string { return strings.ReplaceAll(host, ":", "_") }

// source.json: where a cached version came from.
type source struct {
	Server   string    `json:"server"`
	Version  string    `json:"version"`
	SyncedAt time.Time `json:"synced_at"`
}

// Synced is one version stored by Sync.
type Synced struct {
	Version string
	Dir     string   // the version's cache folder
	Files   []string // the files written
	Skills  int      // number of skill classes
	Domains int      // number of domain classes
}

// Sync fetches the skill and domain trees of one version (or of every
// version the server lists, when version is ""), stores them in the cache
// and registers them with package oasf so that this process sees them at
// once. A version that fails does not stop the others: the error joins
// every failure and the result lists what was stored.
func (c *Client) Sync(ctx context.Context, version string) ([]Synced, error) {
	versions := []string{version}
	if version == "" {
		list, err := c.Versions(ctx)
		if err != nil {
			return nil, err
		}
		versions = list.Names()
	}
	root, err := CacheDir()
	if err != nil {
		return nil, err
	}
	var done []Synced
	var errs []error
	for _, v := range versions {
		s, err := c.syncOne(ctx, root, v)
		if err != nil {
			errs = append(errs, err)
			if KindOf(err) == ErrCanceled {
				break
			}
			continue
		}
		done = append(done, s)
	}
	return done, errors.Join(errs...)
}

func (c *Client) syncOne(ctx context.Context, root, version string) (Synced, error) {
	if err := checkVersion(version); err != nil {
		return Synced{}, err
	}
	skills, err := c.Categories(ctx, version, oasf.Skills)
	if err != nil {
		return Synced{}, err
	}
	domains, err := c.Categories(ctx, version, oasf.Domains)
	if err != nil {
		return Synced{}, err
	}
	// Parse before storing: a tree oasf cannot read must not reach the cache.
	tax, err := oasf.ParseCategories(version, c.URL(), skills, domains)
	if err != nil {
		return Synced{}, fmt.Errorf("the %s taxonomy from %s cannot be used: %w", version, c.Host(), err)
	}
	dir := filepath.Join(root, hostFolder(c.Host()), version)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return Synced{}, fmt.Errorf("cannot create the cache folder: %w", err)
	}
	src, _ := json.MarshalIndent(source{Server: c.URL(), Version: version, SyncedAt: time.Now().UTC()}, "", "  ")
	files := []struct {
		name string
		data []byte
	}{{skillFile, skills}, {domainFile, domains}, {sourceFile, append(src, '\n')}}
	s := Synced{Version: version, Dir: dir, Skills: len(tax.Skills.All()), Domains: len(tax.Domains.All())}
	for _, f := range files {
		p := filepath.Join(dir, f.name)
		if err := renameio.WriteFile(p, f.data, 0o644); err != nil {
			return Synced{}, fmt.Errorf("cannot write %s: %w", p, err)
		}
		s.Files = append(s.Files, p)
	}
	oasf.Register(tax)
	return s, nil
}

// Loaded is one cached copy of a version that LoadCache found and
// registered. Only the folder is known at that point: the trees (and the
// exact server URL, kept in source.json) are read on the version's first
// use.
type Loaded struct {
	Version string
	Host    string // host[:port] of the server it was synced from (the folder name)
	Dir     string
}

// LoadCache registers every cached version with package oasf, so that
// commands, validation and the TUI picker know versions synced earlier
// (with their descriptions). Call it once at startup, before any lookup.
//
// It only lists the cache folders: each version is registered with
// oasf.RegisterLazy and its JSON is read and parsed the first time
// something asks for that version, so a command pays nothing for versions
// it does not use. A damaged entry is therefore found when first used: the
// version falls back to the embedded snapshot (or becomes unknown) and the
// reason, naming the file, is in oasf.LoadErrors.
//
// When several servers hold the same version, the public server's copy
// wins, then hosts in name order; a copy that cannot be read gives way to
// the next one. A missing cache is not an error; a folder that cannot be
// listed is reported in the error and skipped.
func LoadCache() ([]Loaded, error) {
	root, err := CacheDir()
	if err != nil {
		return nil, err
	}
	return LoadCacheDir(root)
}

// LoadCacheDir is LoadCache for an explicit cache root.
func LoadCacheDir(root string) ([]Loaded, error) {
	hosts, err := os.ReadDir(root)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("cannot read the OASF cache %s: %w", root, err)
	}
	names := make([]string, 0, len(hosts))
	for _, h := range hosts {
		if h.IsDir() {
			names = append(names, h.Name())
		}
	}
	// The preferred host first: its copy is the one used.
	public := hostFolder(strings.TrimPrefix(DefaultServer, "https://"))
	sort.SliceStable(names, func(i, j int) bool {
		if (names[i] == public) != (names[j] == public) {
			return names[i] == public
		}
		return names[i] < names[j]
	})
	var loaded []Loaded
	var errs []error
	copies := map[string][]Loaded{} // version -> its copies, preferred first
	var versions []string
	for _, h := range names {
		entries, err := os.ReadDir(filepath.Join(root, h))
		if err != nil {
			errs = append(errs, fmt.Errorf("cannot read the OASF cache folder: %w", err))
			continue
		}
		for _, e := range entries {
			v := e.Name()
			if !e.IsDir() || checkVersion(v) != nil {
				continue
			}
			c := Loaded{Version: v, Host: strings.ReplaceAll(h, "_", ":"), Dir: filepath.Join(root, h, v)}
			if copies[v] == nil {
				versions = append(versions, v)
			}
			copies[v] = append(copies[v], c)
			loaded = append(loaded, c)
		}
	}
	for _, v := range versions {
		cs := copies[v]
		oasf.RegisterLazy(v, cs[0].Host, func() (*oasf.Taxonomy, error) { return loadFirstCopy(cs) })
	}
	return loaded, errors.Join(errs...)
}

// loadFirstCopy reads the copies of one version in order of preference and
// returns the first that parses; when none does, the error names each.
func loadFirstCopy(copies []Loaded) (*oasf.Taxonomy, error) {
	var errs []error
	for _, c := range copies {
		tax, err := loadVersion(c)
		if err == nil {
			return tax, nil
		}
		errs = append(errs, err)
	}
	return nil, errors.Join(errs...)
}

// loadVersion reads and parses one cached copy (without registering it).
// Its errors name the file at fault and the fix.
func loadVersion(c Loaded) (*oasf.Taxonomy, error) {
	skillPath := filepath.Join(c.Dir, skillFile)
	domainPath := filepath.Join(c.Dir, domainFile)
	skills, err := os.ReadFile(skillPath)
	if err != nil {
		return nil, fmt.Errorf("the cache entry is incomplete (run `oncard oasf sync` again): %w", err)
	}
	domains, err := os.ReadFile(domainPath)
	if err != nil {
		return nil, fmt.Errorf("the cache entry is incomplete (run `oncard oasf sync` again): %w", err)
	}
	server := "https://" + c.Host
	if data, err := os.ReadFile(filepath.Join(c.Dir, sourceFile)); err == nil {
		var s source
		if json.Unmarshal(data, &s) == nil && s.Server != "" {
			server = s.Server
		}
	}
	tax, err := oasf.ParseCategories(c.Version, server, skills, domains)
	if err != nil {
		return nil, fmt.Errorf("%s cannot be read (run `oncard oasf sync` again): %w", culprit(skillPath, skills, domainPath, domains), err)
	}
	return tax, nil
}

// culprit names the file a parse error most likely comes from: the one that
// is not even JSON (a truncated write, an edit), else both.
func culprit(skillPath string, skills []byte, domainPath string, domains []byte) string {
	switch {
	case !json.Valid(skills):
		return skillPath
	case !json.Valid(domains):
		return domainPath
	}
	return skillPath + " or " + domainPath
}
