package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"github.com/oncard/oncard/internal/app"
	"io"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
)

// catalogListFormats are the output formats of `oncard catalog list`.
func catalogListFormats() []string { return []string{"text", "json"} }

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
			return runCatalogList(cmd, args[0], format)
		},
	}
	cmd.Flags().Var(newEnumValue(&format, catalogListFormats()...), "format", "output format: text or json")
	return cmd
}

// listedEntry is one line of `oncard catalog list`, and one object of its
// JSON output.
type listedEntry struct {
	Pointer    string `json:"pointer"`
	Identifier string `json:"identifier"`
	Version    string `json:"version,omitempty"`
	Type       string `json:"type"`
	URL        string `json:"url,omitempty"`
	Inline     bool   `json:"inline"`
}

func runCatalogList(cmd *cobra.Command, path, format string) error {
	doc, err := readCatalog(cmd, path)
	if err != nil {
		return err
	}
	cat := model.NewCatalog(doc)
	entries := make([]listedEntry, 0, cat.Len())
	for i, e := range cat.Entries() {
		entries = append(entries, listedEntry{
			Pointer:    model.EntryPtr(i),
			Identifier: e.Identifier(),
			Version:    e.Version(),
			Type:       e.Type(),
			URL:        e.URL(),
			Inline:     e.HasData(),
		})
	}
	out := cmd.OutOrStdout()
	if format == "json" {
		enc := json.NewEncoder(out)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		return enc.Encode(entries)
	}
	return writeEntryTable(out, entries)
}

// writeEntryTable prints the entries in aligned columns. Values come from
// the file, so they are made safe for a terminal (no control characters).
func writeEntryTable(w io.Writer, entries []listedEntry) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, e := range entries {
		where := e.URL
		if e.Inline {
			where = "inline"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", cell(e.Identifier), cell(e.Version), cell(e.Type), cell(where))
	}
	return tw.Flush()
}

// cell is a value for the table: terminal-safe, without the tab and newline
// that would break its columns, "-" when empty.
func cell(s string) string {
	if s == "" {
		return "-"
	}
	return model.SafeText(s)
}

// readCatalog reads and parses the AI Catalog at path ("-": stdin) for
// reading only, and checks that it is one.
func readCatalog(cmd *cobra.Command, path string) (*model.Doc, error) {
	data, err := readLimited(cmd.Context(), path, cmd.InOrStdin())
	if err != nil {
		return nil, fmt.Errorf("%s", model.SafeText(err.Error()))
	}
	doc, err := model.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %s", displayName(path), model.SafeText(err.Error()))
	}
	if err := app.CheckCatalog(doc, displayName(path)); err != nil {
		return nil, err
	}
	return doc, nil
}

// catalogRemoveFlags are the options of `oncard catalog remove`.
type catalogRemoveFlags struct {
	version string
	yes     bool
	dryRun  bool
	force   bool
}

func newCatalogRemoveCmd() *cobra.Command {
	var f catalogRemoveFlags
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
			return runCatalogRemove(cmd, args[0], args[1], f)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.version, "version", "", "remove the entry with this version (needed when several are listed)")
	fl.BoolVarP(&f.yes, "yes", "y", false, "write without asking")
	fl.BoolVar(&f.dryRun, "dry-run", false, "print the diff on stdout and write nothing")
	fl.BoolVar(&f.force, "force", false, "write even when the resulting catalog has errors")
	return cmd
}

func runCatalogRemove(cmd *cobra.Command, path, identifier string, f catalogRemoveFlags) error {
	usage := func(format string, a ...any) error {
		return usageError{msg: fmt.Sprintf(format, a...), cmd: cmd.CommandPath()}
	}
	switch {
	case path == "-":
		return usage("CATALOG needs a file: the catalog is updated in place")
	case identifier == "":
		return usage("IDENTIFIER is empty")
	case f.yes && f.dryRun:
		return usage("--dry-run writes nothing, so --yes has nothing to confirm; use one")
	}
	interactive := !f.yes && !f.dryRun && canPrompt(cmd)
	if !f.yes && !f.dryRun && !interactive {
		return usage("no terminal to confirm the change on: pass --yes to write %s, or --dry-run to see the diff", model.SafeText(path))
	}
	stderr := cmd.ErrOrStderr()
	notWritten := func(err error) error {
		return fmt.Errorf("%s; nothing written", err)
	}

	file, err := app.ReadCatalog(cmd.Context(), path)
	if err != nil {
		return notWritten(err)
	}
	original := file.Doc.Source()
	removed, err := model.RemoveEntry(file.Doc, identifier, f.version)
	switch {
	case errors.Is(err, model.ErrAmbiguousEntry):
		return notWritten(fmt.Errorf("%s: %s with --version", model.SafeText(path), model.SafeText(err.Error())))
	case err != nil:
		return notWritten(fmt.Errorf("%s: %s", model.SafeText(path), model.SafeText(err.Error())))
	}
	what := model.SafeText(removed.Identifier)
	if removed.Version != "" {
		what += " " + model.SafeText(removed.Version)
	}
	fmt.Fprintf(stderr, "oncard: remove %s at %s\n", what, model.EntryPtr(removed.Index))

	// Errors refuse the write; they are located in the text to be written.
	opts := &validate.Options{Path: path}
	if diags := validate.Document(removed.Doc, validate.KindCatalog, opts); hasErrors(diags) {
		doc, err := app.ParseGenerated(removed.Text)
		if err != nil {
			return err
		}
		diags = errorsOnly(validate.Document(doc, validate.KindCatalog, opts))
		if reportFindings(stderr, path, diags, f.force, "the updated catalog") {
			fmt.Fprintf(stderr, "oncard: %s not written\n", model.SafeText(path))
			return exitError{exitInvalid}
		}
	}

	diff := unifiedDiff(path, original, removed.Text, false)
	switch {
	case f.dryRun:
		if err := writeDiff(cmd.OutOrStdout(), diff); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "oncard: dry run: %s not written\n", model.SafeText(path))
		return nil
	case interactive:
		if err := writeDiff(stderr, diff); err != nil {
			return err
		}
		ok, err := confirm(cmd.Context(), cmd.InOrStdin(), stderr, fmt.Sprintf("Write %s?", model.SafeText(path)))
		if err != nil {
			return err
		}
		if !ok {
			fmt.Fprintf(stderr, "oncard: %s not written\n", model.SafeText(path))
			return exitError{exitInvalid}
		}
	}
	c := &app.CatalogFile{Path: path, File: file, Original: original, Doc: removed.Doc}
	warnings, err := c.Save(cmd.Context(), removed.Text, f.force)
	if err != nil {
		return err
	}
	for _, w := range warnings {
		fmt.Fprintf(stderr, "oncard: warning: %s\n", model.SafeText(w))
	}
	fmt.Fprintf(stderr, "oncard: wrote %s\n", model.SafeText(path))
	return nil
}

func hasErrors(diags []validate.Diagnostic) bool {
	e, _, _ := validate.Counts(diags)
	return e > 0
}

// errorsOnly keeps the errors: the warnings of the entries left were there
// before, and are `oncard validate`'s to list.
func errorsOnly(diags []validate.Diagnostic) []validate.Diagnostic {
	var out []validate.Diagnostic
	for _, d := range diags {
		if d.Severity == validate.Error {
			out = append(out, d)
		}
	}
	return out
}
