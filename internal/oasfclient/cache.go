package oasfclient

import (
	"cmp"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/oncard/oncard/internal/safefile"
	"github.com/oncard/oncard/internal/safehttp"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/oasf"
)

// Cache layout, under os.UserCacheDir() ($XDG_CACHE_HOME on Linux):
//
//	oncard/oasf/<origin>/<version>/skill_categories.json
//	oncard/oasf/<origin>/<version>/domain_categories.json
//	oncard/oasf/<origin>/<version>/source.json   (server URL and sync time)
//
// <origin> names the whole server origin, not its host alone: scheme, host
// and port ("https_schema.oasf.outshift.com", "http_127.0.0.1_8080"; a
// scheme's default port is left out), plus "+<hash>" of a path prefix when
// the server lives below one. Two servers on one host are two folders.
//
// A version's files are written as one unit: into a fresh hidden folder
// next to <version>, which then replaces <version> by renaming. A crash
// leaves either the old set or the new one (see writeVersionDir).
const (
	skillFile  = "skill_categories.json"
	domainFile = "domain_categories.json"
	sourceFile = "source.json"

	tmpPrefix = ".tmp-" // a set being written: never read
	oldPrefix = ".old-" // the previous set during a replacement
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
var safeVersion = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$`) })

func checkVersion(v string) error {
	if !safeVersion().MatchString(v) || strings.Contains(v, "..") {
		return &Error{Kind: ErrBadVersion, Msg: fmt.Sprintf("%q is not a schema version oncard can store", model.SafeText(v))}
	}
	return nil
}

// OriginFolder is the cache folder name of a server URL (see the layout).
func OriginFolder(server string) (string, error) {
	u, err := parseServerURL(server)
	if err != nil {
		return "", err
	}
	return originFolder(u), nil
}

func originFolder(u *url.URL) string {
	host, port := u.Hostname(), u.Port()
	if (u.Scheme == "https" && port == "443") || (u.Scheme == "http" && port == "80") {
		port = ""
	}
	name := u.Scheme + "_" + strings.NewReplacer(":", "_", "[", "", "]", "").Replace(strings.ToLower(host))
	if port != "" {
		name += "_" + port
	}
	if p := strings.TrimRight(u.EscapedPath(), "/"); p != "" {
		sum := sha256.Sum256([]byte(p))
		name += "+" + hex.EncodeToString(sum[:6])
	}
	return name
}

// originFolderRE is what LoadCache accepts as an origin folder; anything
// else (caches of older oncard releases, which were keyed by host alone,
// and stray files) is skipped.
var originFolderRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^https?_[0-9a-z._-]+(_[0-9]{1,5})?(\+[0-9a-f]{12})?$`)
})

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
	// DiffersFromBuiltin is set when oncard has this version built in and
	// the server's copy differs from it ("3 skills missing, …"): the copy is
	// stored but not used unless asked for (SyncOptions.UseSynced, and
	// LoadOptions.UseSynced in later runs).
	DiffersFromBuiltin string
}

// SyncOptions tune Sync.
type SyncOptions struct {
	// UseSynced lets a synced copy that differs from the built-in version
	// replace it in this process.
	UseSynced bool
}

// Bounds of a sync. A real version's two trees are about 200 KB; a server
// (or a proxy) that sends more, or lists dozens of versions, must not fill
// the disk or the memory.
const (
	// MaxVersionBytes caps what is stored of one version (both trees).
	MaxVersionBytes = 8 << 20
	// MaxSyncBytes caps what one sync stores in all.
	MaxSyncBytes = 32 << 20
	// MaxDefaultVersions caps the versions a sync fetches when none is
	// named: the newest the server lists and the built-in ones.
	MaxDefaultVersions = 5
)

// syncBudget is MaxSyncBytes, a variable so that a test can reach it with
// real trees.
var syncBudget int64 = MaxSyncBytes

// Sync fetches the skill and domain trees of the versions named
// (none: the newest version the server lists and the built-in versions it
// lists, at most MaxDefaultVersions), streams each into the cache under
// MaxVersionBytes a version and MaxSyncBytes in all, and registers them
// with package oasf, read lazily from the cache, so that this process sees
// them at once, except a copy that differs from a built-in version
// (reported in Synced.DiffersFromBuiltin, registered only with
// o.UseSynced). A version that fails does not stop the others (but the
// total cap and a cancellation do): the error joins every failure and the
// result lists what was stored.
func (c *Client) Sync(ctx context.Context, versions []string, o ...SyncOptions) ([]Synced, error) {
	var opts SyncOptions
	if len(o) > 0 {
		opts = o[0]
	}
	if len(versions) == 0 {
		list, err := c.Versions(ctx)
		if err != nil {
			return nil, err
		}
		versions = defaultVersions(list.Names())
	}
	root, err := CacheDir()
	if err != nil {
		return nil, err
	}
	var done []Synced
	var errs []error
	budget := syncBudget
	for _, v := range versions {
		s, err := c.syncOne(ctx, root, v, &budget, opts)
		if err != nil {
			errs = append(errs, err)
			if KindOf(err) == ErrCanceled || budget <= 0 {
				break
			}
			continue
		}
		done = append(done, s)
	}
	return done, errors.Join(errs...)
}

