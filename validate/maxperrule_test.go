package validate

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/oncard/oncard/model/testcards"
)

// tally counts findings per rule and severity, each with those it stands
// for (Diagnostic.Count).
func tally(diags []Diagnostic) map[listKey]int {
	t := map[listKey]int{}
	for _, d := range diags {
		t[listKey{d.Code, d.Severity}] += d.Count()
	}
	return t
}

// checkSameVerdict checks data with every finding listed and with at most
// limit of each rule and severity: the tallies must be the same, each rule
// listed at most limit+1 times (the last standing for the rest), and every
// finding listed under the cap one of those listed without it, hint and
// all.
func checkSameVerdict(t *testing.T, name string, data []byte, opts Options, limit int) {
	t.Helper()
	opts.MaxPerRule = 0
	all := Check(data, "", &opts)
	opts.MaxPerRule = limit
	capped := Check(data, "", &opts)
	want, got := tally(all.Diags), tally(capped.Diags)
	if fmt.Sprint(want) != fmt.Sprint(got) {
		t.Errorf("%s: with --max-per-rule %d the findings count\n%v\nwhere every finding listed counts\n%v", name, limit, got, want)
	}
	listed := map[listKey]int{}
	seen := map[string]bool{}
	for _, d := range all.Diags {
		seen[fmt.Sprint(d.Line, d.Column, d.Pointer, d.Code, d.Message, d.Hint)] = true
	}
	for _, d := range capped.Diags {
		k := listKey{d.Code, d.Severity}
		listed[k]++
		if listed[k] > limit+1 {
			t.Errorf("%s: %s at %s listed %d times, cap %d", name, d.Code, d.Severity, listed[k], limit)
		}
		if !seen[fmt.Sprint(d.Line, d.Column, d.Pointer, d.Code, d.Message, d.Hint)] {
			t.Errorf("%s: %+v is not a finding of the check listing all", name, d)
		}
	}
}

// TestMaxPerRuleKeepsTheVerdict: listing at most one or two findings of
// each rule changes no count, for every document of testdata.
func TestMaxPerRuleKeepsTheVerdict(t *testing.T) {
	for _, doc := range testdataDocs(t) {
		opts := fixtureOptions(t, filepath.Dir(doc.path))
		opts.Path, opts.Resolve = doc.path, readIn(filepath.Dir(doc.path))
		for _, limit := range []int{1, 2} {
			checkSameVerdict(t, doc.path, doc.data, opts, limit)
		}
	}
}

// TestMaxPerRuleWhereFindingsAreCompared: documents in which a step
// compares findings (a generic error dropped for an extension's own at the
// same member; a dual card's v0.3 findings already made for v1.0) with a
// rule past its cap. Counted without being listed, the findings compared
// would give another verdict; the check is made again listing all.
func TestMaxPerRuleWhereFindingsAreCompared(t *testing.T) {
	docs := map[string]string{
		// a2a/type at /name, /description and /version; json/not-i-json
		// at /name and /version, which drops a2a/type there.
		"generic dropped": `{"name": 1e400, "description": 7, "version": 1e401, "supportedInterfaces": [{"url": "https://a.example/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
			"capabilities": {}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"], "skills": [{"id": "a", "name": "A", "description": "a", "tags": ["a"]}]}`,
		// a2a/type at both params and at /description; oasf/not-object
		// at both params, which drops a2a/type there.
		"generic dropped for an extension's error": `{"capabilities": {"extensions": [` + twoOASFStrings + `]}, "description": 7}`,
		"inline card in a catalog": `{"specVersion": "1.0", "host": {"displayName": "H"}, "entries": [{"identifier": "urn:x:a", "displayName": "A", "type": "application/a2a-agent-card+json",
			"data": {"capabilities": {"extensions": [` + twoOASFStrings + `]}, "description": 7}}]}`,
		// A skill without tags and a provider without its members, in
		// the v1.0 check and again in the v0.3 one, which leaves out what
		// the v1.0 check found; between them, v0.3's own finding (a scheme
		// without its type).
		"dual card": `{"name": "D", "description": "d", "url": "https://d.example/a2a", "version": "1", "capabilities": {},
			"supportedInterfaces": [{"url": "https://d.example/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}, {"url": "https://d.example/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "0.3"}],
			"defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
			"skills": [{"id": "a", "name": "A", "description": "a"}],
			"securitySchemes": {"bearer": {"httpAuthSecurityScheme": {"scheme": "bearer"}}},
			"provider": {}}`,
	}
	for name, doc := range docs {
		checkSameVerdict(t, name, []byte(doc), Options{}, 1)
	}
}

