package check

import (
	"github.com/oncard/oncard/internal/app/report"
	"github.com/oncard/oncard/internal/verdict"
)

// applyConfig applies the .oncard.json governing r's file: the findings it
// ignores are moved from Diags (with their SARIF ends) to Ignored, r names
// the policy, and r learns the --fail-on in force for it (the flag's, else
// the config's, else error).
func applyConfig(configs *verdict.Finder, failOnFlag string, r *fileResult) {
	r.failOn = verdict.DefaultFailOn
	cfg, err := configs.For(r.Arg)
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
	r.Policy = cfg.Path
	kept := r.Diags[:0:0]
	var ends []report.Position
	for i, d := range r.Diags {
		if rule, ok := cfg.IgnoredBy(r.Arg, d.Code); ok {
			// Said in the verdict: what a policy silences is never silent.
			r.Ignored = append(r.Ignored, d)
			r.IgnoredWhy = append(r.IgnoredWhy, rule.Reason)
			continue
		}
		kept = append(kept, d)
		if i < len(r.Ends) {
			ends = append(ends, r.Ends[i])
		}
	}
	if len(kept) < len(r.Diags) {
		r.Diags, r.Ends = kept, ends
	}
}

// fails tells whether the file fails the run: it could not be read or
// checked, or a finding is at its --fail-on or above.
func (r fileResult) fails() bool {
	if r.readErr != nil || r.onlineErr != nil || r.configErr != nil {
		return true
	}
	return r.failOn.Failing(r.Diags) > 0
}
