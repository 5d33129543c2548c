package editor

import "github.com/oncard/oncard/validate"

// liveOptions are the options of the check a refresh starts off the event
// loop: the State's, with the memory of the previous such check
// (validate.Incremental), so that after a burst of keys in one skill only
// that skill's rules (and the card-wide ones) run again. The findings are
// those of a whole check. Only this check has it: Refresh (the card
// checked in place), the line-by-line prompts and the judgement of a save
// (app.NewEdit gets Opts) check the whole card.
func (s *State) liveOptions() *validate.Options {
	if s.live == nil {
		s.live = &validate.Incremental{}
	}
	opts := *s.Opts
	opts.Incremental = s.live
	return &opts
}