// twoOASFStrings are two OASF discovery extensions whose params are not
// objects.
const twoOASFStrings = `{"uri": "https://schema.oasf.outshift.com/1.1.0/objects/discovery", "params": "1.1.0"},
	{"uri": "https://schema.oasf.outshift.com/1.1.0/objects/discovery", "params": "1.1.0"}`

// TestMaxPerRuleStandsForTheRest: past the cap, one finding stands for the
// others of its rule, and the document's tree is all that is kept of
// them.
func TestMaxPerRuleStandsForTheRest(t *testing.T) {
	data, _ := testcards.Shaped("wide-findings-card", 64<<10)
	all := Check(data, "", &Options{})
	capped := Check(data, "", &Options{MaxPerRule: 10})
	if len(all.Diags) < 1000 {
		t.Fatalf("%d findings: the shape no longer makes a finding at each member", len(all.Diags))
	}
	if len(capped.Diags) != 11 {
		t.Fatalf("%d findings listed, want 11", len(capped.Diags))
	}
	last := capped.Diags[10]
	if last.More != len(all.Diags)-11 || last.Code != ruleJSONNotIJSON.Code {
		t.Errorf("the 11th finding stands for %d more of %s, want %d of %s", last.More, last.Code, len(all.Diags)-11, ruleJSONNotIJSON.Code)
	}
	for i, d := range capped.Diags {
		if d.Line == 0 || d.Message != all.Diags[i].Message || d.Pointer != all.Diags[i].Pointer {
			t.Errorf("finding %d is %+v, want %+v", i, d, all.Diags[i])
		}
	}
	if e, _, _ := Counts(capped.Diags); e != len(all.Diags) || Total(capped.Diags) != len(all.Diags) {
		t.Errorf("Counts %d, Total %d, want %d", e, Total(capped.Diags), len(all.Diags))
	}
}

// FuzzMaxPerRule: no document gets another count with one finding of
// each rule listed. Run: go test -run '^$' -fuzz FuzzMaxPerRule -fuzztime 60s ./validate
func FuzzMaxPerRule(f *testing.F) {
	addSeedFiles(f, filepath.Join("testdata", "rules", "a2a", "*", "*.json"))
	addSeedFiles(f, filepath.Join("testdata", "dual", "*.json"))
	f.Add([]byte(`{"name": 1e400, "description": 7, "version": 1e401}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		checkSameVerdict(t, "input", data, Options{}, 1)
	})
}

// TestMaxPerRuleOASFReferences: past the cap, an OASF reference's finding
// gets no hint made (a search of the taxonomy) and a duplicate no message;
// the counts and the findings listed are those of a check listing all.
func TestMaxPerRuleOASFReferences(t *testing.T) {
	for name, payload := range map[string]string{
		"unknown ids and names": `{"schema_version": "1.1.0", "skills": [{"id": 999991}, {"id": 999992}, {"name": "nope/one"}, {"name": "nope/two"}, {"id": 999993, "name": "nope/three"}], "domains": []}`,
		"duplicates by id":      `{"schema_version": "1.1.0", "skills": [{"id": 60602}, {"id": 60602}, {"id": 60602}, {"id": 60602}], "domains": []}`,
		"duplicates by name":    `{"schema_version": "1.1.0", "skills": [{"name": "software_engineering/code_debugging/error_handling"}, {"id": 60602}, {"name": "software_engineering/code_debugging/error_handling"}, {"id": 999999}], "domains": []}`,
	} {
		for _, limit := range []int{1, 2} {
			checkSameVerdict(t, name, []byte(payload), Options{}, limit)
			for _, d := range Check([]byte(payload), "", &Options{MaxPerRule: limit}).Diags {
				if d.Hint == "" {
					t.Errorf("%s, --max-per-rule %d: %s listed without its hint: %s", name, limit, d.Code, d.Message)
				}
			}
		}
	}
}
