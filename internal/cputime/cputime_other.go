//go:build !unix

// Package cputime measures the CPU time a process has used, for benchmarks
// run on a busy machine: other load inflates it far less than wall time.
package cputime

import "time"

// Process is 0 here: the benchmarks report wall time only.
func Process() time.Duration { return 0 }
