// Package newcard is `oncard new` without screens: the card to start
// from (--from, --template) and the validated write of --yes and of the
// accessible mode.
package newcard

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/oncard/oncard/internal/docfile"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/app/input"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/templates"
	"github.com/oncard/oncard/validate"
)

// Source is where a new card starts: a (partial) card in a file, or a
// template; neither means "start on the Start screen".
type Source struct {
	From     string // --from FILE ("-" is stdin)
	Template string // --template NAME
}

func usage(format string, a ...any) error { return app.UsageError{Msg: fmt.Sprintf(format, a...)} }

// Templates are the templates that are Agent Cards, simplest first
// (others, like a catalog, are not offered by `new`).
func Templates() []string {
	var out []string
	for _, n := range templates.Names() {
		data, _ := templates.Get(n)
		if doc, err := model.Parse(data); err == nil && validate.Detect(doc) == validate.KindCard {
			out = append(out, n)
		}
	}
	return out
}

// Start reads --from or --template; nil means "start on the Start
// screen". Security requirements are rewritten in the spec's form, which
// both the screens and Write start from; that is said on stderr.
func Start(ctx context.Context, stdin io.Reader, stderr io.Writer, f Source) (*model.Doc, error) {
	var data []byte
	switch {
	case f.From != "":
		// The same capped, cancellable read as every other input:
		// --from /dev/zero stops at the limit, a pipe at Ctrl-C.
		b, err := input.ReadFile(ctx, f.From, stdin, "card", 0)
		var big *input.TooLargeError
		switch {
		case errors.As(err, &big):
			return nil, fmt.Errorf("%s:1:1: %s", f.Name(), big)
		case errors.Is(err, context.Canceled):
			return nil, err
		case err != nil:
			return nil, fmt.Errorf("--from: %s", model.SafeText(err.Error()))
		}
		data = b
	case f.Template != "":
		if !slices.Contains(Templates(), f.Template) {
			return nil, usage("unknown template %q; choose one of: %s", f.Template, strings.Join(Templates(), ", "))
		}
		data, _ = templates.Get(f.Template)
	default:
		return nil, nil
	}
	doc, err := model.Parse(data)
	if err != nil {
		var pe *model.ParseError
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("%s:%d:%d: %s", f.Name(), pe.Line, pe.Column, pe.Reason())
		}
		return nil, fmt.Errorf("%s: %w", f.Name(), err)
	}
	rewritten, err := model.NewCard(doc).SpecRequirementForms()
	if err != nil {
		return nil, err
	}
	if len(rewritten) > 0 {
		fmt.Fprintf(stderr, "oncard: security requirements written in the spec form {\"list\": [...]}: %s\n", model.SafeText(strings.Join(rewritten, ", ")))
	}
	return doc, nil
}

// Name is how the starting card is named in messages.
func (f Source) Name() string {
	switch {
	case f.From == "-":
		return "<stdin>"
	case f.From != "":
		return model.SafeText(f.From)
	case f.Template == "":
		return "new card"
	}
	return "template " + f.Template
}

// Write validates the card and writes it to out ("-": stdout, con.Out)
// without prompting: only a card without error-level findings is written.
// name is how the card is named in its findings (Source.Name).
func Write(ctx context.Context, con app.Console, doc *model.Doc, name, out string, force bool, vopts *validate.Options) error {
	stderr := con.Err
	if added := app.ApplyDefaults(doc); len(added) > 0 {
		fmt.Fprintf(stderr, "oncard: filled in defaults: %s\n", strings.Join(added, ", "))
	}
	diags := app.Judged(doc, validate.KindCard, vopts)
	for _, d := range diags {
		if d.Line > 0 {
			fmt.Fprintf(stderr, "%s:%d:%d: ", name, d.Line, d.Column)
		} else {
			fmt.Fprintf(stderr, "%s: ", name)
		}
		fmt.Fprintf(stderr, "%s %s: %s\n", d.Severity, model.SafeText(d.Code), model.SafeText(d.Message))
		if d.Hint != "" {
			fmt.Fprintf(stderr, "  hint: %s\n", model.SafeText(d.Hint))
		}
	}
	if e, _, _ := validate.Counts(diags); e > 0 {
		fmt.Fprintf(stderr, "oncard: not written: the card has %s\n", app.Count(e, "error", "errors"))
		return app.ErrReported
	}
	data := doc.Encode()
	if out == "-" {
		_, err := con.Out.Write(data)
		return err
	}
	warnings, err := docfile.WriteNewContext(ctx, out, data, force)
	switch {
	case errors.Is(err, docfile.ErrExists):
		return fmt.Errorf("%s already exists; pass --force to replace it", model.SafeText(out))
	case errors.Is(err, docfile.ErrNotRegular):
		return fmt.Errorf("%s; oncard only writes regular files (-o - writes to stdout)", model.SafeText(err.Error()))
	case err != nil && !errors.Is(err, context.Canceled):
		return fmt.Errorf("%s", model.SafeText(err.Error()))
	case err != nil:
		return err
	}
	for _, w := range warnings {
		fmt.Fprintf(stderr, "oncard: warning: %s\n", model.SafeText(w))
	}
	return nil
}
