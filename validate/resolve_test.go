package validate

import (
	"fmt"
	"os"
	"path/filepath"
)

// readIn is the tests' Options.Resolve for a catalog in dir: the files of
// that folder, regular ones only, as the pipeline's reader reads them.
func readIn(dir string) func(ref string) ([]byte, error) {
	return func(ref string) ([]byte, error) {
		root, err := os.OpenRoot(dir)
		if err != nil {
			return nil, err
		}
		defer root.Close()
		fi, err := root.Stat(filepath.FromSlash(ref))
		if err != nil {
			return nil, err
		}
		if !fi.Mode().IsRegular() {
			return nil, fmt.Errorf("not a regular file")
		}
		return root.ReadFile(filepath.FromSlash(ref))
	}
}

// inFolder is Options for the catalog at path, its local links read from its
// folder.
func inFolder(path string) *Options {
	return &Options{Path: path, Resolve: readIn(filepath.Dir(path))}
}
