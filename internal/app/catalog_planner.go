package app

import (
	"strings"

	"github.com/oncard/oncard/model"
	"github.com/oncard/oncard/validate"
)

// CatalogPlanner makes the Catalog step's plans, one per keystroke, and
// keeps what the next keystroke can reuse, so that a keystroke costs only
// what it changes:
//
//   - the suggested identifier and url, computed once per card version;
//   - the entry, once per card version, identifier and url;
//   - the existing catalog (add to existing), read once per path, size
//     and modification time (CatalogSource). The planner itself reads no
//     file: its caller reads one with ReadCatalogSource (in an editor, in
//     a command off the event loop) and hands it over with SetSource;
//     until then a plan that needs it says it is being read;
//   - the merge and its validation, once per entry and catalog reading;
//   - the catalog of the other writes, once per entry and catalog settings.
//
// Typing the file path or a new catalog's host name thus neither derives
// the entry again nor merges; typing the identifier merges and validates,
// but does not read the catalog file.
type CatalogPlanner struct {
	// The card the suggestions and entry were made for: a card is known
	// by its Doc and the session's edit count (Session.Edits).
	card      *model.Doc
	cardEdits int
	suggested [2]string // identifier, url

	entryOpts model.EntryOptions // the trimmed settings the entry was made with
	entry     []byte
	notes     []string
	entryErr  error
	entryGen  int // grows with each new entry; 0: none yet

	source    *CatalogSource
	sourceGen int // grows with each new reading handed over

	// last is the previous plan; its results are reused when their key
	// (resultKey) is the same.
	last    *CatalogPlan
	lastKey resultKey
}

// resultKey is everything a plan's catalog output and findings depend on
// besides the card's entry: two plans with the same key and entryGen have
// the same output, merge and diags.
type resultKey struct {
	entryGen  int
	write     CatalogWrite
	sourceGen int    // add to existing: which reading of the file
	path      string // add to existing: where findings resolve local links
	spec      string // new catalog and entry: the catalog's specVersion
	host      string // new catalog: host.displayName
	vopts     *validate.Options
}

// Plan is buildCatalogPlan for the card at edit count edits, reusing what
// the previous call computed when it still holds.
func (pl *CatalogPlanner) Plan(card *model.Doc, edits int, cfg CatalogSettings, vopts *validate.Options) *CatalogPlan {
	pl.refreshEntry(card, edits, cfg)
	p := &CatalogPlan{Settings: cfg, SuggestedID: pl.suggested[0], SuggestedURL: pl.suggested[1]}
	if pl.entryErr != nil {
		p.Err = pl.entryErr
		return p
	}
	p.Entry, p.Notes = pl.entry, pl.notes

	key := resultKey{entryGen: pl.entryGen, write: cfg.Write, vopts: vopts}
	switch cfg.Write {
	case WriteIntoExisting:
		key.path = cfg.Target()
		src := pl.source
		if src == nil || src.path != key.path {
			p.Err = &CatalogReadingError{Path: key.path}
			return p
		}
		if src.err != nil {
			p.Err = src.err
			return p
		}
		key.sourceGen = pl.sourceGen
	default:
		key.spec = cfg.SpecVersion
		if key.spec == "" {
			key.spec = CatalogSpecVersions[0]
		}
		if cfg.Write == WriteNewCatalog {
			key.host = strings.TrimSpace(cfg.HostName)
		}
	}
	if pl.last != nil && pl.lastKey == key {
		p.reuseResults(pl.last)
	} else if cfg.Write == WriteIntoExisting {
		p.planMerge(card, pl.source, vopts)
	} else {
		p.planCatalog(card, pl.entryOpts, key.spec, key.host, vopts)
	}
	pl.last, pl.lastKey = p, key
	return p
}

// refreshEntry derives the suggestions (for a new card version) and the
// entry (for a new card version or identifier or url).
func (pl *CatalogPlanner) refreshEntry(card *model.Doc, edits int, cfg CatalogSettings) {
	opts := model.EntryOptions{Identifier: strings.TrimSpace(cfg.Identifier), URL: strings.TrimSpace(cfg.URL)}
	newCard := pl.entryGen == 0 || card != pl.card || edits != pl.cardEdits
	if !newCard && opts == pl.entryOpts {
		return
	}
	if newCard {
		pl.card, pl.cardEdits = card, edits
		pl.suggested = suggestedEntryValues(card)
	}
	pl.entryOpts = opts
	pl.entry, pl.notes, pl.entryErr = model.EntryFromCard(card, opts)
	pl.entryGen++
}

// suggestedEntryValues are the identifier and url the model derives when
// none is given ("" when they cannot be derived: no interface url, no
// name).
func suggestedEntryValues(card *model.Doc) (s [2]string) {
	derived, _, err := model.EntryFromCard(card, model.EntryOptions{})
	if err != nil {
		return s
	}
	d, err := model.Parse(derived)
	if err != nil {
		return s
	}
	return [2]string{d.Root().Get("identifier").Text(), d.Root().Get("url").Text()}
}

// NeedsSource returns the path of the catalog cfg merges into when the
// planner has no reading of it ("" when it has one, or cfg merges into
// none): the caller reads it (ReadCatalogSource) and hands it over.
func (pl *CatalogPlanner) NeedsSource(cfg CatalogSettings) string {
	if cfg.Write != WriteIntoExisting {
		return ""
	}
	if t := cfg.Target(); pl.source == nil || pl.source.path != t {
		return t
	}
	return ""
}

// Source is the reading of the catalog the planner merges into (nil
// before any): what ReadCatalogSource compares the file on disk with.
func (pl *CatalogPlanner) Source() *CatalogSource { return pl.source }

// SetSource makes src, a reading by ReadCatalogSource, the catalog the
// next plans merge into. It reports whether anything changed: handing
// over the reading the planner has already changes nothing.
func (pl *CatalogPlanner) SetSource(src *CatalogSource) bool {
	if src == nil || src == pl.source {
		return false
	}
	pl.source = src
	pl.sourceGen++
	return true
}

// ForgetSource drops the catalog read: after the program itself wrote the
// file, the next plan needs a new reading whatever its size and time say.
func (pl *CatalogPlanner) ForgetSource() {
	pl.source = nil
	pl.last = nil
}

// reuseResults copies the catalog results of q, a plan with the same key.
// The copies share q's bytes, which no one edits.
func (p *CatalogPlan) reuseResults(q *CatalogPlan) {
	p.Output, p.Diags, p.Merge, p.existing, p.lines, p.Err = q.Output, q.Diags, q.Merge, q.existing, q.lines, q.Err
}

// Readings counts the readings of a catalog file handed to the planner: a
// keystroke that leaves the file as it was adds none.
func (pl *CatalogPlanner) Readings() int { return pl.sourceGen }

// CatalogReadingError is the error of a plan made before the catalog it
// merges into was read: the plan is made again once the reading is handed
// over (SetSource).
type CatalogReadingError struct{ Path string }

func (e *CatalogReadingError) Error() string {
	return "reading " + model.SafeText(e.Path) + "…"
}
