package buildinfo

import (
	"runtime/debug"
	"testing"
)

func TestDescribeBuild(t *testing.T) {
	const rev = "0123456789abcdef0123456789abcdef01234567"
	vcs := func(modified string) *debug.BuildInfo {
		return &debug.BuildInfo{
			Main: debug.Module{Path: "github.com/oncard/oncard", Version: "(devel)"},
			Settings: []debug.BuildSetting{
				{Key: "vcs", Value: "git"},
				{Key: "vcs.revision", Value: rev},
				{Key: "vcs.time", Value: "2026-11-30T10:00:00Z"},
				{Key: "vcs.modified", Value: modified},
			},
		}
	}
	installed := &debug.BuildInfo{Main: debug.Module{Path: "github.com/oncard/oncard", Version: "v1.4.0"}}
	tests := []struct {
		name                  string
		version, commit, date string
		info                  *debug.BuildInfo
		line, short           string
	}{
		{name: "release (link time)", version: "v1.2.3", commit: rev, date: "2026-12-01T00:00:00Z", info: vcs("false"),
			line: "v1.2.3 (commit 0123456789ab, 2026-12-01T00:00:00Z)", short: "v1.2.3"},
		{name: "go install @version", info: installed, line: "v1.4.0", short: "v1.4.0"},
		{name: "checkout", info: vcs("false"),
			line: "devel (commit 0123456789ab, 2026-11-30T10:00:00Z)", short: "devel 0123456789ab"},
		{name: "dirty checkout", info: vcs("true"),
			line: "devel (commit 0123456789ab+dirty, 2026-11-30T10:00:00Z)", short: "devel 0123456789ab+dirty"},
		{name: "link-time version over a checkout", version: "v2.0.0", info: vcs("false"),
			line: "v2.0.0 (commit 0123456789ab, 2026-11-30T10:00:00Z)", short: "v2.0.0"},
		// A link-time commit is not the checkout's: its time and dirt are
		// not taken from the build info.
		{name: "link-time commit", commit: "fedcba9876543210", info: vcs("true"),
			line: "devel (commit fedcba987654)", short: "devel fedcba987654"},
		{name: "no build info", line: "devel", short: "devel"},
	}
	for _, tt := range tests {
		b := Describe(tt.version, tt.commit, tt.date, tt.info)
		if got := b.String(); got != tt.line {
			t.Errorf("%s: String() = %q, want %q", tt.name, got, tt.line)
		}
		if got := b.Short(); got != tt.short {
			t.Errorf("%s: Short() = %q, want %q", tt.name, got, tt.short)
		}
	}
}
