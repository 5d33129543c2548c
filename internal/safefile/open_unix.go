//go:build unix

package safefile

import (
	"os"
	"syscall"
)

// nonBlocking makes opening a named pipe with no writer return at once
// instead of waiting for one.
const nonBlocking = syscall.O_NONBLOCK

// blocking clears O_NONBLOCK on f, a regular file opened with it.
func blocking(f *os.File) error {
	rc, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var serr error
	if err := rc.Control(func(fd uintptr) { serr = syscall.SetNonblock(int(fd), false) }); err != nil {
		return err
	}
	return serr
}
