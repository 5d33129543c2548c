package validate

import (
	"bytes"
	"errors"
	"slices"
	"strings"

	"github.com/oncard/oncard/model"
)

// Options carries what some checks need beyond the document itself.
type Options struct {
	// Card is the Agent Card a reply or a catalog entry is checked against
	// (`--card`); nil skips those cross-checks.
	Card *model.Doc
	// SchemaHosts are the accepted OASF schema servers, as "host" or
	// "host:port" (a bare host accepts any port); nil means DefaultSchemaHosts.
	SchemaHosts []string
	// Path is the file being validated ("" for stdin); catalogs resolve
	// local nested catalog urls and card urls relative to it, and its name
	// is evidence of the kind (model.KindFromName).
	Path string
	// Resolve reads a document a catalog at Path links by a relative url:
	// ref is a clean slash path relative to Path's folder, never absolute
	// and never above it (urls that reach outside are a finding and never
	// asked for). nil reads nothing: such links are not followed. The
	// pipeline (internal/app's Judge) hands in a reader of the folder.
	Resolve func(ref string) ([]byte, error)
	// RegistrableDomain is the Public Suffix List's registrable domain of
	// a host (its public suffix plus one label), for the security review's
	// brand and key-set checks; nil falls back to the last two labels. The
	// pipeline hands in golang.org/x/net/publicsuffix.EffectiveTLDPlusOne.
	RegistrableDomain func(host string) (string, error)
	// Follow, when set, gets the documents a catalog's entries link by URL
	// (oncard validate --follow; internal/fetch's walk), so that the one
	// walk of the catalog cross-checks them; nil follows no URL.
	Follow FollowFunc
	// BaseURL is the URL the document was fetched from ("" for a local
	// file or stdin). A fetched catalog's relative and file: urls are then
	// never read from this machine's disk: they name the server's files.
	BaseURL string
	// MaxBytes is the largest document Bytes parses; 0 means
	// model.DefaultLimits (16 MiB). Readers that apply a larger cap (a
	// catalog's) pass it on.
	MaxBytes int
	// MaxPerRule, when above 0, lists at most that many findings of one
	// rule at one severity in a document; the next one stands for the rest
	// (Diagnostic.More), so that every count stays whole and the memory a
	// document full of one mistake takes stays near its size. The
	// verdict is the one a check listing every finding gives: where a
	// step that compares findings (a generic error dropped for an
	// extension's own) could see it otherwise, the check is made again
	// listing all. 0 lists every finding; an incremental check
	// (Incremental) always does.
	MaxPerRule int
	// DataOwned tells Bytes that the caller hands data over and does not
	// modify it while it holds the Result or strings from it: it is
	// parsed in place (model.ParseOwned) instead of copied first.
	DataOwned bool
	// Arena, with DataOwned, is the memory the parse carves the tree from
	// (model.Arena): for a caller that checks documents one after another
	// and drops each Result's Doc, with every node read from it, before it
	// resets the arena for the next.
	Arena *model.Arena
	// OtherCoresBusy tells Check that the caller keeps the other
	// processors busy with other documents (validate of many files): a
	// large card's text rules then run in line, where a goroutine of their
	// own would only add switches between them. It changes no finding.
	OtherCoresBusy bool
	// Incremental, when set, remembers the findings of each skill and On
	// Request entry from one check of a card to the next, so that a check
	// after an edit re-runs only the rules of the members it changed (and
	// every rule reading more than one member): an editor's live check.
	// The findings are those of a check without it. nil checks everything.
	Incremental *Incremental

	// textHelper is the goroutine Check started for a large card's text
	// rules (text_helper.go); nil when it started none.
	textHelper *textHelper
}

// DefaultSchemaHosts are recognised when Options.SchemaHosts is nil: the
// public OASF schema server and loopback (any port).
var DefaultSchemaHosts = []string{"schema.oasf.outshift.com", "localhost", "127.0.0.1", "[::1]"}

