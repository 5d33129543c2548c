package main

import (
	"os"

	"github.com/charmbracelet/x/term"
	"github.com/oncard/oncard/internal/termout"
	"github.com/spf13/cobra"
)

// editCanPrompt reports whether `oncard edit` may ask questions: stdin is
// a terminal to answer on and stderr one to ask on. A variable so that
// tests can answer from a pipe.
var editCanPrompt = func(cmd *cobra.Command) bool {
	in, ok := cmd.InOrStdin().(*os.File)
	return ok && term.IsTerminal(in.Fd()) && termout.IsTerminal(cmd.ErrOrStderr())
}
