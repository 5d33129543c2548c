package catalogs

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/oncard/oncard/internal/docfile"

	"github.com/oncard/oncard/internal/app"
	"github.com/oncard/oncard/internal/app/input"
	"github.com/oncard/oncard/model"
)

// ListFormats are the output formats of `oncard catalog list`.
func ListFormats() []string { return []string{"text", "json"} }

// Listed is one line of `oncard catalog list`, and one object of its JSON
// output.
type Listed struct {
	Pointer    string `json:"pointer"`
	Identifier string `json:"identifier"`
	Version    string `json:"version,omitempty"`
	Type       string `json:"type"`
	URL        string `json:"url,omitempty"`
	Inline     bool   `json:"inline"`
}

// List prints the entries of the AI Catalog at path ("-": stdin) on w, as
// a table or (format "json") a JSON array. The catalog is not validated.
func List(ctx context.Context, w io.Writer, stdin io.Reader, path, format string) error {
	doc, err := readCatalog(ctx, path, stdin)
	if err != nil {
		return err
	}
	cat := model.NewCatalog(doc)
	entries := make([]Listed, 0, cat.Len())
	for i, e := range cat.Entries() {
		entries = append(entries, Listed{
			Pointer:    model.EntryPtr(i),
			Identifier: e.Identifier(),
			Version:    e.Version(),
			Type:       e.Type(),
			URL:        e.URL(),
			Inline:     e.HasData(),
		})
	}
	if format == "json" {
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		return enc.Encode(entries)
	}
	return writeTable(w, entries)
}

// writeTable prints the entries in aligned columns. Values come from the
// file, so they are made safe for a terminal (no control characters).
func writeTable(w io.Writer, entries []Listed) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, e := range entries {
		where := e.URL
		if e.Inline {
			where = "inline"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", cell(e.Identifier), cell(e.Version), cell(e.Type), cell(where))
	}
	return tw.Flush()
}

// cell is a value for the table: terminal-safe, without the tab and newline
// that would break its columns, "-" when empty.
func cell(s string) string {
	if s == "" {
		return "-"
	}
	return model.SafeText(s)
}

// readCatalog reads and parses the AI Catalog at path ("-": stdin) for
// reading only, and checks that it is one.
func readCatalog(ctx context.Context, path string, stdin io.Reader) (*model.Doc, error) {
	data, err := input.ReadFile(ctx, path, stdin, "card", 0)
	if err != nil {
		return nil, fmt.Errorf("%s", model.SafeText(err.Error()))
	}
	doc, err := model.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %s", input.Name(path), model.SafeText(err.Error()))
	}
	if err := app.CheckCatalog(doc, input.Name(path)); err != nil {
		return nil, err
	}
	return doc, nil
}

// Entries reads the entries of the catalog at path, or none when it cannot
// be read (for shell completion, which has nowhere to report an error).
func Entries(path string) []*model.Entry {
	f, err := docfile.OpenFile(path)
	if err != nil || app.CheckCatalog(f.Doc, path) != nil {
		return nil
	}
	return model.NewCatalog(f.Doc).Entries()
}
