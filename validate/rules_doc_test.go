package validate

import (
	"os"
	"strings"
	"testing"
)

// TestDiagnosticsDoc holds the code tables of docs/DIAGNOSTICS.md to the
// rules' declarations: each table under a heading lists the rules whose
// Heading it is, in declaration order. The prose around the tables is the
// page's own. ONCARD_UPDATE_DOCS=1 rewrites the tables.
func TestDiagnosticsDoc(t *testing.T) {
	path := "../docs/DIAGNOSTICS.md"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	got := string(data)
	want, missing := diagnosticsTables(got)
	for _, r := range missing {
		t.Errorf("%s: no table under the heading %q in %s", r.Code, r.Heading(), path)
	}
	if want == got {
		return
	}
	if os.Getenv("ONCARD_UPDATE_DOCS") != "" {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s's code tables differ from the rules' declarations; run ONCARD_UPDATE_DOCS=1 go test ./validate -run TestDiagnosticsDoc", path)
}

const tableHeader = "| code | severity | means | rule | fix |"

// diagnosticsTables returns page with each code table rewritten from the
// rules, and the rules whose heading has no table.
func diagnosticsTables(page string) (string, []*Rule) {
	byHeading := map[string][]*Rule{}
	for _, r := range Rules() {
		byHeading[r.Heading()] = append(byHeading[r.Heading()], r)
	}
	lines := strings.Split(page, "\n")
	var out []string
	heading := ""
	inFence := false
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if strings.HasPrefix(line, "```") {
			inFence = !inFence
		}
		if !inFence && strings.HasPrefix(line, "#") {
			heading = strings.TrimSpace(strings.TrimLeft(line, "#"))
		}
		out = append(out, line)
		if inFence || line != tableHeader || i+1 >= len(lines) {
			continue
		}
		out = append(out, lines[i+1]) // the |---| line
		i += 2
		for i < len(lines) && strings.HasPrefix(lines[i], "| `") {
			i++
		}
		i--
		for _, r := range byHeading[heading] {
			out = append(out, tableRow(r))
		}
		delete(byHeading, heading)
	}
	var missing []*Rule
	for _, rs := range byHeading {
		missing = append(missing, rs...)
	}
	return strings.Join(out, "\n"), missing
}

func tableRow(r *Rule) string {
	sevs := make([]string, 0, 2)
	for _, s := range r.Severities() {
		sevs = append(sevs, s.String())
	}
	fix := r.FixText
	if r.Fix != nil {
		fix += " `oncard validate --fix` (and the language server's quick fix) does it: " + strings.ToLower(r.Fix.Title[:1]) + r.Fix.Title[1:] + "."
	}
	return "| `" + r.Code + "` | " + strings.Join(sevs, " / ") + " | " + r.Summary + " | " + r.Clause + " | " + fix + " |"
}
