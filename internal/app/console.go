package app

import (
	"errors"
	"io"
)

// Console is where a command-line workflow talks to the person who runs
// it: what it prints (Out for results, Err for messages) and how it asks
// and shows. The command line fills it in; the functions are the face's
// (a confirmation on a terminal, highlighted diffs), so that no workflow
// needs a terminal library.
type Console struct {
	In       io.Reader // standard input ("-" arguments, answers)
	Out, Err io.Writer

	// Confirm asks a yes/no question whose default is no.
	Confirm func(question string) (bool, error)
	// Ask shows a question and returns the answer line, trimmed; ok is
	// false at the end of input.
	Ask func(question string) (answer string, ok bool, err error)
	// Diff writes a unified diff to w (coloured on a terminal).
	Diff func(w io.Writer, diff string) error
	// JSON writes a JSON document to w (highlighted on a terminal).
	JSON func(w io.Writer, data []byte) error
}

// ErrReported ends a workflow that has already said on Console.Err what
// went wrong: the command fails (exit 1) without another message.
var ErrReported = errors.New("failed (already reported)")

// UsageError is a mistake in how a workflow was asked for (an option
// that cannot be used, an unknown name): the command line's exit 2.
type UsageError struct{ Msg string }

func (e UsageError) Error() string { return e.Msg }
