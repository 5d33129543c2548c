package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/app/report"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/model/oasf/server"
	"github.com/oncard/oncard/validate"
	"github.com/spf13/cobra"
)

func init() { register(newValidateCmd) }

// stdinName is how a document read from standard input is shown.
const stdinName = report.StdinName

// validateFlags are the options of `oncard validate`.
type validateFlags struct {
	format      string
	kind        string
	card        string
	schemaHosts []string
	online      bool
	oasfServer  string
}

func newValidateCmd() *cobra.Command {
	f := validateFlags{format: "text"}
	cmd := &cobra.Command{
		Use:   "validate FILE...|-",
		Short: "Check Agent Cards, On Request params and replies, discovery payloads and catalogs",
		Long: `Validate checks each FILE (or standard input for "-") and lists every
finding with its location. The kind of document is detected unless --kind
says it. Files are checked in parallel; results are printed in argument order.

With --online the OASF discovery payloads are also sent to a schema server
(--oasf-server, default the public one); oncard never goes online otherwise.

Exit status: 0 when no finding is an error; 1 when one is, or a file cannot
be read, or an --online check fails; 2 for a usage mistake.`,
		Example: `  oncard validate agent-card.json
  oncard validate --format sarif cards/*.json > oncard.sarif
  oncard validate --kind reply --card agent-card.json reply.json
  cat agent-card.json | oncard validate -`,
		Args: usageArgs(cobra.MinimumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runValidate(cmd, args, f)
		},
	}
	fl := cmd.Flags()
	fl.Var(newEnumValue(&f.format, report.Formats()...), "format", "output format: "+strings.Join(report.Formats(), ", "))
	fl.Var(newEnumValue(&f.kind, kindNames()...), "kind", "document kind (default: detected): "+strings.Join(kindNames(), ", "))
	fl.StringVar(&f.card, "card", "", "Agent Card that replies and catalog entries are cross-checked against")
	fl.StringArrayVar(&f.schemaHosts, "schema-host", nil, "also accept this OASF schema server (host or host:port; repeatable)")
	fl.BoolVar(&f.online, "online", false, "also ask an OASF schema server about discovery payloads (network)")
	fl.StringVar(&f.oasfServer, "oasf-server", "", "schema server for --online (default "+server.DefaultServer+")")
	return cmd
}

func kindNames() []string {
	names := make([]string, len(validate.Kinds))
	for i, k := range validate.Kinds {
		names[i] = string(k)
	}
	return names
}

func runValidate(cmd *cobra.Command, paths []string, f validateFlags) error {
	if n := countStdin(paths); n > 1 {
		return usageError{msg: fmt.Sprintf(`"-" (standard input) given %d times; it can be read once`, n), cmd: cmd.CommandPath()}
	}
	if f.oasfServer != "" {
		if !f.online {
			return usageError{msg: "--oasf-server needs --online (oncard goes online only when asked)", cmd: cmd.CommandPath()}
		}
		if _, err := server.New(f.oasfServer, server.Options{}); err != nil {
			return usageError{msg: "--oasf-server: " + err.Error(), cmd: cmd.CommandPath()}
		}
	}
	opts, err := validateOptions(f)
	if err != nil {
		return err
	}
	var online *onlineCheck
	if f.online {
		serverURL, err := app.OASFServerURL(f.oasfServer)
		if err != nil {
			return err
		}
		online = &onlineCheck{opts: validate.OnlineOptions{Server: serverURL, SchemaHosts: opts.SchemaHosts}}
	}
	stderr := cmd.ErrOrStderr()
	out := report.New(f.format, cmd.OutOrStdout(), version())

	var total report.Summary
	failed := 0 // files that could not be read or checked online
	var onlineFailures onlineFailureLog
	check := func(path string) fileResult {
		r := validateFile(path, validate.Kind(f.kind), opts, cmd.InOrStdin())
		online.run(cmd.Context(), &r)
		r.doc = nil // keep nothing of the document once it is checked
		return r
	}
	err = validateFiles(cmd.Context(), paths, runtime.GOMAXPROCS(0), check, func(r fileResult) error {
		if r.readErr != nil {
			// Named on stderr in every format; r.diags holds it as an
			// io/unreadable finding for the summary and the JSON and SARIF
			// outputs.
			failed++
			total.Unread++
			fmt.Fprintf(stderr, "oncard: %s\n", model.SafeText(r.readErr.Error()))
		}
		if r.onlineErr != nil {
			// The offline findings still stand and are reported; the run
			// fails because the check asked for did not happen.
			failed++
			onlineFailures.add(stderr, r)
		}
		total.Add(r.Diags)
		r.Unread = r.readErr != nil
		return out.File(r.File)
	})
	if err != nil {
		return err
	}
	onlineFailures.finish(stderr)
	total.Files = len(paths)
	if err := out.Finish(total); err != nil {
		return err
	}
	if total.Errors > 0 || failed > 0 {
		return exitError{exitInvalid}
	}
	return nil
}

