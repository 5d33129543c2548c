package main

import (
	"slices"
	"strings"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/app/catalogs"
	"github.com/oncard/oncard/internal/app/newcard"
	"github.com/oncard/oncard/internal/app/taxonomy"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/oncard/oncard/internal/oasfclient"
	"github.com/oncard/oncard/model/oasf"
)

// Shell completion (`oncard completion bash|zsh|fish|powershell` writes
// the script; the shell then asks the hidden `oncard __complete` command).
// The commands are found by name under the root, so that this file is the
// only one that knows about completion: every flag with a fixed set of
// values (enumValue) completes them, and the flags and arguments below get
// values from the registry, the config file or the catalog named.

// Extensions the file arguments and flags complete to. Directories are
// always offered too, so that the shell can walk into them.
var (
	jsonFiles = []string{"json"}
	keyFiles  = []string{"pem", "json", "jwk", "jwks"}
)

// registerCompletions adds completion functions to the commands under root.
// It is called once the subcommands are added.
func registerCompletions(root *cobra.Command) {
	on := func(path string) *cobra.Command {
		c, _, err := root.Find(strings.Fields(path))
		if err != nil || c.CommandPath() != root.Name()+" "+path {
			return nil // the command is gone: nothing to complete for it
		}
		return c
	}
	flag := func(path, name string, f cobra.CompletionFunc) {
		if c := on(path); c != nil && c.Flags().Lookup(name) != nil {
			_ = c.RegisterFlagCompletionFunc(name, f)
		}
	}
	args := func(path string, f cobra.CompletionFunc) {
		if c := on(path); c != nil && c.ValidArgsFunction == nil {
			c.ValidArgsFunction = f
		}
	}

	// Documents: Agent Cards, catalogs, replies ... are JSON files.
	for _, path := range []string{"validate", "edit", "preview", "sign", "catalog add", "catalog list", "new"} {
		args(path, filesWith(jsonFiles))
	}
	for _, name := range []string{"card", "to", "from", "output"} {
		for _, path := range []string{"validate", "catalog add", "new", "sign"} {
			flag(path, name, filesWith(jsonFiles))
		}
	}
	flag("sign", "public-jwks", filesWith(jsonFiles))
	flag("validate", "jwks", filesWith(keyFiles))
	flag("sign", "key", filesWith(keyFiles))
	flag("new", "template", fixed(newcard.Templates))

	// OASF: the versions known here (built in and synced), the accepted
	// schema hosts, the configured server.
	for _, path := range []string{"oasf search", "oasf show", "oasf sync"} {
		flag(path, "version", completeOASFVersions)
	}
	for _, path := range []string{"validate", "oasf hosts"} {
		flag(path, "schema-host", completeSchemaHosts)
	}
	flag("validate", "oasf-server", completeOASFServer)
	flag("oasf sync", "server", completeOASFServer)
	args("oasf show", completeOASFNames)

	// catalog remove CATALOG IDENTIFIER --version V: the catalog's entries.
	args("catalog remove", completeCatalogRemoveArgs)
	flag("catalog remove", "version", completeCatalogEntryVersions)

	// Every flag of a fixed set of values (--format, --kind, --spec-version,
	// --signatures, --fail-on ...) completes to them.
	registerEnumCompletions(root)
}

// registerEnumCompletions gives every enumValue flag under c (not yet
// given a completion) its allowed values.
func registerEnumCompletions(c *cobra.Command) {
	c.Flags().VisitAll(func(f *pflag.Flag) {
		e, ok := f.Value.(*enumValue)
		if !ok {
			return
		}
		if _, done := c.GetFlagCompletionFunc(f.Name); done {
			return
		}
		allowed := slices.Clone(e.allowed)
		_ = c.RegisterFlagCompletionFunc(f.Name, func(_ *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			return withPrefix(allowed, toComplete), cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveKeepOrder
		})
	})
	for _, sub := range c.Commands() {
		registerEnumCompletions(sub)
	}
}

// filesWith completes to files with one of the extensions (and
// directories): the shell does the listing.
func filesWith(exts []string) cobra.CompletionFunc {
	return func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return exts, cobra.ShellCompDirectiveFilterFileExt
	}
}

// fixed completes to the values list returns (read when asked, so that a
// list built from embedded data costs nothing at start-up).
func fixed(list func() []string) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return withPrefix(list(), toComplete), cobra.ShellCompDirectiveNoFileComp
	}
}

// withPrefix keeps the values that start with what is typed (the shells
// filter too, but not all of them the same way).
func withPrefix(values []string, prefix string) []cobra.Completion {
	var out []cobra.Completion
	for _, v := range values {
		if strings.HasPrefix(v, prefix) {
			out = append(out, v)
		}
	}
	return out
}

// completeOASFVersions offers the OASF schema versions oncard knows: built
// in, and synced into the user cache (registered before any command runs).
func completeOASFVersions(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
	var out []cobra.Completion
	for _, v := range oasf.Versions() {
		desc := "synced"
		if oasf.Embedded(v) != nil {
			desc = "built in"
		}
		if v == oasf.DefaultVersion {
			desc += ", default"
		}
		out = append(out, cobra.CompletionWithDesc(v, desc))
	}
	return out, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveKeepOrder
}

// completeSchemaHosts offers the schema hosts already accepted (defaults
// and the config file), e.g. to repeat one with a port.
func completeSchemaHosts(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
	hosts, err := app.AcceptedSchemaHosts(nil)
	if err != nil {
		return nil, cobra.ShellCompDirectiveError
	}
	return hosts, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveKeepOrder
}

// completeOASFServer offers the configured schema server, else the public
// one.
func completeOASFServer(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
	out := []cobra.Completion{oasfclient.DefaultServer}
	if url, err := app.OASFServerURL(""); err == nil && url != oasfclient.DefaultServer {
		out = []cobra.Completion{cobra.CompletionWithDesc(url, "config file"), oasfclient.DefaultServer}
	}
	return out, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveKeepOrder
}

// completeOASFNames offers the full names of the skills (or, with
// --domains, domains) of --version that start with what is typed.
func completeOASFNames(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	version, _ := cmd.Flags().GetString("version")
	if version == "" {
		version = oasf.DefaultVersion
	}
	domains, _ := cmd.Flags().GetBool("domains")
	t := oasf.Get(version)
	if t == nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []cobra.Completion
	for _, c := range t.Tree(taxonomy.KindOf(domains)).All() {
		if !c.Category && strings.HasPrefix(c.Name, toComplete) {
			out = append(out, c.Name)
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// completeCatalogRemoveArgs: the catalog file first, then the identifiers
// it lists.
func completeCatalogRemoveArgs(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	switch len(args) {
	case 0:
		return jsonFiles, cobra.ShellCompDirectiveFilterFileExt
	case 1:
		var out []cobra.Completion
		for _, e := range catalogs.Entries(args[0]) {
			id := e.Identifier()
			if id != "" && !slices.Contains(out, id) {
				out = append(out, id)
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
	return nil, cobra.ShellCompDirectiveNoFileComp
}

// completeCatalogEntryVersions offers the versions the catalog lists for
// the identifier given (all of them before the identifier is typed).
func completeCatalogEntryVersions(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	if len(args) == 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []cobra.Completion
	for _, e := range catalogs.Entries(args[0]) {
		v := e.Version()
		if v != "" && (len(args) < 2 || e.Identifier() == args[1]) && !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}
