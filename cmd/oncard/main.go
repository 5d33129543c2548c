// Command oncard writes, edits and validates A2A Agent Cards with the On
// Request and OASF discovery extensions, and the AI Catalog entries they
// yield.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
)

func main() {
	os.Exit(run(context.Background(), os.Args[1:]))
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
	return exitInvalid
}

// usageError marks a mistake in how the command was called (exit 2).
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, a ...any) error { return usageError{fmt.Sprintf(format, a...)} }
