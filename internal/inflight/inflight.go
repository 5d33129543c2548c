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
	"runtime"
	"sync"
)

// Run calls work(i) for i in [0, n) on at most workers goroutines, with the
// sizes (size(i), in bytes) of the items being worked on adding up to at
// most maxBytes, and hands each result to emit in index order, as soon as
// it and all before it are done. An item starts only when at most
// 4×workers results wait for emit behind the one next in line. An error
// from emit, or ctx ending, stops the run: no item starts after it and no
// result is emitted after Run returns (work already started finishes in
// the background; its results are dropped).
//
// emit is called once at a time, in order, but not on the caller's
// goroutine: the worker that completes the next result in line emits it
// and any done after it, then takes the next item. A run then hands
// nothing from goroutine to goroutine per item, which on 5,000 large
// cards cost a futex wake-up and three spinning sleeps a file
// (docs/PERFORMANCE.md). What emit writes, the caller may read once Run
// has returned. size is called once per item, in order, under the run's
// lock.
func Run[T any](ctx context.Context, n int, size func(i int) int64, workers int, maxBytes int64, work func(i int) T, emit func(T) error) error {
	if n == 0 {
		return ctx.Err()
	}
	workers = max(1, min(workers, n))
	r := &run[T]{
		n: n, size: size, work: work, emit: emit, ctx: ctx, maxBytes: maxBytes,
		slots:    make([]slot[T], 4*workers+1),
		finished: make(chan struct{}),
	}
	r.cond.L = &r.mu
	stopWaiting := context.AfterFunc(ctx, func() {
		r.mu.Lock()
		r.stop(nil)
		r.mu.Unlock()
	})
	defer stopWaiting()
	for range workers {
		go r.worker()
	}
	select {
	case <-r.finished:
	case <-ctx.Done():
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.stop(nil)
	// An emit under way when the run stopped is let finish: nothing of
	// emit runs once Run has returned.
	for r.emitting {
		r.cond.Wait()
	}
	if r.err != nil {
		return r.err
	}
	return ctx.Err()
}

// run is the state the workers of one Run share, under mu.
type run[T any] struct {
	n        int
	size     func(i int) int64
	work     func(i int) T
	emit     func(T) error
	ctx      context.Context
	maxBytes int64

	mu   sync.Mutex
	cond sync.Cond // bytes released, a result emitted, or the run stopped
	// next is the next item to start; emitted, the items emitted so far.
	next, emitted int
	// used is the bytes of the items started and not done.
	used int64
	// slots holds the results done and not yet emitted, item i at
	// i % len(slots): an item starts only when its slot is free.
	slots []slot[T]
	// taking is set while a worker waits for the next item to fit.
	taking bool
	// emitting is set while a worker runs emit, outside mu.
	emitting bool
	stopped  bool
	err      error
	finished chan struct{} // closed once every result is emitted or the run stopped
}

type slot[T any] struct {
	done   bool
	result T
}

// stop ends the run (with err, from emit, if not nil): no item starts
// and no result is emitted after it. Called with mu held.
func (r *run[T]) stop(err error) {
	if r.stopped {
		return
	}
	r.stopped, r.err = true, err
	close(r.finished)
	r.cond.Broadcast()
}

func (r *run[T]) worker() {
	for {
		r.mu.Lock()
		i, size, ok := r.take()
		r.mu.Unlock()
		if !ok {
			return
		}
		result := r.work(i)
		r.mu.Lock()
		r.used -= size
		r.slots[i%len(r.slots)] = slot[T]{done: true, result: result}
		r.emitReady()
		r.cond.Broadcast()
		r.mu.Unlock()
		// A worker blocks nowhere while items remain, so the collector's
		// mark workers, which need a processor, would wait for the
		// scheduler to preempt one (every 10 ms), and the heap grow
		// meanwhile: on 10,000 small cards the heap after each cycle was
		// 2–5 MB instead of 1 and the peak RSS 33–41 MB instead of 32
		// (docs/PERFORMANCE.md). A yield between items gives them their
		// turn; with no other goroutine to run it costs next to nothing.
		runtime.Gosched()
	}
}

// take starts the next item once its bytes fit (or nothing is in flight:
// an item over the whole budget then runs alone) and its slot is free. It
// reports false when the items are all started or the run stopped. The
// items start in order, so a large one is not starved by smaller ones
// after it. Called with mu held.
func (r *run[T]) take() (i int, size int64, ok bool) {
	for r.taking && !r.stopped {
		r.cond.Wait()
	}
	if r.stopped || r.next == r.n {
		return 0, 0, false
	}
	// Until item i starts, no worker takes the one after it.
	r.taking = true
	defer func() { r.taking = false; r.cond.Broadcast() }()
	i = r.next
	r.next++
	size = r.size(i)
	for !r.stopped && (i >= r.emitted+len(r.slots) || r.used != 0 && r.used+size > r.maxBytes) {
		r.cond.Wait()
	}
	if r.stopped || r.ctx.Err() != nil {
		return 0, 0, false
	}
	r.used += size
	return i, size, true
}

// emitReady emits the results done in line, unless another worker is at
// it (it will find this one's result when it looks again). Called with mu
// held; mu is released while emit runs.
func (r *run[T]) emitReady() {
	if r.emitting {
		return
	}
	r.emitting = true
	for !r.stopped && r.ctx.Err() == nil && r.emitted < r.n {
		s := &r.slots[r.emitted%len(r.slots)]
		if !s.done {
			break
		}
		result := s.result
		*s = slot[T]{}
		r.emitted++
		r.mu.Unlock()
		err := r.emit(result)
		r.mu.Lock()
		if err != nil {
			r.stop(err)
		}
	}
	r.emitting = false
	if r.emitted == r.n {
		r.stop(nil)
	}
}
