package main

import "github.com/oncard/oncard/internal/verdict"

// applyConfig applies the .oncard.json governing r's file: the findings it
// ignores are dropped (with their SARIF ends), and r learns the --fail-on
// in force for it (the flag's, else the config's, else error).
func applyConfig(configs *verdict.Finder, failOnFlag string, r *fileResult) {
	r.failOn = verdict.DefaultFailOn
	cfg, err := configs.For(r.arg)
	if err != nil {
		r.configErr = err
		return
	}
	switch {
	case failOnFlag != "":
		r.failOn, _ = verdict.ParseFailOn(failOnFlag) // the flag accepts only valid names
	case cfg != nil && cfg.FailOn != "":
		r.failOn, _ = verdict.ParseFailOn(cfg.FailOn) // checked when the config was read
	}
	if cfg == nil || r.readErr != nil {
		return
	}
	kept := r.diags[:0:0]
	var ends []position
	for i, d := range r.diags {
		if cfg.Ignores(r.arg, d.Code) {
			continue
		}
		kept = append(kept, d)
		if i < len(r.ends) {
			ends = append(ends, r.ends[i])
		}
	}
	if len(kept) < len(r.diags) {
		r.diags, r.ends = kept, ends
	}
}

// fails tells whether the file fails the run: it could not be read or
// checked, or a finding is at its --fail-on or above.
func (r fileResult) fails() bool {
	if r.readErr != nil || r.onlineErr != nil || r.configErr != nil {
		return true
	}
	return r.failOn.Failing(r.diags) > 0
}
