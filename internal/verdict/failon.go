// Package verdict turns a run's findings into its outcome, the way a
// repository asks for it: which findings a path ignores (.oncard.json),
// from which severity a run fails (--fail-on), and what each code means in
// SARIF (rules read from docs/DIAGNOSTICS.md).
package verdict

import (
	"fmt"

	"github.com/oncard/oncard/validate"
)

// FailOn is the least severity that fails a run. Its zero value is the
// default, FailOnError: errors only; FailOnWarning fails on warnings and
// errors, FailOnInfo on any finding.
type FailOn int8

const (
	FailOnError FailOn = iota
	FailOnWarning
	FailOnInfo
)

// DefaultFailOn fails a run on errors.
const DefaultFailOn = FailOnError

// FailOnNames are the values --fail-on accepts.
var FailOnNames = []string{"error", "warning", "info"}

// ParseFailOn reads "error", "warning" or "info".
func ParseFailOn(s string) (FailOn, error) {
	var sev validate.Severity
	if err := sev.UnmarshalText([]byte(s)); err != nil {
		return 0, fmt.Errorf("fail-on must be error, warning or info, not %q", s)
	}
	return failOnOf(sev), nil
}

func failOnOf(sev validate.Severity) FailOn {
	switch sev {
	case validate.Warning:
		return FailOnWarning
	case validate.Info:
		return FailOnInfo
	}
	return FailOnError
}

// Severity is the least severity that fails.
func (f FailOn) Severity() validate.Severity {
	switch f {
	case FailOnWarning:
		return validate.Warning
	case FailOnInfo:
		return validate.Info
	}
	return validate.Error
}

// Fails reports whether a finding of severity sev fails the run.
func (f FailOn) Fails(sev validate.Severity) bool { return sev >= f.Severity() }

// Failing counts the findings that fail the run, each with those it
// stands for (validate.Diagnostic.Count).
func (f FailOn) Failing(diags []validate.Diagnostic) int {
	n := 0
	for _, d := range diags {
		if f.Fails(d.Severity) {
			n += d.Count()
		}
	}
	return n
}
