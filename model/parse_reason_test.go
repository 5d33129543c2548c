package model

import (
	"errors"
	"strings"
	"testing"
)

// Output that prints `file:line:col:` itself uses Reason, so the position is
// not said twice; Error keeps it for callers that print nothing else.
func TestParseErrorReasonHasNoPosition(t *testing.T) {
	for _, src := range []string{`{"a": }`, "{\"a\": \"\xff\"}", `{"a": 1, "a": 2}`, `[`} {
		_, err := Parse([]byte(src))
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Fatalf("%q: %v is not a *ParseError", src, err)
		}
		if !strings.HasPrefix(pe.Error(), "line ") {
			t.Errorf("%q: Error() = %q, want the position first", src, pe.Error())
		}
		if strings.HasPrefix(pe.Reason(), "line ") || pe.Reason() == "" || !strings.HasSuffix(pe.Error(), pe.Reason()) {
			t.Errorf("%q: Reason() = %q for Error() = %q", src, pe.Reason(), pe.Error())
		}
	}
}
