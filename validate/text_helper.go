package validate

import (
	"runtime"
	"sync/atomic"
	"time"

	"github.com/oncard/oncard/model"
)

// A textHelper is the goroutine that runs a large card's text rules beside
// the other rules, started by Check before the card is parsed rather than
// once the tree is there. A goroutine handed to an idle processor starts
// when that processor's thread wakes, and on a virtual machine that took
// 0.12 ms (BenchmarkCheckVsJSONValid, 89 KB cards): a sixth of a whole
// check, during which the text rules, the longer of the two halves,
// had not begun. Started before the parse, the helper wakes while the card
// is parsed and waits, spinning, for its work (docs/PERFORMANCE.md); how
// it is started lets it wake sooner still (startTextHelper).
//
// A helper is handed its work at most once (hand) or released unused
// (release); either ends its wait. Two checks that might hand it work at
// once (the inline cards of a catalog) race for it safely: one gets it.
// The check that handed it work waits for it with join.
//
// While the document is parsed, the helper reads its bytes for secrets
// (prescanSecrets), so that the text rules it is handed afterwards need
// only place what it found on the tree: the secrets check is then done by
// the time the parse is. The check that hands the work decides whether it
// is to use that prescan (takesPrescan): if the helper has not begun it
// yet, it never will, and the work reads the tree for secrets as ever.
type textHelper struct {
	state    atomic.Int32  // helperWaiting, then helperClaimed and helperHanded, or helperReleased
	wake     chan struct{} // closed when state leaves helperWaiting
	work     func()        // set before state becomes helperHanded
	finished atomic.Bool   // set once the work has run
	done     chan struct{} // closed once the helper is done, its work run

	data    []byte        // the document, for the prescan (nil: none)
	doc     *model.Doc    // data parsed, set by Check before it checks the tree
	stage   atomic.Int32  // prescanOpen, then prescanRunning (the helper's) or prescanSkipped
	stop    atomic.Bool   // ends the prescan early: the document is no card
	secrets secretPrescan // the prescan, written by the helper before it runs its work
	scanned chan struct{} // closed once a prescan begun has ended
}

const (
	prescanOpen int32 = iota
	prescanRunning
	prescanSkipped
)

const (
	helperWaiting int32 = iota
	helperClaimed       // by hand, which is setting its work
	helperHanded
	helperReleased
)

// helperSpin bounds how long a helper spins for its work before it parks
// on wake: about the parse of a 300 KB card. A larger card's parse takes
// so long that the helper's second wake-up costs little beside it, and
// a helper whose document is not a card is released right after the parse.
const helperSpin = time.Millisecond

// wantsTextHelper reports whether Check should start a helper before it
// parses data: a document large enough that a card's text rules would run
// beside the others (startTextRules), which might be a card, checked by a
// caller that leaves a processor idle.
func wantsTextHelper(data []byte, kind Kind, opts *Options) bool {
	return (kind == "" || kind == KindCard) && textRulesBeside(len(data), opts)
}

// liveHelpers counts the helpers whose goroutine has not returned: the
// tests' way to see that none is left waiting.
var liveHelpers atomic.Int64

// startTextHelper starts a helper; data, when not nil, is the document it
// prescans for secrets.
func startTextHelper(data []byte) *textHelper {
	h := &textHelper{wake: make(chan struct{}), done: make(chan struct{}), data: data, scanned: make(chan struct{})}
	liveHelpers.Add(1)
	go h.wait()
	// The goroutine just started waits in this processor's next slot, and
	// the runtime lets an idle processor take a goroutine from there only
	// after a pause (a few µs asked of the system, about 55 µs on Linux
	// with the default timer slack), lest it take what its owner is about
	// to run. An empty goroutine started after it takes the slot and moves
	// the helper to the queue proper, which the idle processor takes from
	// at once: on the VM of docs/PERFORMANCE.md a helper begins a median
	// 34–47 µs after it is started, a goroutine started plainly 115–132 µs
	// after (BenchmarkTextHelperStart).
	go func() {}()
	return h
}

func (h *textHelper) wait() {
	defer liveHelpers.Add(-1)
	defer close(h.done)
	if h.data != nil && h.stage.CompareAndSwap(prescanOpen, prescanRunning) {
		h.secrets = prescanSecrets(h.data, &h.stop)
		close(h.scanned)
	}
	start := time.Now()
	for i := 0; ; i++ {
		switch h.state.Load() {
		case helperHanded:
			h.work()
			h.finished.Store(true)
			return
		case helperReleased:
			return
		}
		if i%64 == 63 && time.Since(start) > helperSpin {
			<-h.wake // closed once the state is helperHanded or helperReleased
			continue
		}
		runtime.Gosched()
	}
}

// hand gives the helper its work, and reports whether it took it (false:
// it was released, or another check's work came first). done is closed
// once the work has run.
func (h *textHelper) hand(work func()) bool {
	if !h.state.CompareAndSwap(helperWaiting, helperClaimed) {
		return false
	}
	h.work = work
	h.state.Store(helperHanded)
	close(h.wake)
	return true
}

// join waits until the work handed to the helper has run. The check that
// waits has most often just finished its own half, a few µs before the
// helper: it spins for a while rather than sleep, since a goroutine woken
// from sleep on a channel resumes only once its thread has been woken
// too, slow on a virtual machine, and only then sleeps until done is
// closed.
func (h *textHelper) join() {
	start := time.Now()
	for i := 0; !h.finished.Load(); i++ {
		if i%64 == 63 && time.Since(start) > helperSpin {
			<-h.done
			return
		}
		runtime.Gosched()
	}
}

// takesPrescan reports whether the work to be handed to the helper is to
// use its prescan of doc's secrets: doc is the document it was started for
// and the helper has begun the prescan. Once it returns false the helper
// never begins one.
func (h *textHelper) takesPrescan(doc *model.Doc) bool {
	if doc == nil || doc != h.doc {
		h.skipPrescan()
		return false
	}
	return !h.stage.CompareAndSwap(prescanOpen, prescanSkipped)
}

// skipPrescan tells the helper that its prescan is not wanted: it does not
// begin one, or ends the one under way.
func (h *textHelper) skipPrescan() {
	h.stage.CompareAndSwap(prescanOpen, prescanSkipped)
	h.stop.Store(true)
}

// release ends the wait of a helper that was handed no work. A prescan
// under way is ended first, and release returns only once it has: the
// document's bytes are the caller's again once Check returns (validate
// reads the next file into the same buffer).
func (h *textHelper) release() {
	h.skipPrescan()
	if h.stage.Load() == prescanRunning {
		<-h.scanned
	}
	if h.state.CompareAndSwap(helperWaiting, helperReleased) {
		close(h.wake)
	}
}
