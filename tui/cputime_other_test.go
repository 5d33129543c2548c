//go:build !unix

package tui

import "time"

// processCPU is not measured here (0): the benchmarks report wall time.
func processCPU() time.Duration { return 0 }