// defaultVersions picks from the versions a server lists the newest and
// the built-in ones, newest first, at most MaxDefaultVersions.
func defaultVersions(listed []string) []string {
	sorted := slices.Clone(listed)
	slices.SortStableFunc(sorted, func(a, b string) int { return compareVersions(b, a) })
	var out []string
	for i, v := range sorted {
		if len(out) == MaxDefaultVersions {
			break
		}
		if (i == 0 || oasf.Embedded(v) != nil) && !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}

// compareVersions orders "1.10.0" after "1.9.2": numeric parts as numbers,
// anything else as text.
func compareVersions(a, b string) int {
	pa, pb := strings.FieldsFunc(a, isVersionSep), strings.FieldsFunc(b, isVersionSep)
	for i := 0; i < len(pa) && i < len(pb); i++ {
		na, ea := strconv.Atoi(pa[i])
		nb, eb := strconv.Atoi(pb[i])
		switch {
		case ea == nil && eb == nil && na != nb:
			return cmp.Compare(na, nb)
		case (ea != nil || eb != nil) && pa[i] != pb[i]:
			return strings.Compare(pa[i], pb[i])
		}
	}
	return cmp.Compare(len(pa), len(pb))
}

func isVersionSep(r rune) bool { return r == '.' || r == '-' || r == '+' || r == '_' }

// syncOne streams one version's trees into a fresh cache folder, checks
// that package oasf can read them (a tree it cannot read must not reach the
// cache), and swaps the folder in. budget is what the sync may still store;
// it is charged with what was received.
func (c *Client) syncOne(ctx context.Context, root, version string, budget *int64, o SyncOptions) (Synced, error) {
	if err := checkVersion(version); err != nil {
		return Synced{}, err
	}
	dir := filepath.Join(root, originFolder(c.base), version)
	var tax *oasf.Taxonomy
	fill := func(tmp string) error {
		left := min(int64(MaxVersionBytes), *budget)
		if left <= 0 {
			return c.tooLarge(version, true)
		}
		trees := map[oasf.Kind][]byte{}
		for _, k := range []oasf.Kind{oasf.Skills, oasf.Domains} {
			n, err := c.categoriesTo(ctx, version, k, filepath.Join(tmp, treeFile(k)), left)
			*budget -= n
			left -= n
			if err != nil {
				if KindOf(err) == ErrTooLarge {
					return c.tooLarge(version, *budget <= 0)
				}
				return err
			}
			// Read back under the same cap: one version at a time is held.
			if trees[k], err = readCacheFile(filepath.Join(tmp, treeFile(k)), MaxVersionBytes); err != nil {
				return err
			}
			if err := c.checkTree(version, k, trees[k]); err != nil {
				return err
			}
		}
		var err error
		tax, err = oasf.ParseCategories(version, c.URL(), trees[oasf.Skills], trees[oasf.Domains])
		if err != nil {
			return fmt.Errorf("the %s taxonomy from %s cannot be used: %w", model.SafeText(version), c.Host(), err)
		}
		src, _ := json.MarshalIndent(source{Server: c.URL(), Version: version, SyncedAt: time.Now().UTC()}, "", "  ")
		return writeSynced(filepath.Join(tmp, sourceFile), append(src, '\n'))
	}
	if err := writeVersionDirWith(dir, fill, nil); err != nil {
		return Synced{}, err
	}
	s := Synced{Version: version, Dir: dir, Skills: len(tax.Skills.All()), Domains: len(tax.Domains.All()),
		DiffersFromBuiltin: DiffFromBuiltin(tax)}
	for _, f := range []string{skillFile, domainFile, sourceFile} {
		s.Files = append(s.Files, filepath.Join(dir, f))
	}
	if s.DiffersFromBuiltin == "" || o.UseSynced {
		// Read again from the cache when used: a sync of many versions
		// holds none of them.
		at := Loaded{Version: version, Origin: c.URL(), Dir: dir}
		oasf.RegisterLazy(version, c.URL(), func() (*oasf.Taxonomy, error) { return loadVersion(at) })
	}
	return s, nil
}

func treeFile(k oasf.Kind) string {
	if k == oasf.Domains {
		return domainFile
	}
	return skillFile
}

// tooLarge is the error of a version over MaxVersionBytes, or of a sync
// over MaxSyncBytes (total).
func (c *Client) tooLarge(version string, total bool) error {
	msg := fmt.Sprintf("OASF %s from %s is larger than the %s oncard stores of one version; not stored",
		model.SafeText(version), c.Host(), safehttp.ByteSize(MaxVersionBytes))
	if total {
		msg = fmt.Sprintf("OASF %s from %s would take this sync past the %s it may store; not stored (sync fewer versions with --version)",
			model.SafeText(version), c.Host(), safehttp.ByteSize(MaxSyncBytes))
	}
	return &Error{Kind: ErrTooLarge, Msg: msg}
}

// categoriesTo streams GET /api/<v>/skill_categories (or
// domain_categories) into a new file at path, at most max bytes, and
// returns how many bytes came.
func (c *Client) categoriesTo(ctx context.Context, version string, k oasf.Kind, path string, max int64) (int64, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return 0, fmt.Errorf("cannot write %s: %w", path, err)
	}
	counted := &countingWriter{w: f}
	u := c.endpoint(nil, version, strings.TrimSuffix(treeFile(k), ".json"))
	status, body, err := c.doStream(ctx, u, counted, max)
	if err == nil && status != http.StatusOK {
		err = c.statusError(ctx, "GET", u, status, body, version)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("cannot write %s: %w", path, cerr)
	}
	return counted.n, err
}

