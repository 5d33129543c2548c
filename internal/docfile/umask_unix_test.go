//go:build unix

package docfile

import "syscall"

// currentUmask is the process's umask (read by setting it and back).
func currentUmask() int {
	umask := syscall.Umask(0)
	syscall.Umask(umask)
	return umask
}
