package validate

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/oncard/oncard/model"
)

// Rule is one check's public face, declared once as a value: the code users
// filter on, the severity its findings carry, what it means, the spec clause
// it enforces and how to fix what it finds. Checks report through the value
// (report.emit), never through a string, so that a code, its severity and
// its texts cannot drift apart. docs/DIAGNOSTICS.md and SARIF's rules are
// generated from the registry (Rules).
//
// A new rule is a declaration in the rules_<family>.go of its family, its
// check, and its fixtures under testdata/<kind>/<rule>/ (valid.json and
// invalid.json with invalid.out beside them).
type Rule struct {
	// Code is family/name: stable, public, never reused.
	Code string
	// Severity is what its findings carry unless the check says otherwise.
	Severity Severity
	// Also lists the other severities its findings may carry; Summary says
	// when each applies. A check that reports at a severity the rule does
	// not declare is a defect the tests catch (strictRules).
	Also []Severity
	// Summary says what a finding means (Markdown; its first sentence is
	// the short description SARIF gives).
	Summary string
	// Clause names the spec text the check comes from, in ../shared/spec/
	// terms, or "(oncard)" for a check of this tool's own.
	Clause string
	// FixText says how to fix a finding, for people.
	FixText string
	// Fix, when set, is the edit that fixes a finding: `oncard validate
	// --fix` and the language server's quick fixes apply it.
	Fix *Fix
	// Table names the table of docs/DIAGNOSTICS.md that lists the rule
	// when its family has several ("oasf/server"); "" is the family's one.
	Table string
	// Tags are SARIF tags ("security").
	Tags []string
}

// Fix is an edit a rule offers for one of its findings. Apply edits doc in
// place (model's edits keep every untouched byte) and says what it did; it
// returns an error, and changes nothing, when the finding cannot be fixed
// mechanically after all.
type Fix struct {
	// Title is the action's name, e.g. "Rename to supportedInterfaces".
	Title string
	Apply func(doc *model.Doc, d Diagnostic) error
}

// Family is the part of the code before the slash.
func (r *Rule) Family() string {
	family, _, _ := strings.Cut(r.Code, "/")
	return family
}

// ShortDescription is the first sentence of the summary, without Markdown.
func (r *Rule) ShortDescription() string { return firstSentence(Plain(r.Summary)) }

// FullDescription is the summary and the fix, without Markdown.
func (r *Rule) FullDescription() string {
	return Plain(r.Summary) + " Fix: " + Plain(r.FixText)
}

// Severities lists the severities the rule reports at, its own first.
func (r *Rule) Severities() []Severity { return append([]Severity{r.Severity}, r.Also...) }

// declared reports whether the rule may report at sev.
func (r *Rule) declared(sev Severity) bool {
	return sev == r.Severity || slices.Contains(r.Also, sev)
}

// New makes a finding of the rule at its own severity with no position:
// for findings made outside a document's checks (a file that cannot be
// read, a fetch that failed).
func (r *Rule) New(msg, hint string) Diagnostic {
	return Diagnostic{Severity: r.Severity, Code: r.Code, Message: msg, Hint: hint}
}

// atStart is New placed at the document's first line and column: a finding
// about the document as a whole.
func (r *Rule) atStart(msg, hint string) Diagnostic {
	d := r.New(msg, hint)
	d.Line, d.Column = 1, 1
	return d
}

// At makes a finding of the rule at severity sev (its own, or one it
// declares in Also) at pointer ptr of doc, placed on its key: for findings
// about a document made outside this package (a linked document that could
// not be fetched).
func (r *Rule) At(doc *model.Doc, ptr string, sev Severity, msg, hint string) Diagnostic {
	r.checkSeverity(sev)
	d := r.New(msg, hint)
	d.Pointer, d.Severity = ptr, sev
	if doc != nil {
		d.Line, d.Column = doc.KeyPosition(ptr)
	}
	return d
}

// registry holds every rule by code; declared keeps them in the order of
// their declarations (the documentation's order within a family).
var (
	registry = map[string]*Rule{}
	declared []*Rule
)

// declare adds a rule to the registry. Two rules with one code are a
// defect of this package: it panics at start-up, so that every test fails.
func declare(r Rule) *Rule {
	if _, dup := registry[r.Code]; dup {
		panic("validate: rule " + r.Code + " declared twice")
	}
	if familyOf(r.Family()) == nil {
		panic("validate: rule " + r.Code + " has no family in families")
	}
	p := &r
	registry[r.Code] = p
	declared = append(declared, p)
	return p
}

// RuleOf returns the rule of a code, or nil for a code no rule declares (an
// OASF schema server's error type that appeared after this release: see
// serverRule).
func RuleOf(code string) *Rule { return registry[code] }