// checkTree says, as Categories does, what is wrong with a tree that is
// not a non-empty JSON object.
func (c *Client) checkTree(version string, k oasf.Kind, data []byte) error {
	u := c.endpoint(nil, version, strings.TrimSuffix(treeFile(k), ".json"))
	var tree map[string]json.RawMessage
	if err := decodeStrict(data, &tree); err != nil {
		return c.malformed("GET", u, err.Error())
	}
	if len(tree) == 0 {
		return c.malformed("GET", u, "the tree is empty")
	}
	return nil
}

type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// writeVersionDirWith stores a set of files as the folder dir, as one
// unit:
//
//  1. fill writes every file into a fresh hidden folder next to dir
//     (synced);
//  2. rename dir, if there is one, to a hidden ".old-" folder;
//  3. rename the new folder to dir;
//  4. remove the old folder (and any an earlier crash left).
//
// A crash in step 1 leaves dir untouched (the hidden folder is ignored and
// removed by the next sync); between 2 and 3 dir is missing and LoadCache
// reads the ".old-" folder instead; after 3 dir is the new set. crash, a
// test hook, stops the work after the given step (1-4) as a kill would.
//
// When fill fails, nothing is swapped in.
func writeVersionDirWith(dir string, fill func(tmp string) error, crash func(step int) bool) error {
	parent, version := filepath.Dir(dir), filepath.Base(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return fmt.Errorf("cannot create the cache folder: %w", err)
	}
	removeLeftovers(parent, version)
	tmp, err := os.MkdirTemp(parent, tmpPrefix+version+"-")
	if err != nil {
		return fmt.Errorf("cannot create the cache folder: %w", err)
	}
	defer os.RemoveAll(tmp) // a no-op once renamed
	if err := fill(tmp); err != nil {
		return err
	}
	if crash != nil && crash(1) {
		return errCrash
	}
	old := ""
	if _, err := os.Stat(dir); err == nil {
		old = filepath.Join(parent, oldPrefix+version+"-"+randomSuffix())
		if err := os.Rename(dir, old); err != nil {
			return fmt.Errorf("cannot replace %s: %w", dir, err)
		}
	}
	if crash != nil && crash(2) {
		return errCrash
	}
	if err := os.Rename(tmp, dir); err != nil {
		if old != "" {
			_ = os.Rename(old, dir) // put the old set back
		}
		return fmt.Errorf("cannot store %s: %w", dir, err)
	}
	syncDir(parent)
	if crash != nil && crash(3) {
		return errCrash
	}
	removeLeftovers(parent, version) // the old set, and any an earlier crash left
	return nil
}

var errCrash = errors.New("simulated crash")

// writeSynced writes a file and flushes it to disk before the rename that
// publishes it.
func writeSynced(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	return nil
}

// syncDir flushes a folder's entries (the renames); best effort, as not
// every system can open a folder for that.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		_ = d.Close()
	}
}

