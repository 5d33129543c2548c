package fixes

import (
	"context"
	"errors"
	"fmt"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/docfile"
	"github.com/oncard/oncard/internal/edit"
	"github.com/oncard/oncard/internal/fetch"
	"github.com/oncard/oncard/internal/verdict"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
)

// Options are those of `oncard validate --fix`.
type Options struct {
	DryRun      bool     // show the diff, write nothing
	Kind        string   // --kind; "" detects each file's kind
	SchemaHosts []string // --schema-host
	FailOn      string   // --fail-on ("" for each file's own)
	MaxSize     int      // --max-size in bytes; 0 for the per-kind caps
	// The flags of `oncard validate` that --fix cannot honour: a fix edits
	// local files, judged as they are, reported as text.
	Format     string
	Online     bool
	Follow     bool
	Card, JWKS string
}

// Run is `oncard validate --fix`: each file is judged as `oncard validate`
// judges it (app.Judge, offline), the fixes its findings' rules declare are
// applied (Apply), the result is judged again, and the file is replaced
// atomically (docfile.File.Save: refused when it changed on disk since it was
// read) or, with DryRun, the diff is shown. Fixes that would add an error
// are refused, and the file is left as it is. It returns app.ErrReported
// when a file still fails, or could not be fixed or written.
func Run(ctx context.Context, con app.Console, paths []string, o Options) error {
	switch {
	case o.Format != "" && o.Format != "text":
		return app.UsageError{Msg: "--fix reports as text: leave out --format"}
	case o.Online || o.Follow:
		return app.UsageError{Msg: "--fix edits local files as they are: leave out --online and --follow"}
	case o.Card != "" || o.JWKS != "":
		return app.UsageError{Msg: "--fix judges each file on its own: leave out --card and --jwks"}
	}
	for _, p := range paths {
		if fetch.Classify(p) != fetch.Path {
			return app.UsageError{Msg: "--fix edits files: " + app.Quote(p) + " is not one"}
		}
	}
	hosts, err := app.AcceptedSchemaHosts(o.SchemaHosts)
	if err != nil {
		return err
	}
	judge := &app.Judge{Options: validate.Options{SchemaHosts: hosts}, Configs: verdict.NewFinder(), FailOn: o.FailOn}
	failed := 0
	for _, path := range paths {
		if err := ctx.Err(); err != nil {
			return err
		}
		if !fixFile(ctx, con, judge, path, o) {
			failed++
		}
	}
	if failed > 0 {
		return app.ErrReported
	}
	return nil
}

// fixFile fixes one file and says what it did; false when the file still
// fails or could not be fixed.
func fixFile(ctx context.Context, con app.Console, judge *app.Judge, path string, o Options) bool {
	name := model.SafeText(path)
	f, err := docfile.OpenFileMax(ctx, path, o.MaxSize)
	if err != nil {
		fmt.Fprintf(con.Err, "oncard: %s\n", model.SafeText(err.Error()))
		return false
	}
	before := f.Doc.Source()
	v := judge.Check(ctx, app.Subject{Data: before, Name: path, Kind: validate.Kind(o.Kind)})
	res, err := Apply(before, v.Kind, v.Diags)
	if err != nil {
		fmt.Fprintf(con.Err, "oncard: %s: %v\n", name, err)
		return false
	}
	for _, fl := range res.Failed {
		fmt.Fprintf(con.Err, "oncard: %s: not fixed: %s\n", name, model.SafeText(fl.Error()))
	}
	if len(res.Fixed) == 0 {
		fmt.Fprintf(con.Out, "%s: nothing to fix (%s)\n", name, app.Count(len(v.Diags), "finding", "findings"))
		return !v.Fails()
	}
	after := judge.Check(ctx, app.Subject{Data: res.Data, Name: path, Kind: validate.Kind(o.Kind)})
	if added := after.Errors() - v.Errors(); added > 0 {
		fmt.Fprintf(con.Err, "oncard: %s: not written: the fixes would add %s\n", name, app.Count(added, "error", "errors"))
		return false
	}
	verb := "fixed"
	if o.DryRun {
		verb = "would fix" // the diff goes as editrun shows its: on a terminal, neutralised line by line
		if err := con.Diff(con.Out, edit.UnifiedDiff(path, before, res.Data)); err != nil {
			fmt.Fprintf(con.Err, "oncard: %s: %v\n", name, err)
			return false
		}
	} else if err := f.SaveContext(ctx, res.Data); err != nil {
		if errors.Is(err, docfile.ErrChangedOnDisk) {
			err = fmt.Errorf("%w: run oncard validate --fix again", err)
		}
		fmt.Fprintf(con.Err, "oncard: %s\n", model.SafeText(err.Error()))
		return false
	} else {
		for _, w := range f.Warnings {
			fmt.Fprintf(con.Err, "oncard: %s: %s\n", name, model.SafeText(w))
		}
	}
	fmt.Fprintf(con.Out, "%s: %s %s, %s left\n", name, verb,
		app.Count(len(res.Fixed), "finding", "findings"), app.Count(len(after.Diags), "finding", "findings"))
	return !after.Fails()
}
