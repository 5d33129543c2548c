package main

import (
	"github.com/spf13/cobra"

	"github.com/oncard/oncard/internal/app/catalogs"
)

func init() { register(newCatalogCmd) }

func newCatalogCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "catalog",
		Short: "Maintain AI Catalog files",
		// Runnable so that a mistyped subcommand is a usage error (cobra's
		// NoArgs names it) rather than help with exit 0.
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(newCatalogAddCmd(), newCatalogListCmd(), newCatalogRemoveCmd())
	return cmd
}

func newCatalogAddCmd() *cobra.Command {
	var f catalogs.AddOptions
	cmd := &cobra.Command{
		Use:   "add CARD|URL... --to CATALOG",
		Short: "Insert or update the entries of Agent Cards in an AI Catalog file",
		Long: `Add lists each CARD in the AI Catalog file CATALOG: an entry with the same
identifier and version is updated in place (a lone entry with the same
identifier is updated to the card's version); otherwise the entry is appended.
Every other byte of CATALOG stays as it was: other entries, members oncard
does not know, spacing and key order. CATALOG is created when it does not
exist.

Each card is validated first (a card with errors is refused unless --force),
and so is the resulting catalog. On a terminal the change is shown as a
unified diff and written only after you confirm; elsewhere pass --yes to
write, or --dry-run to print the diff on stdout and write nothing. The file is
replaced atomically, keeps its mode, and is not written if it changed on disk
meanwhile.

Without --identifier and --url, both are derived from the host of the card's
first interface and the card's name, as in 'oncard preview'; they name one
entry, so they take a single CARD. A CARD given as a URL (a bare origin means
its /.well-known/agent-card.json) is fetched, and is the entry's url.

Exit status: 0 written (or nothing to change), 1 invalid input, refused or
declined, 2 usage mistake.`,
		Example: `  oncard catalog add agent-card.json --to .well-known/ai-catalog.json
  oncard catalog add --dry-run cards/*.json --to ai-catalog.json
  oncard catalog add --yes --identifier urn:example:agents:debugger \
      --url https://example.com/debugger/agent-card.json card.json --to ai-catalog.json`,
		Args: usageArgs(cobra.MinimumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			f.CanPrompt = canPrompt(cmd)
			return catalogs.Add(cmd.Context(), console(cmd), args, f)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.To, "to", "", "the AI Catalog file to update (created when missing)")
	fl.StringVar(&f.Identifier, "identifier", "", "the entry's identifier (one CARD only; default urn:air:<host>:agents:<slug of the name>)")
	fl.StringVar(&f.URL, "url", "", "where the card is served (one CARD only; default https://<host>/.well-known/agent-card.json)")
	fl.BoolVarP(&f.Yes, "yes", "y", false, "write without asking")
	fl.BoolVar(&f.DryRun, "dry-run", false, "print the diff on stdout and write nothing")
	fl.BoolVar(&f.Force, "force", false, "go on even when a card or the resulting catalog has errors, or CATALOG is read-only")
	return cmd
}

func newCatalogListCmd() *cobra.Command {
	format := "text"
	cmd := &cobra.Command{
		Use:   "list CATALOG|-",
		Short: "List the entries of an AI Catalog file",
		Long: `List prints one line per entry of the AI Catalog file CATALOG (or standard
input for "-"): its identifier, version ("-" when it has none), media type,
and where the artifact is (its url, or "inline" when the entry carries it as
data). --format json prints the same as a JSON array, with each entry's
JSON Pointer.

The catalog is not validated; 'oncard validate' does that.

Exit status: 0 listed, 1 the file cannot be read or is not an AI Catalog,
2 usage mistake.`,
		Example: `  oncard catalog list .well-known/ai-catalog.json
  oncard catalog list --format json ai-catalog.json`,
		Args: usageArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			return catalogs.List(cmd.Context(), cmd.OutOrStdout(), cmd.InOrStdin(), args[0], format)
		},
	}
	cmd.Flags().Var(newEnumValue(&format, catalogs.ListFormats()...), "format", "output format: text or json")
	return cmd
}

func newCatalogRemoveCmd() *cobra.Command {
	var f catalogs.RemoveOptions
	cmd := &cobra.Command{
		Use:   "remove CATALOG IDENTIFIER",
		Short: "Remove an entry from an AI Catalog file",
		Long: `Remove deletes the entry with IDENTIFIER from the AI Catalog file CATALOG:
the one with --version when given, else the only entry with that identifier
(when several versions are listed, --version says which). Every other byte
of CATALOG stays as it was.

The resulting catalog is validated, and not written when it has errors
unless --force. On a terminal the change is shown as a unified diff and
written only after you confirm; elsewhere pass --yes to write, or --dry-run
to print the diff on stdout and write nothing. The file is replaced
atomically, keeps its mode, and is not written if it changed on disk
meanwhile.

Exit status: 0 written, 1 no such entry, invalid input, refused or declined,
2 usage mistake.`,
		Example: `  oncard catalog remove .well-known/ai-catalog.json urn:example:agents:weather
  oncard catalog remove --version 1.0.0 --dry-run ai-catalog.json urn:example:agents:weather`,
		Args: usageArgs(cobra.ExactArgs(2)),
		RunE: func(cmd *cobra.Command, args []string) error {
			f.CanPrompt = canPrompt(cmd)
			return catalogs.Remove(cmd.Context(), console(cmd), args[0], args[1], f)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.Version, "version", "", "remove the entry with this version (needed when several are listed)")
	fl.BoolVarP(&f.Yes, "yes", "y", false, "write without asking")
	fl.BoolVar(&f.DryRun, "dry-run", false, "print the diff on stdout and write nothing")
	fl.BoolVar(&f.Force, "force", false, "write even when the resulting catalog has errors")
	return cmd
}