func randomSuffix() string {
	var b [6]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// removeLeftovers deletes what an interrupted earlier write of version left
// behind: unfinished folders always, a previous set only when the version's
// folder exists (else it is the version's only copy).
func removeLeftovers(parent, version string) {
	entries, err := os.ReadDir(parent)
	if err != nil {
		return
	}
	_, statErr := os.Stat(filepath.Join(parent, version))
	for _, e := range entries {
		n := e.Name()
		switch {
		case strings.HasPrefix(n, tmpPrefix+version+"-"):
			_ = os.RemoveAll(filepath.Join(parent, n))
		case strings.HasPrefix(n, oldPrefix+version+"-") && statErr == nil:
			_ = os.RemoveAll(filepath.Join(parent, n))
		}
	}
}

// Loaded is one cached copy of a version that LoadCache found and
// registered. Only the folder is known at that point: the trees are read
// on the version's first use.
type Loaded struct {
	Version string
	Origin  string // the server's URL, from the folder name (source.json has the exact one)
	Dir     string
}

// LoadOptions tune LoadCache.
type LoadOptions struct {
	// UseSynced lets a synced copy of a built-in version that differs from
	// it replace it (flag --oasf-use-synced, config "oasf_use_synced").
	// Without it such a copy is reported (oasf.LoadErrors, as
	// oasf.ErrSyncedNotUsed) and the built-in version is used.
	UseSynced bool
}

// LoadCache registers every cached version with package oasf, so that
// commands, validation and the TUI picker know versions synced earlier
// (with their descriptions). Call it once at startup, before any lookup.
//
// It only lists the cache folders: each version is registered with
// oasf.RegisterLazy and its JSON is read and parsed the first time
// something asks for that version, so a command pays nothing for versions
// it does not use. A damaged entry is therefore found when first used: the
// version falls back to the built-in snapshot (or becomes unknown) and the
// reason, naming the file, is in oasf.LoadErrors.
//
// A built-in version is never silently replaced: a synced copy is used
// only when it holds the same classes (it then adds descriptions), or when
// o.UseSynced asks for it.
//
// When several servers hold the same version, the public server's copy
// wins, then origins in name order; a copy that cannot be read gives way
// to the next one. A missing cache is not an error; a folder that cannot
// be listed is reported in the error and skipped.
func LoadCache(o ...LoadOptions) ([]Loaded, error) {
	root, err := CacheDir()
	if err != nil {
		return nil, err
	}
	return LoadCacheDir(root, o...)
}

// LoadCacheDir is LoadCache for an explicit cache root.
func LoadCacheDir(root string, o ...LoadOptions) ([]Loaded, error) {
	var opts LoadOptions
	if len(o) > 0 {
		opts = o[0]
	}
	origins, err := os.ReadDir(root)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("cannot read the OASF cache %s: %w", root, err)
	}
	names := make([]string, 0, len(origins))
	for _, h := range origins {
		if h.IsDir() && originFolderRE().MatchString(h.Name()) {
			names = append(names, h.Name())
		}
	}
	// The preferred origin first: its copy is the one used.
	public, _ := OriginFolder(DefaultServer)
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
		for v, dir := range versionDirs(filepath.Join(root, h), entries) {
			c := Loaded{Version: v, Origin: originURL(h), Dir: dir}
			if copies[v] == nil {
				versions = append(versions, v)
			}
			copies[v] = append(copies[v], c)
			loaded = append(loaded, c)
		}
	}
	sort.Slice(loaded, func(i, j int) bool { return loaded[i].Dir < loaded[j].Dir })
	for _, v := range versions {
		cs := copies[v]
		sort.SliceStable(cs, func(i, j int) bool { return preferred(cs[i], cs[j], public) })
		oasf.RegisterLazy(v, cs[0].Origin, func() (*oasf.Taxonomy, error) {
			tax, err := loadFirstCopy(cs)
			if err != nil {
				return nil, err
			}
			if diff := DiffFromBuiltin(tax); diff != "" && !opts.UseSynced {
				return nil, notUsed(fmt.Sprintf("it differs from the built-in %s (%s), which oncard uses instead; to use the synced copy, pass --oasf-use-synced or set \"oasf_use_synced\": true in the config file",
					model.SafeText(v), diff))
			}
			return tax, nil
		})
	}
	return loaded, errors.Join(errs...)
}

// notUsed is the reason a sound synced copy is not used; it is
// oasf.ErrSyncedNotUsed to errors.Is.
type notUsed string

func (n notUsed) Error() string        { return string(n) }
func (n notUsed) Is(target error) bool { return target == oasf.ErrSyncedNotUsed }

