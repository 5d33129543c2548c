// Package preview is `oncard preview`: the AI Catalog entry (or whole
// catalog) an Agent Card yields, checked like any catalog before it is
// printed.
package preview

import (
	"context"
	"fmt"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/app/findings"
	"github.com/oncard/oncard/internal/app/input"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
)

// Options are the options of `oncard preview`.
type Options struct {
	Catalog     bool   // print a whole catalog, not only the entry
	Identifier  string // "" to derive it
	URL         string // "" to derive it (or where the card was fetched)
	SpecVersion string // the catalog's, with Catalog
	HostName    string // the catalog's host displayName, with Catalog
	Force       bool
}

// Run prints on con.Out (through con.JSON) the entry of the card at path
// ("-": stdin; a URL is fetched); notes and findings go to con.Err.
func Run(ctx context.Context, con app.Console, path string, o Options) error {
	stderr := con.Err
	card, err := input.Card(ctx, path, con.In, stderr, o.Force)
	if err != nil {
		return err
	}
	opts := model.EntryOptions{Identifier: o.Identifier, URL: input.EntryURL(o.URL, path)}
	entry, notes, err := model.EntryFromCard(card, opts)
	if err != nil {
		return fmt.Errorf("%s: %s", input.Name(path), model.SafeText(err.Error()))
	}
	// The catalog holding the entry: printed with --catalog, and checked in
	// any case. Its only failure is EntryFromCard's, already handled.
	catalog, _, err := model.CatalogFromCards([]model.CardSource{{Card: card, Entry: opts}},
		model.CatalogOptions{SpecVersion: o.SpecVersion, HostDisplayName: o.HostName})
	if err != nil {
		return fmt.Errorf("%s: %s", input.Name(path), model.SafeText(err.Error()))
	}
	findings.Notes(stderr, notes, opts.Derives(), "--identifier and --url")

	// The output is checked like any catalog: a bad --identifier or --url,
	// or a card whose version is not a string, shows up here.
	generated, err := app.ParseGenerated(catalog)
	if err != nil {
		return err
	}
	diags := app.Judged(generated, validate.KindCatalog, &validate.Options{Card: card})
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
		findings.Print(stderr, "<preview>", shown)
	}
	if findings.Refuse(stderr, "<preview>", shown, o.Force, "the previewed entry") {
		return app.ErrReported
	}
	out := entry
	if o.Catalog {
		out = catalog
	} else {
		out = append(out, '\n')
	}
	return con.JSON(con.Out, out)
}
