package ci

import (
	"os"
	"sync"
	"testing"
)

var (
	binDir   string // holds the oncard built for this run
	buildMu  sync.Mutex
	builtBin string
)

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "oncard-ci-")
	if err != nil {
		panic(err)
	}
	binDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// oncardBinary builds oncard with the release's ldflags once per run and
// returns its path.
func oncardBinary(t *testing.T) string {
	t.Helper()
	buildMu.Lock()
	defer buildMu.Unlock()
	if builtBin == "" {
		builtBin = buildOncard(t, binDir)
	}
	return builtBin
}
