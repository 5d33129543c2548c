package editor

import (
	"sync"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
)

// liveOptions are the options of the check a refresh starts off the event
// loop: the State's, with the memory of the previous check
// (validate.Incremental), so that after a burst of keys in one skill only
// that skill's rules (and the card-wide ones) run again. The findings are
// those of a whole check.
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
