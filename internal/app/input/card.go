package input

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/app/findings"
	"github.com/oncard/oncard/internal/verdict"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
)

// Card reads (or fetches) and validates the Agent Card at path ("-" is
// stdin), for the commands that build on one (preview, catalog add).
// Findings at error level are printed on stderr and refuse the card
// (app.ErrReported) unless force; warnings and infos stay quiet (`oncard
// validate` lists them). Other failures are returned, safe to print.
func Card(ctx context.Context, path string, stdin io.Reader, stderr io.Writer, force bool) (*model.Doc, error) {
	in, err := Read(ctx, path, stdin, "card", 0)
	var big *TooLargeError
	if errors.As(err, &big) {
		findings.Print(stderr, path, []validate.Diagnostic{big.Diagnostic()})
		return nil, app.ErrReported
	}
	if err != nil {
		return nil, errors.New(model.SafeText(err.Error()))
	}
	s := app.Subject{Data: in.Data, Name: path}
	if in.Remote() {
		s.URL = in.URL
	}
	path = in.Name
	if len(in.Findings) > 0 {
		findings.Print(stderr, path, in.Findings) // how it was served
	}
	// The verdict oncard validate gives: a card it fails is refused here.
	judge := app.Judge{Configs: verdict.NewFinder()}
	v := judge.Check(ctx, s)
	doc, kind, diags := v.Doc, v.Kind, v.Diags
	if doc == nil { // not JSON: nothing to go on, even with --force
		findings.Print(stderr, path, diags)
		fmt.Fprintf(stderr, "oncard: %s is not a JSON document; fix it first (--force cannot help)\n", Name(path))
		return nil, app.ErrReported
	}
	if kind != validate.KindCard {
		fmt.Fprintf(stderr, "oncard: %s looks like %s, not an Agent Card\n", Name(path), app.KindArticle(kind))
		return nil, app.ErrReported
	}
	if findings.Refuse(stderr, path, diags, force, Name(path)) {
		return nil, app.ErrReported
	}
	return doc, nil
}
