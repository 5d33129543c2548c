//go:build unix

package validate

import (
	"syscall"
	"time"
)

// processCPU is the CPU time (user and system, all threads) the process
// has used: a benchmark figure that other load on the machine inflates far
// less than wall time.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
