//go:build !unix

package safefile

import "os"

// nonBlocking is 0 where opening cannot block on a pipe (Windows has no
// named pipes in the file system namespace).
const nonBlocking = 0

// blocking has nothing to clear where files are opened blocking.
func blocking(*os.File) error { return nil }
