package main

import "runtime/debug"

// buildVersion is set at link time for releases:
//
//	go build -ldflags "-X main.buildVersion=v1.2.3" ./cmd/oncard
var buildVersion string

// version is what `oncard --version` prints and SARIF names as the tool
// version: the link-time version, else the module version `go install`
// recorded, else "devel" with the VCS revision when known.
func version() string {
	if buildVersion != "" {
		return buildVersion
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	v := "devel"
	for _, s := range info.Settings {
		if s.Key == "vcs.revision" && len(s.Value) >= 12 {
			v += " " + s.Value[:12]
		}
		if s.Key == "vcs.modified" && s.Value == "true" {
			v += "+dirty"
		}
	}
	return v
}
