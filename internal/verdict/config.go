package verdict

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/oncard/oncard/internal/jsonwords"
	"github.com/oncard/oncard/internal/safefile"
	"github.com/oncard/oncard/validate"
)

// ConfigName is the repository configuration file, found upward from each
// validated file like linters find theirs. docs/oncard-config.schema.json
// describes it for editors.
const ConfigName = ".oncard.json"

// maxConfigBytes caps what is read of a .oncard.json: a real one is a few
// hundred bytes, and a symlink to /dev/zero must not fill the memory.
const maxConfigBytes = 1 << 20

// Config is one .oncard.json.
type Config struct {
	// Path is the file it was read from; paths in it are relative to its
	// directory.
	Path string `json:"-"`
	// Schema lets editors find docs/oncard-config.schema.json.
	Schema string `json:"$schema,omitempty"`
	// FailOn is the repository's --fail-on ("" leaves the default); the
	// flag wins over it.
	FailOn string `json:"failOn,omitempty"`
	// Ignore drops findings by code for files matching path globs.
	Ignore []IgnoreRule `json:"ignore,omitempty"`
}

// IgnoreRule ignores the listed codes (or, with none, every finding) in
// the files matching any of Paths. A path is a slash-separated glob
// relative to the config's directory: "*" matches within one path segment,
// "**" any number of segments ("fixtures/**/*.json"). A code ending in
// "/*" names a family ("catalog/*").
type IgnoreRule struct {
	Paths  []string `json:"paths"`
	Codes  []string `json:"codes,omitempty"`
	Reason string   `json:"reason,omitempty"`
}

