package server

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
	"sync"
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

// Loaded is one cached version LoadCache registered.
type Loaded struct {
	Version string
	Server  string // the URL it was synced from
	Dir     string
}

// LoadCache registers every cached version with package oasf, so that
// commands, validation and the TUI picker know versions synced earlier
// (with their descriptions). Call it once at startup, before any lookup.
// When several servers hold the same version, the public server's copy
// wins, then hosts in name order. Unreadable entries are skipped and
// reported in the error; a missing cache is not an error.
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
	// Register the preferred host last so that it replaces the others.
	public := hostFolder(strings.TrimPrefix(DefaultServer, "https://"))
	sort.SliceStable(names, func(i, j int) bool {
		if (names[i] == public) != (names[j] == public) {
			return names[j] == public
		}
		return names[i] < names[j]
	})
	// Find every cached version first, parse them in parallel (parsing is
	// most of the startup cost), then register in the order above.
	type job struct {
		dir, host, version string
		tax                *oasf.Taxonomy
		loaded             Loaded
		err                error
	}
	var jobs []*job
	var errs []error
	for _, h := range names {
		versions, err := os.ReadDir(filepath.Join(root, h))
		if err != nil {
			errs = append(errs, err)
			continue
		}
		for _, v := range versions {
			if v.IsDir() && checkVersion(v.Name()) == nil {
				jobs = append(jobs, &job{dir: filepath.Join(root, h, v.Name()), host: h, version: v.Name()})
			}
		}
	}
	var wg sync.WaitGroup
	for _, j := range jobs {
		wg.Go(func() { j.tax, j.loaded, j.err = loadVersion(j.dir, j.host, j.version) })
	}
	wg.Wait()
	var loaded []Loaded
	for _, j := range jobs {
		if j.err != nil {
			errs = append(errs, j.err)
			continue
		}
		oasf.Register(j.tax)
		loaded = append(loaded, j.loaded)
	}
	return loaded, errors.Join(errs...)
}

// loadVersion reads and parses one cached version (without registering it).
func loadVersion(dir, host, version string) (*oasf.Taxonomy, Loaded, error) {
	skills, err := os.ReadFile(filepath.Join(dir, skillFile))
	if err != nil {
		return nil, Loaded{}, fmt.Errorf("cached OASF %s from %s is incomplete: %w", version, host, err)
	}
	domains, err := os.ReadFile(filepath.Join(dir, domainFile))
	if err != nil {
		return nil, Loaded{}, fmt.Errorf("cached OASF %s from %s is incomplete: %w", version, host, err)
	}
	server := "https://" + strings.ReplaceAll(host, "_", ":")
	if data, err := os.ReadFile(filepath.Join(dir, sourceFile)); err == nil {
		var s source
		if json.Unmarshal(data, &s) == nil && s.Server != "" {
			server = s.Server
		}
	}
	tax, err := oasf.ParseCategories(version, server, skills, domains)
	if err != nil {
		return nil, Loaded{}, fmt.Errorf("cached OASF %s from %s cannot be read (run `oncard oasf sync` again): %w", version, host, err)
	}
	return tax, Loaded{Version: version, Server: server, Dir: dir}, nil
}
