package main

import (
	"fmt"
	"os"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"github.com/oncard/oncard/internal/app"
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
	cobra.OnInitialize(loadSyncedTaxonomies)
	cobra.OnFinalize(reportTaxonomyLoadErrors)
}

var (
	loadCacheOnce sync.Once

	// useSyncedOASF is --oasf-use-synced: synced copies of built-in
	// versions are used even where they differ from the built-in.
	useSyncedOASF bool

	reportedMu sync.Mutex
	reported   = map[string]bool{} // load errors already shown, by text
)

// loadSyncedTaxonomies registers every version in the user cache with
// package oasf. A damaged cache entry is a warning, never a failure: the
// embedded taxonomies still work.
func loadSyncedTaxonomies() {
	loadCacheOnce.Do(func() {
		if _, err := oasfclient.LoadCache(oasfclient.LoadOptions{UseSynced: wantSyncedOASF()}); err != nil {
			fmt.Fprintf(os.Stderr, "oncard: warning: %s\n", model.SafeText(err.Error()))
		}
	})
}

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

// reportTaxonomyLoadErrors warns about every synced version this command
// needed but could not read (each once per process). Versions the command
// did not use are never read, so they never warn.
func reportTaxonomyLoadErrors() {
	reportedMu.Lock()
	defer reportedMu.Unlock()
	for _, err := range oasf.LoadErrors() {
		msg := err.Error()
		if reported[msg] {
			continue
		}
		reported[msg] = true
		fmt.Fprintf(os.Stderr, "oncard: warning: %s\n", model.SafeText(msg))
	}
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
	var serverFlag, version string
	cmd := &cobra.Command{
		Use:   "sync [--server URL] [--version V]",
		Short: "Fetch the skill and domain taxonomies from an OASF schema server into the user cache",
		Long: `Sync reads GET /api/versions of the schema server and, for every version (or
the one --version names), its skill_categories and domain_categories. They
are stored under the user cache directory ($XDG_CACHE_HOME/oncard/oasf) and
used by every later command.

The server is --server, else "oasf_server" of the config file, else
` + oasfclient.DefaultServer + `. Only https is accepted (http only for localhost).`,
		Example: `  oncard oasf sync
  oncard oasf sync --server http://localhost:8080 --version 1.1.0`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, args []string) error {
			url, err := app.OASFServerURL(serverFlag)
			if err != nil {
				return err
			}
			c, err := oasfclient.New(url, oasfclient.Options{})
			if err != nil {
				return usageError{msg: err.Error(), cmd: cmd.CommandPath()}
			}
			useSynced := wantSyncedOASF()
			synced, err := c.Sync(cmd.Context(), version, oasfclient.SyncOptions{UseSynced: useSynced})
			out := cmd.OutOrStdout()
			for _, s := range synced {
				fmt.Fprintf(out, "synced OASF %s from %s: %d skills, %d domains\n",
					model.SafeText(s.Version), model.SafeText(c.URL()), s.Skills, s.Domains)
				if s.DiffersFromBuiltin != "" && !useSynced {
					fmt.Fprintf(cmd.ErrOrStderr(), "oncard: note: the synced OASF %s differs from the built-in %s (%s); oncard keeps using the built-in. To use the synced copy, pass --oasf-use-synced or set \"oasf_use_synced\": true in the config file.\n",
						model.SafeText(s.Version), model.SafeText(s.Version), s.DiffersFromBuiltin)
				}
			}
			if len(synced) > 0 {
				fmt.Fprintf(out, "stored in %s\n", model.SafeText(strings.TrimSuffix(synced[0].Dir, string(os.PathSeparator)+synced[0].Version)))
			}
			if err != nil {
				return fmt.Errorf("sync: %s", model.SafeText(err.Error()))
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&serverFlag, "server", "", "schema server URL (default: config file, else "+oasfclient.DefaultServer+")")
	cmd.Flags().StringVar(&version, "version", "", "sync only this schema version")
	return cmd
}

func newOASFVersionsCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "versions",
		Short: "List the OASF schema versions oncard knows, and where each comes from",
		Args:  usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, args []string) error {
			out := cmd.OutOrStdout()
			versions := oasf.Versions()
			oasf.Preload(versions...) // every synced version is shown: parse them side by side
			for _, v := range versions {
				t := oasf.Get(v)
				if t == nil {
					continue
				}
				mark := ""
				if v == oasf.DefaultVersion {
					mark = " (default)"
				}
				fmt.Fprintf(out, "%s%s\t%s: %d skills, %d domains\n", model.SafeText(v), mark,
					model.SafeText(t.Source), t.Skills.Len(), t.Domains.Len())
			}
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
			hosts, err := acceptedSchemaHosts(flagHosts)
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

// kindOf maps the --domains switch of search and show to a kind.
func kindOf(domains bool) oasf.Kind {
	if domains {
		return oasf.Domains
	}
	return oasf.Skills
}

// taxonomyOf returns the taxonomy of version, or a usage error listing the
// known versions.
func taxonomyOf(cmd *cobra.Command, version string) (*oasf.Taxonomy, error) {
	t := oasf.Get(version)
	if t == nil {
		return nil, usageError{
			msg: fmt.Sprintf("unknown OASF schema version \"%s\"; known: %s (oncard oasf sync fetches newer ones)",
				model.SafeText(version), strings.Join(oasf.Versions(), ", ")),
			cmd: cmd.CommandPath(),
		}
	}
	return t, nil
}
