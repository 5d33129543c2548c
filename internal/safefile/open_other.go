//go:build !unix

package safefile

// nonBlocking is 0 where opening cannot block on a pipe (Windows has no
// named pipes in the file system namespace).
const nonBlocking = 0
