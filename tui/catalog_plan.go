package tui

import (
	"fmt"
	"strings"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
)

// The Catalog step turns the card into an AI Catalog entry with the model's
// own conversion (model.EntryFromCard, CatalogFromCards, MergeEntries: the
// same code as `oncard preview` and `oncard catalog add`). Its settings are
// not part of the card: they live here, in the step, and the card's bytes
// never change because of them.

// catalogWrite is what the Catalog step writes when the card is saved.
type catalogWrite int

const (
	writeNothing      catalogWrite = iota // the default: the card only
	writeEntry                            // the entry alone, in a file of its own
	writeNewCatalog                       // a whole new catalog listing the card
	writeIntoExisting                     // the entry merged into an existing catalog
)

// catalogWriteOptions are the choices as shown, in catalogWrite order.
var catalogWriteOptions = []string{"nothing", "entry alone", "new catalog", "add to existing"}

// defaultCatalogPath is the file written when the path is left empty.
func defaultCatalogPath(w catalogWrite) string {
	switch w {
	case writeEntry:
		return "./ai-catalog-entry.json"
	case writeNewCatalog, writeIntoExisting:
		return "./ai-catalog.json"
	}
	return ""
}

// catalogSpecVersions are the specVersions offered for a new catalog (the
// first is the default), as `oncard preview --spec-version` accepts.
var catalogSpecVersions = []string{"1.0", "0.9"}

// catalogSettings are the Catalog step's values. Empty identifier and url
// mean "derive them" (the suggested values).
type catalogSettings struct {
	Identifier  string
	URL         string
	SpecVersion string // "" is the first of catalogSpecVersions
	HostName    string // host.displayName of a new catalog
	Write       catalogWrite
	Path        string // "" is defaultCatalogPath(Write)
}

// target is the file the settings write to ("" when they write nothing).
func (c catalogSettings) target() string {
	if c.Write == writeNothing {
		return ""
	}
	if p := strings.TrimSpace(c.Path); p != "" {
		return p
	}
	return defaultCatalogPath(c.Write)
}

// catalogPlan is what the settings yield for the card as it is now: the
// entry, the bytes that would be written, and the findings on the catalog
// that would result. It is rebuilt whenever the card or a setting changes.
type catalogPlan struct {
	settings catalogSettings
	// suggestedID and suggestedURL are the derived defaults ("" when they
	// cannot be derived: no interface url, no name).
	suggestedID, suggestedURL string
	entry                     []byte   // the entry (no final newline)
	notes                     []string // what was derived or left out (SafeText)
	// output is the file's content for the chosen write; for "nothing"
	// it is the entry, which is what the preview shows.
	output []byte
	// diags are the findings on the catalog: the new one, the merged one,
	// or (for an entry written alone or not at all) a catalog listing only
	// this entry.
	diags []validate.Diagnostic
	// merge says what MergeEntries did (add to existing only).
	merge *model.MergeResult
	// existing is the catalog file read for "add to existing", kept so
	// that the save refuses to write over a change made meanwhile.
	existing *model.File
	// lines caches where the entry is in the preview (entryLines).
	lines *entrySpan
	// err is why there is nothing to write (no entry can be built, the
	// existing catalog cannot be read).
	err error
}

// errorCount counts the error-level findings (a plan error counts as one).
func (p *catalogPlan) errorCount() int {
	if p.err != nil {
		return 1
	}
	e, _, _ := validate.Counts(p.diags)
	return e
}

// planCatalog makes the output and findings of every write but "add to
// existing": the entry, alone or in a new catalog of specVersion sv.
func (p *catalogPlan) planCatalog(card *model.Doc, opts model.EntryOptions, sv, host string, vopts *validate.Options) {
	catalog, _, err := model.CatalogFromCards([]model.CardSource{{Card: card, Entry: opts}},
		model.CatalogOptions{SpecVersion: sv, HostDisplayName: host})
	if err != nil {
		p.err = err
		return
	}
	p.output = append(append([]byte(nil), p.entry...), '\n')
	if p.settings.Write == writeNewCatalog {
		p.output = catalog
	}
	p.diags = validateCatalog(catalog, card, "", vopts)
}

// planMerge merges the entry into the existing catalog src (as read, see
// catalogSource) and validates the result.
func (p *catalogPlan) planMerge(card *model.Doc, src *catalogSource, vopts *validate.Options) {
	path := p.settings.target()
	// MergeEntries edits the Doc it is given: give it a copy, so that the
	// catalog as read serves the next keystroke too. A clone costs much
	// less than parsing the file again (and is made ahead, see docToMerge).
	merged, err := model.MergeEntries(src.docToMerge(), [][]byte{p.entry})
	if err != nil {
		p.err = fmt.Errorf("%s: %s", model.SafeText(path), model.SafeText(err.Error()))
		return
	}
	// The File is kept for its on-disk check, which compares the bytes
	// on disk with those read.
	p.existing = src.file
	p.output = merged.Text
	if len(merged.Results) == 1 {
		p.merge = &merged.Results[0]
		p.lines = mergedEntrySpan(src.file.Doc, merged.Text, p.merge)
	}
	// Like `oncard catalog add`, every finding of the merged catalog
	// counts, including those about entries that were there before; and
	// like it, the merged values are validated as edits on the catalog
	// read (Merged.Doc), without parsing the merged text again.
	p.diags = validateMerged(merged.Doc, card, path, vopts)
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
	diags := validate.Document(doc, validate.KindCatalog, &o)
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
		return []validate.Diagnostic{{Severity: validate.Error, Code: "catalog/internal",
			Message: "the generated catalog does not parse: " + err.Error()}}
	}
	o := validate.Options{Card: card, Path: path}
	if vopts != nil {
		o.SchemaHosts = vopts.SchemaHosts
	}
	return validate.Document(doc, validate.KindCatalog, &o)
}

// entryPointer is the pointer of this card's entry in the catalog.
func (p *catalogPlan) entryPointer() string {
	if p.merge != nil {
		return model.EntryPtr(p.merge.Index)
	}
	return model.EntryPtr(0)
}

// previewText is what the preview pane shows on the Catalog step.
func (p *catalogPlan) previewText() []byte {
	if p.err != nil {
		return []byte("No catalog entry: " + model.SafeText(p.err.Error()))
	}
	return p.output
}
