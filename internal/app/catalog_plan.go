package app

import (
	"fmt"
	"strings"

	"github.com/oncard/oncard/internal/docfile"

	"github.com/oncard/oncard/internal/edit"
	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
)

// The Catalog step turns the card into an AI Catalog entry with the model's
// own conversion (model.EntryFromCard, CatalogFromCards, MergeEntries: the
// same code as `oncard preview` and `oncard catalog add`). Its settings are
// not part of the card: they live here, in the step, and the card's bytes
// never change because of them.

// CatalogWrite is what the Catalog step writes when the card is saved.
type CatalogWrite int

const (
	WriteNothing      CatalogWrite = iota // the default: the card only
	WriteEntry                            // the entry alone, in a file of its own
	WriteNewCatalog                       // a whole new catalog listing the card
	WriteIntoExisting                     // the entry merged into an existing catalog
)

// CatalogWriteOptions are the choices as shown, in catalogWrite order.
var CatalogWriteOptions = []string{"nothing", "entry alone", "new catalog", "add to existing"}

// DefaultCatalogPath is the file written when the path is left empty.
func DefaultCatalogPath(w CatalogWrite) string {
	switch w {
	case WriteEntry:
		return "./ai-catalog-entry.json"
	case WriteNewCatalog, WriteIntoExisting:
		return "./ai-catalog.json"
	}
	return ""
}

// CatalogSpecVersions are the specVersions offered for a new catalog (the
// first is the default), as `oncard preview --spec-version` accepts.
var CatalogSpecVersions = []string{"1.0", "0.9"}

// CatalogSettings are the Catalog step's values. Empty identifier and url
// mean "derive them" (the suggested values).
type CatalogSettings struct {
	Identifier  string
	URL         string
	SpecVersion string // "" is the first of catalogSpecVersions
	HostName    string // host.displayName of a new catalog
	Write       CatalogWrite
	Path        string // "" is defaultCatalogPath(Write)
}

// Target is the file the settings write to ("" when they write nothing).
func (c CatalogSettings) Target() string {
	if c.Write == WriteNothing {
		return ""
	}
	if p := strings.TrimSpace(c.Path); p != "" {
		return p
	}
	return DefaultCatalogPath(c.Write)
}

// CatalogPlan is what the settings yield for the card as it is now: the
// entry, the bytes that would be written, and the findings on the catalog
// that would result. It is rebuilt whenever the card or a setting changes.
type CatalogPlan struct {
	Settings CatalogSettings
	// SuggestedID and SuggestedURL are the derived defaults ("" when they
	// cannot be derived: no interface url, no name).
	SuggestedID, SuggestedURL string
	Entry                     []byte   // the entry (no final newline)
	Notes                     []string // what was derived or left out (SafeText)
	// Output is the file's content for the chosen write; for "nothing"
	// it is the entry, which is what the preview shows.
	Output []byte
	// Diags are the findings on the catalog: the new one, the merged one,
	// or (for an entry written alone or not at all) a catalog listing only
	// this entry.
	Diags []validate.Diagnostic
	// Merge says what MergeEntries did (add to existing only).
	Merge *model.MergeResult
	// existing is the catalog file read for "add to existing", kept so
	// that the save refuses to write over a change made meanwhile.
	existing *docfile.File
	// lines caches where the entry is in the preview (entryLines).
	lines *entrySpan
	// Err is why there is nothing to write (no entry can be built, the
	// existing catalog cannot be read).
	Err error
}

// ErrorCount counts the error-level findings (a plan error counts as one).
func (p *CatalogPlan) ErrorCount() int {
	if p.Err != nil {
		return 1
	}
	e, _, _ := validate.Counts(p.Diags)
	return e
}

// planCatalog makes the output and findings of every write but "add to
// existing": the entry, alone or in a new catalog of specVersion sv.
func (p *CatalogPlan) planCatalog(card *model.Doc, opts model.EntryOptions, sv, host string, vopts *validate.Options) {
	catalog, _, err := model.CatalogFromCards([]model.CardSource{{Card: card, Entry: opts}},
		model.CatalogOptions{SpecVersion: sv, HostDisplayName: host})
	if err != nil {
		p.Err = err
		return
	}
	p.Output = append(append([]byte(nil), p.Entry...), '\n')
	if p.Settings.Write == WriteNewCatalog {
		p.Output = catalog
	}
	p.Diags = validateCatalog(catalog, card, "", vopts)
}

