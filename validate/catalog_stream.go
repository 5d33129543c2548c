package validate

import (
	"bytes"

	"github.com/oncard/oncard/model"
)

// Large catalogs are checked entry by entry while they are parsed
// (model.ParseOwnedEach): a catalog of 100,000 entries (55 MiB) would
// otherwise build a parse tree of about 300 MB, and faulting in that much
// fresh memory cost more than parsing and checking it. Each entry gets,
// as soon as it is parsed, every check the whole-tree walk (catalog,
// checkCatalogShape, checkIJSON) gives an entry of the top level, in the
// same order; what remains of the tree (the catalog without its entries)
// is checked after the parse. The findings are the same, sorted the same.

// streamMinBytes is the size from which Check streams a catalog. Below it
// the tree costs little; tests lower it to hold both ways to the same
// findings.
var streamMinBytes = 1 << 20

// streamsCatalog reports whether Check parses data with
// checkCatalogStreamed: a large document handed over (ParseOwnedEach keeps
// it) that is, or may be, a catalog, and no --card to cross-check (which
// needs the number of card entries before the first is checked).
func streamsCatalog(data []byte, kind Kind, opts *Options) bool {
	return opts != nil && opts.DataOwned && opts.Card == nil &&
		len(data) >= streamMinBytes && (kind == "" || kind == KindCatalog)
}

// catalogStream holds the checks of a catalog's top level while its
// entries stream by.
type catalogStream struct {
	r    *report
	w    *catalogWalk
	seen map[string]identifierSeen
	ij   *ijsonWalk
}

// checkCatalogStreamed parses data and, when its root is an object with an
// entries array, checks the entries as they are parsed. stream is nil when
// nothing was streamed: the Doc is then an ordinary one, for Document.
func checkCatalogStreamed(data []byte, opts *Options) (doc *model.Doc, stream *catalogStream, err error) {
	lim := model.Limits{MaxBytes: opts.MaxBytes}
	doc, err = model.ParseOwnedEach(data, lim, "entries", func(d *model.Doc, i int, entry *model.Node) {
		if stream == nil {
			stream = newCatalogStream(d, opts, len(data), entry)
		}
		stream.entry(i, entry)
	})
	if err != nil {
		return nil, nil, err
	}
	return doc, stream, nil
}

func newCatalogStream(doc *model.Doc, opts *Options, size int, first *model.Node) *catalogStream {
	r := newReport(doc, opts)
	// The whole-tree walk sizes its map to the number of entries; here it
	// is guessed from the first entry's size (growing the map was most of
	// the walk's allocation).
	guess := (size - first.Start()) / max(first.End()-first.Start()+2, 64)
	return &catalogStream{r: r, w: newCatalogWalk(r.opts), ij: newIJSONWalk(r, ruleCatalogNotIJSON),
		seen: make(map[string]identifierSeen, min(guess+16, 1<<20))}
}

// entry checks entry i of the top level as catalog's walk does.
func (s *catalogStream) entry(i int, entry *model.Node) {
	ptrs := entryPointers("", i)
	checkCatalogEntryShape(s.r, entry, catPath{base: "/entries", index: i})
	if entry.Kind == model.Object {
		// onlyCard matters only with opts.Card, which is never streamed.
		s.w.checkEntry(s.r, entry, ptrs, i, 0, rootRef(s.r.opts), false, s.seen)
	}
	s.ij.check(entry, ptrs.entry)
}

// finish checks the rest of the catalog (its outline: the entries array
// is there, without its items) and returns every finding as Document would.
func (s *catalogStream) finish(doc *model.Doc) []Diagnostic {
	root := doc.Outline()
	s.w.check(s.r, root, "", 0, rootRef(s.r.opts))
	checkIJSON(s.r, root, "")
	diags := s.r.sorted()
	if bytes.HasPrefix(doc.Source(), utf8BOM) {
		diags = append([]Diagnostic{bomDiagnostic()}, diags...)
	}
	return diags
}
