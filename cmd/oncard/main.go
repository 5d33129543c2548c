// Command oncard writes, edits and validates A2A Agent Cards with the On
// Request and OASF discovery extensions, and the AI Catalog entries they
// yield.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/oncard/oncard/internal/gcpolicy"
	"github.com/spf13/cobra"
)

func main() {
	// The collector's settings follow the command and the size of the
	// files it is given (internal/gcpolicy).
	gcpolicy.Apply(gcpolicy.ForArgs(os.Args[1:]))
	normalizeNoColor()
	os.Exit(run(context.Background(), os.Args[1:]))
}

// normalizeNoColor makes NO_COLOR mean what https://no-color.org says to
// every library that reads it: any non-empty value turns colours off, and
// set but empty it is ignored. colorprofile (used by fang, lipgloss and our
// highlighting) parses it as a boolean instead, so "yes" or "0" would leave
// colours on; it gets "1" for any non-empty value.
func normalizeNoColor() {
	if v := os.Getenv("NO_COLOR"); v != "" && v != "1" {
		os.Setenv("NO_COLOR", "1")
	}
}

// exitError carries an exit code up to main without printing anything more:
// the command has already reported what went wrong.
type exitError struct{ code int }

func (e exitError) Error() string { return fmt.Sprintf("exit %d", e.code) }

// Exit codes users and CI rely on.
const (
	exitOK        = 0
	exitInvalid   = 1 // invalid input, or a finding at error level
	exitUsage     = 2
	exitInterrupt = 130
)

// codeOf maps a command's error to its exit code.
func codeOf(err error) int {
	if err == nil {
		return exitOK
	}
	var e exitError
	if errors.As(err, &e) {
		return e.code
	}
	var u usageError
	if errors.As(err, &u) {
		return exitUsage
	}
	if isCobraUsageError(err) {
		return exitUsage
	}
	return exitInvalid
}

// usageError marks a mistake in how the command was called (exit 2). cmd is
// the command path ("oncard validate") the user should ask for help on; it
// may be empty.
type usageError struct {
	msg string
	cmd string
}

func (e usageError) Error() string { return e.msg }

func usagef(format string, a ...any) error { return usageError{msg: fmt.Sprintf(format, a...)} }

// helpOn names cmd as the command to ask for help on when err is a usage
// error that does not name one yet, so that the message says
// "Run 'oncard new --help'" rather than "Run 'oncard --help'".
func helpOn(cmd *cobra.Command, err error) error {
	var u usageError
	if errors.As(err, &u) && u.cmd == "" {
		u.cmd = cmd.CommandPath()
		return u
	}
	return err
}

// isCobraUsageError recognises the few usage mistakes cobra reports before
// any of our hooks run (an unknown subcommand is found by cobra's command
// lookup, which has no error hook).
func isCobraUsageError(err error) bool {
	return strings.HasPrefix(err.Error(), "unknown command ")
}
