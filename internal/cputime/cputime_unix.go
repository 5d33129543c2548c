//go:build unix

// Package cputime measures the CPU time a process has used, for benchmarks
// run on a busy machine: other load inflates it far less than wall time.
package cputime

import (
	"syscall"
	"time"
)

// Process is the CPU time (user and system, all threads) this process has
// used so far.
func Process() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
