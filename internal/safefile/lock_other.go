//go:build !unix

package safefile

import (
	"context"
	"os"
	"path/filepath"
	"time"

	"github.com/gofrs/flock"
)

// lock takes the advisory lock of target, waiting for other oncard
// writers of the same file (up to lockWaitLimit, or until ctx is
// cancelled), and returns its release. Where an open file cannot be
// removed (Windows) the lock file stays, which is harmless.
func lock(ctx context.Context, path, target string) (func(), error) {
	lockPath := affixed(target, ".oncard-lock")
	start := time.Now()
	noticed := false
	for {
		l := flock.New(lockPath, flock.SetPermissions(0o644))
		ok, err := l.TryLock()
		if err != nil {
			_ = l.Close()
			return nil, folderError(path, filepath.Dir(target), err)
		}
		if ok {
			held, err1 := l.Stat()
			now, err2 := os.Stat(lockPath)
			if err1 == nil && err2 == nil && os.SameFile(held, now) {
				return func() {
					_ = os.Remove(lockPath)
					_ = l.Close()
				}, nil
			}
			_ = l.Close()
			continue
		}
		_ = l.Close()
		waited := time.Since(start)
		if say := lockNoticeOf(ctx); say != nil && !noticed && waited >= lockNoticeAfter {
			noticed = true
			say("waiting for the lock of " + holderName(0) + " on " + path)
		}
		if waited >= lockWaitLimit {
			return nil, lockTimeout(path, 0)
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(lockRetry):
		}
	}
}
