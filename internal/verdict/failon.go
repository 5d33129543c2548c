// Package verdict turns a run's findings into its outcome, the way a
// repository asks for it: which findings a path ignores (.oncard.json),
// from which severity a run fails (--fail-on), and what each code means in
// SARIF (rules read from docs/DIAGNOSTICS.md).
package verdict

import (
	"fmt"

	"github.com/oncard/oncard/validate"
)

// FailOn is the least severity that fails a run: Error (the default) fails
// on errors only, Warning on warnings and errors, Info on any finding.
type FailOn validate.Severity

// DefaultFailOn fails a run on errors.
const DefaultFailOn = FailOn(validate.Error)

// FailOnNames are the values --fail-on accepts.
var FailOnNames = []string{"error", "warning", "info"}

// ParseFailOn reads "error", "warning" or "info".
func ParseFailOn(s string) (FailOn, error) {
	var sev validate.Severity
	if err := sev.UnmarshalText([]byte(s)); err != nil {
		return 0, fmt.Errorf("fail-on must be error, warning or info, not %q", s)
	}
	return FailOn(sev), nil
}

func (f FailOn) String() string { return validate.Severity(f).String() }

// Fails reports whether a finding of severity sev fails the run.
func (f FailOn) Fails(sev validate.Severity) bool { return sev >= validate.Severity(f) }

// Failing counts the findings that fail the run.
func (f FailOn) Failing(diags []validate.Diagnostic) int {
	n := 0
	for _, d := range diags {
		if f.Fails(d.Severity) {
			n++
		}
	}
	return n
}
