package main

import (
	"github.com/oncard/oncard/lsp"
	"github.com/spf13/cobra"
)

func init() { register(newLSPCmd) }

func newLSPCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "lsp",
		Short: "Run the language server editors start (LSP over standard input and output)",
		Long: `Lsp speaks the Language Server Protocol on standard input and output, for
editors to start (docs/editors.md shows the setup of VS Code, neovim, Helix
and Zed). Agent Cards, AI Catalogs and entries, On Request params and
replies and OASF discovery payloads get the findings of oncard validate as
diagnostics while they are typed, hovers that explain members, OASF classes
and findings, and completion of skill ids, OASF names and ids and the
values the formats allow. Other JSON documents get nothing.

The nearest .oncard.json governs each file, as in oncard validate; the
editor's settings under "oncard" (schemaHosts, failOn, oasfVersion, online,
oasfServer) are read through workspace/configuration.

Exit status: 0 after the editor's shutdown and exit; 1 when the editor
went away without them.`,
		Example: `  oncard lsp   # started by the editor, not by hand`,
		Args:    usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, args []string) error {
			err := lsp.Serve(cmd.Context(), cmd.InOrStdin(), cmd.OutOrStdout(),
				lsp.Options{Version: version(), Log: cmd.ErrOrStderr()})
			if err == lsp.ErrNoShutdown {
				return exitError{exitInvalid}
			}
			return err
		},
	}
}
