package main

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/app/newcard"
	"github.com/oncard/oncard/internal/app/resume"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/templates"
	"github.com/oncard/oncard/tui"
	"github.com/oncard/oncard/tui/accessible"
	"github.com/oncard/oncard/validate"
)

func init() { register(newNewCmd) }

type newFlags struct {
	newcard.Source
	yes    bool
	force  bool
	output string
	resume bool
	// accessible asks line by line on the normal screen (also when
	// ACCESSIBLE is set): see new_accessible.go.
	accessible bool
	resumeID   string // the draft to resume (the argument with --resume)
}

func newNewCmd() *cobra.Command {
	var f newFlags
	cmd := &cobra.Command{
		Use:   "new [FILE]",
		Short: "Write a new Agent Card, guided screen by screen",
		Long: `Write a new A2A Agent Card with the On Request and OASF discovery
extensions, validated as you type. The card is saved to FILE (default
./agent-card.json); an existing file is never replaced without a yes.

Without a terminal, build the card from a partial card or a template:
  oncard new --from partial.json --yes -o agent-card.json
  oncard new --template minimal --yes -o -`,
		Args: usageArgs(cobra.MaximumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 && f.resume { // oncard new --resume ID
				f.resumeID = args[0]
			} else if len(args) == 1 {
				if cmd.Flags().Changed("output") && f.output != args[0] {
					return usagef("give the output path once: either FILE or -o, not both")
				}
				f.output = args[0]
			}
			return runNew(cmd, f) // usage errors name "oncard new": see pointUsageErrorsAtHelp
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.Template, "template", "", "start from a template: "+strings.Join(newcard.Templates(), ", "))
	fl.StringVar(&f.From, "from", "", "start from a (partial) card in FILE (\"-\" reads stdin)")
	fl.BoolVarP(&f.yes, "yes", "y", false, "do not prompt: build, validate and write the card")
	fl.BoolVar(&f.force, "force", false, "allow replacing an existing output file (with --yes)")
	fl.StringVarP(&f.output, "output", "o", "", "write the card to PATH (\"-\" for stdout; default "+tui.DefaultPath+")")
	fl.BoolVar(&f.resume, "resume", false, "reopen a draft (kept after Ctrl-C): --resume ID, or the only one of this directory (with --accessible, line by line)")
	fl.BoolVar(&f.accessible, "accessible", false, "ask line by line on the normal screen, for screen readers (also when ACCESSIBLE is set)")
	return cmd
}

func runNew(cmd *cobra.Command, f newFlags) error {
	if f.From != "" && f.Template != "" {
		return usagef("--from and --template both give the starting card; use one")
	}
	if f.resume && (f.From != "" || f.Template != "" || f.yes) {
		return usagef("--resume reopens a draft on the terminal; it cannot be combined with --from, --template or --yes")
	}
	doc, err := newcard.Start(cmd.Context(), cmd.InOrStdin(), cmd.ErrOrStderr(), f.Source)
	if err != nil {
		return err
	}
	// The OASF schema servers the user's config accepts.
	hosts, err := app.AcceptedSchemaHosts(nil)
	if err != nil {
		return err
	}
	vopts := &validate.Options{SchemaHosts: hosts}
	if f.yes {
		return writeNonInteractive(cmd, doc, f, vopts)
	}
	var draft *app.Draft
	if f.resume {
		draft, err = resume.Pick(cmd.ErrOrStderr(), f.resumeID)
		if errors.Is(err, resume.ErrChoose) {
			return exitError{code: exitUsage} // the drafts are listed
		} else if err != nil {
			return err
		}
	}
	if f.accessible || accessible.Enabled() {
		return runAccessibleNew(cmd, doc, draft, f, vopts)
	}
	stdin, stderr := cmd.InOrStdin(), os.Stderr
	if !isTTY(stdin) || !isTTY(stderr) || (f.output != "-" && !isTTY(cmd.OutOrStdout())) {
		return usagef("no terminal to prompt on: pass --yes with --from FILE or --template NAME, and -o PATH (or -o - for stdout)")
	}
	return runInteractive(cmd, doc, draft, f, vopts)
}

// writeNonInteractive validates and writes a card without prompting
// (newcard.Write), then says what to do next.
func writeNonInteractive(cmd *cobra.Command, doc *model.Doc, f newFlags, vopts *validate.Options) error {
	if doc == nil {
		return usagef("--yes needs the card to start from: --from FILE or --template NAME (one of: %s)", strings.Join(newcard.Templates(), ", "))
	}
	out := cmp.Or(f.output, tui.DefaultPath)
	if err := newcard.Write(cmd.Context(), console(cmd), doc, f.Name(), out, f.force, vopts); err != nil || out == "-" {
		return err
	}
	fmt.Fprint(cmd.ErrOrStderr(), tui.NextSteps(model.SafeText(out), "", ""))
	return nil
}

func runInteractive(cmd *cobra.Command, doc *model.Doc, d *app.Draft, f newFlags, vopts *validate.Options) error {
	dir, derr := app.DraftDir()
	opts := tui.Options{Doc: doc, Output: f.output, DraftDir: dir, Validate: vopts}
	if derr != nil {
		opts.DraftDir = ""
		fmt.Fprintln(os.Stderr, "oncard: drafts are off:", derr)
	}
	if d != nil {
		parsed, err := model.Parse([]byte(d.Card))
		if err != nil {
			return fmt.Errorf("draft %s is damaged: %w", d.Path, err)
		}
		opts.Doc, opts.Draft = parsed, d
		if opts.Output == "" {
			opts.Output = d.Output
		}
	}
	for _, n := range newcard.Templates() {
		data, _ := templates.Get(n)
		opts.Templates = append(opts.Templates, tui.Template{Name: n, Description: templates.Describe(n), Data: data})
	}
	res, err := tui.Run(cmd.Context(), opts, cmd.InOrStdin(), os.Stderr)
	if err != nil {
		return err
	}
	for _, w := range res.Warnings {
		fmt.Fprintf(os.Stderr, "oncard: warning: %s\n", model.SafeText(w))
	}
	switch {
	case res.Saved && res.Path == "-":
		if res.Catalog != "" {
			// What the Catalog step wrote besides the card.
			fmt.Fprintln(os.Stderr, model.SafeText(res.Catalog))
		}
		_, err := cmd.OutOrStdout().Write(res.JSON)
		return err
	case res.Saved:
		// The catalog's line follows the card's: it was written after it.
		fmt.Fprint(os.Stderr, tui.NextSteps(model.SafeText(shownPath(res.Path)), model.SafeText(res.Catalog), model.SafeText(res.ServedAt)))
		return nil
	case res.DraftKept != "":
		fmt.Fprintf(os.Stderr, "Draft kept: %s\nReopen it with: oncard new --resume %s\n", res.DraftKept, resume.ID(res.DraftKept))
	}
	return exitError{code: exitInterrupt}
}

// shownPath is how a written file is named to the user: a resumed draft
// keeps its output as an absolute path, shown relative ("./card.json")
// when it lies in the current directory.
func shownPath(p string) string {
	if !filepath.IsAbs(p) {
		return p
	}
	wd, err := os.Getwd()
	if err != nil {
		return p
	}
	rel, err := filepath.Rel(wd, p)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return p
	}
	return "." + string(filepath.Separator) + rel
}
