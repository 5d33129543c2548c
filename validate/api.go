package validate

import "github.com/oncard/oncard/model"

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
}

// DefaultSchemaHosts are recognised when Options.SchemaHosts is nil: the
// public OASF schema server and loopback (any port).
var DefaultSchemaHosts = []string{"schema.oasf.outshift.com", "localhost", "127.0.0.1", "[::1]"}

// Bytes parses data and validates it as kind ("" detects the kind). A parse
// failure yields one json/* diagnostic and a nil Doc.
func Bytes(data []byte, kind Kind, opts *Options) (*model.Doc, Kind, []Diagnostic) { panic("todo") }

// Detect tells which kind a parsed document is.
func Detect(doc *model.Doc) Kind { panic("todo") }

// Document validates doc as kind ("" detects it). Diagnostics are sorted by
// position.
func Document(doc *model.Doc, kind Kind, opts *Options) []Diagnostic { panic("todo") }

// Card validates an A2A Agent Card, including the On Request and OASF
// discovery extensions it declares.
func Card(doc *model.Doc, opts *Options) []Diagnostic { panic("todo") }

// OnRequest validates On Request params, or a whole AgentExtension entry.
func OnRequest(doc *model.Doc, opts *Options) []Diagnostic { panic("todo") }

// Reply validates an On Request reply object (cross-checked with opts.Card).
func Reply(doc *model.Doc, opts *Options) []Diagnostic { panic("todo") }

// Discovery validates an OASF discovery payload on its own.
func Discovery(doc *model.Doc, opts *Options) []Diagnostic { panic("todo") }

// Catalog validates an AI Catalog.
func Catalog(doc *model.Doc, opts *Options) []Diagnostic { panic("todo") }

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