// planMerge merges the entry into the existing catalog src (as read, see
// CatalogSource) and validates the result.
func (p *CatalogPlan) planMerge(card *model.Doc, src *CatalogSource, vopts *validate.Options) {
	path := p.Settings.Target()
	// MergeEntries edits the Doc it is given: give it a copy, so that the
	// catalog as read serves the next keystroke too. A clone costs much
	// less than parsing the file again.
	merged, err := model.MergeEntries(src.docToMerge(), [][]byte{p.Entry})
	if err != nil {
		p.Err = fmt.Errorf("%s: %s", model.SafeText(path), model.SafeText(err.Error()))
		return
	}
	// The File is kept for its on-disk check, which compares the bytes
	// on disk with those read.
	p.existing = src.file
	p.Output = merged.Text
	if len(merged.Results) == 1 {
		p.Merge = &merged.Results[0]
		p.lines = mergedEntrySpan(src.file.Doc, merged.Text, p.Merge)
	}
	// Like `oncard catalog add`, every finding of the merged catalog
	// counts, including those about entries that were there before; and
	// like it, the merged values are validated as edits on the catalog
	// read (Merged.Doc), without parsing the merged text again.
	p.Diags = validateMerged(merged.Doc, card, path, vopts)
}

// validateMerged validates a merged catalog's Doc. Its positions are those
// of the file as read, not of the merged text: the findings keep their
// pointers (which the step shows) and lose their lines and columns, which
// would be wrong for the entry just added.
func validateMerged(doc *model.Doc, card *model.Doc, path string, vopts *validate.Options) []validate.Diagnostic {
	o := validate.Options{Card: card, Path: path}
	if vopts != nil {
		o.SchemaHosts = vopts.SchemaHosts
	}
	diags := Judged(doc, validate.KindCatalog, &o)
	for i := range diags {
		diags[i].Line, diags[i].Column = 0, 0
	}
	return diags
}

// validateCatalog checks catalog bytes this program generated; the findings
// are the catalog's, located in those bytes.
func validateCatalog(catalog []byte, card *model.Doc, path string, vopts *validate.Options) []validate.Diagnostic {
	doc, err := model.Parse(catalog)
	if err != nil {
		return []validate.Diagnostic{validate.RuleCatalogInternal.New("the generated catalog does not parse: "+err.Error(), "")}
	}
	o := validate.Options{Card: card, Path: path}
	if vopts != nil {
		o.SchemaHosts = vopts.SchemaHosts
	}
	return Judged(doc, validate.KindCatalog, &o)
}

// EntryPointer is the pointer of this card's entry in the catalog.
func (p *CatalogPlan) EntryPointer() string {
	if p.Merge != nil {
		return model.EntryPtr(p.Merge.Index)
	}
	return model.EntryPtr(0)
}

// PreviewText is what the preview pane shows on the Catalog step.
func (p *CatalogPlan) PreviewText() []byte {
	if p.Err != nil {
		return []byte("No catalog entry: " + model.SafeText(p.Err.Error()))
	}
	return p.Output
}

// Diff is what the plan's write does to its file, as a unified diff: the
// merged catalog against the file as read (add to existing), or the whole
// output as added lines when the write makes a file ("" when the plan
// writes nothing or cannot be written). A file the entry or new catalog
// would replace is not read here: the save asks before replacing it, with
// its diff's size.
func (p *CatalogPlan) Diff() string {
	if p == nil || p.Err != nil || p.Settings.Write == WriteNothing || p.Output == nil {
		return ""
	}
	t := p.Settings.Target()
	if p.Settings.Write == WriteIntoExisting && p.existing != nil {
		return edit.UnifiedDiff(t, p.existing.Doc.Source(), p.Output)
	}
	return edit.LabelledDiff("/dev/null", t, nil, p.Output)
}
