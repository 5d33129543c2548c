package editor

import (
	"testing"
	"time"
)

// fakeClock is the time waitForQuiet sees: sleeping moves it on, and the
// keys of a schedule change the card as it passes them.
type fakeClock struct {
	now, last time.Time
	keys      []time.Duration // when each key changes the card, from the start
	start     time.Time
	sleeps    int
}

func (c *fakeClock) Now() time.Time { return c.now }

func (c *fakeClock) Sleep(d time.Duration) {
	c.sleeps++
	c.now = c.now.Add(d)
	for len(c.keys) > 0 && !c.start.Add(c.keys[0]).After(c.now) {
		c.last = c.start.Add(c.keys[0])
		c.keys = c.keys[1:]
	}
}

func waited(keys []time.Duration) (time.Duration, int) {
	start := time.Unix(1000, 0)
	c := &fakeClock{now: start, last: start, start: start, keys: keys}
	waitForQuiet(func() time.Time { return c.last }, FrameDelay, c.Now, c.Sleep)
	return c.now.Sub(start), c.sleeps
}

// The refresh after an edit waits one frame when no other key follows
// within it (typing at a person's pace), waits for the keys of a burst to
// pause for a frame, and never falls more than MaxRefreshBehind behind
// keys that keep coming.
func TestWaitForQuiet(t *testing.T) {
	if d, n := waited(nil); d != FrameDelay || n != 1 {
		t.Errorf("a key alone: refreshed after %v (%d sleeps), want one frame", d, n)
	}
	if d, _ := waited([]time.Duration{100 * time.Millisecond}); d != FrameDelay {
		t.Errorf("a key a frame later than the wait: refreshed after %v, want one frame", d)
	}
	var burst []time.Duration // 20 keys, 5 ms apart, from 5 ms on
	for k := 1; k <= 20; k++ {
		burst = append(burst, time.Duration(k)*5*time.Millisecond)
	}
	if d, _ := waited(burst); d != 100*time.Millisecond+FrameDelay {
		t.Errorf("a burst of 20 keys ending at 100 ms: refreshed after %v, want a frame after its last key", d)
	}
	var stream []time.Duration // a key every 5 ms for two seconds
	for k := 1; k <= 400; k++ {
		stream = append(stream, time.Duration(k)*5*time.Millisecond)
	}
	if d, _ := waited(stream); d != MaxRefreshBehind {
		t.Errorf("keys that keep coming: refreshed after %v, want %v", d, MaxRefreshBehind)
	}
}
