package oasfclient

import "path/filepath"

type cacheFile struct {
	name string
	data []byte
}

// writeVersionDir is writeVersionDirWith for files already in memory.
func writeVersionDir(dir string, files []cacheFile, crash func(step int) bool) error {
	return writeVersionDirWith(dir, func(tmp string) error {
		for _, f := range files {
			if err := writeSynced(filepath.Join(tmp, f.name), f.data); err != nil {
				return err
			}
		}
		return nil
	}, crash)
}