// parse parses data, of kind (or "" when it is to be detected), under the
// options' size limit, in place when the caller handed the bytes over
// (Options.DataOwned), into its arena when it has one.
func parse(data []byte, kind Kind, opts *Options) (*model.Doc, error) {
	// A card's secrets check reads the long strings the parse notes
	// (secretsOfNoted), unless a text helper prescans the bytes for it
	// while the parse runs: the note would only lengthen the parse. Of any
	// other kind nothing reads them: an On Request params document of
	// 120,000 entries held 5 MB of them.
	var lim model.Limits
	if kind == "" || kind == KindCard {
		lim.LongStrings = minSecretToken
	}
	if opts == nil {
		return model.ParseLimits(data, lim)
	}
	lim.MaxBytes = opts.MaxBytes
	if opts.textHelper != nil {
		lim.LongStrings = 0
	}
	if opts.DataOwned {
		if opts.Arena != nil {
			return opts.Arena.ParseOwned(data, lim)
		}
		return model.ParseOwned(data, lim)
	}
	return model.ParseLimits(data, lim)
}

// Result is one document's verdict: the parsed Doc (nil when it did not
// parse), the kind it was checked as, how that kind was found, and the
// findings.
type Result struct {
	Doc  *model.Doc
	Kind Kind
	// Detection is how the kind was detected; nil when the caller named
	// the kind or the bytes did not parse. When Detection.Close, the
	// output says which kind was assumed (AssumedKindNote).
	Detection *model.Detection
	Diags     []Diagnostic
}

// Check is Bytes with the detection kept on the result.
func Check(data []byte, kind Kind, opts *Options) Result {
	var helper *textHelper
	if wantsTextHelper(data, kind, opts) {
		var o Options
		if opts != nil {
			o = *opts
		}
		helper = startTextHelper(data)
		o.textHelper = helper
		defer helper.release()
		opts = &o
	}
	var doc *model.Doc
	var stream *catalogStream
	var err error
	if streamsCatalog(data, kind, opts) {
		if helper != nil {
			helper.skipPrescan() // a catalog: no card's secrets to prescan
		}
		doc, stream, err = checkCatalogStreamed(data, opts)
	} else {
		doc, err = parse(data, kind, opts)
	}
	if err != nil {
		return Result{Kind: kind, Diags: []Diagnostic{parseDiagnostic(err)}}
	}
	res := Result{Doc: doc, Kind: kind}
	if kind == "" {
		d := DetectKind(doc, opts)
		res.Kind, res.Detection = d.Kind, &d
	}
	if helper != nil {
		helper.doc = doc
		if res.Kind != KindCard {
			helper.skipPrescan()
		}
	}
	if stream != nil && res.Kind == KindCatalog {
		// A root with an entries member is always detected as a catalog.
		res.Diags = stream.finish(doc)
	} else {
		res.Diags = Document(doc, res.Kind, opts)
	}
	return res
}

// DetectKind tells the kind of doc from its content and the name it came
// by (Options.Path, else the path of Options.BaseURL): a well-known name
// (model.KindFromName) decides when the content looks like no kind, so
// that a broken agent-card.json is checked as a card, not passed over;
// where the content clearly says another kind, the content wins and the
// note names the kind the name suggested.
func DetectKind(doc *model.Doc, opts *Options) model.Detection {
	d := model.DetectKindDetail(doc)
	name := ""
	if opts != nil {
		name = opts.Path
		if opts.BaseURL != "" {
			name = opts.BaseURL
		}
	}
	byName, ok := model.KindFromName(name)
	switch {
	case !ok || d.Kind == byName:
	case d.Kind == KindUnknown:
		d = model.Detection{Kind: byName}
	case !slices.Contains(d.Others, byName):
		d.Close, d.Others = true, append(d.Others, byName)
	}
	return d
}

// AssumedKindNote is the sentence the text output prints when the kind was
// detected on thin or mixed evidence: which kind was assumed, what else it
// looked like, and how to choose. "" when detection was clear (or not
// made).
func (r Result) AssumedKindNote() string {
	d := r.Detection
	if d == nil || !d.Close || d.Kind == KindUnknown {
		return ""
	}
	note := "checked as " + string(d.Kind) + ": the kind was detected on little evidence"
	if len(d.Others) > 0 {
		others := make([]string, len(d.Others))
		for i, k := range d.Others {
			others[i] = string(k)
		}
		note = "checked as " + string(d.Kind) + ": it also looks like " + strings.Join(others, " or ")
	}
	return note + "; pass --kind to choose"
}

// parseDiagnostic turns a parse failure into the one diagnostic Bytes
// returns, located where the parser stopped.
func parseDiagnostic(err error) Diagnostic {
	var pe *model.ParseError
	if errors.As(err, &pe) {
		d := RuleFor(pe.Code).New(pe.Reason(), "")
		d.Pointer, d.Line, d.Column = pe.Pointer, pe.Line, pe.Column
		return d
	}
	return ruleJSONSyntax.atStart(err.Error(), "")
}

