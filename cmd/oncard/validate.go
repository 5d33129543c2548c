package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/app/report"
	"github.com/oncard/oncard/internal/oasfclient"
	"github.com/oncard/oncard/internal/safefile"
	"github.com/oncard/oncard/internal/sizecap"
	"github.com/oncard/oncard/internal/verdict"
	"github.com/oncard/oncard/model"
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
	signatures  string
	jwks        string
	failOn      string
	follow      bool
	maxSize     sizecap.Flag
}

func newValidateCmd() *cobra.Command {
	f := validateFlags{format: "text", signatures: string(validate.SignaturesIfPresent)}
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

Exit status: 0 when no file fails; 1 when one does (a finding at --fail-on
or above, default error; a file that cannot be read; an --online check that
fails; a broken .oncard.json); 2 for a usage mistake.`,
		Example: `  oncard validate agent-card.json
  oncard validate --format sarif cards/*.json > oncard.sarif
  oncard validate --kind reply --card agent-card.json reply.json
  oncard validate https://agents.example
  oncard validate --follow https://agents.example/.well-known/ai-catalog.json
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
	fl.BoolVar(&f.follow, "follow", false, "also fetch and check what a catalog's entries link by url (network)")
	fl.StringVar(&f.oasfServer, "oasf-server", "", "schema server for --online (default "+oasfclient.DefaultServer+")")
	fl.Var(newEnumValue(&f.signatures, signaturePolicyNames()...), "signatures", "Agent Card signatures: "+strings.Join(signaturePolicyNames(), ", "))
	fl.StringVar(&f.jwks, "jwks", "", "JWK set (file or https URL; a file may hold PEM public keys) to verify Agent Card signatures with")
	fl.Var(newEnumValue(&f.failOn, verdict.FailOnNames...), "fail-on", "least severity that fails the run: "+strings.Join(verdict.FailOnNames, ", ")+" (default error, or failOn of .oncard.json)")
	fl.Var(&f.maxSize, "max-size", "largest document read, like 300MiB (default: 256 MiB for catalogs, 16 MiB for anything else)")
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
		if _, err := oasfclient.New(f.oasfServer, oasfclient.Options{}); err != nil {
			return usageError{msg: "--oasf-server: " + err.Error(), cmd: cmd.CommandPath()}
		}
	}
	opts, err := validateOptions(cmd.Context(), f)
	if err != nil {
		return err
	}
	sigs, err := newSignatureCheck(cmd, f.signatures, f.jwks, opts.SchemaHosts)
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
	total.FailOn = f.failOn
	failed := 0 // files that could not be read or checked online
	var onlineFailures onlineFailureLog
	configs := verdict.NewFinder()
	check := func(path string) fileResult {
		r := validateFile(cmd.Context(), path, validate.Kind(f.kind), opts, cmd.InOrStdin())
		online.run(cmd.Context(), &r)
		sigs.run(cmd, &r)
		if f.follow {
			follow(cmd.Context(), &r, opts)
			for i := range r.followed {
				sigs.run(cmd, &r.followed[i]) // a listed card's signatures count too
				r.followed[i].doc = nil
				applyConfig(configs, f.failOn, &r.followed[i])
			}
		}
		r.doc = nil // keep nothing of the document once it is checked
		applyConfig(configs, f.failOn, &r)
		return r
	}
	followed := 0 // documents --follow fetched, reported after their catalog
	emitOne := func(r fileResult) error {
		if r.readErr != nil {
			// Named on stderr in every format; r.Diags holds it as an
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
		if r.configErr != nil {
			failed++
			fmt.Fprintf(stderr, "oncard: %s\n", model.SafeText(r.configErr.Error()))
		}
		if r.fails() {
			total.Failed++
		}
		total.Add(r.Diags)
		r.Unread = r.readErr != nil
		return out.File(r.File)
	}
	err = validateFiles(cmd.Context(), paths, runtime.GOMAXPROCS(0), check, func(r fileResult) error {
		if err := emitOne(r); err != nil {
			return err
		}
		for _, fr := range r.followed {
			followed++
			if err := emitOne(fr); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	onlineFailures.finish(stderr)
	total.Files = len(paths) + followed
	if err := out.Finish(total); err != nil {
		return err
	}
	if total.Failed > 0 || failed > 0 {
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
func validateOptions(ctx context.Context, f validateFlags) (validate.Options, error) {
	var opts validate.Options
	hosts, err := acceptedSchemaHosts(f.schemaHosts)
	if err != nil {
		return opts, err
	}
	opts.SchemaHosts = hosts
	opts.MaxBytes = f.maxSize.Bytes
	if f.card != "" {
		card, err := readCard(ctx, f.card)
		if err != nil {
			return opts, err
		}
		opts.Card = card
	}
	return opts, nil
}

// readCard reads (or fetches) and parses the --card file. A card that is
// not JSON stops the run (exit 1) with its location: nothing could be
// cross-checked against it.
func readCard(ctx context.Context, path string) (*model.Doc, error) {
	in, err := readInput(ctx, path, nil)
	var data []byte
	if err == nil {
		data, path = in.Data, in.Name
	}
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

// readLimited reads a card ("-" is stdin) within the card size cap.
func readLimited(ctx context.Context, path string, stdin io.Reader) ([]byte, error) {
	return readCapped(ctx, path, stdin, "card", 0)
}

// readLimit is the most readCapped reads of a document of the given kind
// before its detected kind is known: --max-size when given, the kind's
// default cap when the kind was given, else the largest default.
func readLimit(kind string, max int) int {
	switch {
	case max > 0:
		return max
	case kind != "":
		return sizecap.Default(kind)
	}
	return sizecap.Largest
}

// readCapped reads a file ("-" is stdin) of the given kind ("" when it is
// to be detected) but never more than its size cap (sizecap.For; max is
// --max-size, 0 for the per-kind defaults): a huge file costs bounded
// memory and time. Over the cap it returns a *tooLargeError. A named pipe
// or a device is read too (for `oncard validate <(cmd)`), without blocking
// on the open and only until ctx is cancelled (Ctrl-C, SIGTERM).
func readCapped(ctx context.Context, path string, stdin io.Reader, kind string, max int) ([]byte, error) {
	limit := readLimit(kind, max)
	var data []byte
	var err error
	if path == "-" {
		if stdin == nil {
			stdin = os.Stdin
		}
		data, err = safefile.ReadFrom(ctx, stdin, int64(limit))
	} else {
		data, _, err = safefile.Read(ctx, path, int64(limit))
	}
	var big *safefile.TooLargeError
	switch {
	case errors.As(err, &big):
		return nil, &tooLargeError{size: big.Size, limit: limit}
	case err != nil && ctx.Err() != nil:
		return nil, ctx.Err()
	case err != nil && path == "-":
		return nil, fmt.Errorf("cannot read %s: %w", stdinName, err)
	case err != nil:
		return nil, cleanPathError(err)
	}
	if c := sizecap.For(kind, data, max); len(data) > c {
		return nil, &tooLargeError{size: int64(len(data)), limit: c}
	}
	return data, nil
}

// tooLargeError is an input over its size cap (sizecap). It is
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
		Message: e.Error(), Hint: "oncard reads documents up to this size (catalogs up to 256 MiB, anything else up to 16 MiB); --max-size changes it"}
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
