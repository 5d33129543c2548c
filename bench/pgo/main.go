// Command pgo writes the profile the Go compiler optimises the oncard
// binary with (profile-guided optimisation: cmd/oncard/default.pgo, which
// `go build` and `go run` of ./cmd/oncard read by themselves). It merges
// CPU profiles of the benchmarks that stand for what oncard is run for
// (bench/pgo.sh takes them) and writes them with the source paths of the
// machine they were taken on cut down to import paths: the compiler
// matches a profile by function names and line offsets, not by files.
//
//	go run ./bench/pgo -o cmd/oncard/default.pgo A.prof B.prof …
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/google/pprof/profile"
)

// modulePath is this repository's module, which its files' paths begin
// with once the directory it is checked out in is cut off.
const modulePath = "github.com/oncard/oncard"

func main() {
	out := flag.String("o", filepath.Join("cmd", "oncard", "default.pgo"), "the profile to write")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: go run ./bench/pgo [-o FILE] PROFILE…")
		os.Exit(2)
	}
	if err := run(*out, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "pgo:", err)
		os.Exit(1)
	}
}

func run(out string, names []string) error {
	var profiles []*profile.Profile
	for _, name := range names {
		p, err := read(name)
		if err != nil {
			return err
		}
		profiles = append(profiles, p)
	}
	merged, err := profile.Merge(profiles)
	if err != nil {
		return fmt.Errorf("merging the profiles: %w", err)
	}
	roots, err := sourceRoots()
	if err != nil {
		return err
	}
	for _, fn := range merged.Function {
		fn.Filename = importPath(fn.Filename, roots)
	}
	for _, m := range merged.Mapping {
		m.File = filepath.Base(m.File)
	}
	merged.Comments = nil
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	if err := merged.Write(f); err != nil {
		f.Close()
		return fmt.Errorf("writing %s: %w", out, err)
	}
	return f.Close()
}

func read(name string) (*profile.Profile, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	p, err := profile.Parse(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return p, nil
}

// root is a directory source files live under, and what its path is
// replaced with.
type root struct{ dir, as string }

// sourceRoots are the directories of this checkout, of the Go toolchain's
// standard library and of the module cache.
func sourceRoots() ([]root, error) {
	wd, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(filepath.Join(wd, "go.mod")); err != nil {
		return nil, fmt.Errorf("run it in the repository's root: %w", err)
	}
	env, err := exec.Command("go", "env", "GOROOT", "GOMODCACHE").Output()
	if err != nil {
		return nil, fmt.Errorf("go env: %w", err)
	}
	dirs := strings.Fields(string(env))
	if len(dirs) != 2 {
		return nil, fmt.Errorf("go env printed %q", env)
	}
	return []root{
		{wd, modulePath},
		{filepath.Join(dirs[0], "src"), ""},
		{dirs[1], ""},
	}, nil
}

// importPath is name, a source file's path, under the import path of its
// package; a path under none of roots is cut to its file's name.
func importPath(name string, roots []root) string {
	for _, r := range roots {
		if rel, err := filepath.Rel(r.dir, name); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return filepath.ToSlash(filepath.Join(r.as, rel))
		}
	}
	return filepath.Base(name)
}
