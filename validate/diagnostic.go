// Package validate checks oncard's documents (Agent Cards, On Request params
// and replies, OASF discovery payloads, AI Catalogs) and reports every
// finding as a Diagnostic located in the file as written.
package validate

import (
	"fmt"

	"github.com/oncard/oncard/internal/cardsig"
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
	// Excerpt is a short piece of the text a security/… finding is about,
	// escaped (model.SafeText). Messages never quote that text: a report
	// pasted elsewhere must not carry an injected instruction on. Reporters
	// show the excerpt only when asked (`oncard validate --show-text`).
	Excerpt string `json:"excerpt,omitempty"`
	// Readings is, for a signature checked with a key, its verdict under
	// each way readers compute the signed payload (cardsig.Readings); the
	// zero value for every other finding.
	Readings ReadingVerdicts `json:"readings,omitzero"`
	// More counts the findings of the same rule and severity that this
	// one stands for besides itself: a check that lists only
	// Options.MaxPerRule of each gives them no line of their own. 0 for
	// every finding of a check that lists all.
	More int `json:"more,omitempty"`
}

// Count is how many findings d stands for: itself and More.
func (d Diagnostic) Count() int { return 1 + d.More }

// ReadingVerdicts are a signature's verdicts under the readings of
// cardsig.Readings: bit i of Checked says reading i was tried, bit i of
// Valid that the signature verifies under it. Bits keep Diagnostic
// comparable; the reasons are in the finding's message.
type ReadingVerdicts struct{ Checked, Valid uint8 }

// Names returns the readings tried and, for each, whether it accepts.
func (v ReadingVerdicts) Names() (names []string, valid []bool) {
	for i, r := range cardsig.Readings {
		if v.Checked&(1<<i) != 0 {
			names = append(names, string(r))
			valid = append(valid, v.Valid&(1<<i) != 0)
		}
	}
	return names, valid
}

// MarshalJSON writes {"literal": "valid", "a2a-8.4.1": "rejected", …}.
func (v ReadingVerdicts) MarshalJSON() ([]byte, error) {
	names, valid := v.Names()
	b := []byte{'{'}
	for i, n := range names {
		if i > 0 {
			b = append(b, ',')
		}
		word := "rejected"
		if valid[i] {
			word = "valid"
		}
		b = append(b, '"')
		b = append(b, n...)
		b = append(b, `":"`...)
		b = append(b, word...)
		b = append(b, '"')
	}
	return append(b, '}'), nil
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