// ParseConfig reads a config's bytes: unknown members are refused (a typo
// such as "ignores" would otherwise silently do nothing), and so are
// globs that cannot match and an unknown failOn.
func ParseConfig(data []byte, name string) (*Config, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var c Config
	if err := dec.Decode(&c); err != nil {
		return nil, fmt.Errorf("%s: %s", name, jsonwords.Explain(data, err))
	}
	if dec.More() {
		return nil, fmt.Errorf("%s: data after the configuration object", name)
	}
	if c.FailOn != "" {
		if _, err := ParseFailOn(c.FailOn); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	for i, r := range c.Ignore {
		if len(r.Paths) == 0 {
			return nil, fmt.Errorf("%s: ignore[%d] has no paths", name, i)
		}
		for _, p := range r.Paths {
			if _, err := path.Match(strings.ReplaceAll(p, "**", "*"), ""); err != nil || p == "" || strings.HasPrefix(p, "/") {
				return nil, fmt.Errorf("%s: ignore[%d]: %q is not a relative glob", name, i, p)
			}
		}
	}
	c.Path = name
	return &c, nil
}

// Ignores reports whether the config ignores code in file (a path as given
// on the command line, or absolute).
func (c *Config) Ignores(file, code string) bool {
	_, ok := c.IgnoredBy(file, code)
	return ok
}

// IgnoredBy returns the first rule that ignores code in file, and whether
// there is one.
func (c *Config) IgnoredBy(file, code string) (IgnoreRule, bool) {
	if c == nil {
		return IgnoreRule{}, false
	}
	rel, ok := c.relative(file)
	if !ok {
		return IgnoreRule{}, false
	}
	for _, r := range c.Ignore {
		if !r.matchesPath(rel) {
			continue
		}
		if len(r.Codes) == 0 {
			return r, true
		}
		for _, want := range r.Codes {
			if want == code || (strings.HasSuffix(want, "/*") && strings.HasPrefix(code, strings.TrimSuffix(want, "*"))) {
				return r, true
			}
		}
	}
	return IgnoreRule{}, false
}

// Filter returns the findings of file the config does not ignore, and how
// many it ignored.
func (c *Config) Filter(file string, diags []validate.Diagnostic) ([]validate.Diagnostic, int) {
	if c == nil || len(c.Ignore) == 0 {
		return diags, 0
	}
	kept := make([]validate.Diagnostic, 0, len(diags))
	ignored := 0
	for _, d := range diags {
		if c.Ignores(file, d.Code) {
			ignored += d.Count()
			continue
		}
		kept = append(kept, d)
	}
	return kept, ignored
}

// relative is file relative to the config's directory, slash-separated;
// false when the file is not under it.
func (c *Config) relative(file string) (string, bool) {
	abs, err := filepath.Abs(file)
	if err != nil {
		return "", false
	}
	dir, err := filepath.Abs(filepath.Dir(c.Path))
	if err != nil {
		return "", false
	}
	rel, err := filepath.Rel(dir, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

func (r IgnoreRule) matchesPath(rel string) bool {
	for _, p := range r.Paths {
		if globMatch(strings.Split(p, "/"), strings.Split(rel, "/")) {
			return true
		}
	}
	return false
}

// globMatch matches path segments against glob segments, "**" standing
// for any number of segments.
func globMatch(glob, segs []string) bool {
	for len(glob) > 0 {
		if glob[0] == "**" {
			for i := 0; i <= len(segs); i++ {
				if globMatch(glob[1:], segs[i:]) {
					return true
				}
			}
			return false
		}
		if len(segs) == 0 {
			return false
		}
		if ok, _ := path.Match(glob[0], segs[0]); !ok {
			return false
		}
		glob, segs = glob[1:], segs[1:]
	}
	return len(segs) == 0
}

// SilencesEverything names the first rule that ignores every finding of
// every JSON file under the config's folder ("ignore[0]"), "" when none
// does. Such a policy turns oncard validate into a tool that always
// passes; it is reported as a warning wherever it applies.
func (c *Config) SilencesEverything() string {
	if c == nil {
		return ""
	}
	for i, r := range c.Ignore {
		if len(r.Codes) == 0 && r.matchesPath("card.json") && r.matchesPath("a/b/card.json") {
			return fmt.Sprintf("ignore[%d]", i)
		}
	}
	return ""
}

// Finder finds the .oncard.json that governs each file: the nearest one in
// the file's directory or above it, the way git finds its repository:
// the search stops at the repository's root (the folder holding .git) or
// the home folder, whichever comes first, and a file another user could
// have written is not trusted. Lookups are cached per directory, so a run
// over thousands of files reads each config once. It is safe for
// concurrent use.
type Finder struct {
	mu   sync.Mutex
	dirs map[string]*Config // directory -> governing config (nil: none)
	errs map[string]error
	home string
	// wd is the working directory when the Finder was made, which
	// relative paths are read against: filepath.Abs would ask the system
	// for it again (two stat calls) for each of a run's files.
	wd string

	warned   map[string]bool // the warnings said, by text
	warnings []string        // in the order found
	taken    int             // warnings already handed out by NewWarnings
}

// NewFinder returns an empty Finder.
func NewFinder() *Finder {
	home, _ := os.UserHomeDir()
	if home != "" {
		home, _ = filepath.Abs(home)
	}
	wd, _ := os.Getwd()
	return &Finder{dirs: map[string]*Config{}, errs: map[string]error{}, home: home, wd: wd, warned: map[string]bool{}}
}

// For returns the config governing file (nil when there is none; stdin,
// "-", has the working directory's). A config that cannot be read or
// parsed is an error naming it. A config that is not trusted is skipped
// (the search goes on above it) and a warning says why (NewWarnings).
func (f *Finder) For(file string) (*Config, error) {
	dir := "."
	if file != "-" && file != "" {
		dir = filepath.Dir(file)
	}
	abs, err := f.abs(dir)
	if err != nil {
		return nil, err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.lookup(abs)
}

// abs is filepath.Abs(dir), read against the working directory of the
// Finder's making.
func (f *Finder) abs(dir string) (string, error) {
	if filepath.IsAbs(dir) || f.wd == "" {
		return filepath.Abs(dir)
	}
	return filepath.Join(f.wd, dir), nil
}

// Warnings returns every warning about configs found so far: configs
// skipped as untrusted, and configs that ignore every finding.
func (f *Finder) Warnings() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.warnings)
}

// NewWarnings returns the warnings not returned by an earlier call, so
// that a run says each one once, as soon as it is found.
func (f *Finder) NewWarnings() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := slices.Clone(f.warnings[f.taken:])
	f.taken = len(f.warnings)
	return out
}

func (f *Finder) warn(msg string) {
	if !f.warned[msg] {
		f.warned[msg] = true
		f.warnings = append(f.warnings, msg)
	}
}

func (f *Finder) lookup(dir string) (*Config, error) {
	if c, ok := f.dirs[dir]; ok {
		return c, f.errs[dir]
	}
	var c *Config
	var err error
	candidate := filepath.Join(dir, ConfigName)
	data, fi, rerr := safefile.ReadRegular(context.Background(), candidate, maxConfigBytes)
	if rerr == nil {
		if why := f.untrusted(dir, fi); why != "" {
			f.warn(fmt.Sprintf("ignoring %s: %s", candidate, why))
			data, rerr = nil, fs.ErrNotExist // as if it were not there
		}
	}
	switch {
	case rerr == nil:
		c, err = ParseConfig(data, candidate)
		if rule := c.SilencesEverything(); rule != "" {
			f.warn(fmt.Sprintf("%s ignores every finding of every file under %s (%s has paths and no codes): oncard validate passes whatever those files hold", candidate, dir, rule))
		}
	case errors.Is(rerr, fs.ErrNotExist):
		if parent := filepath.Dir(dir); parent != dir && !f.ceiling(dir) {
			c, err = f.lookup(parent)
		}
	default:
		err = fmt.Errorf("cannot read %s: %w", candidate, rerr)
	}
	f.dirs[dir], f.errs[dir] = c, err
	return c, err
}

// ceiling reports whether the search stops at dir: it is a repository's
// root (it holds .git, a folder or, in a worktree, a file) or the home
// folder. Configs above belong to someone else's tree.
func (f *Finder) ceiling(dir string) bool {
	if dir == f.home {
		return true
	}
	_, err := os.Lstat(filepath.Join(dir, ".git"))
	return err == nil
}

// untrusted says why the config file fi (in dir) must not decide: it is
// owned by another user (root excepted), or it is in a folder others may
// write without the sticky bit (anyone could have put it there); "" when
// it may decide.
func (f *Finder) untrusted(dir string, fi fs.FileInfo) string {
	if uid, foreign := safefile.ForeignOwner(fi); foreign {
		return fmt.Sprintf("it is owned by another user (uid %d), not by you or root", uid)
	}
	if di, err := os.Stat(dir); err == nil && safefile.OpenToOthers(di) {
		return fmt.Sprintf("its folder can be written by anyone (mode %04o, no sticky bit)", di.Mode().Perm())
	}
	return ""
}
