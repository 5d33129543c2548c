package validate

import (
	"os"
	"path/filepath"
	"testing"
)

// addSeedFiles adds every file matching the glob pattern (relative to the
// package folder) to a fuzz target's seed corpus, so each target starts from
// the fixtures its rules are tested with.
func addSeedFiles(f *testing.F, pattern string) {
	f.Helper()
	files, err := filepath.Glob(pattern)
	if err != nil {
		f.Fatal(err)
	}
	if len(files) == 0 {
		f.Fatalf("no seed files match %s", pattern)
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
}
