package main

import (
	"github.com/spf13/cobra"

	"github.com/oncard/oncard/internal/app/preview"
)

func init() { register(newPreviewCmd) }

func newPreviewCmd() *cobra.Command {
	f := preview.Options{SpecVersion: "1.0"}
	cmd := &cobra.Command{
		Use:   "preview CARD|URL|-",
		Short: "Show the AI Catalog entry (or whole catalog) an Agent Card yields",
		Long: `Preview prints the AI Catalog entry that lists CARD: its identifier, type
application/a2a-agent-card+json, url, the card's version, and the card's OASF
discovery payload, unchanged, under extensions."org.agntcy.oasf.discovery.v1".
With --catalog it prints a whole catalog document holding that entry.
CARD may be a URL where the card is served (a bare origin means its
/.well-known/agent-card.json); the entry's url is then that URL.

Without --identifier and --url, both are derived from the host of the card's
first interface and the card's name (urn:air:<host>:agents:<name> and
https://<host>/.well-known/agent-card.json); the derivation is stated on
stderr. The card is validated first: a card with errors is refused unless
--force.

On a terminal the JSON is highlighted; piped, it is plain JSON on stdout.
Exit status: 0 ok, 1 invalid card or entry, 2 usage mistake.`,
		Example: `  oncard preview agent-card.json
  oncard preview --catalog --host-name "Example Agents" agent-card.json > ai-catalog.json
  oncard preview --identifier urn:example:agents:debugger --url https://example.com/card.json card.json`,
		Args: usageArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			for _, name := range []string{"spec-version", "host-name"} {
				if cmd.Flags().Changed(name) && !f.Catalog {
					return usagef("--%s describes the whole catalog; add --catalog", name)
				}
			}
			return preview.Run(cmd.Context(), console(cmd), args[0], f)
		},
	}
	fl := cmd.Flags()
	fl.BoolVar(&f.Catalog, "catalog", false, "print a whole catalog document, not only the entry")
	fl.StringVar(&f.Identifier, "identifier", "", "the entry's identifier (default urn:air:<host>:agents:<slug of the name>)")
	fl.StringVar(&f.URL, "url", "", "where the card is served (default https://<host>/.well-known/agent-card.json)")
	fl.Var(newEnumValue(&f.SpecVersion, "1.0", "0.9"), "spec-version", "the catalog's specVersion, with --catalog: 1.0 or 0.9")
	fl.StringVar(&f.HostName, "host-name", "", "the catalog's host displayName, with --catalog")
	fl.BoolVar(&f.Force, "force", false, "use the card, and print the output, even when they have errors")
	return cmd
}