func preferred(a, b Loaded, public string) bool {
	pa := filepath.Base(filepath.Dir(a.Dir)) == public
	pb := filepath.Base(filepath.Dir(b.Dir)) == public
	if pa != pb {
		return pa
	}
	return a.Dir < b.Dir
}

// versionDirs maps each cached version of one origin folder to the folder
// holding its set: <version>, or, when a replacement was interrupted after
// the old set was moved aside, that ".old-" set.
func versionDirs(origin string, entries []os.DirEntry) map[string]string {
	out := map[string]string{}
	for _, e := range entries {
		if e.IsDir() && checkVersion(e.Name()) == nil {
			out[e.Name()] = filepath.Join(origin, e.Name())
		}
	}
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), oldPrefix)
		if !ok || !e.IsDir() {
			continue
		}
		i := strings.LastIndex(rest, "-")
		if i <= 0 {
			continue
		}
		if v := rest[:i]; checkVersion(v) == nil && out[v] == "" {
			out[v] = filepath.Join(origin, e.Name())
		}
	}
	return out
}

// originURL turns an origin folder name back into a URL for messages
// ("https_host_8443" -> "https://host:8443").
func originURL(folder string) string {
	name, _, prefixed := strings.Cut(folder, "+")
	scheme, rest, _ := strings.Cut(name, "_")
	host, port := rest, ""
	if i := strings.LastIndex(rest, "_"); i >= 0 && isDigits(rest[i+1:]) {
		host, port = rest[:i], rest[i+1:]
	}
	if strings.Contains(host, "_") { // an IPv6 address, colons written as "_"
		host = "[" + strings.ReplaceAll(host, "_", ":") + "]"
	}
	u := scheme + "://" + host
	if port != "" {
		u = scheme + "://" + net.JoinHostPort(strings.Trim(host, "[]"), port)
	}
	if prefixed {
		u += "/…"
	}
	return u
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
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
	skills, err := readCacheFile(skillPath, DefaultMaxBody)
	if err != nil {
		return nil, err
	}
	domains, err := readCacheFile(domainPath, DefaultMaxBody)
	if err != nil {
		return nil, err
	}
	server := c.Origin
	if data, err := readCacheFile(filepath.Join(c.Dir, sourceFile), maxSourceBytes); err == nil {
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

// maxSourceBytes caps source.json (a URL, a version and a time).
const maxSourceBytes = 64 << 10

// readCacheFile reads one file of the cache: a regular file only (a named
// pipe or a symlink to a device put there must neither hang nor flood a
// command) of at most max bytes, what Sync accepts from a server.
func readCacheFile(path string, max int64) ([]byte, error) {
	data, _, err := safefile.ReadRegular(context.Background(), path, max)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("the cache entry is incomplete (run `oncard oasf sync` again): %w", err)
	case err != nil:
		return nil, fmt.Errorf("the cache entry cannot be used (run `oncard oasf sync` again): %w", err)
	}
	return data, nil
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

// DiffFromBuiltin compares a synced taxonomy with the built-in snapshot of
// the same version: "" when oncard has no such version built in or both
// hold the same classes (id, full name, caption, category flag), else a
// summary such as "120 skills missing, 1 domain changed".
func DiffFromBuiltin(t *oasf.Taxonomy) string {
	builtin := oasf.Embedded(t.Version)
	if builtin == nil {
		return ""
	}
	var parts []string
	for _, k := range []oasf.Kind{oasf.Skills, oasf.Domains} {
		missing, added, changed := diffTrees(builtin.Tree(k), t.Tree(k))
		one := strings.TrimSuffix(k.String(), "s")
		for _, d := range []struct {
			n    int
			what string
		}{{missing, "missing"}, {added, "added"}, {changed, "changed"}} {
			if d.n == 1 {
				parts = append(parts, fmt.Sprintf("1 %s %s", one, d.what))
			} else if d.n > 1 {
				parts = append(parts, fmt.Sprintf("%d %s %s", d.n, k, d.what))
			}
		}
	}
	return strings.Join(parts, ", ")
}

func diffTrees(builtin, synced *oasf.Tree) (missing, added, changed int) {
	type facts struct {
		name, caption string
		category      bool
	}
	of := func(t *oasf.Tree) map[int]facts {
		m := map[int]facts{}
		if t == nil {
			return m
		}
		for _, c := range t.All() {
			m[c.ID] = facts{c.Name, c.Caption, c.Category}
		}
		return m
	}
	b, s := of(builtin), of(synced)
	for id, f := range b {
		g, ok := s[id]
		switch {
		case !ok:
			missing++
		case g != f:
			changed++
		}
	}
	for id := range s {
		if _, ok := b[id]; !ok {
			added++
		}
	}
	return missing, added, changed
}