// Rules lists every rule, family by family in the order of Families, then
// in the order of their declarations.
func Rules() []*Rule {
	out := slices.Clone(declared)
	slices.SortStableFunc(out, func(a, b *Rule) int {
		return familyIndex(a.Family()) - familyIndex(b.Family())
	})
	return out
}

// FamilyInfo is one family of codes: its prefix and the title of its section
// of docs/DIAGNOSTICS.md (where SARIF's helpUri points).
type FamilyInfo struct {
	Prefix, Title string
}

// Heading is the family's section heading in docs/DIAGNOSTICS.md.
func (f FamilyInfo) Heading() string { return "`" + f.Prefix + "/…`: " + f.Title }

// Families are the families of codes in the order the documentation lists
// them.
var Families = []FamilyInfo{
	{"json", "the document does not parse"},
	{"io", "the file cannot be read"},
	{"fetch", "a document fetched from a URL"},
	{"a2a", "A2A Agent Card"},
	{"signature", "Agent Card signatures"},
	{"onrequest", "the On Request extension"},
	{"oasf", "OASF discovery payloads"},
	{"catalog", "AI Catalog"},
	{"security", "risks to a reading model and a client"},
	{"validate", "calls to the Go API"},
}

func familyIndex(prefix string) int {
	for i, f := range Families {
		if f.Prefix == prefix {
			return i
		}
	}
	return len(Families)
}

func familyOf(prefix string) *FamilyInfo {
	if i := familyIndex(prefix); i < len(Families) {
		return &Families[i]
	}
	return nil
}

// FamilyOf returns the family of a code ("" prefix when it has none).
func FamilyOf(code string) FamilyInfo {
	prefix, _, _ := strings.Cut(code, "/")
	if f := familyOf(prefix); f != nil {
		return *f
	}
	return FamilyInfo{Prefix: prefix}
}

// strictRules makes a report at a severity its rule does not declare panic
// under `go test`, so that fixtures and fuzzing catch the mismatch; a
// released binary reports the finding as the check asked.
var strictRules = testing.Testing()

// checkSeverity is the one place a check's severity meets its rule's.
func (r *Rule) checkSeverity(sev Severity) {
	if strictRules && !r.declared(sev) {
		panic(fmt.Sprintf("validate: %s reported as %s, but its rule declares %v", r.Code, sev, r.Severities()))
	}
}

// Plain drops the Markdown of a rule's text: code spans and bold become
// text, an escaped pipe a pipe.
func Plain(s string) string {
	s = strings.ReplaceAll(s, "`", "")
	s = strings.ReplaceAll(s, "**", "")
	return strings.ReplaceAll(s, `\|`, "|")
}

// firstSentence is the text up to the first ". " outside parentheses.
func firstSentence(s string) string {
	depth := 0
	for i, r := range s {
		switch r {
		case '(':
			depth++
		case ')':
			depth--
		case '.':
			if depth == 0 && (i+1 == len(s) || s[i+1] == ' ') {
				return s[:i+1]
			}
		}
	}
	return s
}

// RuleFor returns the rule of code; a code no rule declares (an OASF schema
// server's error type that appeared after this release) gets a rule made
// for it, in its family, at any severity.
func RuleFor(code string) *Rule {
	if r := RuleOf(code); r != nil {
		return r
	}
	family, detail, _ := strings.Cut(code, "/")
	summary := "oncard finding " + code + "."
	table := ""
	if family == "oasf" {
		summary = "OASF schema server error type " + detail + "."
		table = "oasf/server"
	}
	return &Rule{Code: code, Severity: Error, Also: []Severity{Warning, Info}, Table: table,
		Summary: summary, FixText: "See the documentation of its family.", Clause: "(oncard)"}
}

// DiagnosticsDoc is where docs/DIAGNOSTICS.md is published; a rule's
// HelpURI points into it.
const DiagnosticsDoc = "https://github.com/oncard/oncard/blob/main/docs/DIAGNOSTICS.md"

// Tables are the headings of the sub-tables of docs/DIAGNOSTICS.md that a
// rule's Table names, under its family's section.
var Tables = map[string]string{
	"oasf/server": "The schema server's error types (`oasf/<server error type>`)",
	"oasf/own":    "oncard's own checks",
	"oasf/online": "`--online` only",
}

// Heading is the heading of the section of docs/DIAGNOSTICS.md that lists
// the rule.
func (r *Rule) Heading() string {
	if h, ok := Tables[r.Table]; ok {
		return h
	}
	return FamilyOf(r.Code).Heading()
}

// HelpURI links to the section of docs/DIAGNOSTICS.md that lists the rule.
func (r *Rule) HelpURI() string {
	if FamilyOf(r.Code).Title == "" {
		return DiagnosticsDoc
	}
	return DiagnosticsDoc + "#" + githubAnchor(r.Heading())
}

// githubAnchor is the anchor GitHub gives a heading: lower case, spaces to
// hyphens, punctuation other than hyphens and underscores dropped.
func githubAnchor(h string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(h) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}