// Document validates doc as kind ("" detects it). Diagnostics are sorted by
// position.
func Document(doc *model.Doc, kind Kind, opts *Options) []Diagnostic {
	diags := document(doc, kind, opts)
	if doc != nil && bytes.HasPrefix(doc.Source(), utf8BOM) {
		diags = append([]Diagnostic{bomDiagnostic()}, diags...)
	}
	return diags
}

func bomDiagnostic() Diagnostic {
	return ruleJSONBOM.atStart("the file starts with a UTF-8 byte order mark; RFC 8259 forbids adding one to JSON text",
		"save the file as UTF-8 without a BOM")
}

// utf8BOM is the UTF-8 byte order mark; ruleJSONBOM reports one.
var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

func document(doc *model.Doc, kind Kind, opts *Options) []Diagnostic {
	if kind == "" {
		kind = Detect(doc)
	}
	switch kind {
	case KindCard:
		return Card(doc, opts)
	case KindOnRequest:
		return OnRequest(doc, opts)
	case KindReply:
		return Reply(doc, opts)
	case KindDiscovery:
		return Discovery(doc, opts)
	case KindCatalog:
		return Catalog(doc, opts)
	case KindEntry:
		return Entry(doc, opts)
	case KindRecord:
		return Record(doc, opts)
	case KindUnknown:
		if doc == nil {
			return noDocument()
		}
		return unknownDocument(doc)
	}
	return []Diagnostic{ruleValidateUnknownKind.atStart("unknown document kind "+quoted(string(kind))+"; one of "+model.KindNames(), "")}
}

// Card validates an A2A Agent Card, including the On Request and OASF
// discovery extensions it declares.
func Card(doc *model.Doc, opts *Options) []Diagnostic {
	if doc == nil {
		return noDocument()
	}
	return card(doc, opts)
}

// OnRequest validates On Request params, or a whole AgentExtension entry.
func OnRequest(doc *model.Doc, opts *Options) []Diagnostic {
	if doc == nil {
		return noDocument()
	}
	return sorted(onRequest(doc, opts))
}

// Reply validates an On Request reply object (cross-checked with opts.Card).
func Reply(doc *model.Doc, opts *Options) []Diagnostic {
	if doc == nil {
		return noDocument()
	}
	return sorted(reply(doc, opts))
}

// Discovery validates an OASF discovery payload on its own.
func Discovery(doc *model.Doc, opts *Options) []Diagnostic {
	if doc == nil {
		return noDocument()
	}
	return sorted(discovery(doc, opts))
}

// Catalog validates an AI Catalog.
func Catalog(doc *model.Doc, opts *Options) []Diagnostic {
	if doc == nil {
		return noDocument()
	}
	return sorted(catalog(doc, opts))
}

// Entry validates one AI Catalog entry on its own (cross-checked with
// opts.Card when its card is neither inline nor a local file).
func Entry(doc *model.Doc, opts *Options) []Diagnostic {
	if doc == nil {
		return noDocument()
	}
	return entry(doc, opts)
}

// noDocument is the verdict on a nil Doc (a caller that ignored a parse
// error): one error instead of a panic.
func noDocument() []Diagnostic {
	return []Diagnostic{ruleValidateNoDocument.atStart("no document to validate (it did not parse)", "")}
}

// sorted orders diagnostics by position whichever rule file produced them.
func sorted(d []Diagnostic) []Diagnostic {
	sortDiagnostics(d)
	return d
}

// Counts tallies diagnostics by severity, each with the findings it
// stands for (Diagnostic.Count).
func Counts(diags []Diagnostic) (errors, warnings, infos int) {
	for _, d := range diags {
		switch d.Severity {
		case Error:
			errors += d.Count()
		case Warning:
			warnings += d.Count()
		default:
			infos += d.Count()
		}
	}
	return
}

// Total counts diags with the findings each stands for.
func Total(diags []Diagnostic) int {
	e, w, i := Counts(diags)
	return e + w + i
}

// listingAll is o with every finding listed (no MaxPerRule).
func (o *Options) listingAll() *Options {
	all := *o
	all.MaxPerRule = 0
	return &all
}
