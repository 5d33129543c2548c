package catalogs

import (
	"context"
	"errors"
	"fmt"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/app/findings"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
)

// RemoveOptions are the options of `oncard catalog remove`.
type RemoveOptions struct {
	Version   string // the entry's version; "" when the identifier lists one
	Yes       bool
	DryRun    bool
	Force     bool
	CanPrompt bool // a terminal to confirm on (stdin and stderr)
}

// Remove deletes the entry with identifier from the catalog at path.
func Remove(ctx context.Context, con app.Console, path, identifier string, o RemoveOptions) error {
	switch {
	case path == "-":
		return usage("CATALOG needs a file: the catalog is updated in place")
	case identifier == "":
		return usage("IDENTIFIER is empty")
	case o.Yes && o.DryRun:
		return usage("--dry-run writes nothing, so --yes has nothing to confirm; use one")
	}
	interactive := !o.Yes && !o.DryRun && o.CanPrompt
	if !o.Yes && !o.DryRun && !interactive {
		return usage("no terminal to confirm the change on: pass --yes to write %s, or --dry-run to see the diff", model.SafeText(path))
	}
	stderr := con.Err
	notWritten := func(err error) error {
		return fmt.Errorf("%s; nothing written", err)
	}

	file, err := app.ReadCatalog(ctx, path)
	if err != nil {
		return notWritten(err)
	}
	original := file.Doc.Source()
	removed, err := model.RemoveEntry(file.Doc, identifier, o.Version)
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
	if diags := app.Judged(removed.Doc, validate.KindCatalog, opts); hasErrors(diags) {
		doc, err := app.ParseGenerated(removed.Text)
		if err != nil {
			return err
		}
		diags = errorsOnly(app.Judged(doc, validate.KindCatalog, opts))
		if findings.Refuse(stderr, path, diags, o.Force, "the updated catalog") {
			fmt.Fprintf(stderr, "oncard: %s not written\n", model.SafeText(path))
			return app.ErrReported
		}
	}
	diff := func() string { return unifiedDiff(path, original, removed.Text, false) }
	if err := review(con, path, diff, o.DryRun, interactive); err != nil || o.DryRun {
		return err
	}
	c := &app.CatalogFile{Path: path, File: file, Original: original, Doc: removed.Doc}
	return save(ctx, con, c, removed.Text, o.Force)
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
