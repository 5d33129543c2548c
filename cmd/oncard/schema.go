package main

import (
	"strings"

	"github.com/oncard/oncard/validate"
	"github.com/spf13/cobra"
)

func init() { register(newSchemaCmd) }

func newSchemaCmd() *cobra.Command {
	kinds := make([]string, len(validate.PublishedKinds))
	for i, k := range validate.PublishedKinds {
		kinds[i] = string(k)
	}
	return &cobra.Command{
		Use:   "schema " + strings.Join(kinds, "|"),
		Short: "Print the JSON Schema oncard checks a kind of document with",
		Long: `Schema prints the JSON Schema (draft 2020-12) that oncard checks a kind of
document with, for editors and other validators: card (A2A Agent Card
v1.0), catalog (AI Catalog), entry (one catalog entry on its own),
onrequest (the On Request extension's schema, byte for byte as published
with its specification: params, the whole extension entry, and replies)
and discovery (the OASF discovery payload).

Each has a stable $id (https://oncard.dev/schemas/..., the On Request
schema its specification's). The schemas hold the structure; the rules
that need more than one member are checked by oncard validate, so a
document a schema accepts can still have findings.`,
		Example: `  oncard schema card > agent-card.schema.json
  oncard schema onrequest`,
		Args:      usageArgs(cobra.MatchAll(cobra.ExactArgs(1), cobra.OnlyValidArgs)),
		ValidArgs: kinds,
		RunE: func(cmd *cobra.Command, args []string) error {
			data, err := validate.PublishedSchema(validate.Kind(args[0]))
			if err != nil {
				return err
			}
			_, err = cmd.OutOrStdout().Write(data)
			return err
		},
	}
}
