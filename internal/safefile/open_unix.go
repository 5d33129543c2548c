//go:build unix

package safefile

import "syscall"

// nonBlocking makes opening a named pipe with no writer return at once
// instead of waiting for one.
const nonBlocking = syscall.O_NONBLOCK
