package inflight

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
)

// tracker records the most bytes and workers in flight at once.
type tracker struct {
	mu                sync.Mutex
	bytes, workers    int64
	maxBytes, maxConc int64
}

// enter returns the number of workers in flight, itself included.
func (t *tracker) enter(n int64) int64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.bytes += n
	t.workers++
	t.maxBytes = max(t.maxBytes, t.bytes)
	t.maxConc = max(t.maxConc, t.workers)
	return t.workers
}

func (t *tracker) leave(n int64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.bytes -= n
	t.workers--
}

func TestRunOrderAndBounds(t *testing.T) {
	sizes := make([]int64, 200)
	for i := range sizes {
		sizes[i] = int64(1 + (i*37)%50) // 1..50
	}
	sizes[17] = 500 // over the whole budget: runs alone
	var tr tracker
	var got []int
	err := Run(context.Background(), len(sizes), func(i int) int64 { return sizes[i] }, 4, 100,
		func(i int) int {
			conc := tr.enter(sizes[i])
			defer tr.leave(sizes[i])
			if i == 17 && conc != 1 {
				t.Errorf("the item over the budget ran beside others")
			}
			spin(2000 + (i%7)*3000)
			return i
		},
		func(i int) error { got = append(got, i); return nil })
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range got {
		if v != i {
			t.Fatalf("result %d is item %d: out of order", i, v)
		}
	}
	if len(got) != len(sizes) {
		t.Fatalf("%d results for %d items", len(got), len(sizes))
	}
	if tr.maxConc > 4 {
		t.Errorf("%d workers at once, bound 4", tr.maxConc)
	}
	if tr.maxBytes > 500 {
		t.Errorf("%d bytes in flight", tr.maxBytes)
	}
	// Apart from the lone large item, at most 100 bytes were in flight:
	// check it on a run without it.
	sizes[17] = 1
	tr = tracker{}
	_ = Run(context.Background(), len(sizes), func(i int) int64 { return sizes[i] }, 4, 100,
		func(i int) int { tr.enter(sizes[i]); spin(3000); tr.leave(sizes[i]); return i },
		func(int) error { return nil })
	if tr.maxBytes > 100 {
		t.Errorf("%d bytes in flight, budget 100", tr.maxBytes)
	}
}

// spin does some work without sleeping (no timing in tests).
func spin(n int) {
	x := 0
	for i := range n {
		x += i * i
	}
	sink.Add(int64(x))
}

var sink atomic.Int64

func TestRunStopsOnEmitError(t *testing.T) {
	boom := errors.New("boom")
	var started atomic.Int64
	emitted := 0
	err := Run(context.Background(), 10000, func(int) int64 { return 1 }, 2, 10,
		func(i int) int { started.Add(1); return i },
		func(i int) error {
			emitted++
			if i == 5 {
				return boom
			}
			return nil
		})
	if !errors.Is(err, boom) || emitted != 6 {
		t.Fatalf("err %v after %d results", err, emitted)
	}
	if started.Load() > 6+4*2+2+1 {
		t.Errorf("%d items started: the workers ran far ahead of the output", started.Load())
	}
}

func TestRunStopsOnCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	err := Run(ctx, 1000, func(int) int64 { return 1 }, 2, 10,
		func(i int) int { return i },
		func(i int) error {
			n++
			if i == 3 {
				cancel()
			}
			return nil
		})
	if !errors.Is(err, context.Canceled) || n > 4+4*2 {
		t.Fatalf("err %v after %d results", err, n)
	}
	if err := Run(context.Background(), 0, nil, 2, 10, func(int) int { return 0 }, func(int) error { return nil }); err != nil {
		t.Fatal(err)
	}
}

// TestRunEmitsNothingAfterReturn: emit runs on the workers, so a run
// cancelled while they still hold results must keep them from emitting
// any after it, and Run must not return while an emit is under way (the
// caller then reads what emit wrote).
func TestRunEmitsNothingAfterReturn(t *testing.T) {
	for round := range 50 {
		ctx, cancel := context.WithCancel(context.Background())
		var returned, late, cancelled atomic.Bool
		err := Run(ctx, 400, func(int) int64 { return 1 }, 4, 1000,
			func(i int) int { spin(500 + i%5*200); return i },
			func(i int) error {
				if returned.Load() || cancelled.Load() {
					late.Store(true)
				}
				if i == round {
					cancelled.Store(true)
					// Run sees ctx end while this emit is under way: it
					// must wait for it, not return beside it.
					cancel()
					for range 2000 {
						runtime.Gosched()
					}
					if returned.Load() {
						late.Store(true)
					}
				}
				return nil
			})
		returned.Store(true)
		for range 10000 {
			runtime.Gosched()
		}
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("round %d: err %v, want context.Canceled", round, err)
		}
		if late.Load() {
			t.Fatalf("round %d: a result was emitted after the run was cancelled", round)
		}
	}
}

// TestRunStartsNothingAfterCancel: the jobs handed out ahead of the
// workers (one each, waiting in the queue) are not started once ctx is
// done: a Ctrl-C stops the run after the items being worked on.
func TestRunStartsNothingAfterCancel(t *testing.T) {
	base := runtime.NumGoroutine()
	ctx, cancel := context.WithCancel(context.Background())
	release := make(chan struct{})
	var started atomic.Int64
	running := make(chan struct{}, 2)
	go func() {
		// Both workers hold an item, and the queue is full behind them.
		<-running
		<-running
		cancel()
		close(release)
	}()
	err := Run(ctx, 100, func(int) int64 { return 1 }, 2, 100,
		func(i int) int {
			started.Add(1)
			running <- struct{}{}
			<-release
			return i
		},
		func(int) error { return nil })
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want context.Canceled", err)
	}
	// The workers drain the queue and return: count rounds, not time.
	for i := 0; i < 1_000_000 && runtime.NumGoroutine() > base; i++ {
		runtime.Gosched()
	}
	if n := runtime.NumGoroutine(); n > base {
		t.Fatalf("%d goroutines left of the run", n-base)
	}
	if n := started.Load(); n != 2 {
		t.Errorf("%d items started, want the 2 being worked on when the run was cancelled", n)
	}
}
