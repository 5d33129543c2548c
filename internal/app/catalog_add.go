package app

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/oncard/oncard/internal/docfile"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
)

// Adding cards to a catalog file (`oncard catalog add`, and the Catalog
// step's "add to existing", see CatalogPlanner) reads the catalog with
// ReadCatalog, merges with model.MergeEntries, validates the result with
// ValidateMerged and writes through docfile.File.

// ReadCatalog opens the AI Catalog file at path for a merge. It refuses a
// file that is not an AI Catalog or has no entries array; the errors are
// safe for a terminal.
func ReadCatalog(ctx context.Context, path string) (*docfile.File, error) {
	f, err := docfile.OpenFileContext(ctx, path)
	if errors.Is(err, context.Canceled) {
		return nil, err
	}
	if err != nil {
		return nil, errors.New(model.SafeText(err.Error()))
	}
	if err := CheckCatalog(f.Doc, model.SafeText(path)); err != nil {
		return nil, err
	}
	return f, nil
}

// CheckCatalog refuses a document that is not an AI Catalog with an
// entries array; name is how the document is shown (terminal-safe).
func CheckCatalog(doc *model.Doc, name string) error {
	if k := validate.Detect(doc); k != validate.KindCatalog {
		return fmt.Errorf("%s looks like %s, not an AI Catalog", name, KindArticle(k))
	}
	if e := doc.Root().Get("entries"); e == nil || e.Kind != model.Array {
		return fmt.Errorf("%s: /entries is missing or not an array", name)
	}
	return nil
}

// CatalogFile is a catalog being updated: an existing file, or one that
// does not exist yet (File == nil).
type CatalogFile struct {
	Path     string
	File     *docfile.File // nil for a new catalog
	Original []byte        // the bytes read (nil for a new catalog)
	Doc      *model.Doc    // the parsed catalog the entries are merged into
}

// OpenCatalog reads the catalog at path, or starts an empty one (the
// specVersion oncard writes, no entries) when there is no file.
func OpenCatalog(ctx context.Context, path string) (*CatalogFile, error) {
	c := &CatalogFile{Path: path}
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		empty, _, err := model.CatalogFromCards(nil, model.CatalogOptions{})
		if err != nil {
			return nil, err
		}
		c.Doc, err = ParseGenerated(empty)
		return c, err
	}
	f, err := ReadCatalog(ctx, path)
	if err != nil {
		return nil, err
	}
	c.File, c.Original, c.Doc = f, f.Doc.Source(), f.Doc
	return c, nil
}

// CatalogMerge is the outcome of merging entries into a catalog file.
type CatalogMerge struct {
	Text    []byte              // the catalog to write
	Results []model.MergeResult // what happened to each entry
	// Shown are the findings worth a user's attention (FindingsToShow),
	// located in Text.
	Shown []validate.Diagnostic
	// Unchanged says Text is the file as read: nothing to write.
	Unchanged bool
}

// Merge merges entries into the catalog (its Doc is edited in place) and
// validates the result. The merged values are validated as edits on the
// parsed catalog, without parsing the new text again; only when there is
// something to show is the new text parsed, so that each finding points at
// its line in the file written.
func (c *CatalogFile) Merge(entries [][]byte) (*CatalogMerge, error) {
	m, err := model.MergeEntries(c.Doc, entries)
	if err != nil {
		return nil, err
	}
	opts := &validate.Options{Path: c.Path}
	shown := FindingsToShow(Judged(m.Doc, validate.KindCatalog, opts), m.Results)
	if len(shown) > 0 {
		doc, err := ParseGenerated(m.Text)
		if err != nil {
			return nil, err
		}
		shown = FindingsToShow(Judged(doc, validate.KindCatalog, opts), m.Results)
	}
	out := &CatalogMerge{Text: m.Text, Results: m.Results, Shown: shown}
	out.Unchanged = c.File != nil && bytes.Equal(m.Text, c.Original)
	return out, nil
}

