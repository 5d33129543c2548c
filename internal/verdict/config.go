package verdict

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
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
	if c == nil {
		return false
	}
	rel, ok := c.relative(file)
	if !ok {
		return false
	}
	for _, r := range c.Ignore {
		if !r.matchesPath(rel) {
			continue
		}
		if len(r.Codes) == 0 {
			return true
		}
		for _, want := range r.Codes {
			if want == code || (strings.HasSuffix(want, "/*") && strings.HasPrefix(code, strings.TrimSuffix(want, "*"))) {
				return true
			}
		}
	}
	return false
}

// Filter returns the findings of file the config does not ignore, and how
// many it ignored.
func (c *Config) Filter(file string, diags []validate.Diagnostic) ([]validate.Diagnostic, int) {
	if c == nil || len(c.Ignore) == 0 {
		return diags, 0
	}
	kept := make([]validate.Diagnostic, 0, len(diags))
	for _, d := range diags {
		if !c.Ignores(file, d.Code) {
			kept = append(kept, d)
		}
	}
	return kept, len(diags) - len(kept)
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

// Finder finds the .oncard.json that governs each file: the nearest one in
// the file's directory or above it. Lookups are cached per directory, so a
// run over thousands of files reads each config once. It is safe for
// concurrent use.
type Finder struct {
	mu   sync.Mutex
	dirs map[string]*Config // directory -> governing config (nil: none)
	errs map[string]error
}

// NewFinder returns an empty Finder.
func NewFinder() *Finder {
	return &Finder{dirs: map[string]*Config{}, errs: map[string]error{}}
}

// For returns the config governing file (nil when there is none; stdin,
// "-", has the working directory's). A config that cannot be read or
// parsed is an error naming it.
func (f *Finder) For(file string) (*Config, error) {
	dir := "."
	if file != "-" && file != "" {
		dir = filepath.Dir(file)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.lookup(abs)
}

func (f *Finder) lookup(dir string) (*Config, error) {
	if c, ok := f.dirs[dir]; ok {
		return c, f.errs[dir]
	}
	var c *Config
	var err error
	candidate := filepath.Join(dir, ConfigName)
	data, _, rerr := safefile.ReadRegular(context.Background(), candidate, maxConfigBytes)
	switch {
	case rerr == nil:
		c, err = ParseConfig(data, candidate)
	case errors.Is(rerr, fs.ErrNotExist):
		if parent := filepath.Dir(dir); parent != dir {
			c, err = f.lookup(parent)
		}
	default:
		err = fmt.Errorf("cannot read %s: %w", candidate, rerr)
	}
	f.dirs[dir], f.errs[dir] = c, err
	return c, err
}
