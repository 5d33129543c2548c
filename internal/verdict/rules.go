package verdict

import "strings"

// Rule is what SARIF says about a code: a one-sentence short description,
// a full one (what it means and how to fix it), and where its row of
// docs/DIAGNOSTICS.md is. The table, rules_table.go, is generated from
// that page (go test ./internal/verdict -run TestRulesTable -update) and a
// test fails when the two differ.
type Rule struct {
	Short, Full string
	// Anchor is the anchor of the page's section that holds the code's row.
	Anchor string
}

// DiagnosticsDoc is where docs/DIAGNOSTICS.md is published; helpUri links
// point into it.
const DiagnosticsDoc = "https://github.com/oncard/oncard/blob/main/docs/DIAGNOSTICS.md"

// RuleFor returns the rule of code. A code the page does not list (an
// OASF schema server type that appeared after this release) gets its
// family's section and a generic description.
func RuleFor(code string) Rule {
	if r, ok := rulesTable[code]; ok {
		return r
	}
	family, detail, _ := strings.Cut(code, "/")
	anchor := ""
	for c, r := range rulesTable {
		if strings.HasPrefix(c, family+"/") {
			anchor = r.Anchor
			break
		}
	}
	short := "oncard finding " + code
	if family == "oasf" {
		short = "OASF schema server error type " + detail
	}
	return Rule{Short: short, Full: short + ". See the documentation of its family.", Anchor: anchor}
}

// HelpURI is the link to the rule's section of docs/DIAGNOSTICS.md.
func (r Rule) HelpURI() string {
	if r.Anchor == "" {
		return DiagnosticsDoc
	}
	return DiagnosticsDoc + "#" + r.Anchor
}