func countStdin(paths []string) int {
	n := 0
	for _, p := range paths {
		if p == "-" {
			n++
		}
	}
	return n
}

// validateOptions builds the options shared by every file: the parsed
// --card (read once, not per file) and the accepted schema hosts.
func validateOptions(f validateFlags) (validate.Options, error) {
	var opts validate.Options
	hosts, err := acceptedSchemaHosts(f.schemaHosts)
	if err != nil {
		return opts, err
	}
	opts.SchemaHosts = hosts
	if f.card != "" {
		card, err := readCard(f.card)
		if err != nil {
			return opts, err
		}
		opts.Card = card
	}
	return opts, nil
}

// readCard reads and parses the --card file. A card that is not JSON stops
// the run (exit 1) with its location: nothing could be cross-checked
// against it.
func readCard(path string) (*model.Doc, error) {
	data, err := readLimited(path, nil)
	var big *tooLargeError
	if errors.As(err, &big) {
		return nil, fmt.Errorf("--card %s:1:1: json/too-large: %s", model.SafeText(path), big)
	}
	if err != nil {
		return nil, fmt.Errorf("--card: %w", err)
	}
	doc, err := model.Parse(data)
	if err != nil {
		var pe *model.ParseError
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("--card %s:%d:%d: %s: %s", model.SafeText(path), pe.Line, pe.Column, pe.Code, model.SafeText(pe.Reason()))
		}
		return nil, fmt.Errorf("--card %s: %s", model.SafeText(path), model.SafeText(err.Error()))
	}
	return doc, nil
}

// readLimited reads a file ("-" is stdin) but never more than the parser's
// size limit: a huge file costs bounded memory and time. Over the limit it
// returns a *tooLargeError.
func readLimited(path string, stdin io.Reader) ([]byte, error) {
	limit := model.DefaultLimits.MaxBytes
	var r io.Reader
	if path == "-" {
		if stdin == nil {
			stdin = os.Stdin
		}
		r = stdin
	} else {
		f, err := os.Open(path)
		if err != nil {
			return nil, cleanPathError(err)
		}
		defer f.Close()
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() && fi.Size() > int64(limit) {
			return nil, &tooLargeError{size: fi.Size(), limit: limit}
		}
		r = f
	}
	data, err := io.ReadAll(io.LimitReader(r, int64(limit)+1))
	if err != nil {
		if path == "-" {
			return nil, fmt.Errorf("cannot read %s: %w", stdinName, err)
		}
		return nil, cleanPathError(err)
	}
	if len(data) > limit {
		return nil, &tooLargeError{size: -1, limit: limit}
	}
	return data, nil
}

// tooLargeError is an input over model.DefaultLimits.MaxBytes. It is
// reported as the parser reports it (json/too-large), but without reading
// the whole input first.
type tooLargeError struct {
	size  int64 // -1 when unknown (a pipe)
	limit int
}

func (e *tooLargeError) Error() string {
	lim := fmt.Sprintf("the limit of %.1f MiB (%d bytes)", float64(e.limit)/(1<<20), e.limit)
	if e.size < 0 {
		return "the document is larger than " + lim
	}
	return fmt.Sprintf("the document is %.1f MiB (%d bytes), larger than %s", float64(e.size)/(1<<20), e.size, lim)
}

// diagnostic reports the limit the way the parser would have.
func (e *tooLargeError) diagnostic() validate.Diagnostic {
	return validate.Diagnostic{Line: 1, Column: 1, Severity: validate.Error, Code: "json/too-large",
		Message: e.Error(), Hint: "oncard reads documents up to this size; a card or catalog this large is almost certainly not one"}
}

// cleanPathError turns "open x: no such file or directory" (or "read x: is
// a directory") into "cannot read x: no such file or directory".
func cleanPathError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("cannot read %s: %w", pe.Path, pe.Err)
	}
	return err
}

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

// acceptedSchemaHosts is app.AcceptedSchemaHosts with a bad --schema-host
// reported as the usage mistake it is.
func acceptedSchemaHosts(flagHosts []string) ([]string, error) {
	hosts, err := app.AcceptedSchemaHosts(flagHosts)
	if bad := (*app.BadHostError)(nil); errors.As(err, &bad) {
		return nil, usagef("%s", bad.Error())
	}
	return hosts, err
}
