//go:build unix

package tui

import (
	"syscall"
	"time"
)

// processCPU is the CPU time (user and system) this process has used:
// what a benchmark run on a busy machine can still compare.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
