// Package check is `oncard validate`: it reads (or fetches) each file or
// URL within its size cap, validates it, adds what was asked for (the
// online check, signatures, the documents a catalog links with --follow),
// applies the .oncard.json governing it, and streams the verdicts to one
// reporter (internal/app/report) in argument order.
package check

import (
	"context"
	"errors"
	"fmt"
	"runtime"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/app/input"
	"github.com/oncard/oncard/internal/app/report"
	"github.com/oncard/oncard/internal/fetch"
	"github.com/oncard/oncard/internal/oasfclient"
	"github.com/oncard/oncard/internal/verdict"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
)

// Options are the options of `oncard validate`, as given.
type Options struct {
	Format      string   // report.Formats
	Kind        string   // "" to detect each file's kind
	Card        string   // the card replies and catalog entries are cross-checked against
	SchemaHosts []string // --schema-host, besides the configured ones
	Online      bool
	OASFServer  string // with Online; "" for the configured one
	Signatures  string // SignaturePolicies
	JWKS        string // a key set file or URL
	FailOn      string // verdict.FailOnNames; "" for each file's own
	Follow      bool
	MaxSize     int    // --max-size in bytes; 0 for the per-kind caps
	Version     string // the tool version SARIF names

	// MaxPerRule is --max-per-rule: the findings of one rule at one
	// severity listed per file (validate.Options.MaxPerRule; 0 for all).
	MaxPerRule int

	Only     []string // --only: families or codes to report (verdict.Only)
	ShowText bool     // --show-text: security findings' excerpts of card text
}

// Kinds are the values of --kind.
func Kinds() []string {
	names := make([]string, len(validate.Kinds))
	for i, k := range validate.Kinds {
		names[i] = string(k)
	}
	return names
}

// Run checks every path and writes the report on con.Out; messages about
// files that could not be read or checked go to con.Err. It returns
// app.ErrReported when a file fails the run, an app.UsageError for options
// that cannot go together.
func Run(ctx context.Context, con app.Console, paths []string, o Options) error {
	if err := input.StdinOnce(paths); err != nil {
		return err
	}
	if o.OASFServer != "" {
		if !o.Online {
			return app.UsageError{Msg: "--oasf-server needs --online (oncard goes online only when asked)"}
		}
		if _, err := oasfclient.New(o.OASFServer, oasfclient.Options{}); err != nil {
			return app.UsageError{Msg: "--oasf-server: " + err.Error()}
		}
	}
	only, err := verdict.Only(o.Only)
	if err != nil {
		return app.UsageError{Msg: err.Error()}
	}
	opts, err := validateOptions(ctx, o)
	if err != nil {
		return err
	}
	sigs, err := newSignatureCheck(ctx, o.Signatures, o.JWKS, opts.SchemaHosts)
	if err != nil {
		return err
	}
	var online *onlineCheck
	if o.Online {
		serverURL, err := app.OASFServerURL(o.OASFServer)
		if err != nil {
			return err
		}
		server, err := oasfclient.New(serverURL, oasfclient.Options{})
		if err != nil {
			return err
		}
		online = &onlineCheck{opts: validate.OnlineOptions{Server: server, SchemaHosts: opts.SchemaHosts}}
	}
	stderr := con.Err
	out := report.New(o.Format, con.Out, o.Version)

	var total report.Summary
	total.FailOn = o.FailOn
	failed := 0 // files that could not be read or checked online
	var onlineFailures onlineFailureLog
	configs := verdict.NewFinder()
	judge := &app.Judge{Options: opts, Configs: configs, FailOn: o.FailOn, Online: online.judge()}
	if sigs == nil {
		judge.Signatures = validate.SignaturesOff
	} else {
		judge.Signatures, judge.Keys, judge.KeySets = sigs.policy, sigs.opts, sigs.keySets
	}
	workers := runtime.GOMAXPROCS(0)
	spaces := newWorkspaces(workers)
	// With files enough for every worker and more, each processor checks
	// files of its own: a card's text rules need no goroutine of theirs.
	judge.Options.OtherCoresBusy = len(paths) >= 2*workers
	check := func(path string) fileResult {
		var walk *fetch.Walk
		if o.Follow {
			walk = follower(judge).Start(ctx)
		}
		ws := spaces.get()
		r := checkFile(ctx, judge, path, validate.Kind(o.Kind), opts.MaxBytes, con.In, walk, ws)
		if walk != nil {
			r.follow(walk)
			for i := range r.followed {
				r.followed[i].doc = nil
				applyConfig(configs, o.FailOn, &r.followed[i])
				r.followed[i].Diags, r.followed[i].Ends = verdict.Shown(r.followed[i].Diags, r.followed[i].Ends, only, o.ShowText)
			}
		}
		r.doc = nil // keep nothing of the document once it is checked
		r.Diags, r.Ends = verdict.Shown(r.Diags, r.Ends, only, o.ShowText)
		spaces.put(ws, &r)
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
		for _, w := range configs.NewWarnings() {
			fmt.Fprintf(stderr, "oncard: warning: %s\n", model.SafeText(w))
		}
		total.Ignored += validate.Total(r.Ignored)
		if r.fails() {
			total.Failed++
		}
		total.Add(r.Diags)
		r.Unread = r.readErr != nil
		return out.File(r.File)
	}
	err = checkFiles(ctx, paths, workers, check, func(r fileResult) error {
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
	total.ConfigWarnings = configs.Warnings()
	if err := out.Finish(total); err != nil {
		return err
	}
	if total.Failed > 0 || failed > 0 {
		return app.ErrReported
	}
	return nil
}

// validateOptions builds the options shared by every file: the parsed
// --card (read once, not per file) and the accepted schema hosts.
func validateOptions(ctx context.Context, o Options) (validate.Options, error) {
	var opts validate.Options
	hosts, err := app.AcceptedSchemaHosts(o.SchemaHosts)
	if err != nil {
		return opts, err
	}
	opts.SchemaHosts = hosts
	opts.MaxBytes = o.MaxSize
	opts.MaxPerRule = o.MaxPerRule
	if o.Card != "" {
		card, err := readCard(ctx, o.Card)
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
	in, err := input.Read(ctx, path, nil, "card", 0)
	var data []byte
	if err == nil {
		data, path = in.Data, in.Name
	}
	var big *input.TooLargeError
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
