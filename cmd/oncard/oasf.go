package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/app/taxonomy"
	"github.com/oncard/oncard/internal/oasfclient"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/oasf"
)

func init() {
	register(newOASFCmd)
	// Every command (validate, new, edit, the TUI picker ...) must know the
	// versions synced earlier, so the cache is loaded before any command
	// runs. cobra runs OnInitialize hooks at the start of every execution.
	// Registration only lists the cache folders; a version is read when a
	// command first uses it. So a damaged entry surfaces during the command,
	// and is reported when it ends (OnFinalize), after any TUI has closed.
	cobra.OnInitialize(func() { taxonomy.LoadSynced(os.Stderr, wantSyncedOASF()) })
	cobra.OnFinalize(func() { taxonomy.ReportLoadErrors(os.Stderr) })
}

// useSyncedOASF is --oasf-use-synced: synced copies of built-in versions
// are used even where they differ from the built-in.
var useSyncedOASF bool

// addOASFFlags adds the flags every command shares about OASF taxonomies.
func addOASFFlags(root *cobra.Command) {
	root.PersistentFlags().BoolVar(&useSyncedOASF, "oasf-use-synced", false,
		"use synced copies of built-in OASF versions even where they differ from the built-in")
}

// wantSyncedOASF: the flag, else the config file's oasf_use_synced.
func wantSyncedOASF() bool {
	if useSyncedOASF {
		return true
	}
	return app.WantSyncedOASF()
}

func newOASFCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "oasf",
		Short: "Look up OASF skills and domains; sync newer taxonomies from a schema server",
		Long: `The OASF skill and domain taxonomies of the released versions are built in,
so every command works offline. "oncard oasf sync" fetches the versions an
OASF schema server holds (including newer ones) into the user cache; from
then on every command knows them and shows each class's description.`,
	}
	cmd.AddCommand(newOASFSyncCmd(), newOASFSearchCmd(), newOASFShowCmd(), newOASFVersionsCmd(), newOASFHostsCmd())
	return cmd
}

func newOASFSyncCmd() *cobra.Command {
	var serverFlag string
	var versions []string
	cmd := &cobra.Command{
		Use:   "sync [--server URL] [--version V]...",
		Short: "Fetch the skill and domain taxonomies from an OASF schema server into the user cache",
		Long: `Sync reads GET /api/versions of the schema server and, for the newest version
it lists and the built-in versions it lists (or for the versions --version
names), its skill_categories and domain_categories. They are stored under
the user cache directory ($XDG_CACHE_HOME/oncard/oasf) and used by every
later command. A version may take 8 MiB, a sync 32 MiB in all.

The server is --server, else "oasf_server" of the config file, else
` + oasfclient.DefaultServer + `. Only https is accepted (http only for localhost).`,
		Example: `  oncard oasf sync
  oncard oasf sync --server http://localhost:8080 --version 1.1.0 --version 1.2.0`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, args []string) error {
			return taxonomy.Sync(cmd.Context(), cmd.OutOrStdout(), cmd.ErrOrStderr(), serverFlag, versions, wantSyncedOASF())
		},
	}
	cmd.Flags().StringVar(&serverFlag, "server", "", "schema server URL (default: config file, else "+oasfclient.DefaultServer+")")
	cmd.Flags().StringArrayVar(&versions, "version", nil, "sync this schema version (repeatable; default: the newest and the built-in ones)")
	return cmd
}

func newOASFVersionsCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "versions",
		Short: "List the OASF schema versions oncard knows, and where each comes from",
		Args:  usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, args []string) error {
			taxonomy.Versions(cmd.OutOrStdout())
			return nil
		},
	}
}

func newOASFHostsCmd() *cobra.Command {
	var flagHosts []string
	cmd := &cobra.Command{
		Use:   "hosts [--schema-host H]",
		Short: "List the OASF schema servers whose discovery extension URIs are recognised",
		Long: `An A2A extension is the OASF discovery extension when its uri is
<scheme>://<host>/<version>/objects/discovery on an accepted schema server:
the public server and loopback, plus "schema_hosts" of the config file
(` + "`" + `$XDG_CONFIG_HOME/oncard/config.json` + "`" + `), plus --schema-host flags.
An entry "host" accepts any port, "host:port" only that port.`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, args []string) error {
			hosts, err := app.AcceptedSchemaHosts(flagHosts)
			if err != nil {
				return err
			}
			for _, h := range hosts {
				fmt.Fprintln(cmd.OutOrStdout(), model.SafeText(h))
			}
			return nil
		},
	}
	cmd.Flags().StringArrayVar(&flagHosts, "schema-host", nil, "also accept this OASF schema server (host or host:port; repeatable)")
	return cmd
}

func newOASFSearchCmd() *cobra.Command {
	var version string
	var domains bool
	var limit int
	cmd := &cobra.Command{
		Use:   "search TERM [--version V] [--domains]",
		Short: "Find OASF skills (or domains) by name or caption",
		Example: `  oncard oasf search "error handling"
  oncard oasf search --domains security --version 1.0.0`,
		Args: usageArgs(cobra.MinimumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			return taxonomy.Search(cmd.OutOrStdout(), cmd.ErrOrStderr(), version, domains, limit, strings.Join(args, " "))
		},
	}
	cmd.Flags().StringVar(&version, "version", oasf.DefaultVersion, "the OASF schema version to search")
	cmd.Flags().BoolVar(&domains, "domains", false, "search domains instead of skills")
	cmd.Flags().IntVar(&limit, "limit", 20, "at most this many results; 0 shows all")
	return cmd
}

func newOASFShowCmd() *cobra.Command {
	var version string
	var domains bool
	cmd := &cobra.Command{
		Use:   "show ID|NAME [--version V] [--domains]",
		Short: "Show one OASF skill (or domain) in every known version",
		Long: `Show prints what an id or a full name means. Without --version it looks in
every known version; when the meaning differs between versions (1.1.0
redesigned the skill tree, so many ids changed meaning) the versions are
printed side by side.`,
		Example: `  oncard oasf show 60602
  oncard oasf show software_engineering/code_debugging/error_handling
  oncard oasf show --domains 10305`,
		Args: usageArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			return taxonomy.Show(cmd.OutOrStdout(), cmd.ErrOrStderr(), version, domains, args[0])
		},
	}
	cmd.Flags().StringVar(&version, "version", "", "only this OASF schema version")
	cmd.Flags().BoolVar(&domains, "domains", false, "look in domains instead of skills")
	return cmd
}
