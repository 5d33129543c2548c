package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/app/report"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
)

func init() { register(newPreviewCmd) }

// previewFlags are the options of `oncard preview`.
type previewFlags struct {
	catalog     bool
	identifier  string
	url         string
	specVersion string
	hostName    string
	force       bool
}

func newPreviewCmd() *cobra.Command {
	f := previewFlags{specVersion: "1.0"}
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
			return runPreview(cmd, args[0], f)
		},
	}
	fl := cmd.Flags()
	fl.BoolVar(&f.catalog, "catalog", false, "print a whole catalog document, not only the entry")
	fl.StringVar(&f.identifier, "identifier", "", "the entry's identifier (default urn:air:<host>:agents:<slug of the name>)")
	fl.StringVar(&f.url, "url", "", "where the card is served (default https://<host>/.well-known/agent-card.json)")
	fl.Var(newEnumValue(&f.specVersion, "1.0", "0.9"), "spec-version", "the catalog's specVersion, with --catalog: 1.0 or 0.9")
	fl.StringVar(&f.hostName, "host-name", "", "the catalog's host displayName, with --catalog")
	fl.BoolVar(&f.force, "force", false, "use the card, and print the output, even when they have errors")
	return cmd
}

func runPreview(cmd *cobra.Command, path string, f previewFlags) error {
	for _, name := range []string{"spec-version", "host-name"} {
		if cmd.Flags().Changed(name) && !f.catalog {
			return usageError{msg: "--" + name + " describes the whole catalog; add --catalog", cmd: cmd.CommandPath()}
		}
	}
	stderr := cmd.ErrOrStderr()
	card, err := loadCard(cmd, path, f.force)
	if err != nil {
		return err
	}
	opts := model.EntryOptions{Identifier: f.identifier, URL: entryURL(f.url, path)}
	entry, notes, err := model.EntryFromCard(card, opts)
	if err != nil {
		return fmt.Errorf("%s: %s", displayName(path), model.SafeText(err.Error()))
	}
	// The catalog holding the entry: printed with --catalog, and checked in
	// any case. Its only failure is EntryFromCard's, already handled.
	catalog, _, err := model.CatalogFromCards([]model.CardSource{{Card: card, Entry: opts}},
		model.CatalogOptions{SpecVersion: f.specVersion, HostDisplayName: f.hostName})
	if err != nil {
		return fmt.Errorf("%s: %s", displayName(path), model.SafeText(err.Error()))
	}
	printNotes(stderr, notes, opts.Derives(), "--identifier and --url")

	// The output is checked like any catalog: a bad --identifier or --url,
	// or a card whose version is not a string, shows up here.
	generated, err := app.ParseGenerated(catalog)
	if err != nil {
		return err
	}
	diags := validate.Catalog(generated, &validate.Options{Card: card})
	// Every finding about the output comes from the flags or the card, so
	// warnings are shown too. Lines are those of the catalog, not of what
	// is printed: the findings are shown without them.
	shown := diags[:0:0]
	for _, d := range diags {
		if d.Severity == validate.Error || d.Severity == validate.Warning {
			d.Line, d.Column = 0, 0
			shown = append(shown, d)
		}
	}
	if e, _, _ := validate.Counts(shown); e == 0 && len(shown) > 0 {
		printFindings(stderr, "<preview>", shown)
	}
	if refused := reportFindings(stderr, "<preview>", shown, f.force, "the previewed entry"); refused {
		return exitError{exitInvalid}
	}

	out := entry
	if f.catalog {
		out = catalog
	} else {
		out = append(out, '\n')
	}
	return writeJSON(cmd.OutOrStdout(), out)
}

// loadCard reads and validates the card at path ("-" is stdin). Findings
// at error level are printed and refuse the card (exit 1) unless force;
// warnings and infos stay quiet (`oncard validate` lists them).
func loadCard(cmd *cobra.Command, path string, force bool) (*model.Doc, error) {
	stderr := cmd.ErrOrStderr()
	in, err := readInput(cmd.Context(), path, cmd.InOrStdin())
	var big *tooLargeError
	if errors.As(err, &big) {
		printFindings(stderr, path, []validate.Diagnostic{big.diagnostic()})
		return nil, exitError{exitInvalid}
	}
	if err != nil {
		return nil, fmt.Errorf("%s", model.SafeText(err.Error()))
	}
	opts := validate.Options{}
	sourceOptions(&opts, in)
	path = in.Name
	if len(in.Findings) > 0 {
		printFindings(stderr, path, in.Findings) // how it was served
	}
	doc, kind, diags := validate.Bytes(in.Data, "", &opts)
	if doc == nil { // not JSON: nothing to go on, even with --force
		printFindings(stderr, path, diags)
		fmt.Fprintf(stderr, "oncard: %s is not a JSON document; fix it first (--force cannot help)\n", displayName(path))
		return nil, exitError{exitInvalid}
	}
	if kind != validate.KindCard {
		fmt.Fprintf(stderr, "oncard: %s looks like %s, not an Agent Card\n", displayName(path), app.KindArticle(kind))
		return nil, exitError{exitInvalid}
	}
	if reportFindings(stderr, path, diags, force, displayName(path)) {
		return nil, exitError{exitInvalid}
	}
	return doc, nil
}

// reportFindings prints diags when one of them is an error and says
// whether that refuses the document (it does unless force). what names
// the document in the closing line ("card.json", "the updated catalog").
func reportFindings(w io.Writer, name string, diags []validate.Diagnostic, force bool, what string) (refused bool) {
	errs, _, _ := validate.Counts(diags)
	if errs == 0 {
		return false
	}
	printFindings(w, name, diags)
	if force {
		fmt.Fprintf(w, "oncard: %s has %s; going on because of --force\n", what, app.Count(errs, "error", "errors"))
		return false
	}
	them := "them"
	if errs == 1 {
		them = "it"
	}
	fmt.Fprintf(w, "oncard: %s has %s; fix %s, or pass --force to go on anyway\n", what, app.Count(errs, "error", "errors"), them)
	return true
}

// printFindings lists diagnostics the way `oncard validate` does.
func printFindings(w io.Writer, name string, diags []validate.Diagnostic) {
	// A failed write to stderr has nowhere else to be said.
	_ = report.Text(w, name, diags)
}

// printNotes states on stderr which values were derived rather than given,
// and which flags choose them.
func printNotes(w io.Writer, notes []string, derived bool, flags string) {
	for _, n := range notes {
		fmt.Fprintf(w, "oncard: note: %s\n", n) // notes are SafeText already
	}
	if flags != "" && derived {
		fmt.Fprintf(w, "oncard: note: give %s to choose them yourself\n", flags)
	}
}

// displayName is how an input is named in messages.
func displayName(path string) string {
	if path == "-" {
		return stdinName
	}
	return model.SafeText(path)
}
