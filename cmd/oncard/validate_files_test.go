package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync/atomic"
	"testing"
	"time"
)

// TestValidateFilesOrder: results come out in argument order although
// workers finish in any order.
func TestValidateFilesOrder(t *testing.T) {
	paths := make([]string, 200)
	for i := range paths {
		paths[i] = fmt.Sprint(i)
	}
	check := func(p string) fileResult {
		time.Sleep(time.Duration(rand.IntN(300)) * time.Microsecond)
		return fileResult{arg: p}
	}
	var got []string
	err := validateFiles(context.Background(), paths, 8, check, func(r fileResult) error {
		got = append(got, r.arg)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(got) != fmt.Sprint(paths) {
		t.Errorf("order %v", got)
	}
}

// TestValidateFilesBoundedLookahead: while the output is stuck on the first
// file, workers may run only a bounded distance ahead (results waiting for
// output are what costs memory).
func TestValidateFilesBoundedLookahead(t *testing.T) {
	const workers = 4
	paths := make([]string, 1000)
	for i := range paths {
		paths[i] = fmt.Sprint(i)
	}
	release := make(chan struct{})
	var started atomic.Int64
	check := func(p string) fileResult {
		started.Add(1)
		if p == "0" {
			<-release
		}
		return fileResult{arg: p}
	}
	done := make(chan error)
	go func() {
		done <- validateFiles(context.Background(), paths, workers, check, func(fileResult) error { return nil })
	}()
	time.Sleep(100 * time.Millisecond)
	if n := started.Load(); n > 4*workers+workers {
		t.Errorf("%d files started while the first was unfinished; want at most %d", n, 5*workers)
	}
	close(release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if n := started.Load(); n != int64(len(paths)) {
		t.Errorf("%d files checked, want %d", n, len(paths))
	}
}

func TestValidateFilesStopsOnEmitError(t *testing.T) {
	paths := []string{"a", "b", "c", "d"}
	boom := errors.New("disk full")
	var emitted int
	err := validateFiles(context.Background(), paths, 2, func(p string) fileResult { return fileResult{arg: p} },
		func(fileResult) error {
			emitted++
			if emitted == 2 {
				return boom
			}
			return nil
		})
	if !errors.Is(err, boom) || emitted != 2 {
		t.Errorf("err %v after %d results", err, emitted)
	}
}

func TestValidateFilesCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	paths := make([]string, 100)
	for i := range paths {
		paths[i] = fmt.Sprint(i)
	}
	var emitted int
	err := validateFiles(ctx, paths, 2, func(p string) fileResult { return fileResult{arg: p} },
		func(fileResult) error {
			emitted++
			if emitted == 3 {
				cancel()
			}
			return nil
		})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
	if emitted >= len(paths) {
		t.Errorf("all %d files emitted despite cancellation", emitted)
	}
}