// FindingsToShow picks the findings worth a user's attention: every error
// (any one refuses the write) and the warnings about the entries just
// added or updated; warnings elsewhere were there before and are
// `oncard validate`'s to list.
func FindingsToShow(diags []validate.Diagnostic, results []model.MergeResult) []validate.Diagnostic {
	var out []validate.Diagnostic
	for _, d := range diags {
		switch d.Severity {
		case validate.Error:
			out = append(out, d)
		case validate.Warning:
			for _, r := range results {
				p := model.EntryPtr(r.Index)
				if d.Pointer == p || strings.HasPrefix(d.Pointer, p+"/") {
					out = append(out, d)
					break
				}
			}
		}
	}
	return out
}

// ErrCatalogMoved marks a save refused because another process wrote the
// catalog after it was read: merging again into the new version loses
// neither change.
var ErrCatalogMoved = errors.New("the catalog changed on disk")

// Save writes the catalog atomically: over the file it was read from
// (refused when that changed on disk meanwhile, or is read-only unless
// force), or as a new file (refused when one appeared meanwhile). Both
// refusals because of another writer wrap ErrCatalogMoved. It returns the
// warnings to show (a hard link split off, an owner not kept).
func (c *CatalogFile) Save(ctx context.Context, data []byte, force bool) ([]string, error) {
	var warnings []string
	var err error
	if c.File != nil {
		c.File.ReplaceReadOnly = force
		err = c.File.SaveContext(ctx, data)
		warnings = c.File.Warnings
	} else {
		warnings, err = docfile.WriteNewContext(ctx, c.Path, data, false)
	}
	switch {
	case errors.Is(err, context.Canceled):
		return nil, err
	case errors.Is(err, docfile.ErrChangedOnDisk):
		return nil, fmt.Errorf("%s changed on disk since oncard read it; nothing written (run the command again to start from the new version)%w", model.SafeText(c.Path), silent{ErrCatalogMoved})
	case errors.Is(err, docfile.ErrExists):
		return nil, fmt.Errorf("%s was created by someone else meanwhile; nothing written (run the command again to update it)%w", model.SafeText(c.Path), silent{ErrCatalogMoved})
	case errors.Is(err, docfile.ErrReadOnly):
		return nil, fmt.Errorf("%s is read-only; nothing written (pass --force to replace it anyway)", model.SafeText(c.Path))
	case err != nil:
		return nil, errors.New(model.SafeText(err.Error()))
	}
	return warnings, nil
}

// silent wraps an error for errors.Is without adding to the message.
type silent struct{ err error }

func (s silent) Error() string { return "" }
func (s silent) Unwrap() error { return s.err }

// MergeSummary says what happened to one entry ("add urn:… 1.0.0 as
// /entries/2", "update … at /entries/0 (was version 0.9)").
func MergeSummary(r model.MergeResult) string {
	what := model.SafeText(r.Identifier)
	if r.Version != "" {
		what += " " + model.SafeText(r.Version)
	}
	switch {
	case r.Added:
		return fmt.Sprintf("add %s as %s", what, model.EntryPtr(r.Index))
	case r.PreviousVersion != r.Version:
		prev := r.PreviousVersion
		if prev == "" {
			prev = "none"
		}
		return fmt.Sprintf("update %s at %s (was version %s)", what, model.EntryPtr(r.Index), model.SafeText(prev))
	}
	return fmt.Sprintf("update %s at %s", what, model.EntryPtr(r.Index))
}

// KindArticle names a document kind for a sentence ("an Agent Card").
func KindArticle(k validate.Kind) string {
	switch k {
	case validate.KindCard:
		return "an Agent Card"
	case validate.KindCatalog:
		return "an AI Catalog"
	case validate.KindReply:
		return "an On Request reply"
	case validate.KindOnRequest:
		return "On Request params"
	case validate.KindDiscovery:
		return "an OASF discovery payload"
	case validate.KindEntry:
		return "an AI Catalog entry"
	case validate.KindUnknown:
		return "none of the kinds oncard knows (no member marks it as a card, catalog, entry, params, reply or payload)"
	}
	return "a " + string(k) + " document"
}

// ParseGenerated parses JSON this program generated itself; a failure
// would be a bug in model, reported as such rather than hidden.
func ParseGenerated(data []byte) (*model.Doc, error) {
	d, err := model.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("internal error: the generated JSON does not parse (%v); please report this", err)
	}
	return d, nil
}
