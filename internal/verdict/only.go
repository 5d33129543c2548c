package verdict

import (
	"fmt"
	"slices"
	"strings"

	"github.com/oncard/oncard/validate"
)

// Only reads the selectors of `oncard validate --only` and returns which
// codes they keep. A selector is a family ("security", "a2a", also written
// "a2a/*") or a code ("a2a/insecure-url"). A family keeps its own rules
// and every rule tagged with its name: "security" keeps the security/…
// family and the a2a rules of the security review (possible secrets,
// http: URLs, hidden characters, …). Findings that say a document could
// not be read or parsed (io/…, json/…, fetch/…) are always kept: a file
// nothing could be checked in must not pass for a clean one. No selector
// keeps everything. An unknown family or code is an error naming the
// families, checked against validate.Rules.
func Only(selectors []string) (func(code string) bool, error) {
	if len(selectors) == 0 {
		return func(string) bool { return true }, nil
	}
	families := map[string]bool{}
	for _, f := range validate.Families {
		families[f.Prefix] = true
	}
	keep := map[string]bool{}
	for _, sel := range selectors {
		sel = strings.TrimSpace(sel)
		family, ok := strings.CutSuffix(sel, "/*")
		if !ok && !strings.Contains(sel, "/") {
			family, ok = sel, true
		}
		if ok && !families[family] {
			return nil, fmt.Errorf("--only: %q is not a family of codes (families: %s)", sel, familyList())
		}
		n := 0
		for _, r := range validate.Rules() {
			if (ok && (r.Family() == family || slices.Contains(r.Tags, family))) || r.Code == sel {
				keep[r.Code] = true
				n++
			}
		}
		if n == 0 && !ok {
			return nil, fmt.Errorf("--only: no rule has the code %q (docs/DIAGNOSTICS.md lists them)", sel)
		}
		if ok {
			keep[family+"/"] = true // codes of the family no rule declares (an OASF server's)
		}
	}
	return func(code string) bool {
		family, _, _ := strings.Cut(code, "/")
		switch family {
		case "io", "json", "fetch":
			return true
		}
		return keep[code] || keep[family+"/"]
	}, nil
}

func familyList() string {
	names := make([]string, len(validate.Families))
	for i, f := range validate.Families {
		names[i] = f.Prefix
	}
	return strings.Join(names, ", ")
}

// Shown returns the findings of one file that a run shows: those keep
// selects (Only), each with its excerpt only when showText (--show-text)
// asks for card text. ends, parallel to diags (the reporters' end
// positions), is filtered alike; neither is modified.
func Shown[E any](diags []validate.Diagnostic, ends []E, keep func(code string) bool, showText bool) ([]validate.Diagnostic, []E) {
	kept, keptEnds := diags[:0:0], ends[:0:0]
	for i, d := range diags {
		if keep != nil && !keep(d.Code) {
			continue
		}
		if !showText {
			d.Excerpt = ""
		}
		kept = append(kept, d)
		if i < len(ends) {
			keptEnds = append(keptEnds, ends[i])
		}
	}
	return kept, keptEnds
}
