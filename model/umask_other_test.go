//go:build !unix

package model

// currentUmask is 0 where there is no umask.
func currentUmask() int { return 0 }
