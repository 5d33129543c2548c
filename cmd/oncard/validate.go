package main

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/oncard/oncard/internal/app/check"
	"github.com/oncard/oncard/internal/app/fixes"
	"github.com/oncard/oncard/internal/app/report"
	"github.com/oncard/oncard/internal/oasfclient"
	"github.com/oncard/oncard/internal/sizecap"
	"github.com/oncard/oncard/internal/verdict"
	"github.com/oncard/oncard/validate"
	"github.com/spf13/cobra"
)

func init() { register(newValidateCmd) }

func newValidateCmd() *cobra.Command {
	f := check.Options{Format: "text", Signatures: string(validate.SignaturesIfPresent), MaxPerRule: defaultMaxPerRule}
	var maxSize sizecap.Flag
	var fix, dryRun bool
	cmd := &cobra.Command{
		Use:   "validate FILE|URL...|-",
		Short: "Check Agent Cards, On Request params and replies, discovery payloads and catalogs",
		Long: `Validate checks each FILE (or standard input for "-") and lists every
finding with its location. The kind of document is detected unless --kind
says it. Files are checked in parallel; results are printed in argument order.

A URL is fetched and checked as served (https only; plain http only for
localhost); a bare origin like https://agents.example means its
/.well-known/agent-card.json. With --follow, the cards and catalogs a
catalog's entries link by url are fetched too (each once, up to 4 levels of
catalogs and 100 documents), checked, and cross-checked with their entries.

With --online the OASF discovery payloads are also sent to a schema server
(--oasf-server, default the public one); they are never sent otherwise.

Agent Card signatures are verified with the keys of --jwks FILE|URL (a JWK
set; a URL is fetched once per run), else with the key set a signature's jku
names when its host is an accepted schema host (--schema-host, schema_hosts
of the config file; loopback by default); without a key each signature gets
an info saying it was not checked. --signatures require makes that, and an
unsigned card, an error.

A document that is none of the kinds gets one validate/unknown-document
warning, not a card's errors, so "oncard validate **/*.json" can run in CI.
Each file is governed by the nearest .oncard.json in its directory or above
(docs/oncard-config.schema.json): it can ignore codes per path glob and set
failOn. The text output ends with how many files failed.

With --fix, the fixes the rules offer for a file's findings are applied
(every other byte of the file kept), the file is checked again and replaced
atomically, and what is left is counted; --fix --dry-run shows the diff
instead. Fixes that would add an error are not written. --fix takes files
only, and neither --online, --follow, --card, --jwks nor --format.

A file lists at most --max-per-rule findings of one rule at one severity
(default ` + strconv.Itoa(defaultMaxPerRule) + `); the next one says how many more there are, and
every count and the exit status include them. --max-per-rule 0 lists all.

Exit status: 0 when no file fails; 1 when one does (a finding at --fail-on
or above, default error; a file that cannot be read; an --online check that
fails; a broken .oncard.json); 2 for a usage mistake.`,
		Example: `  oncard validate agent-card.json
  oncard validate --format sarif cards/*.json > oncard.sarif
  oncard validate --only security --fail-on warning incoming/*.json
  oncard validate --kind reply --card agent-card.json reply.json
  oncard validate https://agents.example
  oncard validate --follow https://agents.example/.well-known/ai-catalog.json
  cat agent-card.json | oncard validate -
  oncard validate --fix --dry-run agent-card.json`,
		Args: usageArgs(cobra.MinimumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			f.MaxSize, f.Version = maxSize.Bytes, version()
			switch {
			case fix:
				return fixes.Run(cmd.Context(), console(cmd), args, fixes.Options{DryRun: dryRun, Kind: f.Kind,
					SchemaHosts: f.SchemaHosts, FailOn: f.FailOn, MaxSize: f.MaxSize, Format: f.Format,
					Online: f.Online, Follow: f.Follow, Card: f.Card, JWKS: f.JWKS})
			case dryRun:
				return usagef("--dry-run goes with --fix")
			case f.MaxPerRule < 0:
				return usagef("--max-per-rule must be 0 (list every finding) or more")
			}
			return check.Run(cmd.Context(), console(cmd), args, f)
		},
	}
	fl := cmd.Flags()
	fl.BoolVar(&fix, "fix", false, "apply the fixes the rules offer to each file (atomically), then report what is left")
	fl.BoolVar(&dryRun, "dry-run", false, "with --fix: show the diff of the fixes, write nothing")
	fl.Var(newEnumValue(&f.Format, report.Formats()...), "format", "output format: "+strings.Join(report.Formats(), ", "))
	fl.Var(newEnumValue(&f.Kind, check.Kinds()...), "kind", "document kind (default: detected): "+strings.Join(check.Kinds(), ", "))
	fl.StringVar(&f.Card, "card", "", "Agent Card that replies and catalog entries are cross-checked against")
	fl.StringArrayVar(&f.SchemaHosts, "schema-host", nil, "also accept this OASF schema server (host or host:port; repeatable)")
	fl.BoolVar(&f.Online, "online", false, "also ask an OASF schema server about discovery payloads (network)")
	fl.BoolVar(&f.Follow, "follow", false, "also fetch and check what a catalog's entries link by url (network)")
	fl.StringVar(&f.OASFServer, "oasf-server", "", "schema server for --online (default "+oasfclient.DefaultServer+")")
	fl.Var(newEnumValue(&f.Signatures, check.SignaturePolicies()...), "signatures", "Agent Card signatures: "+strings.Join(check.SignaturePolicies(), ", "))
	fl.StringVar(&f.JWKS, "jwks", "", "JWK set (file or https URL; a file may hold PEM public keys) to verify Agent Card signatures with")
	fl.Var(newEnumValue(&f.FailOn, verdict.FailOnNames...), "fail-on", "least severity that fails the run: "+strings.Join(verdict.FailOnNames, ", ")+" (default error, or failOn of .oncard.json)")
	fl.StringSliceVar(&f.Only, "only", nil, "report only these families or codes, e.g. security (the security review), a2a, a2a/insecure-url (repeatable)")
	fl.BoolVar(&f.ShowText, "show-text", false, "add to each security finding a short escaped excerpt of the card text it is about")
	fl.IntVar(&f.MaxPerRule, "max-per-rule", defaultMaxPerRule, "findings of one rule listed per file; the rest are counted (0 lists all)")
	fl.Var(&maxSize, "max-size", "largest document read, like 300MiB (default: 256 MiB for catalogs, 16 MiB for anything else, 8 MiB fetched)")
	return cmd
}

// defaultMaxPerRule is --max-per-rule's default: enough to see every
// place of a mistake made a few times, few enough that a document full of
// one mistake is reported in memory near its size (and within the 25,000
// results GitHub takes from one SARIF run, for a file or two).
const defaultMaxPerRule = 1000

// enumValue is a string flag that only accepts listed values, so a typo is
// reported by flag parsing (a usage error) naming the accepted values.
type enumValue struct {
	target  *string
	allowed []string
}

func newEnumValue(target *string, allowed ...string) *enumValue {
	return &enumValue{target: target, allowed: allowed}
}

func (e *enumValue) String() string { return *e.target }
func (e *enumValue) Type() string   { return "string" }
func (e *enumValue) Set(s string) error {
	if !slices.Contains(e.allowed, s) {
		return fmt.Errorf("must be one of %s", strings.Join(e.allowed, ", "))
	}
	*e.target = s
	return nil
}
