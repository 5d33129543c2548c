// Package findings prints the findings of a document a command is about to
// use or write, and decides whether they refuse it: errors refuse it
// unless --force; warnings and infos are `oncard validate`'s to list.
package findings

import (
	"fmt"
	"io"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/app/report"
	"github.com/oncard/oncard/validate"
)

// Print lists diagnostics the way `oncard validate` does.
func Print(w io.Writer, name string, diags []validate.Diagnostic) {
	// A failed write to stderr has nowhere else to be said.
	_ = report.Text(w, name, diags)
}

// Refuse prints diags when one of them is an error and says whether that
// refuses the document (it does unless force). what names the document in
// the closing line ("card.json", "the updated catalog").
func Refuse(w io.Writer, name string, diags []validate.Diagnostic, force bool, what string) (refused bool) {
	errs, _, _ := validate.Counts(diags)
	if errs == 0 {
		return false
	}
	Print(w, name, diags)
	if force {
		fmt.Fprintf(w, "oncard: %s has %s; going on because of --force\n", what, app.Count(errs, "error", "errors"))
		return false
	}
	them := "them"
	if errs == 1 {
		them = "it"
	}
	fmt.Fprintf(w, "oncard: %s has %s; fix %s, or pass --force to go on anyway\n", what, app.Count(errs, "error", "errors"), them)
	return true
}

// Notes states on w which values were derived rather than given, and
// which flags choose them.
func Notes(w io.Writer, notes []string, derived bool, flags string) {
	for _, n := range notes {
		fmt.Fprintf(w, "oncard: note: %s\n", n) // notes are SafeText already
	}
	if flags != "" && derived {
		fmt.Fprintf(w, "oncard: note: give %s to choose them yourself\n", flags)
	}
}
