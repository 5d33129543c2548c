// Package buildinfo describes the running binary for --version and for
// the tool version SARIF names: the values set at link time for a release,
// else what the Go toolchain recorded (module version, VCS revision).
package buildinfo

import (
	"runtime/debug"
	"strings"
)

// Build describes the binary: what `oncard --version` prints.
type Build struct {
	Version  string // "v1.2.3", or "devel" when unknown
	Commit   string // full VCS revision, "" when unknown
	Date     string // commit or build time (RFC 3339), "" when unknown
	Modified bool   // built from a checkout with uncommitted changes
}

// Describe combines the link-time values with the build info (info
// may be nil). Link-time values win, one by one.
func Describe(version, commit, date string, info *debug.BuildInfo) Build {
	b := Build{Version: version, Commit: commit, Date: date}
	if info != nil {
		if b.Version == "" {
			if v := info.Main.Version; v != "" && v != "(devel)" {
				b.Version = v
			}
		}
		fromVCS := commit == "" // the date and dirt belong to that revision
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				if b.Commit == "" {
					b.Commit = s.Value
				}
			case "vcs.time":
				if b.Date == "" && fromVCS {
					b.Date = s.Value
				}
			case "vcs.modified":
				b.Modified = fromVCS && s.Value == "true"
			}
		}
	}
	if b.Version == "" {
		b.Version = "devel"
	}
	return b
}

// Short is the version alone, as SARIF names the tool version: the release
// ("v1.2.3"), or "devel" followed by the short revision when known.
func (b Build) Short() string {
	if b.Version != "devel" {
		return b.Version
	}
	v := b.Version
	if len(b.Commit) >= 12 {
		v += " " + b.Commit[:12]
	}
	if b.Modified {
		v += "+dirty"
	}
	return v
}

// String is the --version line after "oncard version ":
// "v1.2.3 (commit 0123456789ab, 2026-01-02T03:04:05Z)".
func (b Build) String() string {
	var details []string
	if b.Commit != "" {
		c := b.Commit
		if len(c) > 12 {
			c = c[:12]
		}
		if b.Modified {
			c += "+dirty"
		}
		details = append(details, "commit "+c)
	}
	if b.Date != "" {
		details = append(details, b.Date)
	}
	if len(details) == 0 {
		return b.Version
	}
	return b.Version + " (" + strings.Join(details, ", ") + ")"
}
