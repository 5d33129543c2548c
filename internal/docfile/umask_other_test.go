//go:build !unix

package docfile

// currentUmask is 0 where there is no umask.
func currentUmask() int { return 0 }
