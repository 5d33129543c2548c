package main

import (
	"strings"
	"testing"
)

// TestVersionFlagPrintsLinkTimeValues: --version prints what the release
// build set at link time (the variables .goreleaser.yaml sets; the release
// test in internal/ci builds a real binary with its ldflags).
func TestVersionFlagPrintsLinkTimeValues(t *testing.T) {
	defer func(v, c, d string) { buildVersion, buildCommit, buildDate = v, c, d }(buildVersion, buildCommit, buildDate)
	buildVersion, buildCommit, buildDate = "v9.8.7", "abcdef0123456789", "2026-12-01T01:02:03Z"
	code, stdout, _ := runCapture(t, "--version")
	const want = "v9.8.7 (commit abcdef012345, 2026-12-01T01:02:03Z)"
	if code != 0 || !strings.Contains(stdout, want) {
		t.Errorf("--version: exit %d, stdout %q, want it to contain %q", code, stdout, want)
	}
}
