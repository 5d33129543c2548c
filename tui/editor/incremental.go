package editor

import (
	"sync"
	"time"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
)

// liveOptions are the options of the check a refresh starts off the event
// loop: the State's, with the memory of the previous check
// (validate.Incremental), so that after a burst of keys in one skill only
// that skill's rules (and the card-wide ones) run again. The findings are
// those of a whole check. Only a card's check reads the memory; the other
// kinds leave it as it was.
func (s *State) liveOptions() *validate.Options {
	if s.live == nil {
		s.live = &validate.Incremental{}
	}
	opts := *s.Opts
	opts.Incremental = s.live
	return &opts
}

// wholeOptions are the options of Refresh, the card checked in place (the
// first findings, a save's, an undo's): every rule on every member, since
// the memory they are given is new and holds nothing; what it learns is
// what the next refresh's check starts from. The judgement of a save
// (app.NewEdit gets Opts) and the line-by-line prompts never have one.
func (s *State) wholeOptions() *validate.Options {
	s.live = &validate.Incremental{} // a check still running keeps the one it had
	return s.liveOptions()
}

// sharedParse is the encoding of one refresh parsed once, by whichever
// needs it first: the check off the event loop, or the preview on it (a
// frame drawn while the check runs). Both only read the Doc, and a Doc's
// reads may run concurrently.
type sharedParse struct {
	once sync.Once
	json []byte
	doc  *model.Doc
	err  error
}

func (p *sharedParse) get() (*model.Doc, error) {
	p.once.Do(func() { p.doc, p.err = model.Parse(p.json) })
	return p.doc, p.err
}

// MaxRefreshBehind is how far the refresh after an edit may fall behind
// while keys keep coming (waitForQuiet): the preview and the findings of
// a paste or a held key catch up at least this often.
const MaxRefreshBehind = 200 * time.Millisecond

// waitForQuiet is the wait of the command RefreshCmd returns: one frame,
// then for as long as the card keeps changing (lastChange within the last
// frame: keys arriving faster than frames, as in a paste or keys sent by
// a program), but no more than MaxRefreshBehind in all. Each refresh of a
// large card encodes and parses it whole (and checks what changed); a
// refresh per frame through a burst costs more than the keys themselves,
// for a preview and findings that the next key makes stale. Typing at a
// person's pace, slower than a frame a key, refreshes after each key as
// before.
func waitForQuiet(lastChange func() time.Time, frame time.Duration, now func() time.Time, sleep func(time.Duration)) {
	start := now()
	sleep(frame)
	for {
		quiet, waited := now().Sub(lastChange()), now().Sub(start)
		if quiet >= frame || waited >= MaxRefreshBehind {
			return
		}
		sleep(min(frame-quiet, MaxRefreshBehind-waited))
	}
}
