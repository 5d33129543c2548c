// Package inflight runs a function over a list of items (files) in
// parallel, bounded by a number of workers and by the bytes of the items
// being worked on, and hands the results back in the order of the list.
//
// Bounding by bytes as well as by workers keeps the memory a run needs
// independent of the machine: eight workers each parsing a 50 MB catalog
// would need gigabytes, while eight workers on 100 KB cards need little.
// An item larger than the whole budget is worked on alone.
package inflight

import (
	"context"
	"sync"
)

// Run calls work(i) for i in [0, n) on at most workers goroutines, with the
// sizes (size(i), in bytes) of the items being worked on adding up to at
// most maxBytes, and hands each result to emit in index order, as soon as
// it and all before it are done. At most a few results per worker wait for
// emit. emit runs on the caller's goroutine; an error from it, or ctx
// ending, stops the run (work already started finishes in the background;
// its results are dropped). size is called once per item, in order, on one
// goroutine.
func Run[T any](ctx context.Context, n int, size func(i int) int64, workers int, maxBytes int64, work func(i int) T, emit func(T) error) error {
	if n == 0 {
		return ctx.Err()
	}
	workers = max(1, min(workers, n))
	type job struct {
		i    int
		size int64
		done chan T
	}
	// jobs has room for one job a worker, so that a worker done with an
	// item takes the next without waiting for the goroutine that hands
	// them out to be scheduled: on 5,000 large cards that halved the
	// context switches of a run and took a few per cent off its CPU
	// (docs/PERFORMANCE.md). A job waiting there has its bytes counted
	// and its place in pending, as one being worked on does.
	jobs := make(chan job, workers)
	// pending holds the result channels in index order; its capacity
	// bounds how far the workers may run ahead of the output.
	pending := make(chan chan T, 4*workers)
	stop := make(chan struct{})
	defer close(stop)
	b := newBudget(maxBytes)

	for range workers {
		go func() {
			for j := range jobs {
				if stopped(ctx, stop) {
					continue // handed out before the run stopped: not started
				}
				r := work(j.i)
				b.release(j.size)
				j.done <- r // done has room for one: never blocks
			}
		}()
	}
	go func() {
		defer close(pending)
		defer close(jobs)
		for i := range n {
			s := size(i)
			if !b.acquire(ctx, stop, s) {
				return
			}
			done := make(chan T, 1)
			select {
			case pending <- done:
			case <-stop:
				return
			case <-ctx.Done():
				return
			}
			select {
			case jobs <- job{i, s, done}:
			case <-stop:
				return
			case <-ctx.Done():
				return
			}
		}
	}()

	for done := range pending {
		select {
		case r := <-done:
			if err := emit(r); err != nil {
				return err
			}
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return ctx.Err()
}

// stopped reports whether the run has ended (stop closed) or ctx is done.
func stopped(ctx context.Context, stop <-chan struct{}) bool {
	select {
	case <-stop:
		return true
	case <-ctx.Done():
		return true
	default:
		return false
	}
}

// budget counts the bytes in flight. One goroutine acquires (in item
// order, so a large item is not starved by smaller ones after it); any
// worker releases.
type budget struct {
	mu    sync.Mutex
	used  int64
	max   int64
	freed chan struct{} // a release happened since the acquirer last looked
}

func newBudget(max int64) *budget {
	return &budget{max: max, freed: make(chan struct{}, 1)}
}

// acquire waits until n more bytes fit, or nothing is in flight (an item
// over the whole budget then runs alone). It reports false when the run
// stops first.
func (b *budget) acquire(ctx context.Context, stop <-chan struct{}, n int64) bool {
	for {
		b.mu.Lock()
		if b.used == 0 || b.used+n <= b.max {
			b.used += n
			b.mu.Unlock()
			return true
		}
		b.mu.Unlock()
		select {
		case <-b.freed:
		case <-stop:
			return false
		case <-ctx.Done():
			return false
		}
	}
}

func (b *budget) release(n int64) {
	b.mu.Lock()
	b.used -= n
	b.mu.Unlock()
	select {
	case b.freed <- struct{}{}:
	default:
	}
}
