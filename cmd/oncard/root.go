package main

import (
	"context"

	"github.com/spf13/cobra"
)

// subcommands are registered by each command's file (init), so that the
// commands stay independent of each other.
var subcommands []func() *cobra.Command

func register(f func() *cobra.Command) { subcommands = append(subcommands, f) }

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:           "oncard",
		Short:         "Write, edit and validate A2A Agent Cards and AI Catalog entries",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	for _, f := range subcommands {
		root.AddCommand(f())
	}
	return root
}

// run executes the command line and returns the process exit code.
func run(ctx context.Context, args []string) int {
	root := newRootCmd()
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	if err != nil {
		if _, ok := err.(exitError); !ok {
			root.PrintErrln("oncard: " + err.Error())
		}
	}
	return codeOf(err)
}
