package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/oncard/oncard/model/testcards"
)

// TestValidateManyFilesBoundedMemory validates 10,000 small cards in one
// in-process run and checks that the live heap never grows anywhere near
// what keeping every document would cost: results are streamed, Docs
// dropped. The ceiling is generous (the run needs a few MB) so the test
// does not depend on timing or GC luck.
func TestValidateManyFilesBoundedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("writes and validates 10,000 files")
	}
	const files = 10_000
	const ceiling = 64 << 20 // bytes of live heap

	dir := t.TempDir()
	card := testcards.Small()
	args := []string{"validate", "--format", "json"}
	for i := range files {
		p := filepath.Join(dir, fmt.Sprintf("card-%05d.json", i))
		if err := os.WriteFile(p, card, 0o644); err != nil {
			t.Fatal(err)
		}
		args = append(args, p)
	}

	runtime.GC()
	peak := newHeapPeak()
	var stderr bytes.Buffer
	out := &countingWriter{}
	code := runWith(context.Background(), args, strings.NewReader(""), out, &stderr)
	max := peak.stop()

	if code != exitOK {
		t.Fatalf("exit %d; stderr:\n%s", code, stderr.String())
	}
	if out.n == 0 {
		t.Fatal("no output")
	}
	t.Logf("%d files, peak heap in use %.1f MB, output %d bytes", files, float64(max)/(1<<20), out.n)
	if max > ceiling {
		t.Errorf("peak heap %d MB over the %d MB ceiling: results are being kept", max>>20, ceiling>>20)
	}
}

// heapPeak samples the live heap (objects not yet freed) until stopped.
type heapPeak struct {
	done chan struct{}
	wg   sync.WaitGroup
	max  uint64
}

func newHeapPeak() *heapPeak {
	h := &heapPeak{done: make(chan struct{})}
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	h.wg.Add(1)
	go func() {
		defer h.wg.Done()
		tick := time.NewTicker(5 * time.Millisecond)
		defer tick.Stop()
		for {
			metrics.Read(sample)
			h.max = max(h.max, sample[0].Value.Uint64())
			select {
			case <-h.done:
				return
			case <-tick.C:
			}
		}
	}()
	return h
}

func (h *heapPeak) stop() uint64 {
	close(h.done)
	h.wg.Wait()
	return h.max
}

type countingWriter struct{ n int }

func (w *countingWriter) Write(p []byte) (int, error) { w.n += len(p); return len(p), nil }

var _ io.Writer = (*countingWriter)(nil)
