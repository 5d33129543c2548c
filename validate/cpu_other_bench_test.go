//go:build !unix

package validate

import "time"

// processCPU is not measured on this system; the benchmark then reports 0.
func processCPU() time.Duration { return 0 }
