package validate

import (
	"errors"

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
	// local nested catalog urls and card urls relative to it.
	Path string
	// MaxBytes is the largest document Bytes parses; 0 means
	// model.DefaultLimits (16 MiB). Readers that apply a larger cap (a
	// catalog's) pass it on.
	MaxBytes int
	// DataOwned tells Bytes that the caller hands data over and never
	// modifies it afterwards: it is parsed in place (model.ParseOwned)
	// instead of copied first.
	DataOwned bool
}

// DefaultSchemaHosts are recognised when Options.SchemaHosts is nil: the
// public OASF schema server and loopback (any port).
var DefaultSchemaHosts = []string{"schema.oasf.outshift.com", "localhost", "127.0.0.1", "[::1]"}

// Bytes parses data and validates it as kind ("" detects the kind). A parse
// failure yields one json/* diagnostic and a nil Doc. The Kind returned is
// kind itself, or the detected one ("" when the bytes did not parse and kind
// was "").
func Bytes(data []byte, kind Kind, opts *Options) (*model.Doc, Kind, []Diagnostic) {
	var lim model.Limits
	parse := model.ParseLimits
	if opts != nil {
		lim.MaxBytes = opts.MaxBytes
		if opts.DataOwned {
			parse = model.ParseOwned
		}
	}
	doc, err := parse(data, lim)
	if err != nil {
		return nil, kind, []Diagnostic{parseDiagnostic(err)}
	}
	if kind == "" {
		kind = Detect(doc)
	}
	return doc, kind, Document(doc, kind, opts)
}

// parseDiagnostic turns a parse failure into the one diagnostic Bytes
// returns, located where the parser stopped.
func parseDiagnostic(err error) Diagnostic {
	var pe *model.ParseError
	if errors.As(err, &pe) {
		return Diagnostic{
			Pointer: pe.Pointer, Line: pe.Line, Column: pe.Column,
			Severity: Error, Code: pe.Code, Message: pe.Reason(),
		}
	}
	return Diagnostic{Line: 1, Column: 1, Severity: Error, Code: "json/syntax", Message: err.Error()}
}

// Document validates doc as kind ("" detects it). Diagnostics are sorted by
// position.
func Document(doc *model.Doc, kind Kind, opts *Options) []Diagnostic {
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
	}
	return []Diagnostic{{Line: 1, Column: 1, Severity: Error, Code: "validate/unknown-kind",
		Message: "unknown document kind " + quoted(string(kind)) + "; one of card, onrequest, reply, discovery, catalog"}}
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

// noDocument is the verdict on a nil Doc (a caller that ignored a parse
// error): one error instead of a panic.
func noDocument() []Diagnostic {
	return []Diagnostic{{Line: 1, Column: 1, Severity: Error, Code: "validate/no-document",
		Message: "no document to validate (it did not parse)"}}
}

// sorted orders diagnostics by position whichever rule file produced them.
func sorted(d []Diagnostic) []Diagnostic {
	sortDiagnostics(d)
	return d
}

// Counts tallies diagnostics by severity.
func Counts(diags []Diagnostic) (errors, warnings, infos int) {
	for _, d := range diags {
		switch d.Severity {
		case Error:
			errors++
		case Warning:
			warnings++
		default:
			infos++
		}
	}
	return
}
