package main

import (
	"runtime/debug"

	"github.com/oncard/oncard/internal/buildinfo"
)

// buildVersion, buildCommit and buildDate are set at link time for
// releases (.goreleaser.yaml does it):
//
//	go build -ldflags "-X main.buildVersion=v1.2.3 -X main.buildCommit=$(git rev-parse HEAD) -X main.buildDate=2026-01-02T03:04:05Z" ./cmd/oncard
//
// Each one left empty is read from the build info the Go toolchain records
// instead (the module version of `go install ...@v1.2.3`, the VCS revision
// and time of a build in a checkout).
var (
	buildVersion string
	buildCommit  string
	buildDate    string
)

// thisBuild describes the running binary.
func thisBuild() buildinfo.Build {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		info = nil
	}
	return buildinfo.Describe(buildVersion, buildCommit, buildDate, info)
}

// version is the tool version SARIF reports (buildinfo.Build.Short).
func version() string { return thisBuild().Short() }
