// Package validate checks oncard's documents (Agent Cards, On Request params
// and replies, OASF discovery payloads, AI Catalogs) and reports every
// finding as a Diagnostic located in the file as written.
package validate

import (
	"fmt"

	"github.com/oncard/oncard/model"
)

// Severity orders findings: an Error makes `oncard validate` exit 1.
type Severity int

const (
	Info Severity = iota
	Warning
	Error
)

func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	}
	return "info"
}

// MarshalText writes the severity as its name in JSON output.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a severity name.
func (s *Severity) UnmarshalText(b []byte) error {
	switch string(b) {
	case "error":
		*s = Error
	case "warning":
		*s = Warning
	case "info":
		*s = Info
	default:
		return fmt.Errorf("unknown severity %q", b)
	}
	return nil
}

// Diagnostic is one finding. Pointer is an RFC 6901 pointer into the file as
// written; Line and Column are 1-based (0 when unknown). Code is stable:
// users filter on it in CI. Source says where the verdict came from: ""
// (offline, the default) or "online" (an OASF schema server).
type Diagnostic struct {
	Pointer  string   `json:"pointer"`
	Line     int      `json:"line"`
	Column   int      `json:"column"`
	Severity Severity `json:"severity"`
	Code     string   `json:"code"`
	Message  string   `json:"message"`
	Hint     string   `json:"hint,omitempty"`
	Source   string   `json:"source,omitempty"`
}

// Kind names what a document is (model.DocKind).
type Kind = model.DocKind

// The kinds, as model names them.
const (
	KindCard      = model.KindCard
	KindOnRequest = model.KindOnRequest
	KindReply     = model.KindReply
	KindDiscovery = model.KindDiscovery
	KindCatalog   = model.KindCatalog
	KindEntry     = model.KindEntry
	KindRecord    = model.KindRecord
	KindUnknown   = model.KindUnknown
)

// Kinds lists every kind in the order the CLI documents them.
var Kinds = model.Kinds
